// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/**
 * The LoopTrace perspective, the product's default: the Project Explorer with the trace folders on
 * the left, models in the editor area, their outline on the right, problems below beside the
 * timeline and communication matrix views (shown as placeholders until their bundle is installed).
 */
public class LoopTracePerspective implements IPerspectiveFactory {

	/** The perspective's id in plugin.xml. */
	public static final String ID = "org.looptrace.ui.perspective";

	static final String TIMELINE_VIEW = "org.looptrace.timeline.ui.timelineView";
	static final String MATRIX_VIEW = "org.looptrace.timeline.ui.matrixView";

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
		layout.addShowViewShortcut(IPageLayout.ID_PROJECT_EXPLORER);
		layout.addShowViewShortcut(IPageLayout.ID_OUTLINE);
		layout.addShowViewShortcut(IPageLayout.ID_PROBLEM_VIEW);
		layout.addShowViewShortcut(TIMELINE_VIEW);
		layout.addShowViewShortcut(MATRIX_VIEW);
	}
}
