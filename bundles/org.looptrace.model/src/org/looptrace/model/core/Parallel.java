// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Indexed work on a fixed pool of threads: a parallel map and a tree reduction. Results come in
 * index order and do not depend on the number of threads. A failure is rethrown as the task threw
 * it (the first in index order for a map, the one the root of the tree waited for in a reduction);
 * an interrupted wait is a {@link CancellationException}. The pool lives for one call.
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
			pool.shutdownNow();
		}
	}

	/**
	 * The results of {@code leaf} for the indices 0 to {@code count - 1} (at least one), combined
	 * pairwise level by level: (0 1) (2 3) …, then those pairs, an odd last one carried up as it is.
	 * <p>
	 * A combination waits for its two operands inside the pool, and that cannot deadlock: the pool
	 * starts tasks in the order they were submitted, and operands are submitted before what combines
	 * them. So when a task starts, every task it waits for has started on another thread, and the
	 * earliest unfinished task waits for nothing unfinished.
	 */
	public static <T, E extends Exception> T reduce(int count, int threads, Task<T, E> leaf,
			Combination<T, E> combination) throws E {
		checkThreads(threads);
		if (count < 1) {
			throw new IllegalArgumentException("nothing to reduce: " + count + " results");
		}
		ExecutorService pool = pool(count, threads);
		try {
			List<Future<T>> level = submit(pool, count, leaf);
			while (level.size() > 1) {
				List<Future<T>> next = new ArrayList<>(level.size() / 2 + 1);
				for (int i = 0; i + 1 < level.size(); i += 2) {
					Future<T> first = level.get(i);
					Future<T> second = level.get(i + 1);
					next.add(pool.submit(() -> combination.combine(first.get(), second.get())));
				}
				if (level.size() % 2 == 1) {
					next.add(level.get(level.size() - 1));
				}
				level = next;
			}
			return Parallel.<T, E>result(level.get(0));
		} finally {
			pool.shutdownNow();
		}
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

	@SuppressWarnings("unchecked")
	private static <T, E extends Exception> T result(Future<T> future) throws E {
		try {
			return future.get();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new CancellationException("interrupted");
		} catch (ExecutionException e) {
			// A combination fails with the failure of the operand it waited for: unwrap to the task's own.
			Throwable cause = e.getCause();
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
			// Tasks and combinations throw no other checked exception than E.
			throw (E) cause;
		}
	}
}
