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
import org.looptrace.trace.DataTraceWriter;
import org.looptrace.trace.EventWriter;

/**
 * Labelled programs that implement collective operations by hand with point-to-point messages, the
 * way users write them (MPICH's algorithms, rank by rank), mixed with halo and ring steps: the
 * ground truth pattern detection is measured against. Each program runs a prologue once, then a
 * time loop of steps; with call context every step runs in a function of its own
 * ({@code local call F} / {@code local return F}); tags are either one per step or one for all.
 * Every message has the size the MPI operation gives it ({@link #CHUNK} bytes per member's share),
 * written to data traces by {@link #write(Program, Path, boolean)}.
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

		/**
		 * The kind detection reports when it reads the sizes of the messages: a binomial scatter
		 * sends each child its subtree's share, a binomial gather the reverse, a recursive-doubling
		 * allgather doubles its amount every round, while the linear scatter and gather send equal
		 * shares, as a bcast and a reduce send equal buffers: still named bcast and reduce.
		 */
		public String detectable(boolean sizes) {
			return switch (this) {
			case SCATTER_BINOMIAL, GATHER_BINOMIAL, ALLGATHER_DOUBLING -> sizes ? kind : detectable();
			default -> detectable();
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
			run(traces, new ArrayList<>());
			return traces;
		}

		/** The size in bytes of every event of every rank, in the order of {@link #traces()}. */
		public List<List<Long>> sizes() {
			List<List<Long>> sizes = new ArrayList<>();
			run(new ArrayList<>(), sizes);
			return sizes;
		}

		private void run(List<List<TraceEvent>> traces, List<List<Long>> sizes) {
			for (int p = 0; p < ranks; p++) {
				traces.add(new ArrayList<>());
				sizes.add(new ArrayList<>());
			}
			int tag = 0;
			for (Step step : prologue) {
				run(step, tag++, traces, sizes);
			}
			int first = tag;
			for (int t = 0; t < iterations; t++) {
				tag = first;
				for (Step step : steps) {
					run(step, tag++, traces, sizes);
				}
			}
		}

		private void run(Step step, int stepTag, List<List<TraceEvent>> traces, List<List<Long>> sizes) {
			String tag = oneTag ? "0" : Integer.toString(100 + stepTag);
			String function = step.algorithm().function();
			for (int i = 0; i < step.size(); i++) {
				int rank = step.first() + i;
				List<TraceEvent> out = traces.get(rank);
				List<Long> bytes = sizes.get(rank);
				if (context) {
					out.add(TraceEvent.local(rank, List.of("call", function)));
					bytes.add(0L);
				}
				Member member = new Member(step, i, tag, out, bytes);
				member.run();
				if (context) {
					out.add(TraceEvent.local(rank, List.of("return", function)));
					bytes.add(0L);
				}
			}
		}

		/** The labels, as the detection names them without sizes (the same messages, the same name). */
		public List<Label> labels() {
			return labels(false);
		}

		/**
		 * The labels, as the detection names them with the sizes of the messages ({@code sizes}) or
		 * without.
		 */
		public List<Label> labels(boolean sizes) {
			List<Label> labels = new ArrayList<>();
			for (Step step : prologue) {
				add(labels, step, 1, sizes);
			}
			for (Step step : steps) {
				add(labels, step, iterations, sizes);
			}
			return labels;
		}

		private void add(List<Label> labels, Step step, long occurrences, boolean sizes) {
			Label label = new Label(step.algorithm().detectable(sizes), step.root(), step.group(),
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
		private final List<Long> sizes;

		Member(Step step, int index, String tag, List<TraceEvent> out, List<Long> sizes) {
			this.step = step;
			this.n = step.size();
			int root = step.root() < 0 ? 0 : step.root() - step.first();
			this.v = Math.floorMod(index - root, n);
			this.tag = tag;
			this.out = out;
			this.sizes = sizes;
		}

		private int rank(int relative) {
			int root = step.root() < 0 ? 0 : step.root() - step.first();
			return step.first() + Math.floorMod(relative + root, n);
		}

		private void send(int relative, long shares) {
			out.add(TraceEvent.send(rank(v), rank(relative), tag));
			sizes.add(shares * CHUNK);
		}

		private void recv(int relative, long shares) {
			out.add(TraceEvent.recv(rank(relative), rank(v), tag));
			sizes.add(shares * CHUNK);
		}

		/** The members of the binomial subtree of member w whose lowest set bit is {@code mask}. */
		private long subtree(int w, int mask) {
			return Math.min(mask, n - w);
		}

		void run() {
			switch (step.algorithm()) {
			case BCAST_LINEAR, SCATTER_LINEAR -> linearFromRoot(step.algorithm() == Algorithm.BCAST_LINEAR ? n : 1); // the buffer, or one share
			case REDUCE_LINEAR, GATHER_LINEAR -> linearToRoot(step.algorithm() == Algorithm.REDUCE_LINEAR ? n : 1);
			case BCAST_BINOMIAL, SCATTER_BINOMIAL -> binomialFromRoot(step.algorithm() == Algorithm.BCAST_BINOMIAL);
			case REDUCE_BINOMIAL, GATHER_BINOMIAL -> binomialToRoot(step.algorithm() == Algorithm.REDUCE_BINOMIAL);
			case ALLGATHER_RING -> {
				for (int s = 0; s < n - 1; s++) {
					send(v + 1, 1);
					recv(v - 1, 1);
				}
			}
			case ALLGATHER_DOUBLING -> {
				for (int mask = 1; mask < n; mask <<= 1) {
					send(v ^ mask, mask);
					recv(v ^ mask, mask);
				}
			}
			case ALLREDUCE_BUTTERFLY -> butterfly();
			case ALLTOALL_PAIRWISE -> {
				for (int s = 1; s < n; s++) {
					send(v + s, 1);
					recv(v - s, 1);
				}
			}
			case BARRIER_DISSEMINATION -> {
				for (int k = 1; k < n; k <<= 1) {
					send(v + k, 0);
					recv(v - k, 0);
				}
			}
			case HALO -> halo();
			case RING -> ring();
			}
		}

		/** The root sends {@code shares} to every other member in turn. */
		private void linearFromRoot(long shares) {
			if (v == 0) {
				for (int q = 1; q < n; q++) {
					send(q, shares);
				}
			} else {
				recv(0, shares);
			}
		}

		/** The root receives {@code shares} from every other member in turn. */
		private void linearToRoot(long shares) {
			if (v == 0) {
				for (int q = 1; q < n; q++) {
					recv(q, shares);
				}
			} else {
				send(0, shares);
			}
		}

		/** Down a binomial tree: the whole buffer ({@code whole}, a bcast) or each subtree's shares (a scatter). */
		private void binomialFromRoot(boolean whole) {
			int mask = 1;
			while (mask < n) {
				if ((v & mask) != 0) {
					recv(v - mask, whole ? n : subtree(v, mask));
					break;
				}
				mask <<= 1;
			}
			for (mask >>= 1; mask > 0; mask >>= 1) {
				if (v + mask < n) {
					send(v + mask, whole ? n : subtree(v + mask, mask));
				}
			}
		}

		/** Up a binomial tree: the whole buffer ({@code whole}, a reduce) or each subtree's shares (a gather). */
		private void binomialToRoot(boolean whole) {
			for (int mask = 1; mask < n; mask <<= 1) {
				if ((v & mask) != 0) {
					send(v - mask, whole ? n : subtree(v, mask));
					break;
				}
				if (v + mask < n) {
					recv(v + mask, whole ? n : subtree(v + mask, mask));
				}
			}
		}

		/** Exchanges with both neighbours along a line. */
		private void halo() {
			if (v > 0) {
				send(v - 1, 1);
				recv(v - 1, 1);
			}
			if (v < n - 1) {
				send(v + 1, 1);
				recv(v + 1, 1);
			}
		}

		/** A token around the ring from member 0. */
		private void ring() {
			if (v == 0) {
				send(1, 1);
				recv(n - 1, 1);
			} else {
				recv(v - 1, 1);
				send(v + 1, 1);
			}
		}

		/** MPICH's recursive doubling, the ranks beyond a power of two folded in before and after. */
		private void butterfly() {
			int pof2 = Integer.highestOneBit(n);
			int rem = n - pof2;
			int newRank;
			if (v < 2 * rem) {
				if (v % 2 == 0) {
					send(v + 1, n);
					newRank = -1;
				} else {
					recv(v - 1, n);
					newRank = v / 2;
				}
			} else {
				newRank = v - rem;
			}
			if (newRank >= 0) {
				for (int mask = 1; mask < pof2; mask <<= 1) {
					int partner = newRank ^ mask;
					int real = partner < rem ? partner * 2 + 1 : partner + rem;
					send(real, n);
					recv(real, n);
				}
			}
			if (v < 2 * rem) {
				if (v % 2 == 1) {
					send(v - 1, n);
				} else {
					recv(v + 1, n);
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

	/** The share of one member in every operation, in bytes. */
	public static final long CHUNK = 4096;

	/**
	 * Writes the {@code trace.<rank>} files of a program into a folder and, with {@code data}, its
	 * {@code data.<rank>} files (attributes {@code time} and {@code size}).
	 */
	public static void write(Program program, Path folder, boolean data) throws IOException {
		write(program.traces(), folder);
		if (!data) {
			return;
		}
		List<List<Long>> sizes = program.sizes();
		for (int rank = 0; rank < sizes.size(); rank++) {
			try (DataTraceWriter writer = DataTraceWriter.create(folder.resolve("data." + rank), List.of("time", "size"))) {
				long time = 0;
				for (long size : sizes.get(rank)) {
					writer.write(time, size);
					time += 1000;
				}
			}
		}
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
