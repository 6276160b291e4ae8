// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The alignment is a longest common subsequence of the strictest keys (against dynamic
 * programming), and its further levels only pair elements alike at their level, in the gaps; the
 * last stage is an alignment of least cost (against a search of every alignment), or in gaps too
 * large for it, a common subsequence of the loosest keys among the pairs that can be.
 */
class AlignmentTest {

	@Test
	void oneLevelIsALongestCommonSubsequence() {
		Random random = new Random(34);
		for (int run = 0; run < 2000; run++) {
			int[] a = sequence(random, random.nextInt(31), 1 + random.nextInt(4));
			int[] b = random.nextInt(4) == 0 ? edited(random, a) : sequence(random, random.nextInt(31), 1 + random.nextInt(4));
			// a last level whose pairs never can be: what is paired is the first level's subsequence
			List<int[]> pairs = Alignment.pairs(new int[][] { a, a }, new int[][] { b, b }, costs(never(a.length, b.length)));
			assertIncreasing(pairs);
			for (int[] pair : pairs) {
				assertEquals(a[pair[0]], b[pair[1]]);
			}
			assertEquals(lcs(a, b), pairs.size(), "run " + run);
		}
	}

	@Test
	void laterLevelsPairOnlyInTheGapsOfTheStricterOnes() {
		Random random = new Random(35);
		for (int run = 0; run < 2000; run++) {
			int n = random.nextInt(25);
			int m = random.nextInt(25);
			// each level coarser than the one before: a key of level l is the key of level l-1 divided by 3
			int[][] a = levels(sequence(random, n, 27));
			int[][] b = levels(sequence(random, m, 27));
			int[][] paired = new int[n][m];
			for (int i = 0; i < n; i++) {
				for (int j = 0; j < m; j++) {
					paired[i][j] = a[2][i] == b[2][j] ? 1 + random.nextInt(2) : Alignment.Costs.NONE;
				}
			}
			List<int[]> pairs = Alignment.pairs(a, b, costs(paired));
			assertIncreasing(pairs);
			long equal = pairs.stream().filter(pair -> a[0][pair[0]] == b[0][pair[1]]).count();
			// an equal pair left in a gap would make the strictest level's subsequence longer
			assertEquals(lcs(a[0], b[0]), equal, "run " + run);
			for (int[] pair : pairs) {
				assertEquals(a[2][pair[0]], b[2][pair[1]], "paired at some level, so alike at the loosest");
			}
		}
	}

	@Test
	void theLastStageIsAnAlignmentOfLeastCost() {
		Random random = new Random(36);
		for (int run = 0; run < 500; run++) {
			int n = random.nextInt(8);
			int m = random.nextInt(8);
			int[][] paired = new int[n][m];
			for (int i = 0; i < n; i++) {
				for (int j = 0; j < m; j++) {
					paired[i][j] = random.nextInt(3) == 0 ? Alignment.Costs.NONE : random.nextInt(4);
				}
			}
			// one level of keys, none alike: all is left to the costs
			int[][] a = { java.util.stream.IntStream.range(0, n).toArray() };
			int[][] b = { java.util.stream.IntStream.range(n, n + m).toArray() };
			List<int[]> pairs = Alignment.pairs(a, b, costs(paired));
			assertIncreasing(pairs);
			int cost = 2 * (n + m);
			for (int[] pair : pairs) {
				assertTrue(paired[pair[0]][pair[1]] != Alignment.Costs.NONE, "run " + run + ": only pairs that can be");
				cost += paired[pair[0]][pair[1]] - 4;
			}
			assertEquals(least(paired, n, m, 0, 0), cost, "run " + run);
		}
	}

	@Test
	void aGapTooLargeForCostsIsAlignedByTheLoosestKeys() {
		Random random = new Random(37);
		int n = 600;
		int m = 500;
		assertTrue((long) n * m > Alignment.CELL_LIMIT);
		int[][] a = { java.util.stream.IntStream.range(0, n).toArray(), sequence(random, n, 5) };
		int[][] b = { java.util.stream.IntStream.range(n, n + m).toArray(), sequence(random, m, 5) };
		int[][] paired = new int[n][m];
		// key 0 of the loosest level never pairs
		for (int i = 0; i < n; i++) {
			for (int j = 0; j < m; j++) {
				paired[i][j] = a[1][i] == 0 ? Alignment.Costs.NONE : 1;
			}
		}
		List<int[]> pairs = Alignment.pairs(a, b, costs(paired));
		assertIncreasing(pairs);
		for (int[] pair : pairs) {
			assertEquals(a[1][pair[0]], b[1][pair[1]], "alike at the loosest level");
			assertTrue(a[1][pair[0]] != 0, "only pairs that can be");
		}
		long never = java.util.Arrays.stream(a[1]).filter(key -> key == 0).count();
		assertTrue(pairs.size() >= lcs(a[1], b[1]) - never, "a longest common subsequence of the loosest keys, less the pairs that cannot be");
	}

	/** Costs of 2 for each element left unpaired, and the given costs of pairs ({@code paired[i][j]}). */
	private static Alignment.Costs costs(int[][] paired) {
		return new Alignment.Costs() {
			@Override
			public int left(int i) {
				return 2;
			}

			@Override
			public int right(int j) {
				return 2;
			}

			@Override
			public int paired(int i, int j) {
				return paired[i][j];
			}
		};
	}

	private static int[][] never(int n, int m) {
		int[][] paired = new int[n][m];
		for (int[] row : paired) {
			java.util.Arrays.fill(row, Alignment.Costs.NONE);
		}
		return paired;
	}

	/** The least cost of aligning the elements from i and from j of n and m, over every alignment. */
	private static int least(int[][] paired, int n, int m, int i, int j) {
		if (i == n || j == m) {
			return 2 * (n - i + m - j);
		}
		int best = Math.min(2 + least(paired, n, m, i + 1, j), 2 + least(paired, n, m, i, j + 1));
		if (paired[i][j] != Alignment.Costs.NONE) {
			best = Math.min(best, paired[i][j] + least(paired, n, m, i + 1, j + 1));
		}
		return best;
	}

	private static int[] sequence(Random random, int length, int alphabet) {
		int[] sequence = new int[length];
		for (int i = 0; i < length; i++) {
			sequence[i] = random.nextInt(alphabet);
		}
		return sequence;
	}

	/** The sequence with one element replaced, removed or inserted. */
	private static int[] edited(Random random, int[] a) {
		int at = a.length == 0 ? 0 : random.nextInt(a.length);
		return switch (a.length == 0 ? 2 : random.nextInt(3)) {
		case 0 -> {
			int[] b = a.clone();
			b[at] = 99;
			yield b;
		}
		case 1 -> java.util.stream.IntStream.range(0, a.length).filter(i -> i != at).map(i -> a[i]).toArray();
		default -> java.util.stream.IntStream.rangeClosed(0, a.length).map(i -> i < at ? a[i] : i == at ? 99 : a[i - 1]).toArray();
		};
	}

	private static int[][] levels(int[] keys) {
		int[][] levels = new int[3][];
		levels[0] = keys;
		for (int level = 1; level < 3; level++) {
			levels[level] = java.util.Arrays.stream(levels[level - 1]).map(key -> key / 3).toArray();
		}
		return levels;
	}

	private static int lcs(int[] a, int[] b) {
		int[][] length = new int[a.length + 1][b.length + 1];
		for (int i = 1; i <= a.length; i++) {
			for (int j = 1; j <= b.length; j++) {
				length[i][j] = a[i - 1] == b[j - 1] ? length[i - 1][j - 1] + 1 : Math.max(length[i - 1][j], length[i][j - 1]);
			}
		}
		return length[a.length][b.length];
	}

	private static void assertIncreasing(List<int[]> pairs) {
		for (int k = 1; k < pairs.size(); k++) {
			assertTrue(pairs.get(k - 1)[0] < pairs.get(k)[0] && pairs.get(k - 1)[1] < pairs.get(k)[1], "pairs increase in both");
		}
	}
}
