// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.generate;

/**
 * The problem size of the patterns whose size is a parameter ({@link Patterns#SIZED}): what the
 * grid of points decides in the real codes, beside the rank count and the time steps.
 *
 * @param planes the k-planes each sweep of {@code lu} pipelines (the points along z)
 * @param levels the levels of {@code mg}'s V-cycles (the finest grid has 2<sup>levels</sup> points
 *               along each axis)
 */
public record Sizes(int planes, int levels) {

	/** The sizes a pattern gets when none are given. */
	public static final Sizes DEFAULTS = new Sizes(10, 5);

	/**
	 * @throws IllegalArgumentException for fewer than 1 plane or level, or more than 30 levels
	 */
	public Sizes {
		if (planes < 1) {
			throw new IllegalArgumentException("expected a number of planes from 1, found " + planes);
		}
		if (levels < 1 || levels > 30) {
			throw new IllegalArgumentException("expected a number of levels from 1 to 30, found " + levels);
		}
	}
}
