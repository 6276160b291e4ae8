// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;
import org.looptrace.trace.generate.Sizes;

/**
 * Folding is a function of the model, however the model was made: the global model folded in
 * memory, as {@code looptrace model} makes it, is the folding of its unfolded text read back
 * ({@code looptrace model --no-fold}, then folded), or smaller where the merge falls back to the
 * local models side by side; local models read back from their text (the cache of local models)
 * give the same bytes. The merge writes the very model its text reads, so no rule can see a form
 * (a bound, an expression, a rank set) that the text does not keep.
 */
class FoldingOfTextTest {

	private static final int[] RANKS = { 2, 3, 4, 5, 6, 7, 8, 9, 12 };

	@Test
	void generatedPatterns() throws Exception {
		for (String name : Patterns.ALL) {
			for (int ranks : RANKS) {
				Pattern pattern = GeneratedPatterns.create(name, ranks, 4 + ranks % 3, ranks);
				assertFoldedAlike(PropertiesTest.locals(PropertiesTest.traces(pattern), null), pattern.toString());
			}
		}
	}

	/**
	 * LU-like runs at the sizes of their family, where the grids of two rows fold larger, and at 9
	 * time steps, where they fold smaller: three rounds of the residual's Allreduce make a loop.
	 */
	@Test
	void luAtItsFamilySizes() throws Exception {
		for (int ranks : new int[] { 4, 6, 8 }) {
			for (int[] planesAndSteps : new int[][] { { 4, 6 }, { 9, 6 }, { 4, 9 } }) {
				Pattern pattern = Patterns.create("lu", ranks, planesAndSteps[1], 7, new Sizes(planesAndSteps[0], 1));
				assertFoldedAlike(PropertiesTest.locals(PropertiesTest.traces(pattern), null),
						pattern + ", " + planesAndSteps[0] + " planes, " + planesAndSteps[1] + " steps");
			}
		}
	}

	/** Random and shaped programs; on odd seeds, random NLR options, so loops of ranks do not line up. */
	@Test
	void randomPrograms() throws Exception {
		Random options = new Random(13);
		for (long seed = 0; seed < 100; seed++) {
			int ranks = 2 + (int) (seed % 15);
			@Nullable Random nlr = seed % 2 == 0 ? null : options;
			assertFoldedAlike(PropertiesTest.locals(RandomPrograms.traces(ranks, seed), nlr), "random program " + seed);
			assertFoldedAlike(PropertiesTest.locals(RandomPrograms.shaped(ranks, seed), nlr), "shaped program " + seed);
		}
	}

	/** Local models folded at random positions, read from their text as a fixture. */
	@Test
	void randomlyFoldedLocalModels() throws Exception {
		Random folding = new Random(17);
		for (long seed = 0; seed < 100; seed++) {
			List<Model> locals = new ArrayList<>();
			for (List<TraceEvent> trace : RandomPrograms.traces(2 + (int) (seed % 7), 30_000 + seed)) {
				locals.add(Fixtures.folded(trace, folding));
			}
			assertFoldedAlike(locals, "randomly folded models of random program " + seed);
		}
	}

	private static void assertFoldedAlike(List<Model> locals, String what) throws Exception {
		Model merged = Merger.merge(locals, new MergeOptions(2, false), Progress.NONE);
		String text = ModelPrinter.print(merged);
		Model read = ModelText.parse(text, "merged.loops");
		assertTrue(EcoreUtil.equals(merged, read), what + ": the merged model is not the one its text reads\n" + text);
		List<Model> readLocals = new ArrayList<>();
		long localConstructs = 0;
		for (Model local : locals) {
			readLocals.add(ModelText.parse(ModelPrinter.print(local), "local.loops"));
			localConstructs += Folding.constructs(local);
		}
		assertEquals(text, ModelPrinter.print(Merger.merge(readLocals, new MergeOptions(2, false), Progress.NONE)),
				what + ": merged from local models read from their text");
		Model fromText = Folding.fold(List.of(read), 2, Progress.NONE);
		Model inMemory = Merger.merge(locals, new MergeOptions(2), Progress.NONE);
		if (Folding.constructs(fromText) <= localConstructs) {
			assertEquals(ModelPrinter.print(fromText), ModelPrinter.print(inMemory), what + ": folded in memory and from its text");
		} else {
			// the merge falls back to the local models side by side, folded
			assertTrue(Folding.constructs(inMemory) <= localConstructs, what + ": folded larger than the local models");
		}
	}
}
