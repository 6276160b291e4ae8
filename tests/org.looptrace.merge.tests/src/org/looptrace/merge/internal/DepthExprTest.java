// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.looptrace.model.Residue;
import org.looptrace.model.core.Exprs;

/**
 * The questions NLR asks of numbers at every step, answered without building them: they give what
 * building the numbers gives, on random affine numbers with and without residues.
 */
class DepthExprTest {

	private static final List<String> SCOPE = List.of("i0", "i1", "i2", "i3");

	/** A random number over the first {@code depths} loop indices, with a residue now and then. */
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
		Map<String, Integer> scope = new HashMap<>();
		for (int k = 0; k < depths; k++) {
			scope.put(SCOPE.get(k), k);
		}
		return DepthExpr.of(Exprs.canonical(random.nextInt(21) - 10, coefficients, residues, SCOPE.subList(0, depths)), scope);
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
			boolean expected = x.instantiate(depth, n).equals(y);
			assertEquals(expected, x.instantiatesTo(depth, n, y), x + " at depth " + depth + " = " + n + " against " + y);
			equal += expected ? 1 : 0;
		}
		assertTrue(equal > 5_000, equal + " equal of 20,000");
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
}
