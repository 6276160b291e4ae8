// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/**
 * Random consistent traces with repetitive structure: a program of phases, each phase repeating a
 * random body of messages, collectives and local events (with counters, so NLR makes affine words);
 * run sequentially, so every message sent is received and every collective is complete.
 */
public final class RandomPrograms {

	private RandomPrograms() {
	}

	/** The trace of every rank. */
	public static List<List<TraceEvent>> traces(int ranks, long seed) {
		Random random = new Random(seed);
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int p = 0; p < ranks; p++) {
			traces.add(new ArrayList<>());
		}
		int phases = 1 + random.nextInt(4);
		for (int phase = 0; phase < phases; phase++) {
			int repeat = 1 + random.nextInt(12);
			int operations = 1 + random.nextInt(6);
			long[][] body = new long[operations][];
			for (int k = 0; k < operations; k++) {
				int kind = random.nextInt(10);
				int src = random.nextInt(ranks);
				int dst = random.nextInt(ranks);
				int shift = random.nextInt(3);
				body[k] = new long[] { kind, src, dst, random.nextInt(3), shift };
			}
			for (int i = 0; i < repeat; i++) {
				for (long[] op : body) {
					int src = (int) op[1];
					// Some phases move their peer with the iteration (scatter-like).
					int dst = (int) ((op[2] + op[4] * i) % ranks);
					// and tags on a communicator, numbered as in traces: c5.1000
					String tag = op[3] == 2 ? "c5.1000" : "t" + op[3];
					if (op[0] < 6) {
						traces.get(src).add(TraceEvent.send(src, dst, tag));
						traces.get(dst).add(TraceEvent.recv(src, dst, tag));
					} else if (op[0] < 8) {
						RankSet group = op[3] == 0 ? RankSet.range(0, ranks - 1) : subgroup(ranks, op[3]);
						for (int member : group) {
							traces.get(member).add(TraceEvent.sync(member, "coll" + op[3], group));
						}
					} else {
						traces.get(src).add(TraceEvent.local(src, List.of("step", Long.toString(i * op[4]))));
					}
				}
			}
		}
		return traces;
	}

	private static RankSet subgroup(int ranks, long stride) {
		RankSet.Builder group = new RankSet.Builder();
		for (int p = 0; p < ranks; p += (int) stride + 1) {
			group.add(p);
		}
		return group.build();
	}

	/**
	 * The traces of every rank of a shaped program: what {@link #traces} does not make (iteration
	 * counts that differ across ranks, pipelines, two peers per loop, deep in-flight messages, self
	 * messages, collectives on sub-groups inside loops).
	 */
	public static List<List<TraceEvent>> shaped(int ranks, long seed) {
		return Shapes.program(ranks, seed);
	}

	/**
	 * Consistent programs as phases run one after the other, each phase repeated by its block: a
	 * block repeated n times makes loops over the ranks of its phases. Every message is received
	 * after it is sent (deferred receives at the end of the block iteration), every collective is
	 * complete, and no rank waits on one that waits on it.
	 */
	private static final class Shapes {

		private final Random random;
		private final int ranks;
		private final List<List<TraceEvent>> traces = new ArrayList<>();
		/** Receives of messages kept in flight until the end of the current block iteration. */
		private final List<TraceEvent> deferred = new ArrayList<>();
		private long counter;

		private interface Phase {
			void run();
		}

		private Shapes(int ranks, long seed) {
			this.random = new Random(seed);
			this.ranks = ranks;
			for (int p = 0; p < ranks; p++) {
				traces.add(new ArrayList<>());
			}
		}

		static List<List<TraceEvent>> program(int ranks, long seed) {
			Shapes shapes = new Shapes(ranks, seed);
			int blocks = 1 + shapes.random.nextInt(3);
			for (int b = 0; b < blocks; b++) {
				int repeat = shapes.random.nextInt(4) == 0 ? 1 : 1 + shapes.random.nextInt(shapes.random.nextBoolean() ? 4 : 13);
				List<Phase> phases = new ArrayList<>();
				for (int k = 1 + shapes.random.nextInt(3); k > 0; k--) {
					phases.add(shapes.phase());
				}
				for (int i = 0; i < repeat; i++) {
					phases.forEach(Phase::run);
					shapes.deferred.forEach(event -> shapes.traces.get(event.owner()).add(event));
					shapes.deferred.clear();
				}
			}
			return shapes.traces;
		}

		/** Symbols, numbers and numbers on a communicator. */
		private String tag() {
			return switch (random.nextInt(4)) {
			case 0 -> "t" + random.nextInt(3);
			case 1 -> Integer.toString(random.nextInt(3));
			case 2 -> "c7." + (100 + random.nextInt(2));
			default -> Integer.toString(100 + random.nextInt(2));
			};
		}

		private int other(int rank) {
			if (ranks == 1) {
				return rank;
			}
			int other = random.nextInt(ranks - 1);
			return other < rank ? other : other + 1;
		}

		private void send(int src, int dst, String tag) {
			traces.get(src).add(TraceEvent.send(src, dst, tag));
		}

		private void recv(int src, int dst, String tag) {
			traces.get(dst).add(TraceEvent.recv(src, dst, tag));
		}

		private void local(int rank, Object... words) {
			List<String> text = new ArrayList<>();
			for (Object word : words) {
				text.add(word.toString());
			}
			traces.get(rank).add(TraceEvent.local(rank, text));
		}

		/** {@code total} operations as a nest a x b (a random factorization), markers in between. */
		private void nest(long total, int rank, Runnable operation, Random shape) {
			List<Long> divisors = new ArrayList<>();
			for (long a = 1; a <= total; a++) {
				if (total % a == 0) {
					divisors.add(a);
				}
			}
			long outer = divisors.get(shape.nextInt(divisors.size()));
			int style = shape.nextInt(4);
			for (long i = 0; i < outer; i++) {
				if (style == 1) {
					local(rank, "row", i);
				}
				for (long j = 0; j < total / outer; j++) {
					operation.run();
					if (style == 3) {
						local(rank, "col", 2 * j);
					}
				}
				if (style == 2) {
					local(rank, "end");
				}
			}
		}

		/** A random phase: its ranks, tag and count drawn first, then its kind and what the kind draws. */
		private Phase phase() {
			int src = random.nextInt(ranks);
			int dst = other(src);
			String tag = tag();
			int n = 1 + random.nextInt(10);
			return switch (random.nextInt(10)) {
			case 0 -> differentCounts(src, dst, tag, n);
			case 1 -> twoTagsTwoPeers(src, dst, tag, n);
			case 2 -> pipeline(src, dst, tag, n);
			case 3 -> collectiveInRing(src, dst, tag, n);
			case 4 -> toItself(src, dst, tag, n);
			case 5 -> inFlight(src, dst, tag, n);
			case 6 -> bothWays(src, dst, tag, n);
			case 7 -> chunked(src, dst, tag, n);
			case 8 -> scatter(src, dst, tag, n);
			default -> compute(src, dst, tag, n);
			};
		}

		/** Iteration counts that differ: coprime, gcd > 1, one dividing the other. */
		private Phase differentCounts(int src, int dst, String tag, int n) {
			long total = new long[] { 6, 12, 21, 35, 30, 8, 9, 15, 2, 64 }[random.nextInt(10)];
			long senderShape = random.nextLong();
			long receiverShape = random.nextLong();
			boolean halves = total % 2 == 0 && random.nextBoolean();
			return () -> {
				Random sender = new Random(senderShape);
				Random receiver = new Random(receiverShape);
				for (int half = 0; half < (halves ? 2 : 1); half++) {
					nest(halves ? total / 2 : total, src, () -> send(src, dst, tag), sender);
					nest(halves ? total / 2 : total, dst, () -> recv(src, dst, tag), receiver);
				}
			};
		}

		/** One loop sending on two tags to two peers, received in separate loops. */
		private Phase twoTagsTwoPeers(int src, int dst, String tag, int n) {
			int second = other(src);
			String otherTag = tag();
			return () -> {
				for (int i = 0; i < n; i++) {
					send(src, dst, tag);
					local(src, "w", i);
					send(src, second, otherTag);
				}
				for (int i = 0; i < n; i++) {
					recv(src, dst, tag);
				}
				for (int i = 0; i < n; i++) {
					recv(src, second, otherTag);
				}
			};
		}

		/** Pipeline: receive from the previous stage, work, send to the next. */
		private Phase pipeline(int src, int dst, String tag, int n) {
			List<Integer> chain = new ArrayList<>();
			for (int p = 0; p < ranks; p++) {
				chain.add(p);
			}
			Collections.shuffle(chain, random);
			List<Integer> stages = List.copyOf(chain.subList(0, Math.min(ranks, 2 + random.nextInt(6))));
			return () -> {
				for (int i = 0; i < n; i++) {
					for (int s = 0; s < stages.size(); s++) {
						if (s > 0) {
							recv(stages.get(s - 1), stages.get(s), tag);
						}
						local(stages.get(s), "stage", i);
						if (s + 1 < stages.size()) {
							send(stages.get(s), stages.get(s + 1), tag);
						}
					}
				}
			};
		}

		/** A collective on a sub-group inside a loop, with a ring of messages around it. */
		private Phase collectiveInRing(int src, int dst, String tag, int n) {
			RankSet.Builder builder = new RankSet.Builder().add(src);
			for (int p = 0; p < ranks; p++) {
				if (random.nextInt(3) > 0) {
					builder.add(p);
				}
			}
			RankSet group = builder.build();
			List<Integer> members = new ArrayList<>();
			group.forEach(members::add);
			String name = random.nextBoolean() ? "MPI_Allreduce" : "MPI_Barrier";
			return () -> {
				for (int i = 0; i < n; i++) {
					int size = members.size();
					for (int m = 0; size > 1 && m < size; m++) {
						send(members.get(m), members.get((m + 1) % size), tag);
					}
					members.forEach(member -> traces.get(member).add(TraceEvent.sync(member, name, group)));
					for (int m = 0; size > 1 && m < size; m++) {
						recv(members.get((m + size - 1) % size), members.get(m), tag);
					}
				}
			};
		}

		/** Messages to itself, received at once or after all are sent. */
		private Phase toItself(int src, int dst, String tag, int n) {
			boolean later = random.nextBoolean();
			return () -> {
				for (int i = 0; i < n; i++) {
					send(src, src, tag);
					if (!later) {
						recv(src, src, tag);
					}
				}
				for (int i = 0; later && i < n; i++) {
					recv(src, src, tag);
				}
			};
		}

		/** In flight across every later phase of the block iteration. */
		private Phase inFlight(int src, int dst, String tag, int n) {
			return () -> {
				for (int i = 0; i < n * 3; i++) {
					send(src, dst, tag);
					deferred.add(TraceEvent.recv(src, dst, tag));
				}
			};
		}

		/** Both ways in flight at once: the cycle example of the paper. */
		private Phase bothWays(int src, int dst, String tag, int n) {
			return () -> {
				for (int i = 0; i < n; i++) {
					send(src, dst, tag);
				}
				for (int i = 0; i < n + 1; i++) {
					send(dst, src, tag);
				}
				for (int i = 0; i < n + 1; i++) {
					recv(dst, src, tag);
				}
				for (int i = 0; i < n; i++) {
					recv(src, dst, tag);
				}
			};
		}

		/** Chunks of different sizes on the two sides. */
		private Phase chunked(int src, int dst, String tag, int n) {
			int total = 1 + random.nextInt(40);
			List<Integer> sent = chunks(total);
			List<Integer> received = chunks(total);
			return () -> {
				sent.forEach(size -> {
					for (int i = 0; i < size; i++) {
						send(src, dst, tag);
					}
					local(src, "chunk", size);
				});
				received.forEach(size -> {
					for (int i = 0; i < size; i++) {
						recv(src, dst, tag);
					}
					local(dst, "chunk", size);
				});
			};
		}

		/** A scatter: peers and numeric tags move with the iteration. */
		private Phase scatter(int src, int dst, String tag, int n) {
			int base = random.nextInt(5);
			return () -> {
				for (int p = 0; p < ranks; p++) {
					send(src, p, Integer.toString(base + p));
				}
				for (int p = 0; p < ranks; p++) {
					recv(src, p, Integer.toString(base + p));
				}
			};
		}

		/** Local events only, their numbers stepping. */
		private Phase compute(int src, int dst, String tag, int n) {
			long step = random.nextInt(4);
			return () -> {
				for (int i = 0; i < n; i++) {
					local(src, "compute", counter++ * step, "sym", i);
				}
			};
		}

		private List<Integer> chunks(int total) {
			List<Integer> sizes = new ArrayList<>();
			for (int left = total; left > 0;) {
				int size = 1 + random.nextInt(Math.min(left, 12));
				sizes.add(size);
				left -= size;
			}
			return sizes;
		}
	}
}
