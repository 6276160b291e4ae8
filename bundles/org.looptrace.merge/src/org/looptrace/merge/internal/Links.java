// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;

/**
 * The communication step: the communication links of a list of constructs (a linearization of a
 * system), found by FIFO matching of potential flows in topological order with in-flight lists.
 * Only channels whose two ends the system covers are matched: the others stay potential.
 */
final class Links {

	/** A run of {@code volume} messages of one channel exchanged with construct {@code peer}. */
	record Part(int peer, long volume) {
	}

	/** A communication link between constructs {@code first < second}, with its flow. */
	static final class Link {
		final int first;
		final int second;
		final SortedMap<GlobalChannel, Long> flow = new TreeMap<>();

		Link(int first, int second) {
			this.first = first;
			this.second = second;
		}
	}

	/** For every construct (by position), its parts per channel, in FIFO order. */
	final List<SortedMap<GlobalChannel, List<Part>>> parts;
	/** Every link, ordered by its ends' positions. */
	final SortedMap<Long, Link> links = new TreeMap<>();

	private Links(int size) {
		parts = new ArrayList<>(size);
		for (int i = 0; i < size; i++) {
			parts.add(new TreeMap<>());
		}
	}

	/** Constructs with potential left on a channel, in topological order, with what is left. */
	private static final class InFlight {
		final ArrayDeque<long[]> waiting = new ArrayDeque<>();
		boolean sendSide;
		final long[] total = new long[2];
	}

	/**
	 * Matches the potentials of the items on every channel the coverage completes.
	 *
	 * @throws InconsistentTraceException when a channel does not balance (a message sent and
	 *                                    never received, a collective missing a member)
	 */
	static Links of(List<GlobalConstruct> items, RankSet coverage, Progress progress) throws InconsistentTraceException {
		Links result = new Links(items.size());
		Map<GlobalChannel, InFlight> inFlight = new TreeMap<>();
		Checkpoints checkpoints = new Checkpoints(progress);
		for (int v = 0; v < items.size(); v++) {
			checkpoints.step();
			GlobalConstruct construct = items.get(v);
			for (Map.Entry<GlobalChannel, Long> entry : construct.potential.entrySet()) {
				GlobalChannel channel = entry.getKey();
				if (!coverage.contains(channel.src()) || !coverage.contains(channel.dst())) {
					continue;
				}
				boolean sends = construct.coverage.contains(channel.src());
				InFlight flight = inFlight.computeIfAbsent(channel, c -> new InFlight());
				flight.total[sends ? 0 : 1] += entry.getValue();
				long left = entry.getValue();
				// FIFO: the oldest in-flight constructs of the other side are served first; a
				// construct leaves the in-flight list as soon as its potential is exhausted.
				while (left > 0 && !flight.waiting.isEmpty() && flight.sendSide != sends) {
					long[] head = flight.waiting.peekFirst();
					long volume = Math.min(left, head[1]);
					result.connect((int) head[0], v, channel, volume);
					left -= volume;
					head[1] -= volume;
					if (head[1] == 0) {
						flight.waiting.removeFirst();
					}
				}
				if (left > 0) {
					flight.sendSide = sends;
					flight.waiting.addLast(new long[] { v, left });
				}
			}
		}
		for (Map.Entry<GlobalChannel, InFlight> entry : inFlight.entrySet()) {
			InFlight flight = entry.getValue();
			if (!flight.waiting.isEmpty()) {
				throw entry.getKey().unbalanced(flight.total[0], flight.total[1]);
			}
		}
		return result;
	}

	private void connect(int earlier, int later, GlobalChannel channel, long volume) {
		parts.get(earlier).computeIfAbsent(channel, c -> new ArrayList<>()).add(new Part(later, volume));
		parts.get(later).computeIfAbsent(channel, c -> new ArrayList<>()).add(new Part(earlier, volume));
		links.computeIfAbsent((long) earlier << 32 | later, key -> new Link(earlier, later)).flow.merge(channel, volume,
				channel::plus);
	}

	/** Whether the construct at this position sends on the channel (it covers the source). */
	static boolean sends(GlobalConstruct construct, GlobalChannel channel) {
		return construct.coverage.contains(channel.src());
	}
}
