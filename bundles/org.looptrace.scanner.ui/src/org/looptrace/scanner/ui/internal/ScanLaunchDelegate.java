// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.ILaunchConfigurationDelegate;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Launches a LoopTrace Scanner configuration: checks it (a CoreException with the reason shows in
 * the launch's error dialog) and schedules the {@link ScanJob}, which shows its own progress and
 * can be cancelled from the Progress view.
 */
public final class ScanLaunchDelegate implements ILaunchConfigurationDelegate {

	@Override
	public void launch(@Nullable ILaunchConfiguration configuration, @Nullable String mode, @Nullable ILaunch launch,
			@Nullable IProgressMonitor monitor) throws CoreException {
		if (configuration == null) {
			return;
		}
		new ScanJob(configuration.getName(), ScanSettings.of(configuration)).schedule();
	}
}
