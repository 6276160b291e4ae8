// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.crochemore.internal;

import java.util.Arrays;

import org.looptrace.model.core.Progress;

/**
 * Crochemore's algorithm (Inf. Process. Lett. 12(5), 1981): every primitive and maximal tandem
 * repetition (PM-triple) of a string of symbols, level by level, in O(n log n) time overall.
 * <p>
 * Level k holds the classes of E_k: positions whose substrings of length k are equal. E_{k+1}
 * refines E_k by the class of the next position; only the <em>small</em> classes (all children of a
 * class split at the previous level but its largest one) are used as splitters, so every position
 * moves O(log n) times. Each position keeps the distance to the next position of its class (its
 * gap); positions are bucketed by gap, so the squares of period k are exactly the bucket of gap k at
 * level k, and only primitive ones are there: a square whose root has a smaller period has a
 * position of its class in between. A maximal series i, i+k, ..., i+(m−1)k in one class with gaps k
 * is a PM-triple (i, k, m): m copies of a primitive root of length k starting at i, not extendable.
 * <p>
 * The string gets a sentinel position n in a class of its own, so a substring running past the end
 * is never equal to another. Memory: 6 ints per symbol and 7 per class.
 */
public final class Repetitions {

	/** Receives the PM-triples of one level. */
	@FunctionalInterface
	public interface Listener {
		/**
		 * Called once per level that has PM-triples, with their starts (ascending) and counts.
		 *
		 * @return whether to go on with the next level
		 */
		boolean level(int period, int[] starts, int[] counts, int found);
	}

	private static final int NONE = -1;

	/** Class of each position (0..n, n the sentinel). */
	private final int[] classOf;
	/** Neighbours of a position in its class, ascending order. */
	private final int[] next;
	private final int[] previous;
	/** Doubly linked buckets of positions by gap (next − position). */
	private final int[] bucketHead;
	private final int[] bucketNext;
	private final int[] bucketPrevious;
	/** Classes: first and last member, size; ids are recycled through a free list. */
	private int[] head;
	private int[] tail;
	private int[] size;
	/** During a refinement: the class split off each class by the current splitter, and the families. */
	private int[] splitStamp;
	private int[] splitTarget;
	private int[] firstChild;
	private int[] nextSibling;
	private int stamp;
	private int[] freeClasses;
	private int freeCount;
	private int classCount;

	private Repetitions(int[] symbols, int length) {
		int positions = length + 1;
		classOf = new int[positions];
		next = new int[positions];
		previous = new int[positions];
		bucketHead = new int[positions + 1];
		bucketNext = new int[positions];
		bucketPrevious = new int[positions];
		Arrays.fill(bucketHead, NONE);
		head = new int[16];
		tail = new int[16];
		size = new int[16];
		splitStamp = new int[16];
		splitTarget = new int[16];
		firstChild = new int[16];
		nextSibling = new int[16];
		freeClasses = new int[16];
		int alphabet = 0;
		for (int i = 0; i < length; i++) {
			if (symbols[i] < 0) {
				throw new IllegalArgumentException("symbols are non-negative, found " + symbols[i] + " at " + i);
			}
			alphabet = Math.max(alphabet, symbols[i] + 1);
		}
		int[] classOfSymbol = new int[alphabet];
		Arrays.fill(classOfSymbol, NONE);
		for (int i = 0; i <= length; i++) {
			int symbol = i < length ? symbols[i] : NONE;
			int c = symbol == NONE ? newClass() : classOfSymbol[symbol];
			if (c == NONE) {
				c = newClass();
				classOfSymbol[symbol] = c;
			}
			append(c, i);
		}
	}

	/**
	 * Runs the refinement on {@code symbols[0..length)}, reporting the PM-triples of each level from
	 * 1 up to {@code maxPeriod} (at most length / 2) until the listener says stop.
	 */
	public static void find(int[] symbols, int length, int maxPeriod, Listener listener, Progress progress) {
		new Repetitions(symbols, length).run(Math.min(maxPeriod, length / 2), listener, progress);
	}

	private void run(int maxPeriod, Listener listener, Progress progress) {
		// E_0 is one class whose children are the classes of E_1: all but the largest split E_1.
		int[] small = firstSplitters();
		int[] starts = new int[16];
		int[] counts = new int[16];
		for (int period = 1; period <= maxPeriod && small.length > 0; period++) {
			int found = 0;
			for (int i = bucketHead[period]; i != NONE; i = bucketNext[i]) {
				if (i >= period && next[i - period] == i) {
					continue; // not the first of its series
				}
				int count = 2;
				for (int j = i + period; next[j] == j + period; j += period) {
					count++;
				}
				if (found == starts.length) {
					starts = Arrays.copyOf(starts, found * 2);
					counts = Arrays.copyOf(counts, found * 2);
				}
				starts[found] = i;
				counts[found++] = count;
			}
			if (found > 0) {
				sortByStart(starts, counts, found);
				if (!listener.level(period, starts, counts, found)) {
					return;
				}
			}
			small = refine(small);
			progress.checkCancelled();
		}
	}

	/** E_k to E_{k+1}: every position before a member of a small class leaves its class. */
	private int[] refine(int[] splitters) {
		// Snapshot the splitters' members first: the moves below change the classes.
		IntArray members = new IntArray();
		int[] bounds = new int[splitters.length + 1];
		for (int s = 0; s < splitters.length; s++) {
			for (int i = head[splitters[s]]; i != NONE; i = next[i]) {
				members.add(i);
			}
			bounds[s + 1] = members.size();
		}
		IntArray parents = new IntArray();
		for (int s = 0; s < splitters.length; s++) {
			stamp++;
			for (int m = bounds[s]; m < bounds[s + 1]; m++) {
				int position = members.get(m) - 1;
				if (position < 0) {
					continue;
				}
				// position's class is one of E_k: splitters are disjoint, so it has not moved yet
				int from = classOf[position];
				if (splitStamp[from] != stamp) {
					int to = newClass();
					splitStamp[from] = stamp;
					splitTarget[from] = to;
					if (firstChild[from] == NONE) {
						parents.add(from);
					}
					nextSibling[to] = firstChild[from];
					firstChild[from] = to;
				}
				remove(from, position);
				append(splitTarget[from], position);
			}
		}
		IntArray small = new IntArray();
		for (int p = 0; p < parents.size(); p++) {
			int parent = parents.get(p);
			int largest = parent;
			for (int child = firstChild[parent]; child != NONE; child = nextSibling[child]) {
				if (size[child] > size[largest]) {
					largest = child;
				}
			}
			if (largest != parent && size[parent] > 0) {
				small.add(parent);
			}
			for (int child = firstChild[parent]; child != NONE; child = nextSibling[child]) {
				if (child != largest) {
					small.add(child);
				}
			}
			firstChild[parent] = NONE;
			if (size[parent] == 0) {
				freeClass(parent);
			}
		}
		return small.toArray();
	}

	/** The classes of E_1 but one largest: E_0 is one class, and these split it. */
	private int[] firstSplitters() {
		int largest = NONE;
		for (int c = 0; c < classCount; c++) {
			if (largest == NONE || size[c] > size[largest]) {
				largest = c;
			}
		}
		IntArray small = new IntArray();
		for (int c = 0; c < classCount; c++) {
			if (c != largest) {
				small.add(c);
			}
		}
		return small.toArray();
	}

	private int newClass() {
		int c;
		if (freeCount > 0) {
			c = freeClasses[--freeCount];
		} else {
			c = classCount++;
			if (c == head.length) {
				head = grow(head, c + 1);
				tail = grow(tail, c + 1);
				size = grow(size, c + 1);
				splitStamp = grow(splitStamp, c + 1);
				splitTarget = grow(splitTarget, c + 1);
				firstChild = grow(firstChild, c + 1);
				nextSibling = grow(nextSibling, c + 1);
			}
		}
		head[c] = NONE;
		tail[c] = NONE;
		size[c] = 0;
		splitStamp[c] = 0;
		firstChild[c] = NONE;
		return c;
	}

	private void freeClass(int c) {
		if (freeCount == freeClasses.length) {
			freeClasses = grow(freeClasses, freeCount + 1);
		}
		freeClasses[freeCount++] = c;
	}

	/** Appends a position larger than every member of the class. */
	private void append(int c, int position) {
		int last = tail[c];
		classOf[position] = c;
		previous[position] = last;
		next[position] = NONE;
		if (last == NONE) {
			head[c] = position;
		} else {
			next[last] = position;
			bucket(last);
		}
		tail[c] = position;
		size[c]++;
	}

	private void remove(int c, int position) {
		int before = previous[position];
		int after = next[position];
		if (after != NONE) {
			unbucket(position);
			previous[after] = before;
		} else {
			tail[c] = before;
		}
		if (before != NONE) {
			unbucket(before);
			next[before] = after;
			if (after != NONE) {
				bucket(before);
			}
		} else {
			head[c] = after;
		}
		size[c]--;
	}

	/** Files a position that has a next member under its gap. */
	private void bucket(int position) {
		int gap = next[position] - position;
		int first = bucketHead[gap];
		bucketNext[position] = first;
		bucketPrevious[position] = NONE;
		if (first != NONE) {
			bucketPrevious[first] = position;
		}
		bucketHead[gap] = position;
	}

	private void unbucket(int position) {
		int gap = next[position] - position;
		int before = bucketPrevious[position];
		int after = bucketNext[position];
		if (before == NONE) {
			bucketHead[gap] = after;
		} else {
			bucketNext[before] = after;
		}
		if (after != NONE) {
			bucketPrevious[after] = before;
		}
	}

	private static int[] grow(int[] array, int minimum) {
		return Arrays.copyOf(array, Math.max(minimum, array.length * 2));
	}

	/** Sorts the triples of a level by start (the bucket's order is that of the moves). */
	private static void sortByStart(int[] starts, int[] counts, int found) {
		long[] packed = new long[found];
		for (int i = 0; i < found; i++) {
			packed[i] = (long) starts[i] << 32 | counts[i];
		}
		Arrays.sort(packed);
		for (int i = 0; i < found; i++) {
			starts[i] = (int) (packed[i] >>> 32);
			counts[i] = (int) packed[i];
		}
	}
}
