// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.merge.internal.Conservation;
import org.looptrace.merge.internal.GlobalSystem;
import org.looptrace.merge.internal.ModelWriter;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.testsupport.Projection;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * The invariants on generated and random inputs: projection (the events of the global model owned
 * by p are trace.p), conservation (nothing left potential, every link balanced, every loop
 * regular), determinism (same bytes whatever the number of threads), for the merge of section III
 * and for its folding.
 */
public class PropertiesTest {

	/** Local models by NLR; random options per rank give loops that do not line up across ranks. */
	public static List<Model> locals(List<List<TraceEvent>> traces, @Nullable Random options) {
		List<Model> models = new ArrayList<>();
		for (List<TraceEvent> trace : traces) {
			NlrOptions nlr = options == null ? NlrOptions.DEFAULTS
					: new NlrOptions(1 + options.nextInt(8), 64 + options.nextInt(64), options.nextBoolean());
			models.add(NestedLoopRecognizer.model(trace.iterator(), nlr, Progress.NONE));
		}
		return models;
	}

	/** The trace of every rank of a generated pattern. */
	public static List<List<TraceEvent>> traces(Pattern pattern) {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int p = 0; p < pattern.ranks(); p++) {
			List<TraceEvent> events = new ArrayList<>();
			for (Iterator<TraceEvent> it = pattern.events(p); it.hasNext();) {
				events.add(it.next());
			}
			traces.add(events);
		}
		return traces;
	}

	/**
	 * Merges, then checks conservation, and projection against the traces of the merged model and
	 * of its folding; returns the texts of both.
	 */
	private static String check(List<List<TraceEvent>> traces, List<Model> locals, int threads, String what)
			throws InconsistentTraceException {
		GlobalSystem system = Merger.system(locals, new MergeOptions(threads), Progress.NONE);
		assertEquals(List.of(), Conservation.violations(system), what);
		Model global = ModelWriter.model(system);
		Model folded = Merger.compact(global, locals, threads, Progress.NONE);
		for (int p = 0; p < traces.size(); p++) {
			assertEquals(traces.get(p), Projection.events(global, p), what + ": events of rank " + p);
			assertEquals(traces.get(p), Projection.events(folded, p), what + ", folded: events of rank " + p);
		}
		return ModelPrinter.print(global) + ModelPrinter.print(folded);
	}

	@Test
	void generatedPatterns() throws Exception {
		for (String name : Patterns.ALL) {
			for (int ranks = 2; ranks <= 16; ranks++) {
				for (long seed = 1; seed <= 3; seed++) {
					Pattern pattern = GeneratedPatterns.create(name, ranks, 3 + seed * 2, seed);
					List<List<TraceEvent>> traces = traces(pattern);
					check(traces, locals(traces, null), 2, name + " on " + ranks + " ranks, seed " + seed);
				}
			}
		}
	}

	@Test
	void generatedPatternsWithMisalignedLocalModels() throws Exception {
		Random options = new Random(7);
		for (String name : Patterns.ALL) {
			for (int ranks = 2; ranks <= 12; ranks += 2) {
				Pattern pattern = GeneratedPatterns.create(name, ranks, 7, ranks);
				List<List<TraceEvent>> traces = traces(pattern);
				check(traces, locals(traces, options), 2, name + " on " + ranks + " ranks, random NLR options");
			}
		}
	}

	@Test
	void randomPrograms() throws Exception {
		Random options = new Random(11);
		for (long seed = 0; seed < 1500; seed++) {
			int ranks = 2 + (int) (seed % 15);
			List<List<TraceEvent>> traces = RandomPrograms.traces(ranks, seed);
			check(traces, locals(traces, seed % 2 == 0 ? null : options), 1, "random program " + seed + " on "
					+ ranks + " ranks");
		}
	}

	@Test
	void randomPatternManySeeds() throws Exception {
		Random options = new Random(3);
		for (long seed = 0; seed < 300; seed++) {
			int ranks = 2 + (int) (seed % 15);
			List<List<TraceEvent>> traces = traces(Patterns.create("random", ranks, 1 + seed % 5, seed));
			check(traces, locals(traces, seed % 3 == 0 ? options : null), 2, "random pattern, seed " + seed + ", "
					+ ranks + " ranks");
		}
	}

	@Test
	void randomlyFoldedLocalModels() throws Exception {
		Random folding = new Random(5);
		for (long seed = 0; seed < 1000; seed++) {
			int ranks = 2 + (int) (seed % 7);
			List<List<TraceEvent>> traces = RandomPrograms.traces(ranks, 20_000 + seed);
			List<Model> folded = new ArrayList<>();
			for (List<TraceEvent> trace : traces) {
				folded.add(Fixtures.folded(trace, folding));
			}
			check(traces, folded, 1, "randomly folded models of random program " + seed);
		}
	}

	@Test
	void flatLocalModels() throws Exception {
		for (long seed = 0; seed < 300; seed++) {
			int ranks = 2 + (int) (seed % 15);
			List<List<TraceEvent>> traces = RandomPrograms.traces(ranks, 10_000 + seed);
			List<Model> flat = new ArrayList<>();
			for (List<TraceEvent> trace : traces) {
				flat.add(Fixtures.flat(trace));
			}
			check(traces, flat, 1, "flat models of random program " + seed);
		}
	}

	@Test
	void sameBytesWhateverTheNumberOfThreads() throws Exception {
		for (long seed = 0; seed < 40; seed++) {
			int ranks = 2 + (int) (seed % 15);
			List<List<TraceEvent>> traces = seed % 2 == 0 ? RandomPrograms.traces(ranks, seed)
					: traces(GeneratedPatterns.create(Patterns.ALL.get((int) (seed % Patterns.ALL.size())), ranks, 6, seed));
			List<Model> locals = locals(traces, null);
			String one = check(traces, locals, 1, "seed " + seed);
			assertEquals(one, check(traces, locals, 2, "seed " + seed), "2 threads, seed " + seed);
			assertEquals(one, check(traces, locals, 8, "seed " + seed), "8 threads, seed " + seed);
		}
	}

	@Test
	void mergeCompresses() throws Exception {
		List<List<TraceEvent>> traces = traces(Patterns.create("ring", 16, 100, 1));
		String text = check(traces, locals(traces, null), 2, "ring");
		long events = traces.stream().mapToLong(List::size).sum();
		assertTrue(text.lines().count() * 10 < events, text);
	}
}
