// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/**
 * Random but consistent traffic. A global sequence of operations is drawn from the seed: sends
 * (whose receives come some operations later, in FIFO order per channel), collectives over random
 * groups, local events. Each rank's stream is that sequence projected on the rank (every stream
 * replays the sequence with its own generator), so the streams are realizable by construction:
 * the global sequence is itself an execution. {@code ranks} operations per iteration.
 */
public final class RandomPattern extends GeneratedPattern {

	private static final String[] TAGS = { "0", "1", "7", "42", "tagA", "tagB" };
	private static final String[] COLLECTIVES = { "MPI_Allreduce", "MPI_Barrier", "MPI_Bcast" };
	private static final String[] CALLS = { "MPI_Wait", "MPI_Test", "compute" };
	/** Messages in flight at most: bounds the memory of a stream. */
	private static final int MAX_PENDING = 16;

	public RandomPattern(int ranks, long iterations, long seed) {
		super("random", ranks, iterations, seed);
	}

	@Override
	protected Stepper stepper(int rank) {
		return new Stepper() {
			private final SplittableRandom random = new SplittableRandom(seed);
			private final List<TraceEvent> pending = new ArrayList<>();
			private final long operations = iterations * ranks;
			private long operation;

			@Override
			public boolean step(List<TraceEvent> out) {
				if (operation < operations) {
					operation++;
					next(rank, random, pending, out);
					return true;
				}
				if (!pending.isEmpty()) {
					keep(rank, pending.remove(0), out);
					return true;
				}
				return false;
			}
		};
	}

	/** Draws the next global operation and appends what {@code rank} sees of it. */
	private void next(int rank, SplittableRandom random, List<TraceEvent> pending, List<TraceEvent> out) {
		int draw = random.nextInt(100);
		if (pending.size() >= MAX_PENDING || (draw < 30 && !pending.isEmpty())) {
			// deliver the oldest message of a random channel in flight: FIFO per channel
			TraceEvent chosen = pending.get(random.nextInt(pending.size()));
			for (int i = 0; i < pending.size(); i++) {
				if (pending.get(i).rank() == chosen.rank() && pending.get(i).peer() == chosen.peer()
						&& pending.get(i).tag().equals(chosen.tag())) {
					keep(rank, pending.remove(i), out);
					return;
				}
			}
		} else if (draw < 75 && ranks > 1) {
			int src = random.nextInt(ranks);
			int dst = (src + 1 + random.nextInt(ranks - 1)) % ranks;
			String tag = TAGS[random.nextInt(TAGS.length)];
			keep(rank, TraceEvent.send(src, dst, tag), out);
			pending.add(TraceEvent.recv(src, dst, tag));
		} else if (draw < 88) {
			String name = COLLECTIVES[random.nextInt(COLLECTIVES.length)];
			RankSet group = group(random);
			if (group.contains(rank)) {
				out.add(TraceEvent.sync(rank, name, group));
			}
		} else {
			int proc = random.nextInt(ranks);
			String call = CALLS[random.nextInt(CALLS.length)];
			keep(rank, TraceEvent.local(proc, random.nextBoolean() ? List.of("call", call) : List.of("return", call)), out);
		}
	}

	/** The whole world, a range or a random subset of the ranks. */
	private RankSet group(SplittableRandom random) {
		switch (random.nextInt(3)) {
		case 0:
			return RankSet.range(0, ranks - 1);
		case 1:
			int from = random.nextInt(ranks);
			return RankSet.range(from, from + random.nextInt(ranks - from));
		default:
			RankSet.Builder builder = new RankSet.Builder();
			builder.add(random.nextInt(ranks));
			for (int r = 0; r < ranks; r++) {
				if (random.nextBoolean()) {
					builder.add(r);
				}
			}
			return builder.build();
		}
	}

	private static void keep(int rank, TraceEvent event, List<TraceEvent> out) {
		if (event.owner() == rank) {
			out.add(event);
		}
	}
}
