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
import org.looptrace.trace.EventReader;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * Regression coverage from a bug hunt: larger generated runs, program shapes {@link RandomPrograms}
 * does not make (iteration counts that differ across ranks, pipelines, two peers per loop, deep
 * in-flight messages, self messages, collectives on sub-groups inside loops), NLR options from
 * K = 1 and tiny stacks up, inconsistent mutations of consistent runs, and the shipped examples.
 * Every merge runs under a time limit so that a hang fails instead of blocking the build.
 */
class HuntTest {

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
			for (int p = 0; p < traces.size(); p++) {
				assertEquals(traces.get(p), Fixtures.project(global, p), what + ": events of rank " + p);
			}
			assertEquals(List.of(), Fixtures.project(global, traces.size()), what + ": events of a rank outside the run");
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
		for (String name : Patterns.NAMES) {
			for (int ranks : new int[] { 17, 64 }) {
				for (long iterations : new long[] { 0, 1, 2, 3, 7 }) {
					List<List<TraceEvent>> traces = traces(Patterns.create(name, ranks, iterations, ranks + iterations));
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
		for (String name : Patterns.NAMES) {
			List<List<TraceEvent>> traces = traces(Patterns.create(name, 100, 2, 1));
			check(traces, locals(traces, NlrOptions.DEFAULTS), name + " on 100 ranks");
			for (NlrOptions nlr : options) {
				List<List<TraceEvent>> small = traces(Patterns.create(name, 33, 5, 2));
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
			List<List<TraceEvent>> traces = Shapes.program(ranks, seed);
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
			List<List<TraceEvent>> traces = new ArrayList<>(Shapes.program(ranks, seed));
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
				List<TraceEvent> events = new ArrayList<>();
				try (EventReader reader = folder.openEvents(p)) {
					for (TraceEvent event = reader.next(); event != null; event = reader.next()) {
						events.add(event);
					}
				}
				traces.add(events);
			}
			String first = null;
			for (int threads : THREADS) {
				Model global = assertTimeoutPreemptively(LIMIT,
						() -> Merger.merge(Nlr.modelFolder(folder, NlrOptions.DEFAULTS, threads, Progress.NONE),
								new MergeOptions(threads), Progress.NONE),
						name);
				for (int p = 0; p < traces.size(); p++) {
					assertEquals(traces.get(p), Fixtures.project(global, p), name + ": events of rank " + p);
				}
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
			for (List<TraceEvent> trace : Shapes.program(ranks, seed)) {
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

	/**
	 * Consistent programs as phases run one after the other, each phase repeated by its block: a
	 * block repeated n times makes loops over the ranks of its phases. Every message is received
	 * after it is sent (deferred receives at the end of the block iteration), every collective is
	 * complete, and no rank waits on one that waits on it.
	 */
	static final class Shapes {

		private final Random random;
		private final int ranks;
		private final List<List<TraceEvent>> traces = new ArrayList<>();
		/** Receives of messages kept in flight until the end of the current block iteration. */
		private final List<TraceEvent> deferred = new ArrayList<>();
		private long counter;

		private interface Phase {
			void run();
		}

		private Shapes(int ranks, long seed) {
			this.random = new Random(seed);
			this.ranks = ranks;
			for (int p = 0; p < ranks; p++) {
				traces.add(new ArrayList<>());
			}
		}

		static List<List<TraceEvent>> program(int ranks, long seed) {
			Shapes shapes = new Shapes(ranks, seed);
			int blocks = 1 + shapes.random.nextInt(3);
			for (int b = 0; b < blocks; b++) {
				int repeat = shapes.random.nextInt(4) == 0 ? 1 : 1 + shapes.random.nextInt(shapes.random.nextBoolean() ? 4 : 13);
				List<Phase> phases = new ArrayList<>();
				for (int k = 1 + shapes.random.nextInt(3); k > 0; k--) {
					phases.add(shapes.phase());
				}
				for (int i = 0; i < repeat; i++) {
					phases.forEach(Phase::run);
					shapes.deferred.forEach(event -> shapes.traces.get(event.owner()).add(event));
					shapes.deferred.clear();
				}
			}
			return shapes.traces;
		}

		/** Symbols and numbers. */
		private String tag() {
			return switch (random.nextInt(3)) {
			case 0 -> "t" + random.nextInt(3);
			case 1 -> Integer.toString(random.nextInt(3));
			default -> Integer.toString(100 + random.nextInt(2));
			};
		}

		private int other(int rank) {
			if (ranks == 1) {
				return rank;
			}
			int other = random.nextInt(ranks - 1);
			return other < rank ? other : other + 1;
		}

		private void send(int src, int dst, String tag) {
			traces.get(src).add(TraceEvent.send(src, dst, tag));
		}

		private void recv(int src, int dst, String tag) {
			traces.get(dst).add(TraceEvent.recv(src, dst, tag));
		}

		private void local(int rank, Object... words) {
			List<String> text = new ArrayList<>();
			for (Object word : words) {
				text.add(word.toString());
			}
			traces.get(rank).add(TraceEvent.local(rank, text));
		}

		/** {@code total} operations as a nest a x b (a random factorization), markers in between. */
		private void nest(long total, int rank, Runnable operation, Random shape) {
			List<Long> divisors = new ArrayList<>();
			for (long a = 1; a <= total; a++) {
				if (total % a == 0) {
					divisors.add(a);
				}
			}
			long outer = divisors.get(shape.nextInt(divisors.size()));
			int style = shape.nextInt(4);
			for (long i = 0; i < outer; i++) {
				if (style == 1) {
					local(rank, "row", i);
				}
				for (long j = 0; j < total / outer; j++) {
					operation.run();
					if (style == 3) {
						local(rank, "col", 2 * j);
					}
				}
				if (style == 2) {
					local(rank, "end");
				}
			}
		}

		private Phase phase() {
			int src = random.nextInt(ranks);
			int dst = other(src);
			String tag = tag();
			int n = 1 + random.nextInt(10);
			switch (random.nextInt(10)) {
			case 0 -> {
				// Iteration counts that differ: coprime, gcd > 1, one dividing the other.
				long total = new long[] { 6, 12, 21, 35, 30, 8, 9, 15, 2, 64 }[random.nextInt(10)];
				long senderShape = random.nextLong();
				long receiverShape = random.nextLong();
				boolean halves = total % 2 == 0 && random.nextBoolean();
				return () -> {
					Random sender = new Random(senderShape);
					Random receiver = new Random(receiverShape);
					for (int half = 0; half < (halves ? 2 : 1); half++) {
						nest(halves ? total / 2 : total, src, () -> send(src, dst, tag), sender);
						nest(halves ? total / 2 : total, dst, () -> recv(src, dst, tag), receiver);
					}
				};
			}
			case 1 -> {
				// One loop sending on two tags to two peers, received in separate loops.
				int second = other(src);
				String otherTag = tag();
				return () -> {
					for (int i = 0; i < n; i++) {
						send(src, dst, tag);
						local(src, "w", i);
						send(src, second, otherTag);
					}
					for (int i = 0; i < n; i++) {
						recv(src, dst, tag);
					}
					for (int i = 0; i < n; i++) {
						recv(src, second, otherTag);
					}
				};
			}
			case 2 -> {
				// Pipeline: receive from the previous stage, work, send to the next.
				List<Integer> chain = new ArrayList<>();
				for (int p = 0; p < ranks; p++) {
					chain.add(p);
				}
				Collections.shuffle(chain, random);
				List<Integer> stages = List.copyOf(chain.subList(0, Math.min(ranks, 2 + random.nextInt(6))));
				return () -> {
					for (int i = 0; i < n; i++) {
						for (int s = 0; s < stages.size(); s++) {
							if (s > 0) {
								recv(stages.get(s - 1), stages.get(s), tag);
							}
							local(stages.get(s), "stage", i);
							if (s + 1 < stages.size()) {
								send(stages.get(s), stages.get(s + 1), tag);
							}
						}
					}
				};
			}
			case 3 -> {
				// A collective on a sub-group inside a loop, with a ring of messages around it.
				RankSet.Builder builder = new RankSet.Builder().add(src);
				for (int p = 0; p < ranks; p++) {
					if (random.nextInt(3) > 0) {
						builder.add(p);
					}
				}
				RankSet group = builder.build();
				List<Integer> members = new ArrayList<>();
				group.forEach(members::add);
				String name = random.nextBoolean() ? "MPI_Allreduce" : "MPI_Barrier";
				return () -> {
					for (int i = 0; i < n; i++) {
						int size = members.size();
						for (int m = 0; size > 1 && m < size; m++) {
							send(members.get(m), members.get((m + 1) % size), tag);
						}
						members.forEach(member -> traces.get(member).add(TraceEvent.sync(member, name, group)));
						for (int m = 0; size > 1 && m < size; m++) {
							recv(members.get((m + size - 1) % size), members.get(m), tag);
						}
					}
				};
			}
			case 4 -> {
				// Messages to itself, received at once or after all are sent.
				boolean later = random.nextBoolean();
				return () -> {
					for (int i = 0; i < n; i++) {
						send(src, src, tag);
						if (!later) {
							recv(src, src, tag);
						}
					}
					for (int i = 0; later && i < n; i++) {
						recv(src, src, tag);
					}
				};
			}
			case 5 -> {
				// In flight across every later phase of the block iteration.
				return () -> {
					for (int i = 0; i < n * 3; i++) {
						send(src, dst, tag);
						deferred.add(TraceEvent.recv(src, dst, tag));
					}
				};
			}
			case 6 -> {
				// Both ways in flight at once: the cycle example of the paper.
				return () -> {
					for (int i = 0; i < n; i++) {
						send(src, dst, tag);
					}
					for (int i = 0; i < n + 1; i++) {
						send(dst, src, tag);
					}
					for (int i = 0; i < n + 1; i++) {
						recv(dst, src, tag);
					}
					for (int i = 0; i < n; i++) {
						recv(src, dst, tag);
					}
				};
			}
			case 7 -> {
				// Chunks of different sizes on the two sides.
				int total = 1 + random.nextInt(40);
				List<Integer> sent = chunks(total);
				List<Integer> received = chunks(total);
				return () -> {
					sent.forEach(size -> {
						for (int i = 0; i < size; i++) {
							send(src, dst, tag);
						}
						local(src, "chunk", size);
					});
					received.forEach(size -> {
						for (int i = 0; i < size; i++) {
							recv(src, dst, tag);
						}
						local(dst, "chunk", size);
					});
				};
			}
			case 8 -> {
				// A scatter: peers and numeric tags move with the iteration.
				int base = random.nextInt(5);
				return () -> {
					for (int p = 0; p < ranks; p++) {
						send(src, p, Integer.toString(base + p));
					}
					for (int p = 0; p < ranks; p++) {
						recv(src, p, Integer.toString(base + p));
					}
				};
			}
			default -> {
				long step = random.nextInt(4);
				return () -> {
					for (int i = 0; i < n; i++) {
						local(src, "compute", counter++ * step, "sym", i);
					}
				};
			}
			}
		}

		private List<Integer> chunks(int total) {
			List<Integer> sizes = new ArrayList<>();
			for (int left = total; left > 0;) {
				int size = 1 + random.nextInt(Math.min(left, 12));
				sizes.add(size);
				left -= size;
			}
			return sizes;
		}
	}
}
