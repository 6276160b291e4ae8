// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.cli.Cli.Result;
import org.looptrace.lang.ModelText;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.MpiRuns;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.ConsistencyCheck;
import org.looptrace.trace.TraceFolder;

/** {@code looptrace trace}: a real MPI run under the tracer, where Open MPI is installed. */
class TraceCommandTest {

	private @Nullable String previousHome;
	/** The traced program, relative to the LoopTrace home until needsOpenMpi resolves it there. */
	private Path ring = Path.of("tracer/build/examples/ring");

	@BeforeEach
	void needsOpenMpi() throws Exception {
		Assumptions.assumeTrue(Files.exists(Path.of("/usr/bin/mpicc")), "Open MPI is not installed");
		Path home = Cli.examples().resolve("..").toRealPath();
		ring = home.resolve(ring);
		if (!Files.isExecutable(ring)) {
			// On a fresh clone the tracer is not built yet: this test may run before the tracer's module.
			Files.createDirectories(home.resolve("tracer/build"));
			Process make = new ProcessBuilder("make", "-s", "-C", home.resolve("tracer").toString(), "all")
					.redirectErrorStream(true).redirectOutput(home.resolve("tracer/build/make.log").toFile()).start();
			assertEquals(0, make.waitFor(), "make -C tracer all failed, see tracer/build/make.log");
		}
		previousHome = System.getProperty("looptrace.home");
		System.setProperty("looptrace.home", home.toString());
	}

	@AfterEach
	void restoreHome() {
		if (previousHome == null) {
			System.clearProperty("looptrace.home");
		} else {
			System.setProperty("looptrace.home", previousHome);
		}
	}

	@Test
	void tracesARingThenRefusesToOverwriteIt(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("ring-trace");
		Result result = Cli.expect(0, "trace", "-np", "4", "-o", folder.toString(), ring.toString(), "5");
		TraceFolder traces = TraceFolder.open(folder);
		assertEquals(4, traces.ranks());
		ConsistencyCheck.Report report = ConsistencyCheck.check(traces, Progress.NONE);
		assertFalse(report.hasErrors(), report::summary);
		assertTrue(report.events() > 0, report::summary);
		assertEquals(folder + ": " + report.summary() + "\n", result.out());
		Projection.assertProjectsOnEveryRank(
				ModelText.parse(Cli.expect(0, "model", folder.toString()).out(), "ring.loops"), traces);

		Map<String, byte[]> before = Cli.snapshot(folder);
		Result again = Cli.expectUsageError("trace", "trace", "-np", "4", "-o", folder.toString(), ring.toString(), "5");
		assertTrue(again.err().contains(folder + " exists and is not empty; use --force to replace it"), again::toString);
		Cli.assertSameFiles(before, Cli.snapshot(folder));

		// with --force, on fewer ranks: the old run is replaced, not mixed with the new one
		Cli.expect(0, "trace", "-np", "2", "--force", "-o", folder.toString(), ring.toString(), "3");
		assertEquals(2, TraceFolder.open(folder).ranks());
		Cli.expect(0, "check", folder.toString());
	}

	/**
	 * The round trip model, replay, mpirun, model gives the original text: the replay's table of tags
	 * goes beside its traces and turns the numbers it sent back into the model's symbolic tags, the
	 * traces themselves untouched; --tags names a table elsewhere.
	 */
	@Test
	void aTracedReplayModelsAsTheOriginal(@TempDir Path dir) throws Exception {
		String original = Cli.expect(0, "model", Cli.example("random-6").toString()).out();
		Path model = dir.resolve("random.loops");
		Files.writeString(model, original);
		Path replay = dir.resolve("replay");
		Cli.expect(0, "replay", model.toString(), "-o", replay.toString());
		assertTrue(Files.readString(replay.resolve("replay.tags")).contains(" tag"), "no symbolic tag replayed as a number");
		Path log = dir.resolve("make.log");
		assertEquals(0, MpiRuns.run(List.of("make", "-s", "-C", replay.toString()), log), () -> "make failed: " + MpiRuns.read(log));
		Path traced = dir.resolve("traced");
		Cli.expect(0, "trace", "-np", "6", "-o", traced.toString(), replay.resolve("replay").toString());
		assertEquals(Files.readString(replay.resolve("replay.tags")), Files.readString(traced.resolve("replay.tags")));
		List<String> traces = texts(traced);

		assertEquals(original, Cli.expect(0, "model", traced.toString()).out());
		assertEquals(traces, texts(traced), "the tracer's traces are left as they are");
		Path table = Files.move(traced.resolve("replay.tags"), dir.resolve("tags.txt"));
		String numeric = Cli.expect(0, "model", traced.toString()).out();
		assertNotEquals(original, numeric, "without the table, the replay's numbers");
		assertEquals(original, Cli.expect(0, "model", traced.toString(), "--tags", table.toString()).out());

		Files.writeString(table, "7 tag1\nseven tag2\n");
		assertEquals("looptrace model: " + table + ":2: error: expected 'NUMBER SYMBOL' or 'FROM-TO COMMUNICATOR.FIRST-LAST'"
				+ " (as many numbers as tags, FIRST <= LAST, at most 18 digits a number), found 'seven tag2'\n",
				Cli.expectUsageError("model", "model", traced.toString(), "--tags", table.toString()).err());
	}

	private static List<String> texts(Path traced) throws Exception {
		List<String> texts = new ArrayList<>();
		for (int rank = 0; rank < 6; rank++) {
			texts.add(Files.readString(traced.resolve("trace." + rank)));
		}
		return texts;
	}
}
