// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * NLR's stack, with each construct's skeleton and, for a loop from 0 to a constant, the length
 * of its body (and that of its last construct's, for {@link UnfinishedSecondCopy}) beside it:
 * every step of a recognition tests them at up to 3 · MAX_BODY places below the top before any
 * rule compares constructs.
 */
final class TermStack extends AbstractList<Node> implements RandomAccess {
	private Node[] nodes;
	private int[] skeletons;
	private int[] countedBodies;
	/** For a loop of two iterations from 0 whose body ends with a loop: that loop's body length. */
	private int[] pairTails;
	private int size;

	TermStack(int capacity) {
		nodes = new Node[Math.max(capacity, 16)];
		skeletons = new int[nodes.length];
		countedBodies = new int[nodes.length];
		pairTails = new int[nodes.length];
	}

	@Override
	public Node get(int i) {
		Objects.checkIndex(i, size);
		return nodes[i];
	}

	@Override
	public int size() {
		return size;
	}

	@Override
	public boolean add(Node node) {
		if (size == nodes.length) {
			nodes = Arrays.copyOf(nodes, 2 * size);
			skeletons = Arrays.copyOf(skeletons, 2 * size);
			countedBodies = Arrays.copyOf(countedBodies, 2 * size);
			pairTails = Arrays.copyOf(pairTails, 2 * size);
		}
		nodes[size] = node;
		skeletons[size] = node.skeleton;
		LoopNode counted = node instanceof LoopNode loop && loop.counted ? loop : null;
		countedBodies[size] = counted != null ? counted.body.length : 0;
		pairTails[size] = counted != null && counted.upper.constantTerm() == 1 && counted.body.length > 0
				&& counted.body[counted.body.length - 1] instanceof LoopNode tail ? tail.body.length : 0;
		size++;
		modCount++;
		return true;
	}

	@Override
	protected void removeRange(int from, int to) {
		System.arraycopy(nodes, to, nodes, from, size - to);
		System.arraycopy(skeletons, to, skeletons, from, size - to);
		System.arraycopy(countedBodies, to, countedBodies, from, size - to);
		System.arraycopy(pairTails, to, pairTails, from, size - to);
		Arrays.fill(nodes, size - (to - from), size, null);
		size -= to - from;
		modCount++;
	}

	/** The constructs from {@code from} to {@code to} (excluded), copied. */
	Node[] nodes(int from, int to) {
		Objects.checkFromToIndex(from, to, size);
		return Arrays.copyOfRange(nodes, from, to);
	}

	int skeleton(int i) {
		return skeletons[i];
	}

	/** The length of the body of construct i if it is a loop from 0 to a constant, else 0. */
	int countedBody(int i) {
		return countedBodies[i];
	}

	int pairTail(int i) {
		return pairTails[i];
	}
}
