// SPDX-License-Identifier: EPL-2.0
package org.looptrace.tracer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.MpiRuns;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.ConsistencyCheck;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.EventReader;
import org.looptrace.trace.TraceFolder;

/**
 * The tracer end to end: every example MPI program of tracer/examples run under mpirun with the
 * tracer preloaded, at 4 and 9 ranks; the folder it writes is consistent for the engine's own
 * check, its data records align with its events, and its global model projects back onto every
 * rank's trace.
 */
class TracedExamplesTest {

	private static final int ITERATIONS = 12;
	/** The tracer's source folder (its build goes to build/ there). */
	static final Path TRACER = Path.of(System.getProperty("looptrace.tracer", "../../tracer")).toAbsolutePath().normalize();

	@BeforeAll
	static void buildTracer() throws Exception {
		assertEquals(0, run(List.of("make", "-s", "-C", TRACER.toString(), "all"), TRACER.resolve("build/make.log")),
				"make -C tracer all failed, see tracer/build/make.log");
	}

	static Stream<Arguments> runs() {
		List<Arguments> runs = new ArrayList<>();
		for (String example : List.of("ring", "halo2d", "wavefront", "master_worker", "solver", "anysource_comm")) {
			for (int ranks : List.of(4, 9)) {
				runs.add(Arguments.of(example, ranks));
			}
		}
		return runs.stream();
	}

	@ParameterizedTest(name = "{0} on {1} ranks")
	@MethodSource("runs")
	void tracedRunIsConsistentAndItsModelProjectsOnEveryRank(String example, int ranks, @TempDir Path folder)
			throws Exception {
		trace(folder, ranks, example, Integer.toString(ITERATIONS));
		TraceFolder traces = TraceFolder.open(folder);
		assertEquals(ranks, traces.ranks());

		ConsistencyCheck.Report report = ConsistencyCheck.check(traces, Progress.NONE);
		assertFalse(report.hasErrors(), () -> String.join("\n", report.diagnostics().stream().map(Object::toString).toList()));

		List<List<TraceEvent>> events = new ArrayList<>();
		for (int rank = 0; rank < ranks; rank++) {
			events.add(Projection.events(traces, rank));
			try (DataTrace data = traces.openData(rank)) {
				assertEquals(events.get(rank).size(), data.records(), "data records of rank " + rank);
				long previous = Long.MIN_VALUE;
				for (long position = 0; position < data.records(); position++) {
					long time = data.value(position, "time");
					assertTrue(time >= previous && time <= data.value(position, "end"), "time of record " + position);
					previous = time;
				}
			}
		}
		assertSendsMatchReceives(events);

		Model model = Pipeline.model(traces, NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
		Projection.assertProjection(events, model, example + ": the global model");
	}

	/** The ring passes the token once per iteration: the counts per channel are the program's. */
	@Test
	void ringCountsAreThoseOfTheProgram(@TempDir Path folder) throws Exception {
		int ranks = 4;
		trace(folder, ranks, "ring", Integer.toString(ITERATIONS));
		TraceFolder traces = TraceFolder.open(folder);
		Map<Channel, Long> sends = new HashMap<>();
		for (int rank = 0; rank < ranks; rank++) {
			for (TraceEvent event : Projection.events(traces, rank)) {
				if (event.kind() == EventKind.SEND) {
					sends.merge(event.channel(), 1L, Long::sum);
				}
			}
		}
		for (int r = 0; r < ranks; r++) {
			int rank = r;
			int next = (rank + 1) % ranks;
			long count = sends.entrySet().stream()
					.filter(entry -> entry.getKey().src() == rank && entry.getKey().dst() == next)
					.mapToLong(Map.Entry::getValue).sum();
			assertEquals(ITERATIONS, count, "messages from " + rank + " to " + next);
		}
	}

	/**
	 * A rank that dies mid-run (abort, so the tracer flushes what it buffered): the engine's check
	 * reports the broken run with messages naming files and channels, and every file stays readable.
	 */
	@Test
	void aRankKilledMidRunIsReportedAndWhatWasWrittenStaysReadable(@TempDir Path folder) throws Exception {
		List<String> command = List.of("mpirun", "--oversubscribe", "--allow-run-as-root", "-np", "4", "-x",
				"LD_PRELOAD=" + TRACER.resolve("build/liblooptrace.so"), "-x", "LOOPTRACE_DIR=" + folder,
				TRACER.resolve("build/examples/ring").toString(), "400", "abort:100");
		int status = run(command, folder.resolve("mpirun.log"));
		assertTrue(status != 0, "mpirun should report the aborted rank");
		Files.delete(folder.resolve("mpirun.log"));

		TraceFolder traces = TraceFolder.open(folder);
		ConsistencyCheck.Report report = ConsistencyCheck.check(traces, Progress.NONE);
		assertTrue(report.hasErrors(), "a run with a dead rank must not look consistent");
		for (var diagnostic : report.diagnostics()) {
			assertTrue(diagnostic.file() != null && diagnostic.message().length() > 10, diagnostic.toString());
		}
		// What was written reads without a format error. The aborting rank flushed its events up to
		// its death; the others were killed by mpirun, flushed or not depending on the timing.
		for (int rank = 0; rank < traces.ranks(); rank++) {
			Projection.events(traces, rank);
		}
		int written = Projection.events(traces, 1).size();
		assertTrue(written > 0 && written < 400 * 2, "rank 1 died at iteration 100 of 400, wrote " + written + " events");
	}

	/**
	 * Allocation failures injected into the tracer (a preloaded malloc failing every allocation of
	 * the tracer after the first N, at start-up, in the bookkeeping of communicators and in the
	 * middle of the run): the run ends with one clear message, never a crash, and every file holds
	 * whole lines and whole records that read without a format error.
	 */
	@ParameterizedTest(name = "allocations of the tracer fail after {0}")
	@MethodSource("allocationCounts")
	void outOfMemoryEndsInAClearMessageAndWholeLines(int allowed, @TempDir Path folder) throws Exception {
		List<String> command = List.of("mpirun", "--oversubscribe", "--allow-run-as-root", "-np", "4", "-x",
				"LD_PRELOAD=" + TRACER.resolve("build/failmalloc.so") + ":" + TRACER.resolve("build/liblooptrace.so"),
				"-x", "LOOPTRACE_FAIL_ALLOC=" + allowed, "-x", "LOOPTRACE_FUNCTIONS=1", "-x", "LOOPTRACE_DIR=" + folder,
				TRACER.resolve("build/examples/solver_fn").toString(), "20");
		Path log = folder.resolve("mpirun.log");
		int status = run(command, log);
		String output = readQuietly(log);
		assertFalse(output.contains("Segmentation") || output.contains("signal 11"), output);
		if (status != 0) {
			assertTrue(output.matches("(?s).*looptrace: rank \\d+: out of memory allocating \\d+ bytes for [^\\n]+: "
					+ "trace\\.\\d+ and data\\.\\d+ end at the last whole event; aborting the run.*"), output);
		}
		try (Stream<Path> files = Files.list(folder)) {
			for (Path file : files.filter(f -> f.getFileName().toString().startsWith("trace.")).toList()) {
				String text = Files.readString(file);
				assertTrue(text.isEmpty() || text.endsWith("\n"), file + " ends in a torn line");
				int rank = Integer.parseInt(file.getFileName().toString().substring("trace.".length()));
				long events = 0;
				try (EventReader reader = EventReader.open(file, rank, 4)) {
					while (reader.next() != null) {
						events++;
					}
				}
				try (DataTrace data = DataTrace.open(folder.resolve("data." + rank))) {
					assertEquals(events, data.records(), "one data record per event of " + file);
				}
			}
		}
	}

	static Stream<Integer> allocationCounts() {
		// 0: the output buffers; then communicators and rank sets; then function names in the run; 1000: none fails
		return Stream.of(0, 1, 3, 5, 8, 10, 11, 12, 13, 1000);
	}

	private static void assertSendsMatchReceives(List<List<TraceEvent>> events) {
		Map<Channel, Long> balance = new HashMap<>();
		for (List<TraceEvent> rank : events) {
			for (TraceEvent event : rank) {
				if (event.kind() == EventKind.SEND || event.kind() == EventKind.RECV) {
					balance.merge(event.channel(), event.kind() == EventKind.SEND ? 1L : -1L, Long::sum);
				}
			}
		}
		balance.forEach((channel, count) -> assertEquals(0L, count, "unbalanced channel " + channel));
	}

	/** Runs {@code example} on {@code ranks} ranks under the tracer, writing its trace folder into {@code folder}. */
	static void trace(Path folder, int ranks, String example, String... args) throws Exception {
		List<String> command = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--allow-run-as-root", "-np",
				Integer.toString(ranks), "-x", "LD_PRELOAD=" + TRACER.resolve("build/liblooptrace.so"), "-x",
				"LOOPTRACE_DIR=" + folder, TRACER.resolve("build/examples/" + example).toString()));
		command.addAll(List.of(args));
		Path log = folder.resolve("mpirun.log");
		assertEquals(0, run(command, log), () -> "mpirun failed: " + readQuietly(log));
		Files.delete(log);
	}

	/** Runs {@code command} with Open MPI allowed as root and oversubscribed, its output into {@code log}. */
	static int run(List<String> command, Path log) throws IOException, InterruptedException {
		return MpiRuns.run(command, log);
	}

	static String readQuietly(Path log) {
		return MpiRuns.read(log);
	}
}
