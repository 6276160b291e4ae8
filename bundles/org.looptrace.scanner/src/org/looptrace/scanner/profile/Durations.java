// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.profile;

import java.util.Arrays;
import java.util.StringJoiner;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A summary of durations in nanoseconds (the iterations of a loop on one rank): count, minimum,
 * mean, maximum and a histogram of log-scale bins. Bin 0 holds durations below 1 ns (0, or negative
 * when a clock went back); bin {@code k >= 1} holds those in {@code [2^(k-1), 2^k)} ns.
 */
public final class Durations {

	/** The number of bins: the last one, 63, ends at {@code 2^63} ns. */
	public static final int BINS = 64;
	private static final String BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";

	private final long count;
	private final long min;
	private final long max;
	private final long sum;
	private final long[] bins;

	private Durations(long count, long min, long max, long sum, long[] bins) {
		this.count = count;
		this.min = min;
		this.max = max;
		this.sum = sum;
		this.bins = bins;
	}

	/** The bin of a duration. */
	public static int bin(long duration) {
		return duration <= 0 ? 0 : Long.SIZE - Long.numberOfLeadingZeros(duration);
	}

	/** The smallest duration of a bin ({@code 0} for bin 0). */
	public static long binStart(int bin) {
		return bin == 0 ? 0 : 1L << (bin - 1);
	}

	/** The number of durations (at least 1). */
	public long count() {
		return count;
	}

	public long min() {
		return min;
	}

	public long max() {
		return max;
	}

	/** The exact sum of the durations. */
	public long sum() {
		return sum;
	}

	public double mean() {
		return (double) sum / count;
	}

	/** The number of durations in each bin, {@link #BINS} of them. */
	public long[] bins() {
		return bins.clone();
	}

	/** The non-empty bins as {@code bin:count} joined by {@code ;}, e.g. {@code 14:3;15:120} (for CSV). */
	public String binsText() {
		StringJoiner text = new StringJoiner(";");
		for (int bin = 0; bin < BINS; bin++) {
			if (bins[bin] > 0) {
				text.add(bin + ":" + bins[bin]);
			}
		}
		return text.toString();
	}

	/**
	 * The histogram on one line: the range of its bins, then a bar per bin from the first non-empty
	 * one to the last, its height the bin's count relative to the largest (a blank for none), e.g.
	 * {@code 8.2µs..65µs ▂█▁}.
	 */
	public String histogram() {
		int first = 0;
		while (bins[first] == 0) {
			first++;
		}
		int last = BINS - 1;
		while (bins[last] == 0) {
			last--;
		}
		long most = Arrays.stream(bins).max().orElse(1);
		StringBuilder line = new StringBuilder();
		line.append(TimeText.of(binStart(first))).append("..").append(last == BINS - 1 ? "max" : TimeText.of(binStart(last + 1))).append(' ');
		for (int bin = first; bin <= last; bin++) {
			// ceil(count * 8 / most) - 1: the largest bin gets the full bar, any non-empty bin at least the lowest
			line.append(bins[bin] == 0 ? ' ' : BARS.charAt((int) ((bins[bin] * BARS.length() + most - 1) / most) - 1));
		}
		return line.toString();
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return other instanceof Durations that && count == that.count && min == that.min && max == that.max && sum == that.sum
				&& Arrays.equals(bins, that.bins);
	}

	@Override
	public int hashCode() {
		return Long.hashCode(count) * 31 + Long.hashCode(sum) * 17 + Arrays.hashCode(bins);
	}

	@Override
	public String toString() {
		return "count=" + count + " min=" + min + " mean=" + mean() + " max=" + max + " bins=" + binsText();
	}

	/** Adds durations one by one. */
	static final class Builder {
		private long count;
		private long min = Long.MAX_VALUE;
		private long max = Long.MIN_VALUE;
		private long sum;
		private final long[] bins = new long[BINS];

		/** @throws ArithmeticException when the sum leaves 64 bits */
		void add(long duration) {
			sum = Math.addExact(sum, duration);
			count++;
			min = Math.min(min, duration);
			max = Math.max(max, duration);
			bins[bin(duration)]++;
		}

		/**
		 * Adds every duration of a summary.
		 *
		 * @throws ArithmeticException when the sum leaves 64 bits
		 */
		void addAll(Durations durations) {
			sum = Math.addExact(sum, durations.sum);
			count += durations.count;
			min = Math.min(min, durations.min);
			max = Math.max(max, durations.max);
			for (int bin = 0; bin < BINS; bin++) {
				bins[bin] += durations.bins[bin];
			}
		}

		boolean isEmpty() {
			return count == 0;
		}

		Durations build() {
			if (count == 0) {
				throw new IllegalStateException("no duration");
			}
			return new Durations(count, min, max, sum, bins.clone());
		}
	}
}
