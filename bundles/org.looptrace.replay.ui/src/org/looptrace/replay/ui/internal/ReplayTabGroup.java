// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import org.eclipse.debug.ui.AbstractLaunchConfigurationTabGroup;
import org.eclipse.debug.ui.CommonTab;
import org.eclipse.debug.ui.ILaunchConfigurationDialog;
import org.eclipse.debug.ui.ILaunchConfigurationTab;
import org.eclipse.jdt.annotation.Nullable;

/** The tabs of a LoopTrace Replay configuration: Main and Common. */
public final class ReplayTabGroup extends AbstractLaunchConfigurationTabGroup {

	@Override
	public void createTabs(@Nullable ILaunchConfigurationDialog dialog, @Nullable String mode) {
		setTabs(new ILaunchConfigurationTab[] { new ReplayMainTab(), new CommonTab() });
	}
}
