// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import org.looptrace.merge.ChannelKind;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.InconsistentTraceException.Imbalance;

/**
 * A FIFO channel of the merge from rank {@code src} to rank {@code dst}: point-to-point messages
 * of one tag, or the pseudo-channel of a collective between two neighbouring members of its group.
 * Ordered by source, destination, then kind.
 */
public record GlobalChannel(int src, int dst, ChannelKind kind) implements Comparable<GlobalChannel> {

	@Override
	public int compareTo(GlobalChannel other) {
		int bySrc = Integer.compare(src, other.src);
		if (bySrc != 0) {
			return bySrc;
		}
		int byDst = Integer.compare(dst, other.dst);
		return byDst != 0 ? byDst : kind.compareTo(other.kind);
	}

	/** The failure of this channel when its source sends {@code sent} and its destination receives {@code received}. */
	public InconsistentTraceException unbalanced(long sent, long received) {
		return InconsistentTraceException.unbalanced(new Imbalance(src, dst, kind, sent, received));
	}

	/** {@code count} times {@code volume} messages of this channel, never wrapped past 2^63 − 1. */
	public long times(long volume, long count) {
		try {
			return Math.multiplyExact(volume, count);
		} catch (ArithmeticException e) {
			throw tooMany(volume + " × " + count);
		}
	}

	/** The sum of two message counts of this channel, never wrapped past 2^63 − 1. */
	public long plus(long first, long second) {
		try {
			return Math.addExact(first, second);
		} catch (ArithmeticException e) {
			throw tooMany(first + " + " + second);
		}
	}

	private IllegalArgumentException tooMany(String count) {
		return new IllegalArgumentException("the models send " + count + " messages from rank " + src + " to rank " + dst
				+ " (" + kind + "), more than 9223372036854775807 (2^63 - 1): message counts are exact 64-bit numbers");
	}

	@Override
	public String toString() {
		return "(" + src + ", " + dst + ", " + kind + ")";
	}
}
