// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.List;
import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.PopupDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.viewers.DelegatingStyledCellLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerFilter;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.texteditor.ITextEditor;
import org.looptrace.lang.internal.ide.constructs.ModelOutline;

/**
 * Ctrl+O in a model: the outline in a popup over the editor, filtered as the user types (a node is
 * kept when its text or a descendant's contains what was typed); Enter or a click goes to the
 * construct and closes the popup.
 */
final class QuickOutline extends PopupDialog {

	private final ITextEditor editor;
	private final List<ModelOutline.Node> roots;
	private @Nullable Text filter;
	private @Nullable TreeViewer viewer;

	QuickOutline(ITextEditor editor, List<ModelOutline.Node> roots) {
		super(editor.getSite().getShell(), SWT.RESIZE, true, true, true, false, false, null, Messages.QuickOutline_info);
		this.editor = editor;
		this.roots = roots;
	}

	/** The tree of the open popup (for the tests). */
	TreeViewer viewer() {
		TreeViewer tree = viewer;
		if (tree == null) {
			throw new IllegalStateException("the quick outline is not open");
		}
		return tree;
	}

	/** The filter field of the open popup (for the tests). */
	Text filter() {
		Text text = filter;
		if (text == null) {
			throw new IllegalStateException("the quick outline is not open");
		}
		return text;
	}

	/** The filter field takes the place of the title. */
	@Override
	protected boolean hasTitleArea() {
		return true;
	}

	@Override
	protected Control createTitleControl(@Nullable Composite parent) {
		Text text = new Text(parent, SWT.NONE);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(text);
		text.addModifyListener(event -> refilter());
		text.addListener(SWT.DefaultSelection, event -> goToSelection());
		text.addListener(SWT.KeyDown, event -> {
			TreeViewer tree = viewer;
			if (event.keyCode == SWT.ARROW_DOWN && tree != null) {
				tree.getTree().setFocus();
			}
		});
		filter = text;
		return text;
	}

	@Override
	protected Control createDialogArea(@Nullable Composite parent) {
		TreeViewer tree = new TreeViewer(parent, SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
		GridDataFactory.fillDefaults().grab(true, true).hint(500, 300).applyTo(tree.getControl());
		tree.setContentProvider(new OutlineContent());
		tree.setLabelProvider(new DelegatingStyledCellLabelProvider(new OutlineLabels()));
		tree.addFilter(new ViewerFilter() {
			@Override
			public boolean select(@Nullable Viewer treeViewer, @Nullable Object parentElement, @Nullable Object element) {
				return element instanceof ModelOutline.Node node && matches(node, typed());
			}
		});
		tree.setInput(roots);
		tree.expandToLevel(2);
		tree.addOpenListener(event -> goToSelection());
		tree.getTree().addListener(SWT.DefaultSelection, event -> goToSelection());
		viewer = tree;
		return tree.getControl();
	}

	@Override
	protected @Nullable Control getFocusControl() {
		return filter;
	}

	private String typed() {
		Text text = filter;
		return text == null || text.isDisposed() ? "" : text.getText().strip().toLowerCase(Locale.ROOT);
	}

	/** Whether the node's text or a descendant's contains the typed text. */
	static boolean matches(ModelOutline.Node node, String typed) {
		return typed.isEmpty() || node.text().toLowerCase(Locale.ROOT).contains(typed)
				|| node.children().stream().anyMatch(child -> matches(child, typed));
	}

	private void refilter() {
		TreeViewer tree = viewer;
		if (tree == null) {
			return;
		}
		tree.getControl().setRedraw(false);
		try {
			tree.refresh();
			if (typed().isEmpty()) {
				tree.collapseAll();
				tree.expandToLevel(2);
			} else {
				tree.expandAll();
			}
			// As JDT's quick outline: the first construct that matches itself is selected, not its loop.
			String typed = typed();
			LoopsOutlinePage.flatten(roots).stream()
					.filter(node -> typed.isEmpty() || node.text().toLowerCase(Locale.ROOT).contains(typed))
					.findFirst()
					.ifPresent(node -> tree.setSelection(new StructuredSelection(node), true));
		} finally {
			tree.getControl().setRedraw(true);
		}
	}

	/** Goes to the selected construct (the first shown when none is selected) and closes. */
	void goToSelection() {
		TreeViewer tree = viewer;
		if (tree == null) {
			return;
		}
		Object selected = ((IStructuredSelection) tree.getSelection()).getFirstElement();
		if (selected == null && tree.getTree().getItemCount() > 0) {
			selected = tree.getTree().getItem(0).getData();
		}
		if (selected instanceof ModelOutline.Node node) {
			close();
			LoopsOutlinePage.reveal(editor, node);
		}
	}
}
