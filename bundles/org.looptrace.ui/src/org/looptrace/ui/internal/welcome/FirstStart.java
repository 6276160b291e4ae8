// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.welcome;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.statushandlers.StatusManager;
import org.looptrace.ui.LoopTraceUi;
import org.osgi.service.prefs.BackingStoreException;

/**
 * The first start of a workspace: its window takes most of the screen (the platform's first window
 * is 1024×768 whatever the screen) and the Welcome page opens. Later starts keep the window the
 * user left and open the Welcome page only from Help ▸ Welcome.
 */
public final class FirstStart {

	/** Set in the workspace's preferences once the Welcome page was shown at a start. */
	static final String WELCOMED = "welcomed";
	/** The share of the screen's width and height the first window takes. */
	static final double SCREEN_SHARE = 0.9;

	private FirstStart() {
	}

	/**
	 * Welcomes the user after the first window opens, unless this workspace welcomed them before.
	 * Called while the first window is made (its perspective's layout is created), so it runs
	 * before anything else the event loop does.
	 */
	public static void schedule(Display display) {
		IEclipsePreferences preferences = InstanceScope.INSTANCE.getNode(LoopTraceUi.BUNDLE_ID);
		if (preferences.getBoolean(WELCOMED, false)) {
			return;
		}
		preferences.putBoolean(WELCOMED, true);
		try {
			preferences.flush();
		} catch (BackingStoreException e) {
			// kept in memory: at worst the Welcome page opens once more at the next start
		}
		display.asyncExec(() -> {
			IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
			if (window == null || window.getActivePage() == null) {
				return;
			}
			fitToScreen(window.getShell());
			try {
				WelcomeEditor.open(window.getActivePage());
			} catch (PartInitException e) {
				StatusManager.getManager().handle(e.getStatus(), StatusManager.LOG);
			}
		});
	}

	/** Makes a window {@link #SCREEN_SHARE} of its monitor's work area, centred on it. */
	static void fitToScreen(Shell shell) {
		Rectangle area = shell.getMonitor().getClientArea();
		int width = (int) (area.width * SCREEN_SHARE);
		int height = (int) (area.height * SCREEN_SHARE);
		shell.setBounds(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height);
	}
}
