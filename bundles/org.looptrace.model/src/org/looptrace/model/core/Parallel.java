// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Indexed work on a fixed pool of threads: a parallel map and a tree reduction. Results come in
 * index order and do not depend on the number of threads. A failure is rethrown as the task threw
 * it (the first in index order for a map, the one the root of the tree waited for in a reduction);
 * an interrupted wait is a {@link CancellationException}. The pool lives for one call: when one
 * task fails, the others are interrupted and the call returns once they have ended, so no task
 * still writes after it.
 */
public final class Parallel {

	/** The work of index {@code index}. */
	@FunctionalInterface
	public interface Task<T, E extends Exception> {
		T run(int index) throws E;
	}

	/** Combines the results of two adjacent ranges of indices, the lower one first. */
	@FunctionalInterface
	public interface Combination<T, E extends Exception> {
		T combine(T first, T second) throws E;
	}

	private Parallel() {
	}

	/** The results of {@code task} for the indices 0 to {@code count - 1}, on at most {@code threads} threads. */
	public static <T, E extends Exception> List<T> map(int count, int threads, Task<T, E> task) throws E {
		checkThreads(threads);
		if (count == 0) {
			return List.of();
		}
		ExecutorService pool = pool(count, threads);
		try {
			List<Future<T>> futures = submit(pool, count, task);
			List<T> results = new ArrayList<>(count);
			for (Future<T> future : futures) {
				results.add(Parallel.<T, E>result(future));
			}
			return results;
		} finally {
			stop(pool);
		}
	}

	/**
	 * The results of {@code leaf} for the indices 0 to {@code count - 1} (at least one), combined
	 * over the fixed tree of {@link #split}: (0 1) (2 3) …, then those pairs, an odd last one carried
	 * up as it is. The tree depends on {@code count} alone, so the result does not depend on the
	 * number of threads nor on the order in which tasks end.
	 * <p>
	 * Leaves start in index order and a pair is combined as soon as both its operands are done, so
	 * the results waiting at any time are those of a few leaves per thread and one per level of
	 * the tree: a reduction of many large results never holds all of them.
	 */
	public static <T, E extends Exception> T reduce(int count, int threads, Task<T, E> leaf,
			Combination<T, E> combination) throws E {
		checkThreads(threads);
		if (count < 1) {
			throw new IllegalArgumentException("nothing to reduce: " + count + " results");
		}
		ExecutorService pool = pool(count, threads);
		try {
			return new TreeReduction<>(count, leaf, combination, pool, 2 * threads).run();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new CancellationException("interrupted");
		} catch (ExecutionException e) {
			throw Parallel.<E>rethrown(e.getCause());
		} finally {
			stop(pool);
		}
	}

	/**
	 * Where the reduction tree splits the range [lo, hi) of at least two indices: after the largest
	 * power of two below its size. The tree of a range is that of its size shifted to {@code lo},
	 * so every subtree is a contiguous range and a range of the tree can be reduced on its own
	 * (on another machine) and combined with its sibling into the same result.
	 */
	public static int split(int lo, int hi) {
		if (hi - lo < 2) {
			throw new IllegalArgumentException("a range of " + (hi - lo) + " indices is not split");
		}
		return lo + Integer.highestOneBit(hi - lo - 1);
	}

	/**
	 * Progress for the tasks of one parallel call: their reports and cancellation checks are
	 * serialized, and {@code begin} does nothing (the caller begins the task once, for all of them).
	 */
	public static Progress shared(Progress progress) {
		return new Progress() {
			@Override
			public void begin(String task, long totalWork) {
				// begun once by the caller
			}

			@Override
			public void worked(long work) {
				synchronized (progress) {
					progress.worked(work);
				}
			}

			@Override
			public boolean isCancelled() {
				synchronized (progress) {
					return progress.isCancelled();
				}
			}
		};
	}

	private static void checkThreads(int threads) {
		if (threads < 1) {
			throw new IllegalArgumentException("threads must be at least 1, found " + threads);
		}
	}

	/** Interrupts the tasks still running (they check {@link Progress#checkCancelled}) and waits for them to end. */
	private static void stop(ExecutorService pool) {
		pool.shutdownNow();
		pool.close();
	}

	private static ExecutorService pool(int count, int threads) {
		return Executors.newFixedThreadPool(Math.min(threads, count));
	}

	private static <T, E extends Exception> List<Future<T>> submit(ExecutorService pool, int count, Task<T, E> task) {
		List<Future<T>> futures = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			int index = i;
			futures.add(pool.submit(() -> task.run(index)));
		}
		return futures;
	}

	private static <T, E extends Exception> T result(Future<T> future) throws E {
		try {
			return future.get();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new CancellationException("interrupted");
		} catch (ExecutionException e) {
			throw Parallel.<E>rethrown(e.getCause());
		}
	}

	/**
	 * The failure of a task as the task threw it, to be thrown by the caller: runtime failures
	 * and errors as they are, an interruption as a cancellation, else the task's checked exception.
	 */
	@SuppressWarnings("unchecked")
	private static <E extends Exception> E rethrown(@Nullable Throwable failure) {
		// A failure met while waiting for another task is that task's: unwrap to the task's own.
		Throwable cause = failure;
		while (cause instanceof ExecutionException nested) {
			cause = nested.getCause();
		}
		if (cause instanceof RuntimeException runtime) {
			throw runtime;
		}
		if (cause instanceof Error error) {
			throw error;
		}
		if (cause instanceof InterruptedException) {
			throw new CancellationException("interrupted");
		}
		if (cause == null) {
			throw new IllegalStateException("a task failed without a cause");
		}
		// Tasks and combinations throw no other checked exception than E.
		return (E) cause;
	}
}
