// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.MpiRuns;
import org.looptrace.trace.TraceFolder;

/**
 * The round trip of a replay program: generate it, build it with make, run it with mpirun under
 * the tracer (preloaded, as {@code looptrace trace} does), write the model's tags back into the
 * traces and model them. Open MPI runs as root and oversubscribed, as in the tracer's tests.
 */
final class ReplayRuns {

	/** The tracer's source folder (its build goes to build/ there). */
	static final Path TRACER = Path.of(System.getProperty("looptrace.tracer", "../../tracer")).toAbsolutePath().normalize();
	static final Path EXAMPLES = Path.of(System.getProperty("looptrace.examples", "../../examples")).toAbsolutePath().normalize();

	private ReplayRuns() {
	}

	/** Whether Open MPI's compiler and launcher are installed. */
	static boolean mpiInstalled() {
		return Files.isExecutable(Path.of("/usr/bin/mpicc")) && Files.isExecutable(Path.of("/usr/bin/mpirun"));
	}

	/** Builds the preloadable tracer once. */
	static void buildTracer() throws IOException, InterruptedException {
		assertEquals(0, MpiRuns.run(List.of("make", "-s", "-C", TRACER.toString(), "build/liblooptrace.so"), TRACER.resolve("build/make-replay.log")),
				"make -C tracer build/liblooptrace.so failed, see tracer/build/make-replay.log");
	}

	/** The model of a trace folder, as {@code looptrace model} makes it: folded, or with {@code --no-fold} not. */
	static Model model(Path folder, boolean fold) throws Exception {
		return Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(2, fold), Progress.NONE);
	}

	/** The model's text without comment lines. */
	static String text(Model model) {
		return ModelPrinter.print(model).lines().filter(line -> !line.startsWith("//")).collect(Collectors.joining("\n"));
	}

	/** Writes the program into {@code work/replay}, builds it, runs it traced into {@code work/traced}, restores its tags. */
	static Path replay(ReplayProgram program, Path work, String... environment) throws IOException, InterruptedException {
		Path folder = work.resolve("replay");
		program.write(folder, false);
		Path log = work.resolve("make.log");
		assertEquals(0, MpiRuns.run(List.of("make", "-s", "-C", folder.toString()), log), () -> "make failed: " + MpiRuns.read(log));
		Path traced = work.resolve("traced");
		Files.createDirectories(traced);
		List<String> command = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--allow-run-as-root", "-np",
				Integer.toString(program.ranks()), "-x", "LD_PRELOAD=" + TRACER.resolve("build/liblooptrace.so"), "-x",
				"LOOPTRACE_DIR=" + traced));
		for (String variable : environment) {
			command.addAll(List.of("-x", variable));
		}
		command.add(folder.resolve("replay").toString());
		Path runLog = work.resolve("mpirun.log");
		assertEquals(0, MpiRuns.run(command, runLog), () -> "mpirun failed: " + MpiRuns.read(runLog));
		program.tags().restore(traced);
		return traced;
	}
}
