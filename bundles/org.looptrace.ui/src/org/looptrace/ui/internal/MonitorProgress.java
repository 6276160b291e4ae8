// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.looptrace.model.core.Progress;

/**
 * The engine's {@link Progress} shown in an Eclipse progress monitor. The engine reports from
 * several threads (ranks are modelled in parallel) while monitors are not thread-safe: calls are
 * serialized. Each phase the engine begins takes half of the work still remaining.
 */
final class MonitorProgress implements Progress {

	private static final int TICKS = 1000;

	private final SubMonitor root;
	private SubMonitor phase;
	private long phaseTotal;
	private long phaseDone;
	private int phaseTicksDone;

	MonitorProgress(IProgressMonitor monitor, String task) {
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
		if (phase == null || phaseTotal <= 0) {
			return;
		}
		phaseDone += work;
		int ticks = (int) Math.min(TICKS, phaseDone * TICKS / phaseTotal);
		if (ticks > phaseTicksDone) {
			phase.worked(ticks - phaseTicksDone);
			phaseTicksDone = ticks;
		}
	}

	@Override
	public boolean isCancelled() {
		return root.isCanceled();
	}
}
