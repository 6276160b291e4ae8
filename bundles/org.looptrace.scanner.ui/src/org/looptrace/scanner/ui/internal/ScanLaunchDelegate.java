// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.ILaunchConfigurationDelegate;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Launches a LoopTrace Scanner configuration: checks it (a CoreException with the reason shows in
 * the launch's error dialog) and schedules the {@link ScanJob}, which shows its own progress and
 * can be cancelled from the Progress view. The launch itself is removed once the job is done.
 */
public final class ScanLaunchDelegate implements ILaunchConfigurationDelegate {

	@Override
	public void launch(@Nullable ILaunchConfiguration configuration, @Nullable String mode, @Nullable ILaunch launch,
			@Nullable IProgressMonitor monitor) throws CoreException {
		if (configuration == null) {
			return;
		}
		ScanJob job = new ScanJob(configuration.getName(), ScanSettings.of(configuration));
		if (launch != null) {
			// A launch without process or debug target never counts as terminated: remove it when the scan ends.
			job.addJobChangeListener(IJobChangeListener.onDone(event -> DebugPlugin.getDefault().getLaunchManager().removeLaunch(launch)));
		}
		job.schedule();
	}
}
