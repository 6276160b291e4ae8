// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal;

import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;

/** Starts the {@link PatternMarkers} of the workbench: they follow model editors from the start. */
public class PatternMarkersStartup implements IStartup {

	@Override
	public void earlyStartup() {
		IWorkbench workbench = PlatformUI.getWorkbench();
		workbench.getDisplay().asyncExec(() -> {
			if (!workbench.isClosing()) {
				new PatternMarkers(workbench).install();
			}
		});
	}
}
