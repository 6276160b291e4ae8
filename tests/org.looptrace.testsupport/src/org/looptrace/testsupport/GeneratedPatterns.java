// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;
import org.looptrace.trace.generate.Sizes;

/**
 * The generated patterns as the tests that hold for every one of them ({@link Patterns#ALL}) create
 * them: those whose size is a parameter ({@link Patterns#SIZED}) at a small problem size, so that
 * looping over every pattern and many rank counts keeps the tests quick. The shape of a run (its
 * loops, its exchanges, the ranks of mg's coarse levels left out) does not depend on that size;
 * the families of runs at the sizes of the real codes are the merge tests' own.
 */
public final class GeneratedPatterns {

	/** The k-planes of lu's sweeps: enough for loops over them. */
	private static final int PLANES = 3;

	private GeneratedPatterns() {
	}

	/**
	 * {@link Patterns#create(String, int, long, long)}, but lu over {@value #PLANES} k-planes and mg
	 * over the fewest levels its process grid allows.
	 *
	 * @throws IllegalArgumentException as {@link Patterns#create(String, int, long, long)}
	 */
	public static Pattern create(String name, int ranks, long iterations, long seed) {
		if (!Patterns.SIZED.contains(name)) {
			return Patterns.create(name, ranks, iterations, seed);
		}
		for (int levels = 1;; levels++) {
			try {
				return Patterns.create(name, ranks, iterations, seed, new Sizes(PLANES, levels));
			} catch (IllegalArgumentException e) {
				// mg's finest level needs as many points along each axis as its process grid has ranks
				if (levels == Sizes.DEFAULTS.levels()) {
					throw e;
				}
			}
		}
	}
}
