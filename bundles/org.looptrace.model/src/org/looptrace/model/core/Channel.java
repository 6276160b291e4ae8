// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

/**
 * A FIFO channel of point-to-point messages: (src, dst, tag). The tag is kept as its text,
 * a number or a symbol.
 */
public record Channel(int src, int dst, String tag) implements Comparable<Channel> {

	@Override
	public int compareTo(Channel other) {
		int bySrc = Integer.compare(src, other.src);
		if (bySrc != 0) {
			return bySrc;
		}
		int byDst = Integer.compare(dst, other.dst);
		return byDst != 0 ? byDst : tag.compareTo(other.tag);
	}

	@Override
	public String toString() {
		return "(" + src + ", " + dst + ", " + tag + ")";
	}
}
