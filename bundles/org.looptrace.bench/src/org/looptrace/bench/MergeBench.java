// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.HeapPeak;
import org.looptrace.cli.Signals;
import org.looptrace.cli.UsageException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * {@code looptrace bench merge}: time, peak heap and size of the global model of the merge alone
 * (local models built first, untimed), over growing numbers of ranks, on generated patterns. With
 * {@code --cancel}, also how long a cancelled merge takes to stop: the merge is run again and
 * cancelled at 1/6 … 5/6 of its time; the latency is from the cancel to the merge's return.
 */
final class MergeBench {

	/** The cancelled merges of --cancel, at 1/6 … 5/6 of the merge's time. */
	private static final int CANCELS = 5;

	private MergeBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench merge", args, Set.of("--ranks", "--patterns", "--iterations",
				"--threads"), Set.of("--no-fold", "--cancel"));
		arguments.positional(0, 0, "no argument besides the options");
		List<Integer> rankCounts = rankCounts("bench merge", arguments.value("--ranks", "16,64,256,1024,4096"));
		List<String> patterns = List.of(arguments.value("--patterns", "halo,torus,multipartition,wavefront,ring,solver").split(","));
		for (String pattern : patterns) {
			if (!Patterns.NAMES.contains(pattern)) {
				throw new UsageException("bench merge: unknown pattern '" + pattern + "': expected some of "
						+ String.join(", ", Patterns.NAMES));
			}
		}
		int iterations = arguments.intValue("--iterations", 10, 1, 1_000_000);
		int threads = arguments.intValue("--threads", Runtime.getRuntime().availableProcessors(), 1, 1024);
		MergeOptions options = new MergeOptions(threads, !arguments.flag("--no-fold"));
		boolean cancel = arguments.flag("--cancel");
		out.println("# looptrace bench merge --ranks " + rankCounts.toString().replace(" ", "").replace("[", "")
				.replace("]", "") + " --patterns " + String.join(",", patterns) + " --iterations " + iterations
				+ " --threads " + threads + (options.fold() ? "" : " --no-fold") + (cancel ? " --cancel" : ""));
		out.println("# " + Runtime.getRuntime().availableProcessors() + " cores (" + cpu() + "), Java "
				+ System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + "), max heap "
				+ Runtime.getRuntime().maxMemory() / (1 << 20) + " MB");
		progress.begin("bench merge", patterns.size() * (1 + rankCounts.size() * (2L + (cancel ? CANCELS : 0))));
		for (String pattern : patterns) {
			merge(locals(pattern, 16, iterations, threads), options);
			progress.worked(1);
		}
		out.println("| pattern | ranks | events | local constructs | merge time | processor time | µs per P·log2 P | peak heap | global constructs |"
				+ (cancel ? " cancel latency (max of 5) |" : ""));
		out.println("|---|---|---|---|---|---|---|---|---|" + (cancel ? "---|" : ""));
		for (String pattern : patterns) {
			for (int ranks : rankCounts) {
				List<Model> locals = locals(pattern, ranks, iterations, threads);
				long localConstructs = 0;
				long events = 0;
				for (Model local : locals) {
					localConstructs += constructs(ModelPrinter.print(local));
					for (var it = org.looptrace.model.core.ModelExpander.expand(local); it.hasNext(); it.next()) {
						BenchCommand.checkCancelled(events++);
					}
				}
				progress.worked(1);
				System.gc();
				HeapPeak.reset();
				long start = System.nanoTime();
				long processorStart = processorTime();
				Model global = merge(locals, options);
				double seconds = (System.nanoTime() - start) / 1e9;
				double processorSeconds = (processorTime() - processorStart) / 1e9;
				long peak = HeapPeak.bytes();
				progress.worked(1);
				double perUnit = seconds * 1e6 / (ranks * (Math.log(ranks) / Math.log(2)));
				out.printf("| %s | %d | %,d | %,d | %.3f s | %.3f s | %.1f | %d MB | %,d |", pattern, ranks, events,
						localConstructs, seconds, processorSeconds, perUnit, peak / (1 << 20),
						constructs(ModelPrinter.print(global)));
				out.println(cancel ? String.format(" %.3f s |", cancelLatency(locals, options, seconds, progress)) : "");
				out.flush();
			}
		}
		return 0;
	}

	/**
	 * Processor time of the whole JVM in nanoseconds, user and system (the merge's threads, and the
	 * collector's), from /proc/self/stat at 1/100 s: unlike the merge time, it hardly depends on what
	 * else the machine runs. 0 where there is no /proc.
	 */
	static long processorTime() {
		try {
			String stat = Files.readString(Path.of("/proc/self/stat"));
			// Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
			String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
			return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10_000_000L;
		} catch (IOException | RuntimeException e) {
			return 0;
		}
	}

	/** Constructs of a model: its lines, less the {@code done} lines that close loops. */
	static long constructs(String text) {
		return text.lines().filter(line -> !line.strip().equals("done")).count();
	}

	private static Model merge(List<Model> locals, MergeOptions options) throws Exception {
		return Merger.merge(locals, options, Signals.PROGRESS);
	}

	/** The longest time from a cancel to the merge's return, cancels at 1/6 … 5/6 of its time. */
	private static double cancelLatency(List<Model> locals, MergeOptions options, double seconds, Progress progress) throws Exception {
		long longest = 0;
		for (int sixth = 1; sixth <= CANCELS; sixth++) {
			long cancelAt = System.nanoTime() + (long) (seconds * 1e9 * sixth / (CANCELS + 1));
			try {
				Merger.merge(locals, options, Progress.cancelledWhen(() -> System.nanoTime() >= cancelAt || Signals.PROGRESS.isCancelled()));
			} catch (CancellationException expected) {
				// what is measured: how late after cancelAt it came, unless the user cancelled the benchmark
				Signals.PROGRESS.checkCancelled();
			}
			longest = Math.max(longest, System.nanoTime() - cancelAt);
			progress.worked(1);
		}
		return longest / 1e9;
	}

	/** The local models of a generated pattern, NLR on every rank in parallel. */
	private static List<Model> locals(String name, int ranks, int iterations, int threads) throws Exception {
		Pattern pattern = Patterns.create(name, ranks, iterations, 1);
		return Parallel.map(ranks, threads,
				rank -> NestedLoopRecognizer.model(pattern.events(rank), NlrOptions.DEFAULTS, Signals.PROGRESS));
	}

	/** The numbers of ranks of {@code --ranks}: from 2, separated by commas. */
	static List<Integer> rankCounts(String command, String given) throws UsageException {
		List<Integer> rankCounts = new ArrayList<>();
		for (String word : given.split(",")) {
			try {
				int ranks = Integer.parseInt(word.strip());
				if (ranks < 2) {
					throw new NumberFormatException();
				}
				rankCounts.add(ranks);
			} catch (NumberFormatException e) {
				throw new UsageException(command + ": --ranks expects numbers of ranks from 2, separated by commas, found '" + word + "'");
			}
		}
		return rankCounts;
	}

	static String cpu() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
				if (line.startsWith("model name")) {
					return line.substring(line.indexOf(':') + 1).strip();
				}
			}
		} catch (IOException e) {
			// not Linux: the JVM's view of the machine is all there is
		}
		return System.getProperty("os.arch");
	}
}
