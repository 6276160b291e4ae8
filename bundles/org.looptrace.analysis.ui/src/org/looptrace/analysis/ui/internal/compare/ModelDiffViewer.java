// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import org.eclipse.compare.CompareConfiguration;
import org.eclipse.compare.INavigatable;
import org.eclipse.compare.structuremergeviewer.DiffNode;
import org.eclipse.compare.structuremergeviewer.Differencer;
import org.eclipse.compare.structuremergeviewer.ICompareInput;
import org.eclipse.compare.structuremergeviewer.IDiffContainer;
import org.eclipse.compare.structuremergeviewer.IDiffElement;
import org.eclipse.compare.structuremergeviewer.IStructureComparator;
import org.eclipse.compare.structuremergeviewer.StructureDiffViewer;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.jface.util.PropertyChangeEvent;
import org.eclipse.jface.viewers.ILabelProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerComparator;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;
import org.looptrace.analysis.ui.internal.Messages;
import org.looptrace.ui.MonitorProgress;

/**
 * The structure pane of two models: the platform's structure viewer on {@link ModelStructureCreator}'s
 * sides, given ModelDiff's differences before the platform's differencer pairs their nodes, so the
 * pane lists exactly ModelDiff's differences in its order, selecting one shows its lines in both
 * text panes, and the editor's next and previous difference go through them. The platform compares
 * again when a side's content changes, and so does this pane when Ignore Counts, its toolbar's toggle
 * (as {@code looptrace diff --ignore-counts}), is switched.
 */
final class ModelDiffViewer extends StructureDiffViewer {

	/** The configuration's property (a Boolean) saying to compare the structure only, leaving out loop bounds. */
	static final String IGNORE_COUNTS = "org.looptrace.analysis.ui.compare.ignoreCounts"; //$NON-NLS-1$
	/** The group of the pane's toolbar that holds the platform's modes. */
	private static final String MODES = "modes"; //$NON-NLS-1$

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
		ILabelProvider platform = (ILabelProvider) getLabelProvider();
		// The platform decorates a construct of B only with its minus sign and one of A only with its
		// plus sign (it reads a comparison from the right to the left), next to the words "added" and
		// "removed" of ModelDiff, which reads from A to B: the icon says what the line says.
		setLabelProvider(new LabelProvider() {
			@Override
			public @Nullable String getText(@Nullable Object element) {
				return platform.getText(element);
			}

			@Override
			public @Nullable Image getImage(@Nullable Object element) {
				return element instanceof DiffNode node ? image(node.getKind()) : platform.getImage(element);
			}
		});
	}

	/** The icon of a difference: added and removed constructs, as the words of ModelDiff; none for the others. */
	static @Nullable Image image(int kind) {
		ISharedImages images = PlatformUI.getWorkbench().getSharedImages();
		return switch (kind & Differencer.CHANGE_TYPE_MASK) {
		case Differencer.ADDITION -> images.getImage(ISharedImages.IMG_OBJ_ADD);
		case Differencer.DELETION -> images.getImage(ISharedImages.IMG_ELCL_REMOVE);
		default -> null;
		};
	}

	@Override
	protected void preDiffHook(@Nullable IStructureComparator ancestor, @Nullable IStructureComparator left,
			@Nullable IStructureComparator right, @Nullable IProgressMonitor monitor) {
		if (left instanceof ModelNode a && right instanceof ModelNode b) {
			ModelNode.compare(a, b, ignoreCounts(getCompareConfiguration()), new MonitorProgress(monitor, Messages.ModelCompare_title));
		}
	}

	/**
	 * Gives a construct added or removed an empty range on the side without it. The platform pairs it
	 * with nothing, and its content pane sizes its two halves by what it is given: a side that is
	 * null gets a tenth of the width (ContentMergeViewer's split for a file added to or removed from a
	 * folder), whatever the text pane then shows there, which leaves a strip of one of the two models.
	 * The node keeps the kind of an addition or a removal. Done in the UI thread, where the platform
	 * runs its own hook and the panes read the nodes: changed from the differencing thread, they left
	 * the editor blank.
	 */
	@Override
	protected void postDiffHook(@Nullable Differencer differencer, @Nullable IDiffContainer root, @Nullable IProgressMonitor monitor) {
		Control control = getControl();
		if (!control.isDisposed()) {
			control.getDisplay().syncExec(() -> pairWithEmptyRanges(root));
		}
	}

	private static void pairWithEmptyRanges(@Nullable IDiffContainer root) {
		if (root instanceof ICompareInput models && models.getLeft() instanceof ModelNode a && models.getRight() instanceof ModelNode b) {
			for (IDiffElement element : root.getChildren()) {
				if (element instanceof DiffNode node) {
					pairWithEmptyRange(node, a, b);
				}
			}
		}
	}

	/**
	 * Pairs a construct of one side only with its empty range on the other, and puts the constructs
	 * of a loop's body under it, each paired in the same way: one node for the loop, which the platform's
	 * differencer does not look into (it descends only where both sides are), collapsed.
	 */
	private static void pairWithEmptyRange(DiffNode node, ModelNode a, ModelNode b) {
		if (node.getLeft() == null && node.getRight() instanceof DifferenceRange right) {
			node.setLeft(right.emptyOn(a));
			right.body().forEach(inner -> pairWithEmptyRange(new DiffNode(node, node.getKind(), null, null, inner), a, b));
		} else if (node.getRight() == null && node.getLeft() instanceof DifferenceRange left) {
			node.setRight(left.emptyOn(b));
			left.body().forEach(inner -> pairWithEmptyRange(new DiffNode(node, node.getKind(), null, inner, null), a, b));
		}
		// closed until asked: the list keeps one line per loop added or removed, however long its body
		node.setDontExpand(node.hasChildren());
	}

	/** Adds Ignore Counts to the pane's toolbar (called by the platform while it builds this viewer). */
	@Override
	protected void createToolItems(@Nullable ToolBarManager toolbar) {
		super.createToolItems(toolbar);
		if (toolbar == null) {
			return;
		}
		CompareConfiguration configuration = getCompareConfiguration();
		Action ignoreCounts = new Action(Messages.ModelCompare_ignoreCounts, IAction.AS_CHECK_BOX) {
			@Override
			public void run() {
				configuration.setProperty(IGNORE_COUNTS, Boolean.valueOf(isChecked()));
			}
		};
		ignoreCounts.setToolTipText(Messages.ModelCompare_ignoreCountsTooltip);
		ignoreCounts.setChecked(ignoreCounts(configuration));
		if (toolbar.find(MODES) == null) {
			toolbar.add(new Separator(MODES));
		}
		toolbar.appendToGroup(MODES, ignoreCounts);
	}

	@Override
	protected void propertyChange(@Nullable PropertyChangeEvent event) {
		super.propertyChange(event);
		if (event != null && IGNORE_COUNTS.equals(event.getProperty())) {
			diff();
		}
	}

	private static boolean ignoreCounts(CompareConfiguration configuration) {
		return Boolean.TRUE.equals(configuration.getProperty(IGNORE_COUNTS));
	}

	/**
	 * Opens the first difference once the differences are in the pane (the platform compares in
	 * the background, then refreshes from the root): the editor's next difference walks the text
	 * changes of what the text panes show before it goes to the next difference of this pane, so
	 * they show one, not the whole files. The first line of the list, a loop added or removed
	 * whole rather than its first event (where the platform's first change would go down to),
	 * with the list shown from its top.
	 */
	@Override
	public void refresh(@Nullable Object element) {
		super.refresh(element);
		Tree tree = getTree();
		if (element != null && element == getRoot() && getSelection().isEmpty() && tree.getItemCount() > 0) {
			// as the tree's navigator does: select and open, which feeds the text panes
			setSelection(new StructuredSelection(tree.getItem(0).getData()), true);
			((INavigatable) tree.getData(INavigatable.NAVIGATOR_PROPERTY)).openSelectedChange();
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
