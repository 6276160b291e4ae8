// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** NPB MG's process grids and the ranks holding points of each level. */
class Grid3Test {

	/** 2^⌊k/3⌋ along x, half of the rest along y, the remainder along z (mg.f's setup). */
	@Test
	void powersOfTwoGetNpbMgGrids() {
		for (int k = 0; k <= 16; k++) {
			int dx = k / 3;
			int dy = (k - dx) / 2;
			assertEquals((1 << dx) + " × " + (1 << dy) + " × " + (1 << (k - dx - dy)), new Grid3(1 << k).toString(), k + "");
		}
	}

	@Test
	void everyRankCountIsFactored() {
		for (int ranks = 1; ranks <= 300; ranks++) {
			Grid3 grid = new Grid3(ranks);
			assertEquals(ranks, grid.extent(0) * grid.extent(1) * grid.extent(2), grid.toString());
		}
		assertEquals("2 × 3 × 5", new Grid3(30).toString());
		assertEquals("1 × 1 × 17", new Grid3(17).toString());
	}

	/**
	 * Every rank holds points of a level with as many points per axis as the largest extent; on
	 * every level, the ranks holding points are each the neighbour of their neighbour, and a rank
	 * holding none sends to a rank holding some.
	 */
	@Test
	void neighboursAndParentsOnEveryLevel() {
		for (int ranks : new int[] { 2, 6, 12, 16, 24, 30, 64, 96 }) {
			Grid3 grid = new Grid3(ranks);
			for (long n = 1; n <= 2L * grid.largestExtent(); n *= 2) {
				for (int rank = 0; rank < ranks; rank++) {
					if (n >= grid.largestExtent()) {
						assertTrue(grid.holds(rank, n), grid + ", " + n + " points, rank " + rank);
					}
					if (grid.holds(rank, n)) {
						for (int axis = 0; axis < 3; axis++) {
							for (int dir = -1; dir <= 1; dir += 2) {
								int peer = grid.neighbour(rank, axis, dir, n);
								String what = grid + ", " + n + " points, rank " + rank + " axis " + axis + " dir " + dir;
								assertTrue(peer == -1 || grid.holds(peer, n) && grid.neighbour(peer, axis, -dir, n) == rank, what);
								assertEquals(peer == -1, Math.min(n, grid.extent(axis)) == 1, what);
							}
						}
					} else if (grid.holds(rank, 2 * n)) {
						assertTrue(grid.holds(grid.parent(rank, n), n), grid + ", " + n + " points, rank " + rank);
					}
				}
			}
		}
	}
}
