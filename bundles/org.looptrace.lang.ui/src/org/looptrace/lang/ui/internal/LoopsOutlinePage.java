// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.DelegatingStyledCellLabelProvider;
import org.eclipse.jface.viewers.IElementComparer;
import org.eclipse.jface.viewers.IPostSelectionProvider;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.ContentOutlinePage;
import org.looptrace.lang.internal.ide.constructs.ModelOutline;

/**
 * The outline of a {@code .loops} editor: its loops and events as a tree with their paths and
 * counts ({@link ModelOutline}). Selecting a node reveals its construct in the editor; moving the
 * caret selects the construct under it (link with editor). The tree is computed in a background job
 * a short pause after each edit, never on the UI thread.
 */
final class LoopsOutlinePage extends ContentOutlinePage {

	private static final int DELAY_MILLIS = 400;
	/** Up to this many top-level constructs, the tree opens with them expanded; a larger one opens collapsed. */
	private static final int EXPANDED_ROOTS = 200;

	private final ITextEditor editor;
	private final Job update;
	private final IDocumentListener edits = new IDocumentListener() {
		@Override
		public void documentAboutToBeChanged(@Nullable DocumentEvent event) {
			// Only the change itself schedules an update.
		}

		@Override
		public void documentChanged(@Nullable DocumentEvent event) {
			scheduleUpdate();
		}
	};
	private final ISelectionChangedListener caret = event -> revealCaret();
	private @Nullable IDocument document;
	/** The roots shown; touched on the UI thread only. */
	private List<ModelOutline.Node> roots = List.of();
	private final OutlineContent content = new OutlineContent();
	/** Set while the outline follows the caret, so that its selection does not move the caret back. */
	private boolean followingCaret;

	LoopsOutlinePage(ITextEditor editor) {
		this.editor = editor;
		this.update = Job.create(NLS.bind(Messages.Outline_job, editor.getTitle()), this::compute);
		update.setSystem(true);
	}

	@Override
	public void createControl(@Nullable Composite parent) {
		super.createControl(parent);
		TreeViewer viewer = getTreeViewer();
		viewer.setContentProvider(content);
		viewer.setLabelProvider(new DelegatingStyledCellLabelProvider(new OutlineLabels()));
		// Nodes are compared by path: a recomputed tree keeps what was expanded and selected.
		viewer.setComparer(new IElementComparer() {
			@Override
			public boolean equals(@Nullable Object a, @Nullable Object b) {
				return a instanceof ModelOutline.Node x && b instanceof ModelOutline.Node y ? x.path().equals(y.path()) : a == b;
			}

			@Override
			public int hashCode(@Nullable Object element) {
				return element instanceof ModelOutline.Node node ? node.path().hashCode() : System.identityHashCode(element);
			}
		});
		viewer.setUseHashlookup(true);
		viewer.setInput(roots);
		document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		IDocument current = document;
		if (current != null) {
			current.addDocumentListener(edits);
		}
		if (editor.getSelectionProvider() instanceof IPostSelectionProvider selections) {
			selections.addPostSelectionChangedListener(caret);
		}
		update.schedule();
	}

	@Override
	public void dispose() {
		update.cancel();
		IDocument current = document;
		if (current != null) {
			current.removeDocumentListener(edits);
		}
		if (editor.getSelectionProvider() instanceof IPostSelectionProvider selections) {
			selections.removePostSelectionChangedListener(caret);
		}
		super.dispose();
	}

	/** The tree of the page (for the tests). */
	TreeViewer tree() {
		return getTreeViewer();
	}

	/** The roots of the tree shown now (for the tests). */
	List<ModelOutline.Node> roots() {
		return roots;
	}

	private void scheduleUpdate() {
		update.cancel();
		update.schedule(DELAY_MILLIS);
	}

	private IStatus compute(IProgressMonitor monitor) {
		IDocument current = document;
		if (current == null) {
			return Status.OK_STATUS;
		}
		long stamp = WholeTextStrategy.stamp(current);
		List<ModelOutline.Node> computed = ModelOutline.of(current.get(), monitor::isCanceled);
		Control control = getControl();
		if (monitor.isCanceled() || control == null || control.isDisposed()) {
			return Status.CANCEL_STATUS;
		}
		control.getDisplay().asyncExec(() -> {
			if (!control.isDisposed() && WholeTextStrategy.stamp(current) == stamp) {
				show(computed);
			}
		});
		return Status.OK_STATUS;
	}

	private void show(List<ModelOutline.Node> computed) {
		TreeViewer viewer = getTreeViewer();
		Object[] expanded = viewer.getExpandedElements();
		boolean first = roots.isEmpty();
		roots = computed;
		Map<String, ModelOutline.Node> paths = new HashMap<>();
		flatten(computed).forEach(node -> paths.put(node.path(), node));
		content.setNodes(paths);
		viewer.getControl().setRedraw(false);
		try {
			viewer.setInput(computed);
			if (first && computed.size() <= EXPANDED_ROOTS) {
				viewer.expandToLevel(2);
			} else {
				viewer.setExpandedElements(expanded);
			}
		} finally {
			viewer.getControl().setRedraw(true);
		}
		revealCaret();
	}

	/** Link with editor: the innermost construct under the caret is selected in the tree. */
	private void revealCaret() {
		TreeViewer viewer = getTreeViewer();
		if (viewer == null || viewer.getControl().isDisposed() || !(editor.getSelectionProvider().getSelection() instanceof ITextSelection text)) {
			return;
		}
		ModelOutline.Node node = innermost(roots, text.getOffset());
		followingCaret = true;
		try {
			viewer.setSelection(node == null ? StructuredSelection.EMPTY : new StructuredSelection(node), true);
		} finally {
			followingCaret = false;
		}
	}

	/** The innermost node whose text holds the offset, or null. */
	static ModelOutline.@Nullable Node innermost(List<ModelOutline.Node> nodes, int offset) {
		for (ModelOutline.Node node : nodes) {
			if (node.offset() <= offset && offset <= node.offset() + node.length()) {
				ModelOutline.Node inner = innermost(node.children(), offset);
				return inner == null ? node : inner;
			}
		}
		return null;
	}

	/**
	 * A node selected by the user: its construct's first line is selected and shown in the editor,
	 * before the page hears of the Outline's selection, so that the views following the Outline read
	 * the editor's caret already on the construct.
	 */
	@Override
	public void selectionChanged(@Nullable SelectionChangedEvent event) {
		if (!followingCaret && event != null && event.getSelection() instanceof IStructuredSelection selection
				&& selection.getFirstElement() instanceof ModelOutline.Node node) {
			reveal(editor, node);
		}
		super.selectionChanged(event);
	}

	/** Selects the first line of a node's construct in the editor and scrolls to it. */
	static void reveal(ITextEditor editor, ModelOutline.Node node) {
		IDocument current = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		int length = node.length();
		try {
			IRegion line = current.getLineInformationOfOffset(node.offset());
			length = Math.min(length, line.getOffset() + line.getLength() - node.offset());
		} catch (BadLocationException e) {
			// The text changed since the outline was computed: the next update fixes it; select what we know.
		}
		editor.selectAndReveal(node.offset(), Math.max(0, length));
	}

	/** All nodes of a tree, depth first. */
	static List<ModelOutline.Node> flatten(List<ModelOutline.Node> nodes) {
		List<ModelOutline.Node> all = new ArrayList<>();
		for (ModelOutline.Node node : nodes) {
			all.add(node);
			all.addAll(flatten(node.children()));
		}
		return all;
	}
}
