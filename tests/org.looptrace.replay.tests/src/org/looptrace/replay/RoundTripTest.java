// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.replay.ReplayOptions.Compute;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.testsupport.GuardModels;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.EventWriter;
import org.looptrace.trace.generate.Patterns;

/**
 * The round trip: a model replayed, traced by our tracer and modelled again is the same model,
 * comments aside; with data traces, every send and collective of the replay has the size it had.
 * On the example runs, on every generated pattern, on random consistent programs, on the models
 * of real runs kept by the merge tests and on a butterfly written with xor.
 */
class RoundTripTest {

	@BeforeAll
	static void tracer() throws Exception {
		assumeTrue(ReplayRuns.mpiInstalled(), "Open MPI (mpicc, mpirun) is not installed");
		ReplayRuns.buildTracer();
	}

	static Stream<String> examples() throws IOException {
		try (Stream<Path> folders = Files.list(ReplayRuns.EXAMPLES)) {
			return folders.filter(folder -> Files.exists(folder.resolve("trace.0")) && !folder.getFileName().toString().equals("broken"))
					.map(folder -> folder.getFileName().toString()).sorted().toList().stream();
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("examples")
	void anExampleRunIsReplayedWithItsSizes(String example, @TempDir Path work) throws Exception {
		assertRoundTrip(ReplayRuns.EXAMPLES.resolve(example), Compute.NONE, work);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("patterns")
	void aGeneratedPatternIsReplayedWithItsSizes(String pattern, @TempDir Path work) throws Exception {
		Path folder = work.resolve("run");
		Patterns.write(GeneratedPatterns.create(pattern, pattern.equals("multipartition") ? 9 : 6, 4, 11), folder, Progress.NONE);
		assertRoundTrip(folder, Compute.NONE, work);
	}

	static Stream<String> patterns() {
		return Patterns.ALL.stream();
	}

	/** Computation replayed as busy waiting changes nothing of the traces: exact gaps, then means. */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "exact", "mean" })
	void computationKeepsTheModelAndSizes(String compute, @TempDir Path work) throws Exception {
		assertRoundTrip(ReplayRuns.EXAMPLES.resolve("solver-16"), Compute.valueOf(compute.toUpperCase()), work);
	}

	@ParameterizedTest(name = "seed {0}")
	@ValueSource(longs = { 1, 2, 3, 4, 5, 6 })
	void aRandomConsistentProgramIsReplayed(long seed, @TempDir Path work) throws Exception {
		Path folder = work.resolve("run");
		Files.createDirectories(folder);
		List<List<TraceEvent>> traces = seed % 2 == 0 ? RandomPrograms.shaped(5, seed) : RandomPrograms.traces(5, seed);
		for (int rank = 0; rank < traces.size(); rank++) {
			try (EventWriter writer = EventWriter.create(folder.resolve("trace." + rank))) {
				for (TraceEvent event : traces.get(rank)) {
					writer.write(mpiNames(event));
				}
			}
		}
		Model original = ReplayRuns.model(folder, true);
		ReplayProgram program = ReplayGenerator.generate(original, "random.loops", ReplayOptions.NONE, Progress.NONE);
		Path traced = ReplayRuns.replay(program, work);
		assertEquals(ReplayRuns.text(original), ReplayRuns.text(ReplayRuns.model(traced, true)), "seed " + seed);
	}

	/** The random programs name their collectives as no MPI library does: the names of MPI's, in their place. */
	private static TraceEvent mpiNames(TraceEvent event) {
		if (event.kind() != org.looptrace.model.core.EventKind.SYNC || event.tag().startsWith("MPI_")) {
			return event;
		}
		List<String> names = List.of("MPI_Barrier", "MPI_Allreduce", "MPI_Bcast", "MPI_Alltoall");
		return TraceEvent.sync(event.rank(), names.get(Math.floorMod(event.tag().hashCode(), names.size())), event.group());
	}

	/**
	 * A butterfly (recursive doubling over 8 ranks, the peer of stage s is xor(r,pow2(s))): the
	 * program compiles with the model's xor and pow2, each rank's trace is the model's projection on
	 * it, and the traces modelled again project as the model.
	 */
	@Test
	void aButterflyOfXorPeersIsReplayed(@TempDir Path work) throws Exception {
		Model original = ModelText.parse("""
				for s = 0 to 2
				  for r = 0 to 7
				    r send xor(r,pow2(s)) s
				    xor(r,pow2(s)) recv r s
				  done
				done
				""", "butterfly.loops");
		ReplayProgram program = ReplayGenerator.generate(original, "butterfly.loops", ReplayOptions.NONE, Progress.NONE);
		assertEquals(8, program.ranks());
		Path traced = ReplayRuns.replay(program, work);
		Model again = ReplayRuns.model(traced, true);
		for (int rank = 0; rank < program.ranks(); rank++) {
			List<String> projection = lines(ModelExpander.expand(original, rank));
			assertEquals(6, projection.size(), "rank " + rank); // a send and a receive per stage
			assertEquals(projection, Files.readAllLines(traced.resolve("trace." + rank)), "trace." + rank);
			assertEquals(projection, lines(ModelExpander.expand(again, rank)), "rank " + rank + " of\n" + ReplayRuns.text(again));
		}
	}

	/**
	 * Models with guard loops (loops that run at some iterations of an enclosing loop only; seed 0 the
	 * warm-up of a time step on 16 ranks): each rank's trace of the replay is the model's projection on
	 * it, and its plain twin's.
	 */
	@ParameterizedTest(name = "seed {0}")
	@ValueSource(longs = { 0, 1, 2, 3, 4 })
	void aModelWithGuardLoopsIsReplayed(long seed, @TempDir Path work) throws Exception {
		GuardModels.Pair pair = seed == 0 ? GuardModels.warmUp(6) : GuardModels.next(new Random(seed));
		Model guarded = ModelText.parse(pair.guarded(), "guarded.loops");
		Model plain = ModelText.parse(pair.plain(), "plain.loops");
		ReplayProgram program = ReplayGenerator.generate(guarded, "guarded.loops", ReplayOptions.NONE, Progress.NONE);
		Path traced = ReplayRuns.replay(program, work);
		for (int rank = 0; rank < program.ranks(); rank++) {
			List<String> projection = lines(ModelExpander.expand(guarded, rank));
			assertEquals(lines(ModelExpander.expand(plain, rank)), projection, pair + "rank " + rank);
			assertEquals(projection, Files.readAllLines(traced.resolve("trace." + rank)), pair + "trace." + rank);
		}
	}

	/** Peers that are powers of two, pow2(s) and 3*pow2(s): the program computes them with its pow2. */
	@Test
	void peersThatArePowersOfTwoAreReplayed(@TempDir Path work) throws Exception {
		Model original = ModelText.parse("""
				for s = 0 to 1
				  0 send pow2(s) s
				  0 recv pow2(s) s
				  0 send 3*pow2(s) s
				  0 recv 3*pow2(s) s
				done
				""", "powers.loops");
		ReplayProgram program = ReplayGenerator.generate(original, "powers.loops", ReplayOptions.NONE, Progress.NONE);
		assertEquals(7, program.ranks());
		Path traced = ReplayRuns.replay(program, work);
		for (int rank = 0; rank < program.ranks(); rank++) {
			assertEquals(lines(ModelExpander.expand(original, rank)), Files.readAllLines(traced.resolve("trace." + rank)), "trace." + rank);
		}
		assertEquals(List.of("0 recv 6 1"), Files.readAllLines(traced.resolve("trace.6")));
	}

	private static List<String> lines(ModelExpander events) {
		List<String> lines = new ArrayList<>();
		events.forEachRemaining(event -> lines.add(event.toLine()));
		return lines;
	}

	static Stream<String> realRuns() throws IOException {
		Path folder = Path.of(System.getProperty("looptrace.realRuns", "../org.looptrace.merge.tests/real-runs"));
		try (Stream<Path> files = Files.list(folder)) {
			return files.filter(file -> file.getFileName().toString().endsWith(".4.loops")).map(Path::toString).sorted().toList().stream();
		}
	}

	/** The models kept are the merge's of section III, unfolded: the replay's traces are modelled so too. */
	@ParameterizedTest(name = "{0}")
	@MethodSource("realRuns")
	void aRealRunModelIsReplayed(String file, @TempDir Path work) throws Exception {
		Model original = ModelText.parse(Path.of(file));
		ReplayProgram program = ReplayGenerator.generate(original, file, ReplayOptions.NONE, Progress.NONE);
		Path traced = ReplayRuns.replay(program, work);
		assertEquals(ReplayRuns.text(original), ReplayRuns.text(ReplayRuns.model(traced, false)), file);
	}

	/**
	 * Replays the model of a run folder with its data; the model, every trace line and every size
	 * come back, but a barrier's: it hands MPI no buffer, and the tracer records 0 where generated
	 * data may hold a size.
	 */
	private static void assertRoundTrip(Path run, Compute compute, Path work) throws Exception {
		Model original = ReplayRuns.model(run, true);
		ReplayProgram program = ReplayGenerator.generate(original, run.getFileName() + ".loops", new ReplayOptions(run, compute),
				Progress.NONE);
		Path traced = ReplayRuns.replay(program, work);
		assertEquals(ReplayRuns.text(original), ReplayRuns.text(ReplayRuns.model(traced, true)), run.toString());
		for (int rank = 0; rank < program.ranks(); rank++) {
			List<String> lines = Files.readAllLines(run.resolve("trace." + rank));
			assertEquals(lines, Files.readAllLines(traced.resolve("trace." + rank)), "trace." + rank);
			try (DataTrace before = DataTrace.open(run.resolve("data." + rank)); DataTrace after = DataTrace.open(traced.resolve("data." + rank))) {
				List<Long> expected = new ArrayList<>();
				List<Long> replayed = new ArrayList<>();
				for (int position = 0; position < lines.size(); position++) {
					if (lines.get(position).contains(" sync MPI_Barrier ")) {
						continue;
					}
					expected.add(before.value(position, "size"));
					replayed.add(after.value(position, "size"));
				}
				assertEquals(expected, replayed, "sizes of data." + rank);
			}
		}
	}
}
