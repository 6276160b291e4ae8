// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Progress;

/**
 * The engine's {@link Progress} shown in an Eclipse progress monitor. The engine reports from
 * several threads (ranks are modelled in parallel) while monitors are not thread-safe: calls are
 * serialized. Each phase the engine begins takes half of the work still remaining. Used by the jobs
 * of every LoopTrace UI bundle.
 */
public final class MonitorProgress implements Progress {

	private static final int TICKS = 1000;

	private final SubMonitor root;
	/** Null until the engine begins its first phase. */
	private @Nullable SubMonitor phase;
	private long phaseTotal;
	private long phaseDone;
	private int phaseTicksDone;

	/** Progress of the engine in {@code monitor} (null: none), under the task name {@code task}. */
	public MonitorProgress(@Nullable IProgressMonitor monitor, String task) {
		this.root = SubMonitor.convert(monitor, task, TICKS);
	}

	@Override
	public synchronized void begin(String task, long totalWork) {
		phase = root.split(TICKS / 2).setWorkRemaining(TICKS);
		root.subTask(task);
		phaseTotal = totalWork;
		phaseDone = 0;
		phaseTicksDone = 0;
	}

	@Override
	public synchronized void worked(long work) {
		SubMonitor current = phase;
		if (current == null || phaseTotal <= 0) {
			return;
		}
		phaseDone += work;
		int ticks = (int) Math.min(TICKS, phaseDone * TICKS / phaseTotal);
		if (ticks > phaseTicksDone) {
			current.worked(ticks - phaseTicksDone);
			phaseTicksDone = ticks;
		}
	}

	@Override
	public boolean isCancelled() {
		return root.isCanceled();
	}
}
