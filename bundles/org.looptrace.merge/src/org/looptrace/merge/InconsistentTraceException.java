// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Channel;

/**
 * The traces of a run contradict each other: a message sent and never received, a message received
 * and never sent, a collective that a member of its group does not take part in as often as the
 * others. The message names the channel (or collective) and the ranks; {@link #imbalance()} gives
 * them typed.
 */
public class InconsistentTraceException extends Exception {

	private static final long serialVersionUID = 1L;

	/**
	 * A channel that does not balance.
	 *
	 * @param src      the sending rank (of a collective: the member before {@code dst} in its group)
	 * @param dst      the receiving rank (of a collective: the member after {@code src})
	 * @param kind     what flows on the channel: messages of a tag, or a collective
	 * @param sent     the messages {@code src} sends (the times it takes part in the collective)
	 * @param received the messages {@code dst} receives (the times it takes part)
	 */
	public record Imbalance(int src, int dst, ChannelKind kind, long sent, long received) {
	}

	private final transient @Nullable Imbalance imbalance;

	public InconsistentTraceException(String message) {
		super(message);
		this.imbalance = null;
	}

	private InconsistentTraceException(String message, @Nullable Imbalance imbalance) {
		super(message);
		this.imbalance = imbalance;
	}

	/**
	 * This inconsistency with what explains it ({@code cause}, say receives an archive never completes)
	 * appended to its message; its {@link #imbalance()} is kept.
	 */
	public InconsistentTraceException explainedBy(String cause) {
		return new InconsistentTraceException(getMessage() + "; " + cause, imbalance);
	}

	/** The channel that does not balance; null when the traces contradict each other otherwise. */
	public @Nullable Imbalance imbalance() {
		return imbalance;
	}

	/** A channel whose source sends {@code sent} messages while its destination receives {@code received}. */
	public static InconsistentTraceException unbalanced(Imbalance imbalance) {
		long sent = imbalance.sent();
		long received = imbalance.received();
		String message = switch (imbalance.kind()) {
		case ChannelKind.Collective collective -> "collective " + collective.name() + " of group "
				+ collective.group() + ": rank " + imbalance.src() + " takes part " + times(sent) + ", rank "
				+ imbalance.dst() + " takes part " + times(received);
		case ChannelKind.Messages messages -> "channel " + new Channel(imbalance.src(), imbalance.dst(), messages.tag())
				+ ": rank " + imbalance.src() + " sends " + sent + (sent == 1 ? " message" : " messages") + ", rank "
				+ imbalance.dst() + " receives " + received;
		};
		return new InconsistentTraceException(message, imbalance);
	}

	private static String times(long count) {
		return count == 1 ? "once" : count + " times";
	}
}
