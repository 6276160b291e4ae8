// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.eclipse.jdt.annotation.DefaultLocation.ARRAY_CONTENTS;
import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;

/**
 * An immutable set of ranks kept as sorted, disjoint, non-adjacent ranges. Its text form is the
 * one of trace files and models: ranges and lists such as {@code 0-15} or {@code 0,2,4-7}.
 * Runs of three or more ranks print as ranges, so the text form is canonical.
 * <p>
 * Type arguments are left out of the default nullness: the iterator is the JDK's
 * {@link PrimitiveIterator.OfInt}, whose {@code Iterator<Integer>} carries no null annotations.
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND, ARRAY_CONTENTS })
public final class RankSet implements Iterable<Integer> {

	public static final RankSet EMPTY = new RankSet(new int[0], new int[0]);

	/** Inclusive bounds of each range, ascending; {@code last[i] + 1 < first[i + 1]}. */
	private final int[] first;
	private final int[] last;

	private RankSet(int[] first, int[] last) {
		this.first = first;
		this.last = last;
	}

	/** The ranks {@code from} to {@code to} inclusive. */
	public static RankSet range(int from, int to) {
		if (from < 0 || to < from) {
			throw new IllegalArgumentException("invalid rank range " + from + "-" + to);
		}
		return new RankSet(new int[] { from }, new int[] { to });
	}

	public static RankSet of(int... ranks) {
		Builder builder = new Builder();
		for (int rank : ranks) {
			builder.add(rank);
		}
		return builder.build();
	}

	/**
	 * Parses the text form. Used by EMF to read the {@code RankSet} data type.
	 *
	 * @throws IllegalArgumentException naming what was expected, when the text is not a rank set
	 */
	public static RankSet valueOf(String text) {
		if (text.isEmpty()) {
			throw new IllegalArgumentException("expected a rank set such as 0-15 or 0,2,4-7, found nothing");
		}
		Builder builder = new Builder();
		for (String part : text.split(",", -1)) {
			int dash = part.indexOf('-', 1);
			if (dash < 0) {
				builder.add(parseRank(part, text));
			} else {
				int from = parseRank(part.substring(0, dash), text);
				int to = parseRank(part.substring(dash + 1), text);
				if (to < from) {
					throw new IllegalArgumentException(
							"expected a rank range whose end is not below its start, found '" + part + "'");
				}
				builder.addRange(from, to);
			}
		}
		return builder.build();
	}

	private static int parseRank(String digits, String whole) {
		if (digits.isEmpty() || digits.length() > 9) {
			throw new IllegalArgumentException(
					"expected a rank set such as 0-15 or 0,2,4-7, found '" + whole + "'");
		}
		for (int i = 0; i < digits.length(); i++) {
			if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
				throw new IllegalArgumentException(
						"expected a rank set such as 0-15 or 0,2,4-7, found '" + whole + "'");
			}
		}
		return Integer.parseInt(digits);
	}

	public boolean contains(int rank) {
		int i = Arrays.binarySearch(first, rank);
		if (i >= 0) {
			return true;
		}
		int range = -i - 2;
		return range >= 0 && rank <= last[range];
	}

	public boolean isEmpty() {
		return first.length == 0;
	}

	public long size() {
		long size = 0;
		for (int i = 0; i < first.length; i++) {
			size += (long) last[i] - first[i] + 1;
		}
		return size;
	}

	/** The smallest rank; the set must not be empty. */
	public int min() {
		if (isEmpty()) {
			throw new NoSuchElementException("empty rank set");
		}
		return first[0];
	}

	/** The largest rank; the set must not be empty. */
	public int max() {
		if (isEmpty()) {
			throw new NoSuchElementException("empty rank set");
		}
		return last[last.length - 1];
	}

	public RankSet union(RankSet other) {
		Builder builder = new Builder();
		builder.addAll(this);
		builder.addAll(other);
		return builder.build();
	}

	public RankSet intersection(RankSet other) {
		Builder builder = new Builder();
		int i = 0;
		int j = 0;
		while (i < first.length && j < other.first.length) {
			int from = Math.max(first[i], other.first[j]);
			int to = Math.min(last[i], other.last[j]);
			if (from <= to) {
				builder.addRange(from, to);
			}
			if (last[i] < other.last[j]) {
				i++;
			} else {
				j++;
			}
		}
		return builder.build();
	}

	public boolean intersects(RankSet other) {
		return !intersection(other).isEmpty();
	}

	public boolean containsAll(RankSet other) {
		return intersection(other).equals(other);
	}

	@Override
	public PrimitiveIterator.OfInt iterator() {
		return new PrimitiveIterator.OfInt() {
			private int range;
			private long next = first.length == 0 ? 0 : first[0];

			@Override
			public boolean hasNext() {
				return range < first.length;
			}

			@Override
			public int nextInt() {
				if (!hasNext()) {
					throw new NoSuchElementException();
				}
				int rank = (int) next;
				if (next == last[range]) {
					range++;
					next = range < first.length ? first[range] : 0;
				} else {
					next++;
				}
				return rank;
			}
		};
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return obj instanceof RankSet other && Arrays.equals(first, other.first) && Arrays.equals(last, other.last);
	}

	@Override
	public int hashCode() {
		return 31 * Arrays.hashCode(first) + Arrays.hashCode(last);
	}

	/** The canonical text form, e.g. {@code 0-15} or {@code 0,2,4-7}; read back by {@link #valueOf}. */
	@Override
	public String toString() {
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < first.length; i++) {
			if (i > 0) {
				text.append(',');
			}
			text.append(first[i]);
			if (last[i] == first[i] + 1) {
				text.append(',').append(last[i]);
			} else if (last[i] > first[i]) {
				text.append('-').append(last[i]);
			}
		}
		return text.toString();
	}

	/** Collects ranks and ranges in any order. */
	public static final class Builder {
		private final List<int[]> ranges = new ArrayList<>();

		public Builder add(int rank) {
			return addRange(rank, rank);
		}

		public Builder addRange(int from, int to) {
			if (from < 0 || to < from) {
				throw new IllegalArgumentException("invalid rank range " + from + "-" + to);
			}
			ranges.add(new int[] { from, to });
			return this;
		}

		public Builder addAll(RankSet set) {
			for (int i = 0; i < set.first.length; i++) {
				addRange(set.first[i], set.last[i]);
			}
			return this;
		}

		public RankSet build() {
			if (ranges.isEmpty()) {
				return EMPTY;
			}
			ranges.sort((a, b) -> Integer.compare(a[0], b[0]));
			int[] firsts = new int[ranges.size()];
			int[] lasts = new int[ranges.size()];
			int count = 0;
			for (int[] range : ranges) {
				if (count > 0 && range[0] <= (long) lasts[count - 1] + 1) {
					lasts[count - 1] = Math.max(lasts[count - 1], range[1]);
				} else {
					firsts[count] = range[0];
					lasts[count] = range[1];
					count++;
				}
			}
			return new RankSet(Arrays.copyOf(firsts, count), Arrays.copyOf(lasts, count));
		}
	}
}
