// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import org.eclipse.compare.CompareConfiguration;
import org.eclipse.compare.IViewerCreator;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.widgets.Composite;

/** Creates the structure pane of two models for the compare editor (extension {@code org.eclipse.compare.structureMergeViewers}). */
public final class ModelDiffViewerCreator implements IViewerCreator {

	@Override
	@NonNullByDefault({})
	public Viewer createViewer(Composite parent, CompareConfiguration configuration) {
		return new ModelDiffViewer(parent, configuration);
	}
}
