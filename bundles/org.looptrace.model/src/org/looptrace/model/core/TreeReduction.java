// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Parallel.Combination;
import org.looptrace.model.core.Parallel.Task;

/**
 * One run of {@link Parallel#reduce}: the fixed tree of {@link Parallel#split} over the indices,
 * leaves started in index order, a node combined as soon as both its operands are done. At most
 * {@code window} leaf results wait for their sibling at a time, so a long reduction never holds
 * every leaf result at once: the tree is in index order, so the results waiting are those of the
 * window and one per level on the path to the root.
 * <p>
 * No task waits for another (a combination is started by the operand that finishes last), so a
 * fixed pool cannot deadlock. After a failure, only the work that could give a failure the tree
 * reports first goes on: nodes wholly before the failed one.
 */
final class TreeReduction<T, E extends Exception> {

	/** A node of the tree: the range [lo, hi) of indices, and the operands that are done. */
	private final class Node {
		final int lo;
		final int hi;
		final @Nullable Node parent;
		@Nullable Node first;
		@Nullable Node second;
		@Nullable T firstResult;
		@Nullable T secondResult;
		boolean firstDone;
		boolean secondDone;
		@Nullable Throwable failure;

		Node(int lo, int hi, @Nullable Node parent) {
			this.lo = lo;
			this.hi = hi;
			this.parent = parent;
		}

		boolean isLeaf() {
			return hi - lo == 1;
		}
	}

	private final Task<T, E> leaf;
	private final Combination<T, E> combination;
	private final Executor pool;
	private final Semaphore window;
	private final Node root;
	private final List<Node> leaves;
	private final Object lock = new Object();
	/** Tasks started and not finished. */
	private int running;
	/** The lowest index of a failed node; work at or after it is not started. */
	private int failedAt = Integer.MAX_VALUE;
	private boolean done;
	private @Nullable T result;

	TreeReduction(int count, Task<T, E> leaf, Combination<T, E> combination, Executor pool, int window) {
		this.leaf = leaf;
		this.combination = combination;
		this.pool = pool;
		this.window = new Semaphore(window);
		this.leaves = new ArrayList<>(count);
		this.root = build(0, count, null);
	}

	private Node build(int lo, int hi, @Nullable Node parent) {
		Node node = new Node(lo, hi, parent);
		if (node.isLeaf()) {
			leaves.add(node);
		} else {
			int split = Parallel.split(lo, hi);
			node.first = build(lo, split, node);
			node.second = build(split, hi, node);
		}
		return node;
	}

	/**
	 * The result of the root.
	 *
	 * @throws ExecutionException   with the failure the tree reports: that of the first operand when
	 *                              it failed, else that of the second, else that of the combination
	 * @throws InterruptedException when interrupted while waiting
	 */
	T run() throws ExecutionException, InterruptedException {
		for (Node node : leaves) {
			window.acquire();
			synchronized (lock) {
				if (node.lo >= failedAt) {
					break;
				}
				running++;
			}
			pool.execute(() -> leaf(node));
		}
		synchronized (lock) {
			while (!done && !(failedAt != Integer.MAX_VALUE && running == 0)) {
				lock.wait();
			}
			T value = result;
			if (done && value != null) {
				return value;
			}
		}
		Throwable failure = failureOf(root);
		if (failure == null) {
			throw new IllegalStateException("a reduction ended without result or failure");
		}
		throw new ExecutionException(failure);
	}

	private void leaf(Node node) {
		try {
			T value = leaf.run(node.lo);
			finished(node, value);
		} catch (Throwable e) {
			failed(node, e);
		}
	}

	private void combine(Node node, T first, T second) {
		try {
			T value = combination.combine(first, second);
			finished(node, value);
		} catch (Throwable e) {
			failed(node, e);
		}
	}

	/** Hands the result to the parent, and starts the parent when its other operand is done too. */
	private void finished(Node node, T value) {
		synchronized (lock) {
			running--;
			Node parent = node.parent;
			if (parent == null) {
				result = value;
				done = true;
			} else {
				if (node == parent.first) {
					parent.firstResult = value;
					parent.firstDone = true;
				} else {
					parent.secondResult = value;
					parent.secondDone = true;
				}
				if (parent.firstDone && parent.secondDone && parent.hi <= failedAt) {
					T first = parent.firstResult;
					T second = parent.secondResult;
					parent.firstResult = null;
					parent.secondResult = null;
					releaseLeaves(parent);
					running++;
					pool.execute(() -> combine(parent, first, second));
				}
			}
			lock.notifyAll();
		}
	}

	/** A leaf operand handed to a combination no longer waits: another leaf may start. */
	private void releaseLeaves(Node parent) {
		if (parent.first != null && parent.first.isLeaf()) {
			window.release();
		}
		if (parent.second != null && parent.second.isLeaf()) {
			window.release();
		}
	}

	private void failed(Node node, Throwable failure) {
		synchronized (lock) {
			running--;
			node.failure = failure;
			failedAt = Math.min(failedAt, node.lo);
			// the loop starting leaves may wait for a permit that waiting leaves never give back
			window.release(leaves.size());
			lock.notifyAll();
		}
	}

	private @Nullable Throwable failureOf(@Nullable Node node) {
		if (node == null) {
			return null;
		}
		Throwable first = failureOf(node.first);
		if (first != null) {
			return first;
		}
		Throwable second = failureOf(node.second);
		return second != null ? second : node.failure;
	}
}
