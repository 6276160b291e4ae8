// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.merge.internal.ModelWriter;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.generate.Patterns;

/**
 * Ranges of ranks merged apart, written as bytes, read back and combined over the tree give the
 * bytes of the run merged at once: what a distributed run relies on, on generated and random runs.
 */
class PartialModelTest {

	@Test
	void generatedPatternsMergedByRangesOfTheTreeAreTheModelOfTheRun() throws Exception {
		Random random = new Random(1);
		for (String name : Patterns.ALL) {
			for (int ranks : new int[] { 2, 3, 5, 8, 13, 24 }) {
				List<List<TraceEvent>> traces = PropertiesTest.traces(GeneratedPatterns.create(name, ranks, 6, ranks));
				checkRanges(PropertiesTest.locals(traces, null), random, name + " on " + ranks + " ranks");
			}
		}
	}

	@Test
	void randomProgramsMergedByRangesOfTheTreeAreTheModelOfTheRun() throws Exception {
		Random random = new Random(2);
		for (long seed = 0; seed < 80; seed++) {
			int ranks = 2 + (int) (seed % 15);
			List<List<TraceEvent>> traces = RandomPrograms.traces(ranks, seed);
			List<Model> locals = seed % 2 == 0 ? PropertiesTest.locals(traces, null) : folded(traces, random);
			checkRanges(locals, random, "random program " + seed + " on " + ranks + " ranks");
		}
	}

	private static List<Model> folded(List<List<TraceEvent>> traces, Random random) {
		List<Model> models = new ArrayList<>();
		for (List<TraceEvent> trace : traces) {
			models.add(Fixtures.folded(trace, random));
		}
		return models;
	}

	/** The run merged at once, against ranges of the tree merged apart and travelling as bytes. */
	private static void checkRanges(List<Model> locals, Random random, String what) throws Exception {
		for (boolean fold : new boolean[] { false, true }) {
			MergeOptions options = new MergeOptions(2, fold);
			String expected = ModelPrinter.print(Merger.merge(locals, options, Progress.NONE));
			PartialModel whole = byRanges(locals, 0, locals.size(), random);
			assertEquals(locals.size(), whole.end(), what);
			String found = ModelPrinter.print(Merger.finish(whole, locals.size(), locals::get, options, Progress.NONE));
			assertEquals(expected, found, what + (fold ? ", folded" : ""));
		}
	}

	/** The node [lo, hi) of the tree: reduced at once, or its two sides merged apart then combined. */
	private static PartialModel byRanges(List<Model> locals, int lo, int hi, Random random) throws Exception {
		PartialModel partial;
		if (hi - lo == 1 || random.nextInt(3) == 0) {
			partial = Merger.reduce(lo, hi, locals::get, new MergeOptions(1 + random.nextInt(3)), Progress.NONE);
		} else {
			int split = Parallel.split(lo, hi);
			partial = Merger.combine(byRanges(locals, lo, split, random), byRanges(locals, split, hi, random),
					Progress.NONE);
		}
		return travelled(partial);
	}

	/** The partial model written and read back, checked to write the same bytes again. */
	private static PartialModel travelled(PartialModel partial) {
		byte[] bytes = partial.toBytes();
		PartialModel read = PartialModel.fromBytes(bytes);
		assertArrayEquals(bytes, read.toBytes(), partial.toString());
		assertEquals(partial.first(), read.first());
		assertEquals(partial.end(), read.end());
		assertEquals(partial.localConstructs(), read.localConstructs());
		return read;
	}

	@Test
	void theBytesOfAMergedRangeAreFewerThanItsModelText() throws Exception {
		for (String name : Patterns.ALL) {
			List<Model> locals = PropertiesTest.locals(PropertiesTest.traces(GeneratedPatterns.create(name, 64, 10, 3)), null);
			PartialModel whole = Merger.reduce(0, locals.size(), locals::get, new MergeOptions(2), Progress.NONE);
			int text = ModelPrinter.print(ModelWriter.model(whole.system)).length();
			assertTrue(whole.toBytes().length < text, name + ": " + whole.toBytes().length + " bytes, text of " + text);
		}
	}

	@Test
	void bytesCutShortOrNotOfThisFormAreRefusedSayingSo() throws Exception {
		List<Model> locals = PropertiesTest.locals(RandomPrograms.traces(6, 3), null);
		byte[] bytes = Merger.reduce(0, 6, locals::get, new MergeOptions(1), Progress.NONE).toBytes();
		for (int length = 0; length < bytes.length; length++) {
			byte[] cut = java.util.Arrays.copyOf(bytes, length);
			assertThrows(IllegalArgumentException.class, () -> PartialModel.fromBytes(cut), "cut at " + length);
		}
		Random random = new Random(4);
		for (int trial = 0; trial < 500; trial++) {
			byte[] changed = bytes.clone();
			changed[5 + random.nextInt(changed.length - 5)] = (byte) random.nextInt(256);
			try {
				PartialModel.fromBytes(changed);
			} catch (IllegalArgumentException e) {
				// refused: the only failure allowed
			}
		}
		byte[] other = "for i0 = 0 to 3".getBytes(java.nio.charset.StandardCharsets.UTF_8);
		assertThrows(IllegalArgumentException.class, () -> PartialModel.fromBytes(other));
	}

	@Test
	void onlyAdjacentRangesCombineAndOnlyTheWholeRunFinishes() throws Exception {
		List<Model> locals = PropertiesTest.locals(PropertiesTest.traces(Patterns.create("ring", 4, 3, 1)), null);
		MergeOptions options = new MergeOptions(1);
		PartialModel low = Merger.reduce(0, 2, locals::get, options, Progress.NONE);
		PartialModel high = Merger.reduce(2, 4, locals::get, options, Progress.NONE);
		assertThrows(IllegalArgumentException.class, () -> Merger.combine(high, low, Progress.NONE));
		assertThrows(IllegalArgumentException.class, () -> Merger.finish(low, 4, locals::get, options, Progress.NONE));
		assertEquals(ModelPrinter.print(Merger.merge(locals, options, Progress.NONE)), ModelPrinter.print(
				Merger.finish(Merger.combine(low, high, Progress.NONE), 4, locals::get, options, Progress.NONE)));
	}
}
