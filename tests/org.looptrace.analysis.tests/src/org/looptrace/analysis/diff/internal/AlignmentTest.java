// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The alignment is a longest common subsequence of the strictest keys (against dynamic
 * programming), and its further levels only pair elements alike at their level, in the gaps.
 */
class AlignmentTest {

	@Test
	void oneLevelIsALongestCommonSubsequence() {
		Random random = new Random(34);
		for (int run = 0; run < 2000; run++) {
			int[] a = sequence(random, random.nextInt(31), 1 + random.nextInt(4));
			int[] b = random.nextInt(4) == 0 ? edited(random, a) : sequence(random, random.nextInt(31), 1 + random.nextInt(4));
			List<int[]> pairs = Alignment.pairs(new int[][] { a }, new int[][] { b });
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
			List<int[]> pairs = Alignment.pairs(a, b);
			assertIncreasing(pairs);
			long equal = pairs.stream().filter(pair -> a[0][pair[0]] == b[0][pair[1]]).count();
			// an equal pair left in a gap would make the strictest level's subsequence longer
			assertEquals(lcs(a[0], b[0]), equal, "run " + run);
			for (int[] pair : pairs) {
				assertEquals(a[2][pair[0]], b[2][pair[1]], "paired at some level, so alike at the loosest");
			}
		}
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
