// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.actions.ContextualLaunchAction;

/**
 * The "Run As" menu of a {@code .loops} file in the Project Explorer, and of the editor of a model
 * outside the workspace: the launch shortcuts whose contextual enablement accepts the model
 * (LoopTrace Scanner, ...). The platform shows its own menu only on what adapts to
 * {@code ILaunchable}; declaring that adapter for every file, or every file opened from outside the
 * workspace, would offer Run As on traces, data and text files too, so models get this menu of their
 * own instead.
 */
public final class ModelRunAsMenu extends ContextualLaunchAction {

	public ModelRunAsMenu() {
		super(ILaunchManager.RUN_MODE);
	}
}
