// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import org.looptrace.model.core.Channel;

/**
 * The traces of a run contradict each other: a message sent and never received, a message received
 * and never sent, a collective that a member of its group does not take part in as often as the
 * others. The message names the channel (or collective) and the ranks.
 */
public class InconsistentTraceException extends Exception {

	private static final long serialVersionUID = 1L;

	public InconsistentTraceException(String message) {
		super(message);
	}

	/**
	 * A channel whose source sends {@code sent} messages while its destination receives
	 * {@code received}; pseudo-channels of collectives (tag {@code "sync NAME GROUP"}) are named as
	 * collectives.
	 */
	public static InconsistentTraceException unbalanced(Channel channel, long sent, long received) {
		String tag = channel.tag();
		if (tag.startsWith(org.looptrace.merge.internal.GlobalEvent.COLLECTIVE)) {
			String[] words = tag.split(" ");
			return new InconsistentTraceException("collective " + words[1] + " of group " + words[2] + ": rank "
					+ channel.src() + " takes part " + times(sent) + ", rank " + channel.dst() + " takes part "
					+ times(received));
		}
		return new InconsistentTraceException("channel " + channel + ": rank " + channel.src() + " sends " + sent
				+ (sent == 1 ? " message" : " messages") + ", rank " + channel.dst() + " receives " + received);
	}

	private static String times(long count) {
		return count == 1 ? "once" : count + " times";
	}
}
