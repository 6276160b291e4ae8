// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.concurrent.CancellationException;

/**
 * Progress of long work and the way to cancel it, without depending on Eclipse's IProgressMonitor:
 * the engine runs headless. The UI adapts a SubMonitor to it, the CLI a terminal progress bar.
 */
public interface Progress {

	/** Progress that reports nothing and is never cancelled. */
	Progress NONE = new Progress() {
		@Override
		public void begin(String task, long totalWork) {
		}

		@Override
		public void worked(long work) {
		}

		@Override
		public boolean isCancelled() {
			return false;
		}
	};

	/** Starts a task of {@code totalWork} units; a negative total means unknown. */
	void begin(String task, long totalWork);

	/** Reports {@code work} more units done. */
	void worked(long work);

	boolean isCancelled();

	/** Throws {@link CancellationException} when cancelled: call it at safe points of long loops. */
	default void checkCancelled() {
		if (isCancelled()) {
			throw new CancellationException("cancelled");
		}
	}
}
