// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.patterns.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The maximal repeats of a sequence of symbols cut into pieces by separators: the n-gram
 * extension of Alawneh et al. (bigrams, then each group of equal n-grams split by the symbol after
 * them). A group of two places or more is reported when its n-gram cannot be extended alike at all
 * its places, neither to the right (two different next symbols, or a piece that ends) nor to the
 * left; the groups it extends into are examined next. No repeat spans a separator.
 */
public final class MaximalRepeats {

	/**
	 * @param symbols     the repeated sequence
	 * @param places      where it stands (at least two)
	 * @param occurrences the places weighed: each counts the least weight of its symbols
	 */
	public record Repeat(int[] symbols, int places, long occurrences) {
	}

	private MaximalRepeats() {
	}

	/** Every maximal repeat of at least {@code minLength} symbols, sorted by where it first stands. */
	public static List<Repeat> find(int[] symbols, long[] weights, int minLength) {
		List<long[]> found = new ArrayList<>(); // first place, length, places, occurrences
		Deque<int[]> groups = new ArrayDeque<>();
		int[] all = new int[symbols.length];
		int count = 0;
		for (int i = 0; i < symbols.length; i++) {
			if (symbols[i] != Sequences.SEPARATOR) {
				all[count++] = i;
			}
		}
		// A group: its length, then its places; the group of length 0 is every place.
		groups.add(prepend(0, Arrays.copyOf(all, count)));
		while (!groups.isEmpty()) {
			int[] group = groups.poll();
			int length = group[0];
			Map<Integer, List<Integer>> byNext = new TreeMap<>();
			boolean rightMaximal = false;
			for (int g = 1; g < group.length; g++) {
				int end = group[g] + length;
				if (end >= symbols.length || symbols[end] == Sequences.SEPARATOR) {
					rightMaximal = true;
				} else {
					byNext.computeIfAbsent(symbols[end], s -> new ArrayList<>()).add(group[g]);
				}
			}
			rightMaximal |= byNext.size() > 1;
			if (length >= minLength && rightMaximal && leftMaximal(symbols, group)) {
				found.add(new long[] { group[1], length, group.length - 1, occurrences(weights, group) });
			}
			for (List<Integer> places : byNext.values()) {
				if (places.size() >= 2) {
					int[] next = new int[places.size() + 1];
					next[0] = length + 1;
					for (int p = 0; p < places.size(); p++) {
						next[p + 1] = places.get(p);
					}
					groups.add(next);
				}
			}
		}
		found.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
		List<Repeat> repeats = new ArrayList<>();
		for (long[] repeat : found) {
			int first = (int) repeat[0];
			repeats.add(new Repeat(Arrays.copyOfRange(symbols, first, first + (int) repeat[1]), (int) repeat[2], repeat[3]));
		}
		return repeats;
	}

	private static int[] prepend(int value, int[] rest) {
		int[] array = new int[rest.length + 1];
		array[0] = value;
		System.arraycopy(rest, 0, array, 1, rest.length);
		return array;
	}

	/** Whether the places are not all preceded by the same symbol (a piece's start counts as unique). */
	private static boolean leftMaximal(int[] symbols, int[] group) {
		int before = Integer.MIN_VALUE;
		for (int g = 1; g < group.length; g++) {
			int place = group[g];
			int symbol = place == 0 ? Sequences.SEPARATOR : symbols[place - 1];
			if (symbol == Sequences.SEPARATOR || before != Integer.MIN_VALUE && symbol != before) {
				return true;
			}
			before = symbol;
		}
		return false;
	}

	private static long occurrences(long[] weights, int[] group) {
		long total = 0;
		int length = group[0];
		for (int g = 1; g < group.length; g++) {
			long least = Long.MAX_VALUE;
			for (int i = group[g]; i < group[g] + length; i++) {
				least = Math.min(least, weights[i]);
			}
			total = total + least < 0 ? Long.MAX_VALUE : total + least;
		}
		return total;
	}
}
