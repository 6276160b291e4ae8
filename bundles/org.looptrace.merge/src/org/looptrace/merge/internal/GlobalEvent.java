// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.ChannelKind;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;

/**
 * An event, with constant rank, peer and tag (what decides its channel) and local words that may
 * be affine in loop indices. A collective takes part in pseudo-channels that chain the members of
 * its group in rank order: the k-th occurrence on a member then matches the k-th on its neighbours,
 * hence on every member, and the FIFO machinery of messages serves collectives unchanged.
 */
public final class GlobalEvent extends GlobalConstruct {

	public final EventKind kind;
	public final int rank;
	public final int peer;
	/** Tag of a message, name of a collective, null for a local event. */
	public final @Nullable String tag;
	/** Group of a collective, null for other events. */
	public final @Nullable RankSet group;
	/** Words of a local event. */
	public final List<LocalWord> words;

	private GlobalEvent(EventKind kind, int rank, int peer, @Nullable String tag, @Nullable RankSet group, List<LocalWord> words,
			SortedMap<GlobalChannel, Long> potential, boolean affine) {
		super(RankSet.of(kind == EventKind.RECV ? peer : rank), potential, affine);
		this.kind = kind;
		this.rank = rank;
		this.peer = peer;
		this.tag = tag;
		this.group = group;
		this.words = List.copyOf(words);
	}

	public static GlobalEvent message(EventKind kind, int src, int dst, String tag) {
		SortedMap<GlobalChannel, Long> flow = new TreeMap<>();
		if (src != dst) {
			flow.put(new GlobalChannel(src, dst, new ChannelKind.Messages(tag)), 1L);
		}
		return new GlobalEvent(kind, src, dst, tag, null, List.of(), flow, false);
	}

	/**
	 * A collective of {@code rank}, which its group contains ({@link LocalModels} rejects the others):
	 * one pseudo-channel from its predecessor in the group, one to its successor.
	 */
	public static GlobalEvent sync(int rank, String name, RankSet group, GroupMembers groups) {
		SortedMap<GlobalChannel, Long> flow = new TreeMap<>();
		int[] members = groups.of(group);
		int at = Arrays.binarySearch(members, rank);
		ChannelKind collective = new ChannelKind.Collective(name, group);
		if (at > 0) {
			flow.put(new GlobalChannel(members[at - 1], rank, collective), 1L);
		}
		if (at < members.length - 1) {
			flow.put(new GlobalChannel(rank, members[at + 1], collective), 1L);
		}
		return new GlobalEvent(EventKind.SYNC, rank, -1, name, group, List.of(), flow, false);
	}

	public static GlobalEvent local(int rank, List<LocalWord> words) {
		boolean affine = words.stream().anyMatch(word -> word instanceof AffineExpression a && !a.isConstant());
		return new GlobalEvent(EventKind.LOCAL, rank, -1, null, null, words, new TreeMap<>(), affine);
	}

	/** The tag of a message or the name of a collective: what a local event does not have. */
	public String channelTag() {
		String text = tag;
		if (text == null) {
			throw new IllegalStateException("a local event has no tag");
		}
		return text;
	}

	public int owner() {
		return kind == EventKind.RECV ? peer : rank;
	}

	@Override
	GlobalConstruct substitute(Map<LoopVariable, AffineExpression> substitution) {
		if (!affine) {
			return this;
		}
		List<LocalWord> replaced = new ArrayList<>(words.size());
		for (LocalWord word : words) {
			replaced.add(word instanceof AffineExpression a ? a.substitute(substitution) : word);
		}
		return local(rank, replaced);
	}
}
