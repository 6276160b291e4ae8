// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.EventWriter;

/**
 * Labelled programs that implement collective operations by hand with point-to-point messages, the
 * way users write them (MPICH's algorithms, rank by rank), mixed with halo and ring steps: the
 * ground truth pattern detection is measured against. Each program runs a prologue once, then a
 * time loop of steps; with call context every step runs in a function of its own
 * ({@code local call F} / {@code local return F}); tags are either one per step or one for all.
 */
public final class CollectivePrograms {

	/** The hand-rolled algorithms, with the MPI operation (or shape) each implements. */
	public enum Algorithm {
		BCAST_LINEAR("bcast", true), BCAST_BINOMIAL("bcast", true), SCATTER_LINEAR("scatter", true),
		SCATTER_BINOMIAL("scatter", true), REDUCE_LINEAR("reduce", true), REDUCE_BINOMIAL("reduce", true),
		GATHER_LINEAR("gather", true), GATHER_BINOMIAL("gather", true), ALLGATHER_RING("allgather", false),
		ALLGATHER_DOUBLING("allgather", false), ALLREDUCE_BUTTERFLY("allreduce", false),
		ALLTOALL_PAIRWISE("alltoall", false), BARRIER_DISSEMINATION("barrier", false), HALO("halo", false),
		RING("ring", false);

		private final String kind;
		private final boolean rooted;

		Algorithm(String kind, boolean rooted) {
			this.kind = kind;
			this.rooted = rooted;
		}

		/** The MPI operation in lower case, or the shape. */
		public String kind() {
			return kind;
		}

		/**
		 * The kind that sends the same messages and that detection reports: only message sizes tell
		 * a scatter from a bcast, a gather from a reduce, a recursive-doubling allgather from a
		 * butterfly allreduce.
		 */
		public String detectable() {
			return switch (this) {
			case SCATTER_LINEAR, SCATTER_BINOMIAL -> "bcast";
			case GATHER_LINEAR, GATHER_BINOMIAL -> "reduce";
			case ALLGATHER_DOUBLING -> "allreduce";
			default -> kind;
			};
		}

		/** The function a step of this algorithm runs in, with call context. */
		public String function() {
			return name().toLowerCase();
		}
	}

	/**
	 * One step: an algorithm over the ranks {@code first .. first + size - 1} (root a member, or -1).
	 */
	public record Step(Algorithm algorithm, int root, int first, int size) {
		/** The ranks taking part. */
		public RankSet group() {
			return RankSet.range(first, first + size - 1);
		}
	}

	/**
	 * What a program does, and how often.
	 *
	 * @param kind        the operation (for the detection's naming, {@link Algorithm#detectable()})
	 * @param root        the root, -1 for none
	 * @param group       the ranks taking part
	 * @param function    the function it runs in, empty without context
	 * @param occurrences how many times it runs
	 */
	public record Label(String kind, int root, RankSet group, String function, long occurrences) {
	}

	/**
	 * A labelled program.
	 *
	 * @param ranks      how many ranks run it
	 * @param prologue   steps run once before the loop
	 * @param steps      the body of the time loop
	 * @param iterations the iterations of the time loop
	 * @param context    whether steps are wrapped in calls of their functions
	 * @param oneTag     whether every message has the same tag
	 */
	public record Program(int ranks, List<Step> prologue, List<Step> steps, int iterations, boolean context,
			boolean oneTag) {

		public Program {
			prologue = List.copyOf(prologue);
			steps = List.copyOf(steps);
		}

		/** The trace of every rank. */
		public List<List<TraceEvent>> traces() {
			List<List<TraceEvent>> traces = new ArrayList<>();
			for (int p = 0; p < ranks; p++) {
				traces.add(new ArrayList<>());
			}
			int tag = 0;
			for (Step step : prologue) {
				run(step, tag++, traces);
			}
			int first = tag;
			for (int t = 0; t < iterations; t++) {
				tag = first;
				for (Step step : steps) {
					run(step, tag++, traces);
				}
			}
			return traces;
		}

		private void run(Step step, int stepTag, List<List<TraceEvent>> traces) {
			String tag = oneTag ? "0" : Integer.toString(100 + stepTag);
			String function = step.algorithm().function();
			for (int i = 0; i < step.size(); i++) {
				int rank = step.first() + i;
				List<TraceEvent> out = traces.get(rank);
				if (context) {
					out.add(TraceEvent.local(rank, List.of("call", function)));
				}
				Member member = new Member(step, i, tag, out);
				member.run();
				if (context) {
					out.add(TraceEvent.local(rank, List.of("return", function)));
				}
			}
		}

		/** The labels, as the detection names them (the same messages, the same name). */
		public List<Label> labels() {
			List<Label> labels = new ArrayList<>();
			for (Step step : prologue) {
				add(labels, step, 1);
			}
			for (Step step : steps) {
				add(labels, step, iterations);
			}
			return labels;
		}

		private void add(List<Label> labels, Step step, long occurrences) {
			Label label = new Label(step.algorithm().detectable(), step.root(), step.group(),
					context ? step.algorithm().function() : "", occurrences);
			for (int i = 0; i < labels.size(); i++) {
				Label other = labels.get(i);
				if (other.kind().equals(label.kind()) && other.root() == label.root() && other.group().equals(label.group())
						&& other.function().equals(label.function())) {
					labels.set(i, new Label(label.kind(), label.root(), label.group(), label.function(),
							other.occurrences() + occurrences));
					return;
				}
			}
			labels.add(label);
		}
	}

	/** The events of one member of a step, numbered v from the root (or from the first rank). */
	private static final class Member {
		private final Step step;
		private final int n;
		private final int v;
		private final String tag;
		private final List<TraceEvent> out;

		Member(Step step, int index, String tag, List<TraceEvent> out) {
			this.step = step;
			this.n = step.size();
			int root = step.root() < 0 ? 0 : step.root() - step.first();
			this.v = Math.floorMod(index - root, n);
			this.tag = tag;
			this.out = out;
		}

		private int rank(int relative) {
			int root = step.root() < 0 ? 0 : step.root() - step.first();
			return step.first() + Math.floorMod(relative + root, n);
		}

		private void send(int relative) {
			out.add(TraceEvent.send(rank(v), rank(relative), tag));
		}

		private void recv(int relative) {
			out.add(TraceEvent.recv(rank(relative), rank(v), tag));
		}

		void run() {
			switch (step.algorithm()) {
			case BCAST_LINEAR, SCATTER_LINEAR -> {
				if (v == 0) {
					for (int q = 1; q < n; q++) {
						send(q);
					}
				} else {
					recv(0);
				}
			}
			case REDUCE_LINEAR, GATHER_LINEAR -> {
				if (v == 0) {
					for (int q = 1; q < n; q++) {
						recv(q);
					}
				} else {
					send(0);
				}
			}
			case BCAST_BINOMIAL, SCATTER_BINOMIAL -> {
				int mask = 1;
				while (mask < n) {
					if ((v & mask) != 0) {
						recv(v - mask);
						break;
					}
					mask <<= 1;
				}
				for (mask >>= 1; mask > 0; mask >>= 1) {
					if (v + mask < n) {
						send(v + mask);
					}
				}
			}
			case REDUCE_BINOMIAL, GATHER_BINOMIAL -> {
				for (int mask = 1; mask < n; mask <<= 1) {
					if ((v & mask) != 0) {
						send(v - mask);
						break;
					}
					if (v + mask < n) {
						recv(v + mask);
					}
				}
			}
			case ALLGATHER_RING -> {
				for (int s = 0; s < n - 1; s++) {
					send(v + 1);
					recv(v - 1);
				}
			}
			case ALLGATHER_DOUBLING -> {
				for (int mask = 1; mask < n; mask <<= 1) {
					send(v ^ mask);
					recv(v ^ mask);
				}
			}
			case ALLREDUCE_BUTTERFLY -> butterfly();
			case ALLTOALL_PAIRWISE -> {
				for (int s = 1; s < n; s++) {
					send(v + s);
					recv(v - s);
				}
			}
			case BARRIER_DISSEMINATION -> {
				for (int k = 1; k < n; k <<= 1) {
					send(v + k);
					recv(v - k);
				}
			}
			case HALO -> {
				if (v > 0) {
					send(v - 1);
					recv(v - 1);
				}
				if (v < n - 1) {
					send(v + 1);
					recv(v + 1);
				}
			}
			case RING -> {
				if (v == 0) {
					send(1);
					recv(n - 1);
				} else {
					recv(v - 1);
					send(v + 1);
				}
			}
			}
		}

		/** MPICH's recursive doubling, the ranks beyond a power of two folded in before and after. */
		private void butterfly() {
			int pof2 = Integer.highestOneBit(n);
			int rem = n - pof2;
			int newRank;
			if (v < 2 * rem) {
				if (v % 2 == 0) {
					send(v + 1);
					newRank = -1;
				} else {
					recv(v - 1);
					newRank = v / 2;
				}
			} else {
				newRank = v - rem;
			}
			if (newRank >= 0) {
				for (int mask = 1; mask < pof2; mask <<= 1) {
					int partner = newRank ^ mask;
					int real = partner < rem ? partner * 2 + 1 : partner + rem;
					send(real);
					recv(real);
				}
			}
			if (v < 2 * rem) {
				if (v % 2 == 1) {
					send(v - 1);
				} else {
					recv(v + 1);
				}
			}
		}
	}

	private CollectivePrograms() {
	}

	/**
	 * A random labelled program: 8 to 64 ranks, powers of two or not, roots anywhere, groups of all
	 * ranks or of a range of them, one to four steps in the loop and maybe one before it.
	 */
	public static Program random(long seed, boolean context, boolean oneTag) {
		Random random = new Random(seed);
		int ranks = 8 + random.nextInt(57);
		List<Step> prologue = new ArrayList<>();
		if (random.nextBoolean()) {
			prologue.add(step(random, ranks));
		}
		List<Step> steps = new ArrayList<>();
		int count = 1 + random.nextInt(4);
		for (int k = 0; k < count; k++) {
			steps.add(step(random, ranks));
		}
		return new Program(ranks, prologue, steps, 3 + random.nextInt(4), context, oneTag);
	}

	private static Step step(Random random, int ranks) {
		Algorithm[] algorithms = Algorithm.values();
		Algorithm algorithm = algorithms[random.nextInt(algorithms.length)];
		int size = random.nextInt(3) == 0 ? 8 + random.nextInt(ranks - 7) : ranks;
		if (algorithm == Algorithm.ALLGATHER_DOUBLING) {
			size = Integer.highestOneBit(size); // recursive doubling as written for powers of two
		}
		int first = random.nextInt(ranks - size + 1);
		int root = algorithm.rooted ? first + random.nextInt(size) : -1;
		return new Step(algorithm, root, first, size);
	}

	/** Writes {@code trace.<rank>} files of the traces into a folder. */
	public static void write(List<List<TraceEvent>> traces, Path folder) throws IOException {
		Files.createDirectories(folder);
		for (int rank = 0; rank < traces.size(); rank++) {
			try (EventWriter writer = EventWriter.create(folder.resolve("trace." + rank))) {
				for (TraceEvent event : traces.get(rank)) {
					writer.write(event);
				}
			}
		}
	}
}
