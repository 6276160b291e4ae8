// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import org.looptrace.trace.generate.Patterns;
import org.looptrace.trace.generate.Sizes;

/**
 * Folding of NPB MG-like runs as a family ({@code looptrace generate mg}): 4 to 64 ranks (MG runs
 * on powers of two only), each with V-cycles over 4 and over 5 levels (grids of 16³ and 32³
 * points), 3 iterations. On 64 ranks the coarsest level has 2 points per axis for 4 ranks per
 * axis: half the ranks of each axis skip its exchanges.
 */
class MgFamiliesTest extends FamilyTest {

	private static final int[] RANKS = { 4, 8, 16, 32, 64 };
	private static final int[] LEVELS = { 4, 5 };

	@Override
	protected FamilyRuns family() throws Exception {
		return new FamilyRuns("mg", RANKS, (ranks, size) -> Patterns.create("mg", ranks, 3, 7, new Sizes(1, LEVELS[size])));
	}

	@Override
	protected int[] ranks() {
		return RANKS;
	}

	/** From 16 ranks on, the constructs depend on the levels: 81 at 4 levels and 68 at 5 on 16 ranks, 164 and 112 on 64. */
	@Override
	protected boolean sizeIndependentAt(int ranks) {
		return ranks <= 8;
	}

	/**
	 * 22 constructs on 4 ranks (every rank runs one program, folded inside a loop over the ranks;
	 * a 2 × 2 × 2 grid's periodic neighbours are xors of the rank, one loop over the axes), 81 on
	 * 16, where the ranks of coarse levels take other steps: short of the goal of 1.2×.
	 */
	@Override
	protected double growthTo16() {
		return 3.69;
	}

	/** 164 constructs on 64 ranks. */
	@Override
	protected double growthTo64() {
		return 7.46;
	}
}
