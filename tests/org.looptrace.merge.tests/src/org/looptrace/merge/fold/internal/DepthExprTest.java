// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.looptrace.model.Expr;
import org.looptrace.model.Residue;
import org.looptrace.model.Xor;
import org.looptrace.model.core.Exprs;

/**
 * The questions NLR asks of numbers at every step, answered without building them: they give what
 * building the numbers gives, on random affine numbers with and without residues.
 */
class DepthExprTest {

	private static final List<String> SCOPE = List.of("i0", "i1", "i2", "i3");

	/** A random number over the first {@code depths} loop indices, with a residue or a xor now and then. */
	private static DepthExpr random(Random random, int depths) {
		Map<String, Long> coefficients = new TreeMap<>();
		for (int k = 0; k < depths; k++) {
			if (random.nextInt(3) > 0) {
				coefficients.put(SCOPE.get(k), (long) random.nextInt(9) - 4);
			}
		}
		List<Residue> residues = new ArrayList<>();
		if (random.nextInt(4) == 0 && depths > 0) {
			residues.add(Exprs.residue(1 + random.nextInt(3),
					Exprs.affine(random.nextInt(5), 1, SCOPE.get(random.nextInt(depths))), 2 + random.nextInt(4)));
		}
		List<Xor> xors = new ArrayList<>();
		if (random.nextInt(4) == 0 && depths > 0) {
			Expr shift = random.nextBoolean() ? Exprs.constant(random.nextInt(3)) : Exprs.affine(random.nextInt(2), 1, SCOPE.get(random.nextInt(depths)));
			xors.add(Exprs.xor(1 + random.nextInt(2), Exprs.affine(random.nextInt(4), 1, SCOPE.get(random.nextInt(depths))), 1 + random.nextInt(3),
					shift));
		}
		Map<String, Integer> scope = new HashMap<>();
		for (int k = 0; k < depths; k++) {
			scope.put(SCOPE.get(k), k);
		}
		return DepthExprConversion.of(Exprs.canonical(random.nextInt(21) - 10, coefficients, residues, xors, SCOPE.subList(0, depths)), scope);
	}

	@Test
	void instantiatesToAnswersAsTheInstantiatedNumber() {
		Random random = new Random(13);
		int equal = 0;
		for (int run = 0; run < 20_000; run++) {
			int depths = random.nextInt(5);
			int depth = random.nextInt(Math.max(1, depths + 1));
			long n = random.nextInt(6);
			DepthExpr x = random(random, depths);
			// a copy one level up: the instantiated number itself, or another random one
			DepthExpr y = random.nextBoolean() ? x.instantiate(depth, n) : random(random, Math.max(0, depths - 1));
			// a xor of constants stands for its value (Butterflies.hinted)
			boolean expected = Butterflies.settled(x.instantiate(depth, n)).equals(Butterflies.settled(y));
			assertEquals(expected, x.instantiatesTo(depth, n, y), x + " at depth " + depth + " = " + n + " against " + y);
			equal += expected ? 1 : 0;
		}
		assertTrue(equal > 5_000, equal + " equal of 20,000");
	}

	@Test
	void instantiatedNumbersTakeTheirNumbersValues() {
		Random random = new Random(23);
		for (int run = 0; run < 20_000; run++) {
			int depths = 1 + random.nextInt(4);
			int depth = random.nextInt(depths);
			long n = random.nextInt(6);
			DepthExpr x = random(random, depths);
			long[] indices = new long[depths];
			for (int k = 0; k < depths; k++) {
				indices[k] = random.nextInt(6);
			}
			long[] outer = new long[depths - 1];
			for (int k = 0, j = 0; k < depths; k++) {
				if (k != depth) {
					outer[j++] = indices[k];
				}
			}
			indices[depth] = n;
			assertEquals(x.evaluate(indices), x.instantiate(depth, n).evaluate(outer), x + " at depth " + depth + " = " + n);
			assertEquals(x.evaluate(indices), Butterflies.settled(x).evaluate(indices), x + " settled");
		}
	}

	@Test
	void stepAnswersAsTheStepOfTheInstantiatedNumbers() {
		Random random = new Random(17);
		int steps = 0;
		for (int run = 0; run < 20_000; run++) {
			int depths = 1 + random.nextInt(4);
			int depth = random.nextInt(depths);
			DepthExpr x = random(random, depths);
			// y: x moved by a constant now and then, so that the two often differ by a step
			DepthExpr y = random.nextBoolean() ? x.plus(random.nextInt(7) - 3) : random(random, depths);
			long nx = random.nextInt(5) - 1; // -1: the number as it is
			long ny = random.nextInt(5) - 1;
			long expected = DepthExpr.step(nx < 0 ? x : x.instantiate(depth, nx), ny < 0 ? y : y.instantiate(depth, ny));
			assertEquals(expected, DepthExpr.step(x, nx, y, ny, depth), x + " at " + nx + ", " + y + " at " + ny + ", depth " + depth);
			steps += expected == DepthExpr.NO_DIFFERENCE ? 0 : 1;
		}
		assertTrue(steps > 5_000, steps + " steps of 20,000");
	}

	/**
	 * A plain term and a residue of the same index unify over a new loop when the index's range
	 * fits the modulus (row 0 of a grid reads i1 where row 1 reads mod(1+i1,4)): the unified number
	 * takes both copies' values on every point of the ranges, on 20,000 random pairs.
	 */
	@Test
	void aPlainTermUnifiesWithTheResidueOfAnotherCopyWhereTheRangeFits() {
		Random random = new Random(19);
		for (int run = 0; run < 20_000; run++) {
			int depths = 1 + random.nextInt(3);
			int k = random.nextInt(depths);
			List<long[]> ranges = new ArrayList<>();
			for (int d = 0; d < depths; d++) {
				long lower = random.nextInt(3);
				ranges.add(new long[] { lower, lower + random.nextInt(4) });
			}
			long[] range = ranges.get(k);
			long modulus = Math.max(2, range[1] - range[0] + 1 + random.nextInt(3));
			long coefficient = random.nextBoolean() ? 1 + random.nextInt(3) : -1 - random.nextInt(4);
			Map<String, Long> shared = new TreeMap<>();
			for (int d = 0; d < depths; d++) {
				if (d != k && random.nextBoolean()) {
					shared.put(SCOPE.get(d), (long) random.nextInt(7) - 3);
				}
			}
			Map<String, Long> plain = new TreeMap<>(shared);
			plain.put(SCOPE.get(k), coefficient);
			Map<String, Integer> depthsOf = new HashMap<>();
			for (int d = 0; d < depths; d++) {
				depthsOf.put(SCOPE.get(d), d);
			}
			List<String> scope = SCOPE.subList(0, depths);
			DepthExpr x = DepthExprConversion.of(Exprs.canonical(random.nextInt(21) - 10, plain, scope), depthsOf);
			Residue residue = Exprs.residue(coefficient, Exprs.affine(random.nextInt((int) modulus), 1, SCOPE.get(k)), modulus);
			DepthExpr y = DepthExprConversion.of(Exprs.canonical(random.nextInt(21) - 10, shared, List.of(residue), scope), depthsOf);
			boolean xFirst = random.nextBoolean();
			DepthExpr unified = StepUnification.unifySteppingLifted(xFirst ? x : y, xFirst ? y : x, null, depths, ranges);
			assertTrue(unified != null, x + " and " + y + " on " + ranges.stream().map(java.util.Arrays::toString).toList());
			long[] indices = new long[depths + 1];
			for (int d = 0; d < depths; d++) {
				indices[d] = ranges.get(d)[0];
			}
			while (true) {
				for (int t = 0; t < 2; t++) {
					indices[depths] = t;
					DepthExpr copy = (t == 0) == xFirst ? x : y;
					assertEquals(copy.evaluate(indices), unified.evaluate(indices), unified + " at " + java.util.Arrays.toString(indices));
				}
				int d = 0;
				while (d < depths && indices[d] == ranges.get(d)[1]) {
					indices[d] = ranges.get(d)[0];
					d++;
				}
				if (d == depths) {
					break;
				}
				indices[d]++;
			}
		}
	}

	/**
	 * A number whose loop is taken {@code size} iterations at a time (lifted into the new inner
	 * loop, then grouped) takes at (o, j) the value it took at iteration size * o + j.
	 */
	@Test
	void aGroupedNumberTakesItsValueAtTheIterationItStandsFor() {
		Random random = new Random(29);
		for (int run = 0; run < 5_000; run++) {
			int depths = 1 + random.nextInt(3);
			int depth = random.nextInt(depths);
			long size = 1 + random.nextInt(5);
			DepthExpr number = random(random, depths);
			DepthExpr grouped = number.lifted(depth + 1).grouped(depth, size);
			long[] before = new long[depths];
			long[] after = new long[depths + 1];
			for (int point = 0; point < 50; point++) {
				for (int k = 0; k < depths; k++) {
					before[k] = random.nextInt(12);
				}
				long outer = before[depth] / size;
				long inner = before[depth] % size;
				System.arraycopy(before, 0, after, 0, depth);
				after[depth] = outer;
				after[depth + 1] = inner;
				System.arraycopy(before, depth + 1, after, depth + 2, depths - depth - 1);
				assertEquals(number.evaluate(before), grouped.evaluate(after), number + " grouped by " + size + " at depth " + depth);
			}
		}
	}
}
