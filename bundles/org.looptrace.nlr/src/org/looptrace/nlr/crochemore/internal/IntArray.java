// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.crochemore.internal;

import java.util.Arrays;

/** A growable array of ints: traces of symbols and work lists, without boxing. */
public final class IntArray {

	private int[] values;
	private int size;

	public IntArray() {
		this(16);
	}

	public IntArray(int capacity) {
		values = new int[Math.max(1, capacity)];
	}

	public void add(int value) {
		if (size == values.length) {
			values = Arrays.copyOf(values, size * 2);
		}
		values[size++] = value;
	}

	public int get(int index) {
		if (index >= size) {
			throw new IndexOutOfBoundsException(index + " of " + size);
		}
		return values[index];
	}

	public int size() {
		return size;
	}

	/** The backing array: its first {@link #size()} values are the contents. */
	public int[] array() {
		return values;
	}

	public int[] toArray() {
		return Arrays.copyOf(values, size);
	}
}
