// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Progress of long work and the way to cancel it, without depending on Eclipse's IProgressMonitor:
 * the engine runs headless. The UI adapts a SubMonitor to it, the CLI a terminal progress bar.
 */
public interface Progress {

	/** Progress that reports nothing and is never cancelled. */
	Progress NONE = cancelledWhen(() -> false);

	/**
	 * Progress that reports nothing and is cancelled when {@code cancelled} says so: for callers
	 * that only cancel (a deadline, a benchmark, a test); it is asked at every check.
	 */
	static Progress cancelledWhen(BooleanSupplier cancelled) {
		return new Progress() {
			@Override
			public void begin(String task, long totalWork) {
			}

			@Override
			public void worked(long work) {
			}

			@Override
			public boolean isCancelled() {
				return cancelled.getAsBoolean();
			}
		};
	}

	/** Starts a task of {@code totalWork} units; a negative total means unknown. */
	void begin(String task, long totalWork);

	/** Reports {@code work} more units done. */
	void worked(long work);

	boolean isCancelled();

	/**
	 * Throws {@link CancellationException} when cancelled, or when the thread is interrupted (its
	 * pool is stopping because another task failed): call it at safe points of long loops.
	 */
	default void checkCancelled() {
		if (isCancelled() || Thread.currentThread().isInterrupted()) {
			throw new CancellationException("cancelled");
		}
	}
}
