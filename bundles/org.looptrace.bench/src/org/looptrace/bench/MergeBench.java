// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.HeapPeak;
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
 * (local models built first, untimed), over growing numbers of ranks, on generated patterns.
 */
final class MergeBench {

	private MergeBench() {
	}

	static int run(List<String> args, PrintStream out) throws Exception {
		Arguments arguments = Arguments.parse("bench merge", args, Set.of("--ranks", "--patterns", "--iterations",
				"--threads"), Set.of("--no-fold"));
		arguments.positional(0, 0, "no argument besides the options");
		List<Integer> rankCounts = new ArrayList<>();
		for (String word : arguments.value("--ranks", "16,64,256,1024,4096").split(",")) {
			try {
				int ranks = Integer.parseInt(word.strip());
				if (ranks < 2) {
					throw new NumberFormatException();
				}
				rankCounts.add(ranks);
			} catch (NumberFormatException e) {
				throw new UsageException("bench merge: --ranks expects numbers of ranks from 2, separated by commas, found '"
						+ word + "'");
			}
		}
		List<String> patterns = List.of(arguments.value("--patterns", "halo,wavefront,ring,solver").split(","));
		for (String pattern : patterns) {
			if (!Patterns.NAMES.contains(pattern)) {
				throw new UsageException("bench merge: unknown pattern '" + pattern + "': expected some of "
						+ String.join(", ", Patterns.NAMES));
			}
		}
		int iterations = arguments.intValue("--iterations", 10, 1, 1_000_000);
		int threads = arguments.intValue("--threads", Runtime.getRuntime().availableProcessors(), 1, 1024);
		MergeOptions options = new MergeOptions(threads, !arguments.flag("--no-fold"));
		out.println("# looptrace bench merge --ranks " + rankCounts.toString().replace(" ", "").replace("[", "")
				.replace("]", "") + " --patterns " + String.join(",", patterns) + " --iterations " + iterations
				+ " --threads " + threads + (options.fold() ? "" : " --no-fold"));
		out.println("# " + Runtime.getRuntime().availableProcessors() + " cores (" + cpu() + "), Java "
				+ System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + "), max heap "
				+ Runtime.getRuntime().maxMemory() / (1 << 20) + " MB");
		out.flush();
		for (String pattern : patterns) {
			merge(locals(pattern, 16, iterations, threads), options);
		}
		out.println("| pattern | ranks | events | local constructs | merge time | µs per P·log2 P | peak heap | global constructs |");
		out.println("|---|---|---|---|---|---|---|---|");
		for (String pattern : patterns) {
			for (int ranks : rankCounts) {
				List<Model> locals = locals(pattern, ranks, iterations, threads);
				long localConstructs = 0;
				long events = 0;
				for (Model local : locals) {
					localConstructs += constructs(ModelPrinter.print(local));
					for (var it = org.looptrace.model.core.ModelExpander.expand(local); it.hasNext(); it.next()) {
						events++;
					}
				}
				System.gc();
				HeapPeak.reset();
				long start = System.nanoTime();
				Model global = merge(locals, options);
				double seconds = (System.nanoTime() - start) / 1e9;
				long peak = HeapPeak.bytes();
				double perUnit = seconds * 1e6 / (ranks * (Math.log(ranks) / Math.log(2)));
				out.printf("| %s | %d | %,d | %,d | %.3f s | %.1f | %d MB | %,d |%n", pattern, ranks, events,
						localConstructs, seconds, perUnit, peak / (1 << 20), constructs(ModelPrinter.print(global)));
				out.flush();
			}
		}
		return 0;
	}

	/** Constructs of a model: its lines, less the {@code done} lines that close loops. */
	static long constructs(String text) {
		return text.lines().filter(line -> !line.strip().equals("done")).count();
	}

	private static Model merge(List<Model> locals, MergeOptions options) throws Exception {
		return Merger.merge(locals, options, Progress.NONE);
	}

	/** The local models of a generated pattern, NLR on every rank in parallel. */
	private static List<Model> locals(String name, int ranks, int iterations, int threads) throws Exception {
		Pattern pattern = Patterns.create(name, ranks, iterations, 1);
		return Parallel.map(ranks, threads,
				rank -> NestedLoopRecognizer.model(pattern.events(rank), NlrOptions.DEFAULTS, Progress.NONE));
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
