// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * What folding must keep on a family of generated runs ({@link FamilyRuns}): exact projection and
 * determinism on every run, constructs that do not depend on the problem size, and constructs that
 * grow little with the rank count: the goal is at most 1.2× from 4 to 16 ranks. Each family
 * asserts the growth that holds and prints its figures.
 */
abstract class FamilyTest {

	/** The runs of each family, written, modelled and checked once for all its tests. */
	private static final Map<Class<?>, FamilyRuns> RUNS = new HashMap<>();

	/** Writes, models and checks the runs of the family. */
	protected abstract FamilyRuns family() throws Exception;

	/** The rank counts of the family. */
	protected abstract int[] ranks();

	/** Whether the constructs at {@code ranks} do not depend on the problem size; true unless a family says otherwise. */
	protected boolean sizeIndependentAt(int ranks) {
		return true;
	}

	/** The growth of the constructs from 4 to 16 ranks that holds. */
	protected abstract double growthTo16();

	/** The growth of the constructs from 4 to 64 ranks that holds. */
	protected abstract double growthTo64();

	private FamilyRuns runs() throws Exception {
		FamilyRuns family = RUNS.get(getClass());
		if (family == null) {
			family = family();
			RUNS.put(getClass(), family);
		}
		return family;
	}

	@Test
	void everyRunProjectsExactlyAndDeterministically() throws Exception {
		assertEquals(ranks().length, runs().constructs.size());
	}

	@Test
	void constructsDoNotDependOnTheProblemSize() throws Exception {
		FamilyRuns family = runs();
		System.out.println(family.figures());
		family.constructs.forEach((ranks, bySize) -> {
			if (sizeIndependentAt(ranks)) {
				assertEquals(bySize[0], bySize[1], ranks + " ranks: " + family.figures());
			}
		});
	}

	@Test
	void constructsGrowLittleWithTheRankCount() throws Exception {
		FamilyRuns family = runs();
		assertTrue(family.growth(4, 16) <= growthTo16(), family.figures());
		assertTrue(family.growth(4, 64) <= growthTo64(), family.figures());
	}
}
