// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.Signals;
import org.looptrace.cli.UsageException;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.replay.ReplayGenerator;
import org.looptrace.replay.ReplayOptions;
import org.looptrace.replay.ReplayOptions.Compute;
import org.looptrace.replay.ReplayProgram;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.TraceFolder;

/**
 * {@code looptrace bench replay}: the time to generate the replay program of a model of N
 * constructs (loops of ring exchanges and collectives on 16 ranks), and, for every example run, the
 * replay with {@code --compute exact} built, run under the tracer, and its run time (the longest
 * rank's span from its first event to the end of its last, in the data traces) against the run's.
 */
final class ReplayBench {

	private static final int RUNS = 3;

	private ReplayBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench replay", args, Set.of("--constructs", "--examples"), Set.of());
		arguments.positional(0, 0, "no argument besides the options");
		int constructs = arguments.intValue("--constructs", 10_000, 100, 10_000_000);
		String home = System.getProperty("looptrace.home", ".");
		Path examples = Path.of(arguments.value("--examples", Path.of(home, "examples").toString()));
		out.println("# looptrace bench replay --constructs " + constructs + ": " + Runtime.getRuntime().availableProcessors() + " cores ("
				+ MergeBench.cpu() + "), Java " + System.getProperty("java.version") + ", load average " + ScanBench.load());
		List<Path> runs;
		try (Stream<Path> folders = Files.list(examples)) {
			runs = folders.filter(folder -> Files.exists(folder.resolve("data.0"))).sorted().toList();
		}
		Path dir = Files.createTempDirectory("looptrace-replay");
		try {
			// the generations and their build, the tracer's build, then a unit per example run
			progress.begin("bench replay", RUNS + 2L + runs.size());
			generation(out, constructs, dir, progress);
			Path tracer = Path.of(home, "tracer");
			if (command(List.of("make", "-s", "-C", tracer.toString(), "build/liblooptrace.so"), dir.resolve("make.log")) != 0) {
				throw new UsageException("bench replay: could not build the tracer in " + tracer + " (mpicc and make are needed)");
			}
			progress.worked(1);
			out.println();
			out.println("| example | ranks | events | run (span of the data) | replay, --compute exact (span traced) | replay / run | mpirun wall time |");
			out.println("|---|---|---|---|---|---|---|");
			for (Path run : runs) {
				try {
					replay(out, run, tracer.resolve("build/liblooptrace.so"), dir.resolve(run.getFileName().toString()));
				} catch (Exception e) { // a folder this benchmark cannot replay (a broken example) gets a row saying why
					Signals.PROGRESS.checkCancelled();
					out.println("| " + run.getFileName() + " | not replayed: " + e.getMessage().lines().findFirst().orElse("") + " |||||");
				}
				progress.worked(1);
			}
			out.println("load average after: " + ScanBench.load());
			return 0;
		} finally {
			try (Stream<Path> files = Files.walk(dir)) {
				for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
					Files.delete(file);
				}
			}
		}
	}

	/** Best of 3 generations of a model of about {@code constructs} constructs, and its build with mpicc. */
	private static void generation(PrintStream out, int constructs, Path dir, Progress progress) throws Exception {
		Model model = ModelText.parse(model(constructs), "bench.loops");
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		double wall = Double.MAX_VALUE;
		double cpu = Double.MAX_VALUE;
		ReplayProgram program = ReplayGenerator.generate(model, "bench.loops", ReplayOptions.NONE, Signals.PROGRESS);
		for (int run = 0; run < RUNS; run++) {
			long start = System.nanoTime();
			long startCpu = threads.getCurrentThreadCpuTime();
			program = ReplayGenerator.generate(model, "bench.loops", ReplayOptions.NONE, Signals.PROGRESS);
			wall = Math.min(wall, (System.nanoTime() - start) / 1e9);
			cpu = Math.min(cpu, (threads.getCurrentThreadCpuTime() - startCpu) / 1e9);
			progress.worked(1);
		}
		Path folder = dir.resolve("generated");
		program.write(folder, true);
		long start = System.nanoTime();
		int status = command(List.of("make", "-s", "-C", folder.toString()), dir.resolve("generated.log"));
		double make = (System.nanoTime() - start) / 1e9;
		progress.worked(1);
		out.println("| model | constructs | replay.c | generation (best of 3) | CPU of the thread (least of 3) | make (mpicc -O2) |");
		out.println("|---|---|---|---|---|---|");
		out.printf("| loops of ring exchanges and Allreduce on 16 ranks | %,d | %,d lines | %.3f s | %.3f s | %s |%n", LayoutBench.constructs(model),
				program.files().get(ReplayProgram.SOURCE).lines().count(), wall, cpu, status == 0 ? String.format("%.1f s", make) : "failed");
	}

	/** Blocks of a loop of 16 iterations (a ring exchange with its own tag) and an Allreduce of every rank, 19 constructs each. */
	static String model(int constructs) {
		StringBuilder text = new StringBuilder();
		for (int made = 0, tag = 0; made < constructs; made += 19, tag++) {
			text.append("for i0 = 0 to 15\n");
			text.append("  i0 send mod(1+i0,16) ").append(tag % 32000).append('\n');
			text.append("  i0 recv mod(1+i0,16) ").append(tag % 32000).append('\n');
			text.append("done\n");
			for (int rank = 0; rank < 16; rank++) {
				text.append(rank).append(" sync MPI_Allreduce 0-15\n");
			}
		}
		return text.toString();
	}

	/** One example: modelled, replayed with exact gaps under the tracer; the spans of both runs. */
	private static void replay(PrintStream out, Path run, Path library, Path work) throws Exception {
		TraceFolder traces = TraceFolder.open(run);
		Model model = Pipeline.model(traces, NlrOptions.DEFAULTS, MergeOptions.defaults(), Signals.PROGRESS);
		ReplayProgram program = ReplayGenerator.generate(model, run.getFileName() + ".loops", new ReplayOptions(run, Compute.EXACT),
				Signals.PROGRESS);
		Path folder = work.resolve("replay");
		program.write(folder, true);
		Path traced = work.resolve("traced");
		Files.createDirectories(traced);
		if (command(List.of("make", "-s", "-C", folder.toString()), work.resolve("make.log")) != 0) {
			throw new UsageException("bench replay: make failed, see " + work.resolve("make.log"));
		}
		List<String> mpirun = new ArrayList<>(List.of("mpirun", "--oversubscribe", "-np", Integer.toString(program.ranks()), "-x",
				"LD_PRELOAD=" + library, "-x", "LOOPTRACE_DIR=" + traced, folder.resolve("replay").toString()));
		if ("root".equals(System.getProperty("user.name"))) {
			mpirun.add(1, "--allow-run-as-root");
		}
		long start = System.nanoTime();
		if (command(mpirun, work.resolve("mpirun.log")) != 0) {
			throw new UsageException("bench replay: mpirun failed, see " + work.resolve("mpirun.log"));
		}
		double wall = (System.nanoTime() - start) / 1e9;
		long events = 0;
		for (int rank = 0; rank < traces.ranks(); rank++) {
			try (DataTrace data = DataTrace.open(run.resolve("data." + rank))) {
				events += data.records();
			}
		}
		double before = span(run, program.ranks());
		double after = span(traced, program.ranks());
		out.printf("| %s | %d | %,d | %.3f ms | %.3f ms | %.2f | %.1f s |%n", run.getFileName(), program.ranks(), events, before * 1e3,
				after * 1e3, after / before, wall);
	}

	/** The longest time of a rank from its first event's start to its last event's end, in seconds. */
	private static double span(Path folder, int ranks) throws IOException {
		long longest = 0;
		for (int rank = 0; rank < ranks; rank++) {
			try (DataTrace data = DataTrace.open(folder.resolve("data." + rank))) {
				if (data.records() > 0) {
					String end = data.attributes().contains("end") ? "end" : "time";
					longest = Math.max(longest, data.value(data.records() - 1, end) - data.value(0, "time"));
				}
			}
		}
		return longest / 1e9;
	}

	private static int command(List<String> command, Path log) throws IOException, InterruptedException {
		return Signals.waitFor(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
	}
}
