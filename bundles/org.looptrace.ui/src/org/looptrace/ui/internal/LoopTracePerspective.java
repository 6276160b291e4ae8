// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;
import org.eclipse.ui.PlatformUI;
import org.looptrace.ui.internal.welcome.FirstStart;

/**
 * The LoopTrace perspective, the product's default: the Project Explorer with the trace folders on
 * the left, models in the editor area, their outline on the right, problems below beside the
 * timeline, communication matrix, scan results and profile views and the console (placeholders until they
 * are opened or their bundle is installed); the Run menu for the scanner's launches. Made when a
 * workspace starts for the first time, it then has the Welcome page opened ({@link FirstStart}).
 */
public class LoopTracePerspective implements IPerspectiveFactory {

	/** The perspective's id in plugin.xml. */
	public static final String ID = "org.looptrace.ui.perspective";

	static final String TIMELINE_VIEW = "org.looptrace.timeline.ui.timelineView";
	static final String MATRIX_VIEW = "org.looptrace.timeline.ui.matrixView";
	static final String SCAN_RESULTS_VIEW = "org.looptrace.scanner.ui.resultsView";
	static final String PROFILE_VIEW = "org.looptrace.scanner.ui.profileView";
	/** org.eclipse.ui.console's IConsoleConstants.ID_CONSOLE_VIEW, without requiring the bundle. */
	static final String CONSOLE_VIEW = "org.eclipse.ui.console.ConsoleView";
	/** The Run menu and toolbar (Run As > LoopTrace Scanner, the launch history). */
	static final String LAUNCH_ACTION_SET = "org.eclipse.debug.ui.launchActionSet";

	@Override
	public void createInitialLayout(@Nullable IPageLayout layout) {
		if (layout == null) {
			return;
		}
		String editors = layout.getEditorArea();
		layout.addView(IPageLayout.ID_PROJECT_EXPLORER, IPageLayout.LEFT, 0.22f, editors);
		layout.addView(IPageLayout.ID_OUTLINE, IPageLayout.RIGHT, 0.75f, editors);
		IFolderLayout bottom = layout.createFolder("org.looptrace.ui.perspective.bottom", IPageLayout.BOTTOM, 0.65f, editors);
		bottom.addView(IPageLayout.ID_PROBLEM_VIEW);
		bottom.addPlaceholder(TIMELINE_VIEW);
		bottom.addPlaceholder(MATRIX_VIEW);
		bottom.addPlaceholder(SCAN_RESULTS_VIEW);
		bottom.addPlaceholder(PROFILE_VIEW);
		bottom.addPlaceholder(CONSOLE_VIEW);
		layout.addShowViewShortcut(IPageLayout.ID_PROJECT_EXPLORER);
		layout.addShowViewShortcut(IPageLayout.ID_OUTLINE);
		layout.addShowViewShortcut(IPageLayout.ID_PROBLEM_VIEW);
		layout.addShowViewShortcut(TIMELINE_VIEW);
		layout.addShowViewShortcut(MATRIX_VIEW);
		layout.addShowViewShortcut(SCAN_RESULTS_VIEW);
		layout.addShowViewShortcut(PROFILE_VIEW);
		layout.addShowViewShortcut(CONSOLE_VIEW);
		layout.addActionSet(LAUNCH_ACTION_SET);
		FirstStart.schedule(PlatformUI.getWorkbench().getDisplay());
	}
}
