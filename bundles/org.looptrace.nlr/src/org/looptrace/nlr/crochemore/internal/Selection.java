// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.crochemore.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * The filtering of section 3.3 of the paper: disjoint loops chosen among tandem repetitions, the
 * longest body first, then the most copies, then the earliest start. A repetition that overlaps
 * loops already chosen is not dropped but cut to its copies in the free space between them, and
 * competes again if two copies or more are left, so no loop of the gaps is lost.
 */
final class Selection {

	/** A run of {@code count} copies of the {@code period} symbols at {@code start}. */
	record Run(int start, int period, int count) {

		int end() {
			return start + period * count;
		}
	}

	private static final Comparator<Run> PRIORITY = Comparator.comparingInt(Run::period).reversed()
			.thenComparing(Comparator.comparingInt(Run::count).reversed()).thenComparingInt(Run::start);

	private final PriorityQueue<Run> candidates = new PriorityQueue<>(PRIORITY);

	void offer(int start, int period, int count) {
		candidates.add(new Run(start, period, count));
	}

	boolean isEmpty() {
		return candidates.isEmpty();
	}

	/** The chosen loops, disjoint, by start. */
	List<Run> choose() {
		TreeMap<Integer, Run> chosen = new TreeMap<>();
		while (!candidates.isEmpty()) {
			Run run = candidates.poll();
			List<Run> overlapping = overlapping(chosen, run);
			if (overlapping.isEmpty()) {
				chosen.put(run.start(), run);
				continue;
			}
			int free = run.start();
			for (Run taken : overlapping) {
				offerCopiesWithin(run, free, taken.start());
				free = taken.end();
			}
			offerCopiesWithin(run, free, run.end());
		}
		return new ArrayList<>(chosen.values());
	}

	private static List<Run> overlapping(TreeMap<Integer, Run> chosen, Run run) {
		List<Run> overlapping = new ArrayList<>();
		Map.Entry<Integer, Run> before = chosen.lowerEntry(run.start());
		if (before != null && before.getValue().end() > run.start()) {
			overlapping.add(before.getValue());
		}
		overlapping.addAll(chosen.subMap(run.start(), run.end()).values());
		return overlapping;
	}

	/** The copies of the run that lie within [from, to), as a candidate when there are two or more. */
	private void offerCopiesWithin(Run run, int from, int to) {
		int first = Math.max(0, Math.ceilDiv(from - run.start(), run.period()));
		int last = Math.min(run.count(), Math.floorDiv(to - run.start(), run.period()));
		if (last - first >= 2) {
			candidates.add(new Run(run.start() + first * run.period(), run.period(), last - first));
		}
	}
}
