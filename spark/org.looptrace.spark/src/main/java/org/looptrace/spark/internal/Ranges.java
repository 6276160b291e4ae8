// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark.internal;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.looptrace.model.core.Parallel;

/**
 * The ranges of ranks the tasks of a job merge: the largest nodes of the merge tree of a run
 * ({@link Parallel#split}) of at most {@code most} ranks, in rank order. Each is a subtree, so the
 * partial models of the tasks combine over the top of the same tree into the model of the run.
 */
public final class Ranges {

	private Ranges() {
	}

	/** The ranges, each as {@code {first, end}}. */
	public static List<int[]> of(int ranks, int most) {
		List<int[]> ranges = new ArrayList<>();
		collect(0, ranks, Math.max(1, most), ranges);
		return ranges;
	}

	private static void collect(int lo, int hi, int most, List<int[]> ranges) {
		if (hi - lo <= most) {
			ranges.add(new int[] { lo, hi });
		} else {
			int split = Parallel.split(lo, hi);
			collect(lo, split, most, ranges);
			collect(split, hi, most, ranges);
		}
	}

	/** The operations of a combination over the top of the tree, on the results of {@link #of}. */
	public interface Combination<T, E extends Exception> {
		T combine(T first, T second) throws E;
	}

	/**
	 * The results of the ranges, in order, combined over the top of the tree: the same nodes
	 * {@link #of} stopped at, combined as the tree pairs them.
	 */
	public static <T, E extends Exception> T combine(int ranks, int most, List<T> results, Combination<T, E> combination)
			throws E {
		return combine(0, ranks, Math.max(1, most), results.iterator(), combination);
	}

	private static <T, E extends Exception> T combine(int lo, int hi, int most, Iterator<T> results,
			Combination<T, E> combination) throws E {
		if (hi - lo <= most) {
			return results.next();
		}
		int split = Parallel.split(lo, hi);
		T first = combine(lo, split, most, results, combination);
		return combination.combine(first, combine(split, hi, most, results, combination));
	}
}
