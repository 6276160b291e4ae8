// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import org.looptrace.trace.generate.Patterns;
import org.looptrace.trace.generate.Sizes;

/**
 * Folding of NPB LU-like runs as a family ({@code looptrace generate lu}): 4 to 64 ranks, powers of
 * two and the near-square grids of 6, 12 and 24 ranks, each with sweeps over 4 and over 9
 * k-planes, 6 time steps (the residual's Allreduce every third one).
 */
class LuFamiliesTest extends FamilyTest {

	private static final int[] RANKS = { 4, 6, 8, 12, 16, 24, 32, 64 };
	private static final int[] PLANES = { 4, 9 };

	@Override
	protected FamilyRuns family() throws Exception {
		return new FamilyRuns("lu", RANKS, (ranks, size) -> Patterns.create("lu", ranks, 6, 7, new Sizes(PLANES[size], 1)));
	}

	@Override
	protected int[] ranks() {
		return RANKS;
	}

	@Override
	protected double growthTo16() {
		return 1.2;
	}

	@Override
	protected double growthTo64() {
		return 1.2;
	}
}
