// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.looptrace.merge.internal.Conservation;
import org.looptrace.merge.internal.GlobalSystem;
import org.looptrace.merge.internal.ModelWriter;
import org.looptrace.model.Model;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.testsupport.Projection;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * The merge holds up beyond the common case: larger generated runs, shaped random programs
 * ({@link RandomPrograms#shaped}), NLR options from K = 1 and tiny stacks up, inconsistent mutations
 * of consistent runs, and the shipped examples. Every merge runs under a time limit so that a hang
 * fails instead of blocking the build.
 */
class MergeRobustnessTest {

	/** Far above what any case here takes (well under a second): only a hang reaches it. */
	private static final Duration LIMIT = Duration.ofSeconds(60);

	private static final int[] THREADS = { 1, 2, 5 };

	private static List<List<TraceEvent>> traces(Pattern pattern) {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int p = 0; p < pattern.ranks(); p++) {
			List<TraceEvent> events = new ArrayList<>();
			pattern.events(p).forEachRemaining(events::add);
			traces.add(events);
		}
		return traces;
	}

	/**
	 * Merges with 1, 2 and 5 threads under the time limit; checks conservation, projection on every
	 * rank, no event of a rank outside the run, the same text whatever the threads.
	 */
	private static void check(List<List<TraceEvent>> traces, List<Model> locals, String what) {
		String first = null;
		for (int threads : THREADS) {
			GlobalSystem system = assertTimeoutPreemptively(LIMIT,
					() -> Merger.system(locals, new MergeOptions(threads), Progress.NONE), what);
			assertEquals(List.of(), Conservation.violations(system), what);
			Model global = ModelWriter.model(system);
			Projection.assertProjection(traces, global, what);
			String text = ModelPrinter.print(global);
			if (first == null) {
				first = text;
			} else {
				assertEquals(first, text, what + ": " + threads + " threads");
			}
		}
	}

	private static List<Model> locals(List<List<TraceEvent>> traces, NlrOptions options) {
		List<Model> models = new ArrayList<>();
		for (List<TraceEvent> trace : traces) {
			models.add(NestedLoopRecognizer.model(trace.iterator(), options, Progress.NONE));
		}
		return models;
	}

	@Test
	void largerGeneratedRunsProjectExactlyWhateverTheThreads() {
		for (String name : Patterns.ALL) {
			for (int ranks : new int[] { 17, 64 }) {
				for (long iterations : new long[] { 0, 1, 2, 3, 7 }) {
					List<List<TraceEvent>> traces = traces(GeneratedPatterns.create(name, ranks, iterations, ranks + iterations));
					check(traces, locals(traces, NlrOptions.DEFAULTS),
							name + " on " + ranks + " ranks, " + iterations + " iterations");
				}
			}
		}
	}

	/** 100 ranks (a tree whose levels are odd), and NLR options far from the defaults. */
	@Test
	void hundredRanksAndExtremeNlrOptions() {
		NlrOptions[] options = { new NlrOptions(1, 4, false), new NlrOptions(2, 8, true), new NlrOptions(64, 16, true) };
		for (String name : Patterns.ALL) {
			List<List<TraceEvent>> traces = traces(GeneratedPatterns.create(name, 100, 2, 1));
			check(traces, locals(traces, NlrOptions.DEFAULTS), name + " on 100 ranks");
			for (NlrOptions nlr : options) {
				List<List<TraceEvent>> small = traces(GeneratedPatterns.create(name, 33, 5, 2));
				check(small, locals(small, nlr), name + " on 33 ranks, " + nlr);
			}
		}
	}

	/** Local models by NLR with all the options, alike on all ranks or drawn per rank. */
	@Test
	void shapedRandomProgramsMergeExactly() {
		Random options = new Random(17);
		for (long seed = 0; seed < 600; seed++) {
			int ranks = 1 + (int) (seed % 12);
			List<List<TraceEvent>> traces = RandomPrograms.shaped(ranks, seed);
			NlrOptions common = new NlrOptions(new int[] { 1, 2, 3, 8, 64 }[options.nextInt(5)],
					new int[] { 1, 4, 16, 64, 4096 }[options.nextInt(5)], options.nextBoolean());
			List<Model> locals = new ArrayList<>();
			for (List<TraceEvent> trace : traces) {
				NlrOptions nlr = seed % 2 == 0 ? common
						: new NlrOptions(1 + options.nextInt(64), 1 + options.nextInt(200), options.nextBoolean());
				locals.add(NestedLoopRecognizer.model(trace.iterator(), nlr, Progress.NONE));
			}
			check(traces, locals, "shaped program " + seed + " on " + ranks + " ranks");
		}
	}

	/**
	 * A consistent run with one communication removed or repeated, a collective naming a rank with
	 * no trace, or a message to such a rank: always the checked exception, with the same message
	 * whatever the threads.
	 */
	@Test
	void mutatedRunsAreInconsistent() {
		for (long seed = 0; seed < 300; seed++) {
			Random random = new Random(seed);
			int ranks = 2 + (int) (seed % 10);
			List<List<TraceEvent>> traces = new ArrayList<>(RandomPrograms.shaped(ranks, seed));
			String what = "mutation of shaped program " + seed + ": " + mutate(traces, ranks, random, (int) (seed % 4));
			if (what.endsWith("none")) {
				continue;
			}
			List<Model> locals = locals(traces,
					new NlrOptions(1 + random.nextInt(64), 1 + random.nextInt(300), random.nextBoolean()));
			String first = null;
			for (int threads : THREADS) {
				InconsistentTraceException failure = assertTimeoutPreemptively(LIMIT,
						() -> assertThrows(InconsistentTraceException.class,
								() -> Merger.merge(locals, new MergeOptions(threads), Progress.NONE), what),
						what);
				if (first == null) {
					first = failure.getMessage();
				} else {
					assertEquals(first, failure.getMessage(), what + ": " + threads + " threads");
				}
			}
		}
	}

	/** Applies one mutation to one rank's trace; says which ("none" when there is nothing to mutate). */
	private static String mutate(List<List<TraceEvent>> traces, int ranks, Random random, int kind) {
		if (kind <= 1) {
			List<int[]> positions = new ArrayList<>();
			for (int p = 0; p < ranks; p++) {
				for (int i = 0; i < traces.get(p).size(); i++) {
					TraceEvent event = traces.get(p).get(i);
					if (event.kind() == EventKind.SEND || event.kind() == EventKind.RECV
							|| event.kind() == EventKind.SYNC && event.group().size() > 1) {
						positions.add(new int[] { p, i });
					}
				}
			}
			if (positions.isEmpty()) {
				return "none";
			}
			int[] at = positions.get(random.nextInt(positions.size()));
			List<TraceEvent> trace = new ArrayList<>(traces.get(at[0]));
			TraceEvent event = trace.get(at[1]);
			if (kind == 0) {
				trace.remove(at[1]);
			} else {
				trace.add(random.nextInt(trace.size() + 1), event);
			}
			traces.set(at[0], trace);
			return (kind == 0 ? "removed " : "repeated ") + event.toLine();
		}
		int rank = random.nextInt(ranks);
		List<TraceEvent> trace = new ArrayList<>(traces.get(rank));
		TraceEvent added = kind == 2 ? TraceEvent.sync(rank, "MPI_Barrier", RankSet.of(rank, ranks + random.nextInt(3)))
				: random.nextBoolean() ? TraceEvent.send(rank, ranks + 1, "t") : TraceEvent.recv(ranks, rank, "5");
		trace.add(random.nextInt(trace.size() + 1), added);
		traces.set(rank, trace);
		return "added " + added.toLine();
	}

	private static String failure(String... locals) {
		List<Model> models = new ArrayList<>();
		for (String local : locals) {
			models.add(Fixtures.model(local));
		}
		return assertTimeoutPreemptively(LIMIT, () -> assertThrows(InconsistentTraceException.class,
				() -> Merger.merge(models, new MergeOptions(2), Progress.NONE))).getMessage();
	}

	@Test
	void aReceiveWithoutSendInsideNestedLoops() {
		assertEquals("channel (0, 1, t): rank 0 sends 12 messages, rank 1 receives 13", failure(
				"for i = 0 to 2\nfor j = 0 to 3\n0 send 1 t\ndone\n0 local x\ndone",
				"for i = 0 to 5\n0 recv 1 t\n0 recv 1 t\n1 local y\ndone\n0 recv 1 t"));
	}

	@Test
	void anExtraCollectiveOccurrenceInALoop() {
		assertEquals("collective MPI_Allreduce of group 0-2: rank 1 takes part 5 times, rank 2 takes part 4 times",
				failure("for i = 0 to 4\n0 sync MPI_Allreduce 0-2\ndone", "for i = 0 to 4\n1 sync MPI_Allreduce 0-2\ndone",
						"for i = 0 to 3\n2 sync MPI_Allreduce 0-2\n2 local z\ndone"));
	}

	@Test
	void aCollectiveNamingARankWithoutTrace() {
		assertEquals("collective MPI_Barrier of group 0-2: rank 1 takes part 3 times, rank 2 takes part 0 times",
				failure("for i = 0 to 2\n0 sync MPI_Barrier 0-2\ndone", "for i = 0 to 2\n1 sync MPI_Barrier 0-2\ndone"));
	}

	@Test
	void aSelfMessageNeverReceivedInsideALoop() {
		assertEquals("channel (1, 1, 3): rank 1 sends 4 messages, rank 1 receives 3",
				failure("0 local x", "for i = 0 to 3\n1 send 1 3\ndone\nfor i = 0 to 2\n1 recv 1 3\ndone"));
	}

	@Test
	void aModelHoldingAnotherRanksEventDeepInsideLoops() {
		List<Model> models = List.of(Fixtures.model("0 local x"),
				Fixtures.model("for i = 0 to 2\nfor j = 0 to 1\n1 local y\n1-j send 1 t\ndone\ndone"));
		IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
				() -> Merger.merge(models, new MergeOptions(2), Progress.NONE));
		assertTrue(failure.getMessage().startsWith("the local model of rank 1 holds an event of rank 0"),
				failure.getMessage());
	}

	/** What {@code looptrace model} prints for each shipped example keeps every rank's trace. */
	@Test
	void shippedExamplesProjectExactly() throws Exception {
		Path examples = Path.of(System.getProperty("looptrace.examples", "../../examples"));
		assertTrue(Files.isDirectory(examples.resolve("ring-8")), "no examples at " + examples.toAbsolutePath());
		List<String> names = new ArrayList<>();
		try (var folders = Files.list(examples)) {
			folders.filter(folder -> Files.exists(folder.resolve("trace.0")))
					.forEach(folder -> names.add(folder.getFileName().toString()));
		}
		Collections.sort(names);
		names.remove("broken");
		assertTrue(names.size() >= 6, names.toString());
		for (String name : names) {
			TraceFolder folder = TraceFolder.open(examples.resolve(name));
			List<List<TraceEvent>> traces = new ArrayList<>();
			for (int p = 0; p < folder.ranks(); p++) {
				traces.add(Projection.events(folder, p));
			}
			String first = null;
			for (int threads : THREADS) {
				Model global = assertTimeoutPreemptively(LIMIT,
						() -> Merger.merge(Nlr.modelFolder(folder, NlrOptions.DEFAULTS, threads, Progress.NONE),
								new MergeOptions(threads), Progress.NONE),
						name);
				Projection.assertProjection(traces, global, name);
				String text = ModelPrinter.print(global);
				if (first == null) {
					first = text;
				} else {
					assertEquals(first, text, name + ": " + threads + " threads");
				}
			}
		}
	}

	/** The generator itself: every channel balances, every member of a collective takes part as often. */
	@Test
	void shapesAreConsistent() {
		for (long seed = 0; seed < 300; seed++) {
			int ranks = 1 + (int) (seed % 12);
			Map<String, Long> messages = new TreeMap<>();
			Map<String, Map<Integer, Long>> collectives = new TreeMap<>();
			for (List<TraceEvent> trace : RandomPrograms.shaped(ranks, seed)) {
				for (TraceEvent event : trace) {
					if (event.kind() == EventKind.SEND || event.kind() == EventKind.RECV) {
						messages.merge(event.channel().toString(), event.kind() == EventKind.SEND ? 1L : -1L, Long::sum);
					} else if (event.kind() == EventKind.SYNC) {
						collectives.computeIfAbsent(event.tag() + " " + event.group(), c -> new TreeMap<>())
								.merge(event.rank(), 1L, Long::sum);
					}
				}
			}
			messages.values().removeIf(balance -> balance == 0);
			assertEquals(Map.of(), messages, "shaped program " + seed);
			for (Map.Entry<String, Map<Integer, Long>> entry : collectives.entrySet()) {
				String collective = entry.getKey();
				String what = "shaped program " + seed + ": " + collective + " " + entry.getValue();
				assertEquals(RankSet.valueOf(collective.substring(collective.indexOf(' ') + 1)).size(),
						entry.getValue().size(), what);
				assertEquals(1, entry.getValue().values().stream().distinct().count(), what);
			}
		}
	}
}
