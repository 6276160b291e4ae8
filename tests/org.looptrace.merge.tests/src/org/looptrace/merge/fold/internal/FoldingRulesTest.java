// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.FoldingTest;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.merge.PropertiesTest;
import org.looptrace.merge.SweepFamiliesTest;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.testsupport.Projection;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.generate.Patterns;

/**
 * Each rule of folding on its own, on a few constructs pushed on a stack: what it rewrites them
 * into, that it leaves them alone where it does not apply, and that the result projects onto
 * every rank as the constructs did. The rule sets' capabilities through the recognition.
 */
class FoldingRulesTest {

	private static final int RANKS = 4;
	/** Rank 0 sending to 1, 2, 3. */
	private static final String THREE_SENDS = "for i0 = 0 to 2\n  0 send 1+i0 t\ndone\n";
	/** Rank 0's steps {@code a} then {@code b}, to 2 to 4, the first step's b before them. */
	private static final String STEPS = "for i0 = 0 to 2\n  0 send 2+i0 a\n  0 send 2+i0 b\ndone\n0 send 5 a\n";
	/** A pair of loops, the second's last loop not ended yet. */
	private static final String PAIR = "for i0 = 0 to 1\n  0 send 9 x\n  for i1 = 0 to 1+i0\n    0 send i1 t\n  done\ndone\n";

	private static Model model(String text) {
		try {
			return ModelText.parse(text, "rule.loops");
		} catch (Exception e) {
			throw new IllegalArgumentException(text, e);
		}
	}

	private static TermStack stack(String text) {
		List<Node> terms = ModelTerms.read(List.of(model(text)), Progress.NONE);
		TermStack stack = new TermStack(terms.size());
		stack.addAll(terms);
		return stack;
	}

	/** The text of the constructs after the rule; the rule must have applied and kept every rank's events. */
	private static String rewritten(String text, Predicate<TermStack> rule) {
		TermStack stack = stack(text);
		assertTrue(rule.test(stack), "the rule does not apply to\n" + text);
		Model result = ModelTerms.write(stack);
		for (int rank = 0; rank < RANKS; rank++) {
			assertEquals(Projection.events(model(text), rank), Projection.events(result, rank), "rank " + rank);
		}
		return ModelPrinter.print(result);
	}

	/** The rule rewrites {@code text} into {@code expected} and leaves {@code otherText} as it is. */
	private static void assertRewrites(Predicate<TermStack> rule, String text, String expected, String otherText) {
		assertEquals(expected, rewritten(text, rule));
		untouched(otherText, rule);
	}

	/** The rule does not apply, and leaves the stack as it was. */
	private static void untouched(String text, Predicate<TermStack> rule) {
		TermStack stack = stack(text);
		assertFalse(rule.test(stack), "the rule applies to\n" + text);
		assertEquals(text, ModelPrinter.print(ModelTerms.write(stack)));
	}

	private static String recognized(String text, RuleSet rules) {
		return ModelPrinter.print(ModelTerms.write(Recognizer.recognize(stack(text), 0, rules, List.of(), Progress.NONE)));
	}

	@Test
	void aLoopFollowedByItsNextIterationGrows() {
		assertRewrites(stack -> LoopAndNextIteration.rewrite(stack, 2, 0, RuleSet.NLR), THREE_SENDS + "0 send 4 t\n", """
				for i0 = 0 to 3
				  0 send 1+i0 t
				done
				""",
				THREE_SENDS + "0 send 5 t\n");
	}

	@Test
	void threeCopiesThatStepBecomeALoop() {
		assertRewrites(stack -> RepeatedBlocks.rewrite(stack, 1, 3, 0, RuleSet.NLR, List.of()), "0 send 1 t\n0 send 2 t\n0 send 3 t\n", """
				for i0 = 0 to 2
				  0 send 1+i0 t
				done
				""",
				"0 send 1 t\n0 send 2 t\n0 send 4 t\n");
	}

	/** Translations take two copies whose ranks and peers move by one shift; rank shifts let peers move otherwise. */
	@Test
	void twoCopiesFoldAsTheRuleSetAllows() {
		String translated = "0 send 1 a\n0 send 1 b\n1 send 2 a\n1 send 2 b\n";
		String peersApart = "0 send 1 a\n0 send 1 b\n1 send 3 a\n1 send 3 b\n";
		for (RuleSet rules : List.of(RuleSet.TRANSLATIONS, RuleSet.ANY_PAIRS, RuleSet.RANK_SHIFTS)) {
			assertEquals("""
					for i0 = 0 to 1
					  i0 send 1+i0 a
					  i0 send 1+i0 b
					done
					""", rewritten(translated, stack -> RepeatedBlocks.rewrite(stack, 2, 2, 0, rules, List.of())), rules.name());
		}
		for (RuleSet rules : List.of(RuleSet.ANY_PAIRS, RuleSet.RANK_SHIFTS)) {
			assertEquals("""
					for i0 = 0 to 1
					  i0 send 1+2*i0 a
					  i0 send 1+2*i0 b
					done
					""", rewritten(peersApart, stack -> RepeatedBlocks.rewrite(stack, 2, 2, 0, rules, List.of())), rules.name());
		}
		for (RuleSet rules : List.of(RuleSet.TRANSLATIONS, RuleSet.PERIODIC)) {
			untouched(peersApart, stack -> RepeatedBlocks.rewrite(stack, 2, 2, 0, rules, List.of()));
		}
	}

	/** NLR alone needs three copies; pairs fold two copies of a block, pairs of loops two loops. */
	@Test
	void theCapabilitiesOfARuleSetDecideWhatTheRecognitionFolds() {
		String pair = "0 send 1 a\n0 send 1 b\n0 send 2 a\n0 send 2 b\n";
		String loops = "for i0 = 0 to 1\n  0 send 1 a\ndone\nfor i0 = 0 to 1\n  0 send 2 a\ndone\n";
		assertEquals(pair, recognized(pair, RuleSet.NLR));
		assertEquals(loops, recognized(loops, RuleSet.NLR));
		assertEquals("""
				for i0 = 0 to 1
				  0 send 1+i0 a
				  0 send 1+i0 b
				done
				""", recognized(pair, RuleSet.ANY_PAIRS));
		assertEquals(loops, recognized(loops, RuleSet.ANY_PAIRS));
		assertEquals("""
				for i0 = 0 to 1
				  for i1 = 0 to 1
				    0 send 1+i0 a
				  done
				done
				""", recognized(loops, RuleSet.PAIRS_AND_LOOP_PAIRS));
		// Two ranks taking the same step: every rule set with pairs folds them (translations and rank shifts too).
		String twoRanks = "0 send 1 a\n0 send 1 b\n1 send 2 a\n1 send 2 b\n";
		for (RuleSet rules : RuleSet.CANDIDATES) {
			assertEquals(rules.has(Capability.PAIRS), !recognized(twoRanks, rules).equals(twoRanks), rules.name());
		}
	}

	@Test
	void aRunAndACopyPastTheWrapAroundJoin() {
		assertRewrites(stack -> RunsAcrossWrapAround.rewrite(stack, 2, 0, RuleSet.PERIODIC), THREE_SENDS + "0 send 0 t\n", """
				for i0 = 0 to 3
				  0 send mod(1+i0,4) t
				done
				""",
				THREE_SENDS + "0 send 2 t\n");
	}

	/**
	 * Two runs of different constant values join into one loop whose value jumps once where the
	 * rule set lets constants jump, and stay apart where it keeps them apart; runs of a step join
	 * under both.
	 */
	@Test
	void runsOfTwoConstantsJoinOnlyWhereConstantsMayJump() {
		String constants = "for i0 = 0 to 1\n  0 send 1 1000\ndone\nfor i0 = 0 to 1\n  0 send 1 3000\ndone\n";
		assertEquals("""
				for i0 = 0 to 3
				  0 send 1 2000+500*i0-500*mod(2+i0,4)
				done
				""", rewritten(constants, stack -> RunsAcrossWrapAround.rewrite(stack, 2, 0, RuleSet.PERIODIC)));
		untouched(constants, stack -> RunsAcrossWrapAround.rewrite(stack, 2, 0, RuleSet.PERIODIC_CONSTANTS_APART));
		String wrapped = THREE_SENDS + "0 send 0 t\n";
		assertEquals(rewritten(wrapped, stack -> RunsAcrossWrapAround.rewrite(stack, 2, 0, RuleSet.PERIODIC)),
				rewritten(wrapped, stack -> RunsAcrossWrapAround.rewrite(stack, 2, 0, RuleSet.PERIODIC_CONSTANTS_APART)));
	}

	/**
	 * The whole is folded two ways, runs of constants joined or kept apart, and the smaller kept,
	 * the joined on a tie. Sweeps of Sweep3D's tags on 1 × 2 ranks fold smaller joined; on 4 × 2
	 * ranks, where the joined way's octants would stay apart, its neighbouring loops take foldings
	 * of their bodies that unify ({@link LoopsFoldedAlike}) and fold no larger than apart.
	 */
	@Test
	void theWholeFoldsTheSmallerOfTwoWays() throws Exception {
		int[] octants = { 1, 2, 3, 4, 5, 6, 7, 8 };
		int[][] grids = { { 4, 2, 3 }, { 1, 2, 3 }, { 3, 3, 3 }, { 2, 4, 5 } };
		long[] differences = new long[grids.length];
		for (int g = 0; g < grids.length; g++) {
			int[] grid = grids[g];
			List<Model> locals = PropertiesTest.locals(SweepFamiliesTest.sweeps(grid[0], grid[1], grid[2], octants, 2), null);
			Model merged = Merger.merge(locals, new MergeOptions(1, false), Progress.NONE);
			List<Node> items = ModelTerms.read(List.of(merged), Progress.NONE);
			List<Node> joined = SystemFolding.fold(items, RuleSet.CANDIDATES, 1, Progress.NONE);
			List<Node> apart = SystemFolding.fold(items, RuleSet.CANDIDATES_CONSTANTS_APART, 1, Progress.NONE);
			List<Node> smaller = Terms.size(apart) < Terms.size(joined) ? apart : joined;
			assertEquals(ModelPrinter.print(ModelTerms.write(smaller)), ModelPrinter.print(SystemFolding.fold(List.of(merged), 2, Progress.NONE)),
					grid[0] + " × " + grid[1]);
			differences[g] = Terms.size(joined) - Terms.size(apart);
		}
		assertTrue(differences[0] >= 0, "4 × 2 apart: " + -differences[0] + " more");
		assertTrue(differences[1] < 0, "1 × 2 joined: " + -differences[1] + " fewer");
	}

	/**
	 * The second way runs only when the first joined runs of constants: where it did not, the
	 * second folds byte for byte as the first, so skipping it keeps the model. Over generated
	 * patterns, random programs, random nests and Sweep3D's sweeps (which join them), the model
	 * folded equals the smallest of the ways run in full (the third, with butterflies, where a rank
	 * exchanges across two bits), on one thread and on three.
	 */
	@Test
	void theSecondWayRunsOnlyWhereItCanDiffer() throws Exception {
		List<Model> models = new ArrayList<>();
		for (String name : Patterns.ALL) {
			for (int ranks : new int[] { 4, 9, 16 }) {
				models.add(merged(PropertiesTest.traces(GeneratedPatterns.create(name, ranks, 5, 1))));
			}
		}
		for (long seed = 0; seed < 8; seed++) {
			models.add(merged(RandomPrograms.traces(2 + (int) (seed % 15), 30_000 + seed)));
		}
		Random random = new Random(61);
		for (int run = 0; run < 40; run++) {
			StringBuilder text = new StringBuilder();
			for (int item = 1 + random.nextInt(4); item > 0; item--) {
				FoldingTest.randomItem(random, 0, text);
			}
			models.add(ModelText.parse(text.toString(), "nest.loops"));
		}
		for (int[] grid : new int[][] { { 4, 2, 3 }, { 1, 2, 3 }, { 2, 2, 2 } }) {
			models.add(merged(SweepFamiliesTest.sweeps(grid[0], grid[1], grid[2], new int[] { 1, 2, 3, 4, 5, 6, 7, 8 }, 2)));
		}
		int skipped = 0;
		int butterfliesSmaller = 0;
		for (Model model : models) {
			List<Node> items = ModelTerms.read(List.of(model), Progress.NONE);
			JumpingJoins jumps = new JumpingJoins();
			List<Node> joined = SystemFolding.fold(items, RuleSet.noting(RuleSet.CANDIDATES, jumps), 1, Progress.NONE);
			List<Node> apart = SystemFolding.fold(items, RuleSet.CANDIDATES_CONSTANTS_APART, 1, Progress.NONE);
			// the ways compared with their first iterations put back
			List<Node> smallest = peeledSize(apart) < peeledSize(joined) ? apart : joined;
			if (Butterflies.exchanged(items)) {
				List<Node> butterflies = SystemFolding.fold(items, RuleSet.CANDIDATES_BUTTERFLIES, 1, Progress.NONE);
				if (peeledSize(butterflies) < peeledSize(smallest)) {
					smallest = butterflies;
					butterfliesSmaller++;
				}
			}
			smallest = SystemFolding.lastPasses(smallest, new ValueFitPass(Progress.NONE, new FitAnswers()));
			String smaller = ModelPrinter.print(ModelTerms.write(smallest));
			if (!jumps.any()) {
				assertEquals(ModelPrinter.print(ModelTerms.write(joined)), ModelPrinter.print(ModelTerms.write(apart)));
				skipped++;
			}
			for (int threads : new int[] { 1, 3 }) {
				assertEquals(smaller, ModelPrinter.print(SystemFolding.fold(List.of(model), threads, Progress.NONE)), threads + " threads");
			}
		}
		// Both branches taken: most models skip the second way, Sweep3D's sweeps do not.
		assertTrue(skipped > models.size() / 2, skipped + " of " + models.size() + " skipped");
		assertTrue(skipped < models.size(), "none ran the second way");
		assertTrue(butterfliesSmaller > 0, "the third way never kept");
	}

	/**
	 * Loops whose bodies are one closed exchange with its ranks renamed fold alike once each body
	 * is folded in the orders that follow the roles of its ranks: on a grid of two rows every rank
	 * is on an edge, foldings of an octant's block by rank number tie, and octants from different
	 * corners took different ones and stayed apart. Folded by roles, they join into one nest as on
	 * a grid of three rows: as many constructs.
	 */
	@Test
	void exchangesWithRenamedRanksFoldAlike() throws Exception {
		int[] octants = { 1, 2, 3, 4, 5, 6, 7, 8 };
		for (int columns : new int[] { 3, 4 }) {
			long[] constructs = new long[2];
			for (int rows = 2; rows <= 3; rows++) {
				Model merged = merged(SweepFamiliesTest.sweeps(rows, columns, 3, octants, 1));
				constructs[rows - 2] = Folding.constructs(SystemFolding.fold(List.of(merged), 1, Progress.NONE));
			}
			assertEquals(constructs[1], constructs[0], "2 × " + columns + " against 3 × " + columns);
		}
	}

	private static Model merged(List<List<TraceEvent>> traces) throws Exception {
		return Merger.merge(PropertiesTest.locals(traces, null), new MergeOptions(1, false), Progress.NONE);
	}

	@Test
	void aPairFoldedBeforeItsSecondCopyEndedTakesTheRest() {
		assertRewrites(stack -> UnfinishedSecondCopy.rewrite(stack, 2, 0), PAIR + "0 send 3 t\n", """
				for i0 = 0 to 1
				  0 send 9 x
				  for i1 = 0 to 1+2*i0
				    0 send i1 t
				  done
				done
				""",
				PAIR + "0 send 4 t\n");
	}

	@Test
	void aLoopStartingInTheMiddleOfItsStepIsRotated() {
		// Not where the end of the step before the loop is another step.
		assertRewrites(stack -> LoopStartingMidStep.rewrite(stack, 0, RuleSet.PERIODIC), "0 send 1 b\n" + STEPS, """
				for i0 = 0 to 3
				  0 send 1+i0 b
				  0 send 2+i0 a
				done
				""",
				"0 send 1 c\n" + STEPS);
	}

	/** Ranks 1, 2, 0 each sending to the next: no three of them are affine, but they walk around a cycle of 3. */
	@Test
	void copiesWalkingAroundACycleBecomeALoop() {
		// Not a walk that does not close: no message's peers are its ranks.
		assertRewrites(stack -> CopiesAroundCycle.rewrite(stack, 0, new CycleWindow()), "1 send 2 z\n2 send 0 z\n0 send 1 z\n", """
				for i0 = 0 to 2
				  mod(1+i0,3) send 3-i0-mod(1+i0,3) z
				done
				""",
				"1 send 3 z\n2 send 3 z\n0 send 3 z\n");
	}

	/** Rows whose tags are one function of the row and the index, each written as the plain number it is on 0..1. */
	@Test
	void loopsWhoseBodiesFitByValuesBecomeOneLoopOverThem() {
		String rows = """
				for i0 = 0 to 1
				  0 send 1 100+6*i0
				done
				for i0 = 0 to 1
				  0 send 1 112+6*i0
				done
				for i0 = 0 to 1
				  0 send 1 124
				done
				""";
		assertEquals("""
				for i0 = 0 to 2
				  for i1 = 0 to 1
				    0 send 1 100+10*i0+4*i1+2*mod(i0+i1,3)
				  done
				done
				""", rewritten(rows, stack -> LoopsFittedByValues.rewrite(stack, 0, List.of(), new FitAnswers())));
		untouched(rows.replace("for i0 = 0 to 1\n  0 send 1 124", "for i0 = 0 to 2\n  0 send 1 124"),
				stack -> LoopsFittedByValues.rewrite(stack, 0, List.of(), new FitAnswers()));
	}

	/**
	 * Ranks 0 to 2 each take a step of their own, then every rank the same two steps with its own
	 * peer: those move apart, round by round, into a loop of one iteration that folds on its own.
	 */
	@Test
	void theStepsEveryRankEndsWithAreWrappedApart() {
		String text = """
				0 send 1 7
				1 send 0 7
				2 send 3 8
				0 send 1 1
				1 send 0 1
				2 send 3 1
				0 send 1 2
				3 send 2 1
				1 send 0 2
				2 send 3 2
				3 send 2 2
				""";
		List<Node> terms = ModelTerms.read(List.of(model(text)), Progress.NONE);
		List<Node> wrapped = Objects.requireNonNull(CommonTail.wrapped(terms, 0, tail -> tail), "no common tail");
		assertEquals("""
				0 send 1 7
				1 send 0 7
				2 send 3 8
				for i0 = 0 to 0
				  0 send 1 1
				  0 send 1 2
				  1 send 0 1
				  1 send 0 2
				  2 send 3 1
				  2 send 3 2
				  3 send 2 1
				  3 send 2 2
				done
				""", ModelPrinter.print(ModelTerms.write(wrapped)));
		Model unwrapped = ModelTerms.write(Orders.unwrap(wrapped, 0));
		for (int rank = 0; rank < RANKS; rank++) {
			assertEquals(Projection.events(model(text), rank), Projection.events(unwrapped, rank), "rank " + rank);
		}
		// Not where one rank ends with another step: the common tail is shorter than two.
		String other = text.replace("3 send 2 2", "3 send 2 3");
		assertNull(CommonTail.wrapped(ModelTerms.read(List.of(model(other)), Progress.NONE), 0, tail -> tail));
	}

	/**
	 * Random rings whose even and odd ranks first take steps of their own, then rounds of the same
	 * two steps, interleaved at random: the rounds are wrapped apart, and the folding with them
	 * projects onto every rank as the model does.
	 */
	@Test
	void commonTailsOfRandomRingsAreWrappedAndFoldExactly() {
		for (int seed = 0; seed < 20; seed++) {
			Random random = new Random(seed);
			int ranks = 4 + 2 * random.nextInt(4);
			int rounds = 2 + random.nextInt(4);
			List<List<String>> steps = new ArrayList<>();
			for (int rank = 0; rank < ranks; rank++) {
				List<String> own = new ArrayList<>();
				for (int k = rank % 2 == 0 ? random.nextInt(3) : 1 + random.nextInt(3); k > 0; k--) {
					own.add(rank + " send " + (rank + 1) % ranks + " " + (50 + rank % 2));
				}
				for (int round = 0; round < rounds; round++) {
					own.add(rank + " send " + (rank + 1) % ranks + " 1");
					own.add(rank + " send " + (rank + ranks - 1) % ranks + " 2");
				}
				steps.add(own);
			}
			StringBuilder text = new StringBuilder();
			int[] next = new int[ranks];
			for (int left = steps.stream().mapToInt(List::size).sum(); left > 0; left--) {
				int rank = random.nextInt(ranks);
				while (next[rank] == steps.get(rank).size()) {
					rank = (rank + 1) % ranks;
				}
				text.append(steps.get(rank).get(next[rank]++)).append('\n');
			}
			Model model = model(text.toString());
			List<Node> wrapped = CommonTail.wrapped(ModelTerms.read(List.of(model), Progress.NONE), 0, tail -> tail);
			assertTrue(wrapped != null && wrapped.get(wrapped.size() - 1) instanceof LoopNode, "seed " + seed);
			Model folded = SystemFolding.fold(List.of(model), 1, Progress.NONE);
			for (int rank = 0; rank < ranks; rank++) {
				assertEquals(Projection.events(model, rank), Projection.events(folded, rank), "seed " + seed + ", rank " + rank);
			}
		}
	}

	private static long peeledSize(List<Node> folding) {
		return Terms.size(PeeledFirstIteration.putBack(folding));
	}
}
