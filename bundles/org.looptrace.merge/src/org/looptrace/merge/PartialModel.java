// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import org.looptrace.merge.internal.GlobalSystem;
import org.looptrace.merge.internal.SystemCodec;

/**
 * The merge of the local models of a contiguous range of ranks, a node of the reduction tree
 * ({@link Merger#reduce}): what the tasks of a distributed run hand to each other. It travels as
 * {@link #toBytes() bytes} of our own compact form (numbers of variable length, each text once,
 * loop indices by depth): a merged range is usually a few loops, whatever its ranks, and the form
 * depends on nothing but this bundle (no Java serialization of EMF objects, whose form follows
 * the classes and is large).
 */
public final class PartialModel {

	private final int first;
	private final int end;
	private final long localConstructs;
	final GlobalSystem system;

	PartialModel(int first, int end, long localConstructs, GlobalSystem system) {
		if (first < 0 || end <= first) {
			throw new IllegalArgumentException("not a range of ranks: [" + first + ", " + end + ")");
		}
		this.first = first;
		this.end = end;
		this.localConstructs = localConstructs;
		this.system = system;
	}

	/** The first rank of the range. */
	public int first() {
		return first;
	}

	/** The rank after the last of the range. */
	public int end() {
		return end;
	}

	/** The constructs of the local models of the range together (a folded model is never larger). */
	public long localConstructs() {
		return localConstructs;
	}

	/** The compact form, read back by {@link #fromBytes}. */
	public byte[] toBytes() {
		return SystemCodec.write(new long[] { first, end, localConstructs }, system);
	}

	/**
	 * What {@link #toBytes} wrote: a partial model equal to the one written, merging into the same
	 * bytes.
	 *
	 * @throws IllegalArgumentException when the bytes are not a partial model
	 */
	public static PartialModel fromBytes(byte[] bytes) {
		SystemCodec.Decoded decoded = SystemCodec.read(bytes);
		long[] header = decoded.header();
		if (header.length != 3 || header[0] < 0 || header[1] > Integer.MAX_VALUE || header[2] < 0) {
			throw new IllegalArgumentException("not a partial model: its header is not a range of ranks");
		}
		return new PartialModel((int) header[0], (int) header[1], header[2], decoded.system());
	}

	@Override
	public String toString() {
		return "merge of ranks " + first + " to " + (end - 1);
	}
}
