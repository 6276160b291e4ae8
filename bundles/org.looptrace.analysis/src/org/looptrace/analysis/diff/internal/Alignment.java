// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The alignment of two sequences of constructs given as keys at several levels of likeness, the
 * strictest first: a longest common subsequence of the keys of the first level (Myers' O(ND) shortest
 * edit script), then, in each gap between two of its matches, one of the keys of the next level, and
 * so on. Constructs equal to each other are thus paired before constructs that only look alike. In
 * the gaps the levels before the last leave, the alignment of least {@link Costs cost}: constructs
 * that differ least are paired, whatever their order among those that do not pair. The keys of the
 * last level (the loosest) serve only gaps too large for that search.
 */
public final class Alignment {

	/**
	 * Past this many numbers of saved search fronts, a level gives up on its gap (two long sequences
	 * with little in common) and leaves it to the next level: memory stays bounded.
	 */
	private static final long FRONT_LIMIT = 1L << 24;

	/**
	 * Past this many cells (the product of the gap's lengths), a gap is aligned by the keys of the
	 * last level instead of by costs: the search of least cost is quadratic in time and memory.
	 */
	static final long CELL_LIMIT = 1L << 18;

	/** What it costs to leave an element unpaired, or to pair two: the alignment of least total cost is chosen. */
	public interface Costs {

		/** The cost of a pair that cannot be. */
		int NONE = -1;

		/** The cost of leaving element i of the left sequence unpaired. */
		int left(int i);

		/** The cost of leaving element j of the right sequence unpaired. */
		int right(int j);

		/**
		 * The cost of pairing element i of the left sequence with element j of the right one, less
		 * than leaving both unpaired; {@link #NONE} when they are not to be paired.
		 */
		int paired(int i, int j);
	}

	private final int[][] left;
	private final int[][] right;
	private final Costs costs;
	private final List<int[]> pairs = new ArrayList<>();

	private Alignment(int[][] left, int[][] right, Costs costs) {
		this.left = left;
		this.right = right;
		this.costs = costs;
	}

	/**
	 * The pairs {@code {i, j}} of aligned positions, increasing in both.
	 *
	 * @param left  {@code left[level][i]}: the key of the left sequence's element i at a level, at
	 *              least one level
	 * @param right the same for the right sequence, with as many levels
	 * @param costs the costs of the elements' pairs, for the gaps the levels before the last leave
	 */
	public static List<int[]> pairs(int[][] left, int[][] right, Costs costs) {
		Alignment alignment = new Alignment(left, right, costs);
		alignment.align(0, 0, left[0].length, 0, right[0].length);
		return alignment.pairs;
	}

	private void align(int level, int leftFrom, int leftTo, int rightFrom, int rightTo) {
		if (leftFrom == leftTo || rightFrom == rightTo) {
			return;
		}
		if (level == left.length - 1) {
			if ((long) (leftTo - leftFrom) * (rightTo - rightFrom) <= CELL_LIMIT) {
				cheapest(leftFrom, leftTo, rightFrom, rightTo);
			} else {
				for (int[] match : matches(left[level], leftFrom, leftTo, right[level], rightFrom, rightTo)) {
					if (costs.paired(match[0], match[1]) != Costs.NONE) {
						pairs.add(match);
					}
				}
			}
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

	/**
	 * The alignment of least cost of left[leftFrom, leftTo) and right[rightFrom, rightTo) (edit
	 * distance by dynamic programming), its pairs added. Among alignments of the same cost, the one
	 * that pairs last, then leaves the left element last unpaired: a choice of positions only, made
	 * the same for the same costs.
	 */
	private void cheapest(int leftFrom, int leftTo, int rightFrom, int rightTo) {
		int n = leftTo - leftFrom;
		int m = rightTo - rightFrom;
		int width = m + 1;
		int[] cost = new int[(n + 1) * width];
		// how each cell is reached: 1 a pair, 2 a left element unpaired, 3 a right one
		byte[] step = new byte[(n + 1) * width];
		for (int j = 1; j <= m; j++) {
			cost[j] = cost[j - 1] + costs.right(rightFrom + j - 1);
			step[j] = 3;
		}
		for (int i = 1; i <= n; i++) {
			int unpaired = costs.left(leftFrom + i - 1);
			cost[i * width] = cost[(i - 1) * width] + unpaired;
			step[i * width] = 2;
			for (int j = 1; j <= m; j++) {
				int cell = i * width + j;
				int paired = costs.paired(leftFrom + i - 1, rightFrom + j - 1);
				int best = paired == Costs.NONE ? Integer.MAX_VALUE : cost[cell - width - 1] + paired;
				byte how = 1;
				if (cost[cell - width] + unpaired < best) {
					best = cost[cell - width] + unpaired;
					how = 2;
				}
				int right = cost[cell - 1] + costs.right(rightFrom + j - 1);
				if (right < best) {
					best = right;
					how = 3;
				}
				cost[cell] = best;
				step[cell] = how;
			}
		}
		List<int[]> reversed = new ArrayList<>();
		int i = n;
		int j = m;
		while (i > 0 || j > 0) {
			switch (step[i * width + j]) {
			case 1 -> reversed.add(new int[] { leftFrom + --i, rightFrom + --j });
			case 2 -> i--;
			default -> j--;
			}
		}
		pairs.addAll(reversed.reversed());
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
