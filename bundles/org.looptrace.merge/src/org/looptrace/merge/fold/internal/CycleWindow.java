// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Combiner.combine;
import static org.looptrace.merge.fold.internal.Recognizer.MAX_BODY;
import static org.looptrace.merge.fold.internal.Terms.count;
import static org.looptrace.merge.fold.internal.Terms.instantiate;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.EventKind;

/**
 * The constructs at the top of the stack, top down, with loops whose body is a block of b
 * taken as their iterations, while they repeat with period b (skeletons compared) and the
 * ranks of the blocks' first constructs could still walk around a cycle: they differ by
 * constants and take at most three steps (one step and two jumps).
 */
final class CycleWindow {
	static final int MAX_ITEMS = 3 * MAX_BODY;
	/** Scratch of {@link CopiesAroundCycle}: block lengths a loop near the top could expand to. */
	final boolean[] expandable = new boolean[MAX_BODY + 1];
	private int b;
	private int depth;
	/** Per item: the construct, or the loop whose body item it is at an iteration. */
	private final Node[] sources = new Node[MAX_ITEMS];
	/** Per item: the loop's iteration, -1 for a construct of the stack itself. */
	private final long[] iterations = new long[MAX_ITEMS];
	private final int[] bodyItems = new int[MAX_ITEMS];
	private final @Nullable Node[] instantiated = new Node[MAX_ITEMS];
	private int size;
	/** The distinct steps between the ranks of consecutive blocks' first constructs. */
	private final long[] steps = new long[3];
	private int distinct;

	/** Empties the window for blocks of b at the given depth (one window serves a recognition). */
	void reset(int b, int depth) {
		this.b = b;
		this.depth = depth;
		size = 0;
		distinct = 0;
	}

	int size() {
		return size;
	}

	/** Adds a construct below the others; false when the window can grow no more. */
	boolean add(Node node) {
		// A loop of the block may start anywhere in it (SP's sends and receives of a rank pair
		// with those of the next rank as the merge wrote them).
		if (node instanceof LoopNode loop && loop.body.length == b && loop.counted) {
			if (count(loop) > (MAX_ITEMS - size) / b) {
				return false; // it would fill the window before its end: the walk ends either way
			}
			for (long n = count(loop) - 1; n >= 0; n--) {
				for (int j = b - 1; j >= 0; j--) {
					if (!append(loop, n, j)) {
						return false;
					}
				}
			}
			return true;
		}
		return append(node, -1, -1);
	}

	private boolean append(Node source, long iteration, int bodyItem) {
		if (size == MAX_ITEMS) {
			return false;
		}
		sources[size] = source;
		iterations[size] = iteration;
		bodyItems[size] = bodyItem;
		instantiated[size] = null;
		size++;
		if (size > b && skeleton(size - 1) != skeleton(size - 1 - b)) {
			size--;
			return false;
		}
		// The first construct of a block completes it: compare its rank with the next block's.
		if (size % b == 0 && size > b && !step(size - 1, size - 1 - b)) {
			size--;
			return false;
		}
		return true;
	}

	private int skeleton(int i) {
		return iterations[i] < 0 ? sources[i].skeleton : ((LoopNode) sources[i]).body[bodyItems[i]].skeleton;
	}

	/** Records the step from item i's rank to item later's; false when there is none or a fourth. */
	private boolean step(int i, int later) {
		DepthExpr first = rank(i);
		DepthExpr next = rank(later);
		if (first == null || next == null) {
			return true; // a block that starts with a loop records no step: mayWrap refuses it
		}
		long step = DepthExpr.step(first, iterations[i], next, iterations[later], depth);
		if (step == DepthExpr.NO_DIFFERENCE) {
			return false;
		}
		for (int d = 0; d < distinct; d++) {
			if (steps[d] == step) {
				return true;
			}
		}
		if (distinct == steps.length) {
			return false;
		}
		steps[distinct++] = step;
		return true;
	}

	/**
	 * Whether the steps can be one step and jumps that are multiples of the number of blocks,
	 * as a cycle over them needs. A block that starts with a loop is never a cycle here (it is
	 * untested). One whose first rank takes a single step may be: its other numbers may wrap
	 * (BT's block of a rank's copy_faces sends, its receives and its stages: the ranks walk
	 * along a row, their neighbours wrap around it), and the fit refuses it if none does.
	 */
	boolean mayWrap() {
		int k = size / b;
		for (int d = 1; d < distinct; d++) {
			if ((steps[d] - steps[0]) % k != 0) {
				return false;
			}
		}
		return distinct > 0;
	}

	/**
	 * The rank of item i when it is an event, else null: as its source writes it, the loop's
	 * index not set (step sets it to the item's iteration without building the number).
	 */
	private @Nullable DepthExpr rank(int i) {
		Node node = iterations[i] < 0 ? sources[i] : ((LoopNode) sources[i]).body[bodyItems[i]];
		return node instanceof EventNode event ? event.numbers[0] : null;
	}

	private Node item(int i) {
		Node node = instantiated[i];
		if (node == null) {
			node = iterations[i] < 0 ? sources[i] : instantiate(((LoopNode) sources[i]).body[bodyItems[i]], depth, iterations[i]);
			instantiated[i] = node;
		}
		return node;
	}

	/**
	 * The body of one loop over the blocks as a cycle, or null. Some message of the block
	 * must close the cycle (its peers are its ranks, in another order), so that part of a
	 * cycle whose jumps happen to divide its length is not taken for a whole one.
	 */
	Node @Nullable [] fit() {
		int k = size / b;
		Node[][] copies = new Node[k][b];
		for (int c = 0; c < k; c++) {
			for (int j = 0; j < b; j++) {
				copies[c][j] = item(size - 1 - (c * b + j)); // copy c (0 the oldest), construct j
			}
		}
		CycleFit fit = new CycleFit(depth);
		Node[] body = combine(copies, fit);
		// Without a wrap-around it is a plain repetition: NLR's rules take it, one copy at a time.
		if (body == null || !fit.wraps) {
			return null;
		}
		Node[] column = new Node[k];
		for (int j = 0; j < b; j++) {
			for (int c = 0; c < k; c++) {
				column[c] = copies[c][j];
			}
			if (closes(column)) {
				return body;
			}
		}
		return null;
	}

	/** Whether the copies are messages whose peers are their ranks, in some order. */
	private static boolean closes(Node[] copies) {
		long[] ranks = new long[copies.length];
		long[] peers = new long[copies.length];
		for (int c = 0; c < copies.length; c++) {
			if (!(copies[c] instanceof EventNode event) || event.kind != EventKind.SEND && event.kind != EventKind.RECV
					|| DepthExpr.step(event.numbers[0], event.numbers[1]) == DepthExpr.NO_DIFFERENCE) {
				return false;
			}
			ranks[c] = event.numbers[0].constantTerm();
			peers[c] = event.numbers[1].constantTerm();
		}
		Arrays.sort(ranks);
		Arrays.sort(peers);
		return Arrays.equals(ranks, peers);
	}
}
