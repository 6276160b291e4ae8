// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import org.eclipse.core.runtime.SubMonitor;
import org.looptrace.model.core.Progress;

/**
 * The scanner's {@link Progress} in a job's monitor. The scanner begins one task (a unit per rank)
 * and reports from the job's thread only; cancelling the job cancels the scan.
 */
final class MonitorProgress implements Progress {

	private final SubMonitor monitor;

	MonitorProgress(SubMonitor monitor) {
		this.monitor = monitor;
	}

	@Override
	public void begin(String task, long totalWork) {
		monitor.subTask(task);
		monitor.setWorkRemaining(totalWork < 0 ? 0 : (int) Math.min(Integer.MAX_VALUE, totalWork));
	}

	@Override
	public void worked(long work) {
		monitor.worked((int) Math.min(Integer.MAX_VALUE, work));
	}

	@Override
	public boolean isCancelled() {
		return monitor.isCanceled();
	}
}
