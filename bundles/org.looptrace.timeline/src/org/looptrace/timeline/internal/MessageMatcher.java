// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Channel;

/**
 * Pairs the receives placed by the scheduler with sends, by channel and in order. A loop body is
 * drawn once, so a receive may come before its send in the body drawn: its message is the one of
 * the previous iteration, drawn from its send one body length earlier ({@code carried}). Receives
 * nothing matches by the end of the model take the last send of their channel, pair of ranks or
 * source.
 */
final class MessageMatcher {

	/** Every message, in the order it was matched. */
	final List<Placed.Message> messages = new ArrayList<>();

	private final Map<Channel, ChannelState> channels = new HashMap<>();
	/** The last send of every pair of ranks, of every source. */
	private final Map<Long, Placed.Event> lastByPair = new HashMap<>();
	private final Map<Integer, Placed.Event> lastBySource = new HashMap<>();
	/** Receives no send of their block matched, with their channel. */
	private final List<Placed.Event> orphans = new ArrayList<>();
	private final List<Channel> orphanChannels = new ArrayList<>();

	/** Sends placed and not yet received, and the last send of every channel. */
	private static final class ChannelState {
		final ArrayDeque<Placed.Event> unreceived = new ArrayDeque<>();
		Placed.@Nullable Event last;
	}

	/** Whether a send of the channel is placed and not yet received. */
	boolean hasUnreceived(Channel channel) {
		ChannelState state = channels.get(channel);
		return state != null && !state.unreceived.isEmpty();
	}

	/**
	 * The send a receive of the channel takes, removed from the unreceived ones: the oldest
	 * unreceived, else the channel's last (a message of an earlier iteration); null when the channel
	 * has no send yet.
	 */
	Placed.@Nullable Event takeSend(Channel channel) {
		ChannelState state = channels.get(channel);
		return state == null ? null : state.unreceived.isEmpty() ? state.last : state.unreceived.poll();
	}

	/** A receive placed after the send it takes. */
	void matched(Placed.Event send, Placed.Event recv, Channel channel) {
		message(send, recv, channel, send.tick(), false);
	}

	/** A receive no send matched yet: {@link #adoptOrphans} finds one at the end. */
	void orphan(Placed.Event recv, Channel channel) {
		orphans.add(recv);
		orphanChannels.add(channel);
	}

	private void message(Placed.@Nullable Event send, Placed.Event recv, Channel channel, long sendTick, boolean carried) {
		messages.add(new Placed.Message(send, recv, channel.tag(), channel.src(), channel.dst(), sendTick, carried));
	}

	/** The matching inside one block being placed. */
	BlockMatches block() {
		return new BlockMatches();
	}

	/** Receives of a block placed before their send, and the sends that came for them later in the block. */
	final class BlockMatches {

		/** Receives placed before their send, waiting for a send later in this block. */
		private final Map<Channel, ArrayDeque<Placed.Event>> early = new HashMap<>();
		/** A send and the early receive it came for. */
		private final List<Placed.Event[]> carried = new ArrayList<>();

		private BlockMatches() {
		}

		/** A receive placed before any send of its channel (the scheduler broke a deadlock with it). */
		void early(Placed.Event recv, Channel channel) {
			early.computeIfAbsent(channel, c -> new ArrayDeque<>()).add(recv);
		}

		/** A send placed: it serves the first early receive of its channel, else waits for a receive. */
		void sent(Placed.Event send, Channel channel) {
			ChannelState state = channels.computeIfAbsent(channel, c -> new ChannelState());
			state.last = send;
			lastByPair.put(pair(channel.src(), channel.dst()), send);
			lastBySource.put(channel.src(), send);
			ArrayDeque<Placed.Event> before = early.get(channel);
			if (before != null && !before.isEmpty()) {
				carried.add(new Placed.Event[] { send, before.poll() });
			} else {
				state.unreceived.add(send);
			}
		}

		/** Draws the messages of the previous iteration, for a block of {@code period} ticks. */
		void finish(long period) {
			for (Placed.Event[] pair : carried) {
				Placed.Event recv = pair[1];
				messages.add(new Placed.Message(pair[0], recv, recv.text(), pair[0].rank(), recv.rank(), pair[0].tick() - period, true));
			}
			// Receives whose send came inside a later loop of the block: its last send, of the previous iteration.
			early.forEach((channel, receives) -> receives.forEach(recv -> {
				ChannelState state = channels.get(channel);
				Placed.Event send = state == null ? null : state.last;
				if (send == null) {
					orphan(recv, channel);
				} else if (send.tick() < recv.tick()) {
					message(send, recv, channel, send.tick(), false);
				} else {
					message(send, recv, channel, send.tick() - period, true);
				}
			}));
		}
	}

	/**
	 * Matches the receives no send of their block matched: a loop body is drawn once, in its first
	 * iteration, so their send may be in a later part of an enclosing loop's body (the message of
	 * the previous iteration), or have another tag or peer in the iteration drawn. The last send of
	 * the channel, else of the pair of ranks, else of the source stands for it; placed after the
	 * receive, it is drawn one body length of the innermost loop around both earlier.
	 */
	void adoptOrphans() {
		for (int i = 0; i < orphans.size(); i++) {
			Placed.Event recv = orphans.get(i);
			Channel channel = orphanChannels.get(i);
			ChannelState state = channels.get(channel);
			Placed.Event send = state != null && state.last != null ? state.last : lastByPair.get(pair(channel.src(), channel.dst()));
			if (send == null) {
				send = lastBySource.get(channel.src());
			}
			if (send == null) {
				message(null, recv, channel, recv.scope().start - 1, true);
			} else if (send.tick() < recv.tick()) {
				message(send, recv, channel, send.tick(), false);
			} else {
				PlacedLoop around = common(send.scope(), recv.scope());
				message(send, recv, channel, send.tick() - Math.max(around.end - around.start, send.tick() - recv.tick() + 1), true);
			}
		}
	}

	private static long pair(int src, int dst) {
		return (long) src << 32 | dst;
	}

	/** The innermost loop (or the top) around both. */
	private static PlacedLoop common(PlacedLoop a, PlacedLoop b) {
		Set<PlacedLoop> around = new HashSet<>();
		for (PlacedLoop loop = a; loop != null; loop = loop.parent) {
			around.add(loop);
		}
		for (PlacedLoop loop = b; loop != null; loop = loop.parent) {
			if (around.contains(loop)) {
				return loop;
			}
		}
		throw new IllegalStateException("two placed loops without the top around them");
	}
}
