// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The alignment of two sequences of constructs given as keys at several levels of likeness, the
 * strictest first: a longest common subsequence of the keys of the first level (Myers' O(ND) shortest
 * edit script), then, in each gap between two of its matches, one of the keys of the next level, and
 * so on. Constructs equal to each other are thus paired before constructs that only look alike.
 */
public final class Alignment {

	/**
	 * Past this many numbers of saved search fronts, a level gives up on its gap (two long sequences
	 * with little in common) and leaves it to the next level: memory stays bounded.
	 */
	private static final long FRONT_LIMIT = 1L << 24;

	private final int[][] left;
	private final int[][] right;
	private final List<int[]> pairs = new ArrayList<>();

	private Alignment(int[][] left, int[][] right) {
		this.left = left;
		this.right = right;
	}

	/**
	 * The pairs {@code {i, j}} of aligned positions, increasing in both.
	 *
	 * @param left  {@code left[level][i]}: the key of the left sequence's element i at a level
	 * @param right the same for the right sequence, with as many levels
	 */
	public static List<int[]> pairs(int[][] left, int[][] right) {
		Alignment alignment = new Alignment(left, right);
		if (left.length > 0) {
			alignment.align(0, 0, left[0].length, 0, right[0].length);
		}
		return alignment.pairs;
	}

	private void align(int level, int leftFrom, int leftTo, int rightFrom, int rightTo) {
		if (level == left.length || leftFrom == leftTo || rightFrom == rightTo) {
			return;
		}
		int i = leftFrom;
		int j = rightFrom;
		for (int[] match : matches(left[level], leftFrom, leftTo, right[level], rightFrom, rightTo)) {
			align(level + 1, i, match[0], j, match[1]);
			pairs.add(match);
			i = match[0] + 1;
			j = match[1] + 1;
		}
		align(level + 1, i, leftTo, j, rightTo);
	}

	/** A longest common subsequence of a[aFrom, aTo) and b[bFrom, bTo), as increasing pairs of positions. */
	static List<int[]> matches(int[] a, int aFrom, int aTo, int[] b, int bFrom, int bTo) {
		List<int[]> matches = new ArrayList<>();
		// common ends first: a single edit is found without any search
		int start = 0;
		while (aFrom + start < aTo && bFrom + start < bTo && a[aFrom + start] == b[bFrom + start]) {
			matches.add(new int[] { aFrom + start, bFrom + start });
			start++;
		}
		int end = 0;
		while (aTo - end > aFrom + start && bTo - end > bFrom + start && a[aTo - end - 1] == b[bTo - end - 1]) {
			end++;
		}
		matches.addAll(myers(a, aFrom + start, aTo - end, b, bFrom + start, bTo - end));
		for (int k = end; k > 0; k--) {
			matches.add(new int[] { aTo - k, bTo - k });
		}
		return matches;
	}

	/**
	 * Myers' greedy search of the furthest reaching paths on each diagonal k = x - y, then the path
	 * back through the saved fronts; no match when the fronts would pass {@link #FRONT_LIMIT}.
	 */
	private static List<int[]> myers(int[] a, int aFrom, int aTo, int[] b, int bFrom, int bTo) {
		int n = aTo - aFrom;
		int m = bTo - bFrom;
		if (n == 0 || m == 0) {
			return List.of();
		}
		int max = n + m;
		int offset = max + 1;
		int[] v = new int[2 * max + 3];
		List<int[]> fronts = new ArrayList<>();
		long saved = 0;
		for (int d = 0; d <= max; d++) {
			saved += 2L * d + 1;
			if (saved > FRONT_LIMIT) {
				return List.of();
			}
			// fronts.get(d)[k + d]: the furthest x on diagonal k after d - 1 edits
			fronts.add(Arrays.copyOfRange(v, offset - d, offset + d + 1));
			for (int k = -d; k <= d; k += 2) {
				int x = k == -d || k != d && v[offset + k - 1] < v[offset + k + 1] ? v[offset + k + 1] : v[offset + k - 1] + 1;
				int y = x - k;
				while (x < n && y < m && a[aFrom + x] == b[bFrom + y]) {
					x++;
					y++;
				}
				v[offset + k] = x;
				if (x >= n && y >= m) {
					return back(fronts, d, n, m, aFrom, bFrom);
				}
			}
		}
		throw new IllegalStateException("a path of at most n + m edits always exists");
	}

	private static List<int[]> back(List<int[]> fronts, int edits, int n, int m, int aFrom, int bFrom) {
		List<int[]> reversed = new ArrayList<>();
		int x = n;
		int y = m;
		for (int d = edits; d > 0; d--) {
			int[] front = fronts.get(d);
			int k = x - y;
			int previous = k == -d || k != d && front[k - 1 + d] < front[k + 1 + d] ? k + 1 : k - 1;
			int previousX = front[previous + d];
			int previousY = previousX - previous;
			while (x > previousX && y > previousY) {
				reversed.add(new int[] { aFrom + --x, bFrom + --y });
			}
			x = previousX;
			y = previousY;
		}
		while (x > 0 && y > 0) {
			reversed.add(new int[] { aFrom + --x, bFrom + --y });
		}
		return reversed.reversed();
	}
}
