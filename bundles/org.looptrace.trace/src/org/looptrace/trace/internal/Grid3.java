// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.Arrays;

/**
 * NPB MG's 3-D periodic process grid, x fastest (rank = x + px · (y + py · z)), and the ranks
 * that hold points of a level of its multigrid. For 2<sup>k</sup> ranks the extents are MG's:
 * 2<sup>⌊k/3⌋</sup> along x, half of the rest along y, the remainder along z (1 × 2 × 2 on 4
 * ranks, 2 × 2 × 4 on 16); for other counts the prime factors, largest first, go one by one to
 * the axis of the smallest extent (the last of them on ties), which gives the same extents on
 * powers of two. A level of n points per axis spreads them over the ranks in blocks,
 * {@code [⌈c·n/p⌉, ⌈(c+1)·n/p⌉)} at coordinate c of an axis of extent p; when n &lt; p some
 * blocks are empty and their ranks hold no point of the level (on 4 ranks along an axis and 2
 * points, coordinates 0 and 2 hold one each).
 */
public final class Grid3 {

	private final int[] extents = { 1, 1, 1 };

	public Grid3(int ranks) {
		int[] factors = factors(ranks);
		for (int i = factors.length - 1; i >= 0; i--) {
			int axis = 2;
			for (int a = 1; a >= 0; a--) {
				if (extents[a] < extents[axis]) {
					axis = a;
				}
			}
			extents[axis] *= factors[i];
		}
	}

	/** The prime factors of {@code ranks} in increasing order. */
	private static int[] factors(int ranks) {
		int[] factors = new int[32];
		int count = 0;
		int rest = ranks;
		for (int factor = 2; (long) factor * factor <= rest; factor++) {
			while (rest % factor == 0) {
				factors[count++] = factor;
				rest /= factor;
			}
		}
		if (rest > 1) {
			factors[count++] = rest;
		}
		return Arrays.copyOf(factors, count);
	}

	/** The number of ranks along {@code axis} (0 x, 1 y, 2 z). */
	public int extent(int axis) {
		return extents[axis];
	}

	/** The largest extent: a level needs that many points per axis for every rank to hold some. */
	public int largestExtent() {
		return Math.max(extents[0], Math.max(extents[1], extents[2]));
	}

	private int coordinate(int rank, int axis) {
		int stride = 1;
		for (int a = 0; a < axis; a++) {
			stride *= extents[a];
		}
		return rank / stride % extents[axis];
	}

	private int withCoordinate(int rank, int axis, int coordinate) {
		int stride = 1;
		for (int a = 0; a < axis; a++) {
			stride *= extents[a];
		}
		return rank + (coordinate - coordinate(rank, axis)) * stride;
	}

	/** The first point of coordinate {@code c}'s block along {@code axis}, on a level of {@code n} points. */
	private long first(int c, int axis, long n) {
		return (c * n + extents[axis] - 1) / extents[axis];
	}

	private boolean holds(int c, int axis, long n) {
		return first(c + 1, axis, n) > first(c, axis, n);
	}

	/** Whether {@code rank} holds points of a level of {@code n} points per axis. */
	public boolean holds(int rank, long n) {
		for (int axis = 0; axis < 3; axis++) {
			if (!holds(coordinate(rank, axis), axis, n)) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The next rank along {@code axis} in direction {@code dir} (±1), periodic, that holds points
	 * of a level of {@code n} points per axis, skipping those that hold none; -1 when it is the
	 * rank itself. Only for a rank that holds points.
	 */
	public int neighbour(int rank, int axis, int dir, long n) {
		int extent = extents[axis];
		int c = coordinate(rank, axis);
		do {
			c = Math.floorMod(c + dir, extent);
		} while (!holds(c, axis, n));
		return c == coordinate(rank, axis) ? -1 : withCoordinate(rank, axis, c);
	}

	/**
	 * The rank that holds, on the level of {@code n} points per axis, the coarse point of the first
	 * point {@code rank} holds on the level of {@code 2n}: where a rank that holds points of the
	 * finer level but none of the coarser sends them.
	 */
	public int parent(int rank, long n) {
		int parent = rank;
		for (int axis = 0; axis < 3; axis++) {
			long coarse = first(coordinate(rank, axis), axis, 2 * n) / 2;
			int owner = 0;
			while (first(owner + 1, axis, n) <= coarse) {
				owner++;
			}
			parent = withCoordinate(parent, axis, owner);
		}
		return parent;
	}

	@Override
	public String toString() {
		return extents[0] + " × " + extents[1] + " × " + extents[2];
	}
}
