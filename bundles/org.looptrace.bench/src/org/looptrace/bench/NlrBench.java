// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.HeapPeak;
import org.looptrace.cli.Signals;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.EventWriter;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * {@code looptrace bench nlr}: events per second of NLR alone (events fed from memory) and of
 * reading + NLR (trace files written first, then read by {@link Nlr#modelFile}), on one thread and
 * on T threads (one rank per thread, the events split between them), on LU-like (wavefront), CG-like (solver) and halo traces.
 */
final class NlrBench {

	private static final String[] SHAPES = { "wavefront", "solver", "halo" };
	private static final int RANKS = 16;
	/** Events kept in memory per thread for "NLR alone"; longer runs feed them again and again. */
	private static final int BUFFER = 1_000_000;

	private NlrBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench nlr", args, Set.of("--events", "--threads"), Set.of());
		arguments.positional(0, 0, "no argument besides the options");
		long maxEvents = arguments.intValue("--events", 100_000_000, 1_000_000, Integer.MAX_VALUE);
		int threads = arguments.intValue("--threads", Runtime.getRuntime().availableProcessors(), 1, 1024);
		out.println("# looptrace bench nlr --events " + maxEvents + " --threads " + threads);
		out.println("# " + Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version")
				+ " (" + System.getProperty("java.vm.name") + "), max heap "
				+ Runtime.getRuntime().maxMemory() / (1 << 20) + " MB, K = " + NlrOptions.DEFAULT_MAX_BODY);
		int sizes = 0;
		for (long events = 1_000_000; events <= maxEvents; events *= 10) {
			sizes++;
		}
		progress.begin("bench nlr", SHAPES.length * (2 + 4L * sizes));
		// warm-up: every code path on every shape, results dropped
		for (String shape : SHAPES) {
			alone(shape, 1_000_000, 1);
			progress.worked(1);
			withReading(shape, 200_000, 1);
			progress.worked(1);
		}
		out.println("| shape | events | NLR alone, 1 thread | NLR alone, " + threads + " threads | read+NLR, 1 thread | read+NLR, "
				+ threads + " threads | read+NLR per CPU second of its thread | peak heap |");
		out.println("|---|---|---|---|---|---|---|---|");
		for (long events = 1_000_000; events <= maxEvents; events *= 10) {
			for (String shape : SHAPES) {
				System.gc();
				HeapPeak.reset();
				double alone1 = alone(shape, events, 1).wall();
				progress.worked(1);
				double aloneT = alone(shape, events, threads).wall();
				progress.worked(1);
				Rates read1 = withReading(shape, events, 1);
				progress.worked(1);
				double readT = withReading(shape, events, threads).wall();
				progress.worked(1);
				out.printf("| %s | %,d | %s | %s | %s | %s | %s | %d MB |%n", shape, events, rate(alone1), rate(aloneT),
						rate(read1.wall()), rate(readT), rate(read1.cpu()), HeapPeak.bytes() / (1 << 20));
				out.flush();
			}
		}
		return 0;
	}

	private static String rate(double eventsPerSecond) {
		return String.format("%.1f M/s", eventsPerSecond / 1e6);
	}

	/**
	 * Events per second of wall time, and per second of processor time of the threads doing the
	 * work (summed over them, divided by their number): the latter does not depend on what else
	 * the machine runs, as long as the threads have their cores' caches to themselves.
	 */
	private record Rates(double wall, double cpu) {
	}

	/** NLR alone: each thread feeds its rank's events, from memory, to one recognizer. */
	private static Rates alone(String shape, long events, int threads) throws Exception {
		long perThread = events / threads;
		List<List<TraceEvent>> buffers = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			List<TraceEvent> buffer = new ArrayList<>();
			Iterator<TraceEvent> source = stream(shape, t, Math.min(perThread, BUFFER));
			while (source.hasNext()) {
				BenchCommand.checkCancelled(buffer.size());
				buffer.add(source.next());
			}
			buffers.add(buffer);
		}
		return parallel(threads, events, t -> {
			NestedLoopRecognizer recognizer = new NestedLoopRecognizer(NlrOptions.DEFAULTS);
			List<TraceEvent> buffer = buffers.get(t);
			for (long fed = 0; fed < perThread;) {
				for (int i = 0; i < buffer.size() && fed < perThread; i++, fed++) {
					BenchCommand.checkCancelled(fed);
					recognizer.feed(buffer.get(i));
				}
			}
			return recognizer.finish();
		});
	}

	/** Reading + NLR: the ranks' traces are written to a temporary folder first, then modelled. */
	private static Rates withReading(String shape, long events, int threads) throws Exception {
		Path folder = Files.createTempDirectory("looptrace-bench");
		try {
			long perRank = events / threads;
			for (int rank = 0; rank < threads; rank++) {
				try (EventWriter writer = EventWriter.create(folder.resolve("trace." + rank))) {
					long written = 0;
					for (Iterator<TraceEvent> source = stream(shape, rank, perRank); source.hasNext(); written++) {
						BenchCommand.checkCancelled(written);
						writer.write(source.next());
					}
				}
			}
			// one file per thread, modelled as files: the 16-rank pattern's peers are not ranks of this folder
			return parallel(threads, events,
					t -> Nlr.modelFile(folder.resolve("trace." + t), NlrOptions.DEFAULTS, Signals.PROGRESS));
		} finally {
			try (Stream<Path> files = Files.list(folder)) {
				for (Path file : files.toList()) {
					Files.delete(file);
				}
			}
			Files.delete(folder);
		}
	}

	/** Runs one task per thread at once; events per second over all of them. */
	private static Rates parallel(int threads, long events, Parallel.Task<?, ?> task) throws Exception {
		ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
		AtomicLong cpuNanos = new AtomicLong();
		long start = System.nanoTime();
		Parallel.map(threads, threads, t -> {
			long before = cpu.getCurrentThreadCpuTime();
			try {
				return task.run(t);
			} finally {
				cpuNanos.addAndGet(cpu.getCurrentThreadCpuTime() - before);
			}
		});
		double wall = events / ((System.nanoTime() - start) / 1e9);
		return new Rates(wall, events / (cpuNanos.get() / 1e9 / threads));
	}

	/**
	 * About {@code events} events of rank {@code rank % ranks} of the pattern, cut to exactly that
	 * many: the number of iterations is found from the events of one and two iterations.
	 */
	private static Iterator<TraceEvent> stream(String shape, int rank, long events) {
		int r = rank % RANKS;
		long one = count(Patterns.create(shape, RANKS, 1, 1).events(r));
		long two = count(Patterns.create(shape, RANKS, 2, 1).events(r));
		long perIteration = Math.max(1, two - one);
		long iterations = Math.max(1, (events - (one - perIteration)) / perIteration + 1);
		Iterator<TraceEvent> all = Patterns.create(shape, RANKS, iterations, 1).events(r);
		return new Iterator<>() {
			private long left = events;

			@Override
			public boolean hasNext() {
				return left > 0 && all.hasNext();
			}

			@Override
			public TraceEvent next() {
				left--;
				return all.next();
			}
		};
	}

	private static long count(Iterator<TraceEvent> events) {
		long count = 0;
		for (; events.hasNext(); events.next()) {
			count++;
		}
		return count;
	}
}
