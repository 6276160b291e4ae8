// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import org.looptrace.model.core.RankSet;

/**
 * What flows on a channel between two ranks during the merge: the messages of one tag, or the turns
 * of one collective, passed along the chain of its group's members in rank order. Kinds are ordered
 * as their texts {@code TAG} and {@code sync NAME GROUP} are: the merge makes some choices in channel
 * order (the channel a loop is shifted on), so this order decides the models it prints.
 */
public sealed interface ChannelKind extends Comparable<ChannelKind> {

	/** Point-to-point messages of one tag (a number or a symbol, as its trace text). */
	record Messages(String tag) implements ChannelKind {

		@Override
		public String toString() {
			return tag;
		}
	}

	/** The collective {@code name} of {@code group}. */
	record Collective(String name, RankSet group) implements ChannelKind {

		@Override
		public String toString() {
			return "collective " + name + " of group " + group;
		}
	}

	@Override
	default int compareTo(ChannelKind other) {
		if (this instanceof Messages mine) {
			return other instanceof Messages theirs ? mine.tag().compareTo(theirs.tag())
					: beforeCollectives(mine.tag());
		}
		Collective mine = (Collective) this;
		if (other instanceof Messages theirs) {
			return -beforeCollectives(theirs.tag());
		}
		Collective theirs = (Collective) other;
		// Names hold no space either: "NAME GROUP" texts order as their names, then their groups.
		int byName = mine.name().compareTo(theirs.name());
		if (byName != 0 || mine.group().equals(theirs.group())) {
			return byName;
		}
		return mine.group().toString().compareTo(theirs.group().toString());
	}

	/**
	 * -1 when a tag comes before every collective's text {@code sync NAME GROUP}, 1 when after: no
	 * tag holds a space, so none starts with {@code "sync "} and comparing with that prefix decides.
	 */
	private static int beforeCollectives(String tag) {
		return Integer.signum(tag.compareTo("sync "));
	}
}
