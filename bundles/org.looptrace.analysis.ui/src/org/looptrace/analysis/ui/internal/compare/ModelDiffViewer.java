// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import org.eclipse.compare.CompareConfiguration;
import org.eclipse.compare.INavigatable;
import org.eclipse.compare.structuremergeviewer.DiffNode;
import org.eclipse.compare.structuremergeviewer.IStructureComparator;
import org.eclipse.compare.structuremergeviewer.StructureDiffViewer;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerComparator;
import org.eclipse.swt.widgets.Composite;
import org.looptrace.analysis.ui.internal.Messages;
import org.looptrace.ui.MonitorProgress;

/**
 * The structure pane of two models: the platform's structure viewer on {@link ModelStructureCreator}'s
 * sides, given ModelDiff's differences before the platform's differencer pairs their nodes, so the
 * pane lists exactly ModelDiff's differences in its order, selecting one shows its lines in both
 * text panes, and the editor's next and previous difference go through them. The platform compares
 * again when a side's content changes.
 */
final class ModelDiffViewer extends StructureDiffViewer {

	ModelDiffViewer(Composite parent, CompareConfiguration configuration) {
		super(parent, configuration);
		setStructureCreator(new ModelStructureCreator());
		// ModelDiff's order, the order of the models' text, not the names' order
		setComparator(new ViewerComparator() {
			@Override
			public int compare(@Nullable Viewer viewer, @Nullable Object e1, @Nullable Object e2) {
				return Integer.compare(index(e1), index(e2));
			}
		});
	}

	@Override
	protected void preDiffHook(@Nullable IStructureComparator ancestor, @Nullable IStructureComparator left,
			@Nullable IStructureComparator right, @Nullable IProgressMonitor monitor) {
		if (left instanceof ModelNode a && right instanceof ModelNode b) {
			ModelNode.compare(a, b, new MonitorProgress(monitor, Messages.ModelCompare_title));
		}
	}

	/**
	 * Opens the first difference once the differences are in the pane (the platform compares in
	 * the background, then refreshes from the root): the editor's next difference walks the text
	 * changes of what the text panes show before it goes to the next difference of this pane, so
	 * they show one, not the whole files.
	 */
	@Override
	public void refresh(@Nullable Object element) {
		super.refresh(element);
		if (element != null && element == getRoot() && getSelection().isEmpty() && getTree().getItemCount() > 0) {
			// as the tree's navigator does: select and open, which feeds the text panes
			((INavigatable) getTree().getData(INavigatable.NAVIGATOR_PROPERTY)).selectChange(INavigatable.FIRST_CHANGE);
		}
	}

	private static int index(@Nullable Object element) {
		if (element instanceof DiffNode node) {
			Object side = node.getLeft() != null ? node.getLeft() : node.getRight();
			if (side instanceof DifferenceRange range) {
				return range.index();
			}
		}
		return Integer.MAX_VALUE;
	}
}
