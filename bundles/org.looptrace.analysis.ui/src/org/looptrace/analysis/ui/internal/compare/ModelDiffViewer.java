// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.compare.CompareConfiguration;
import org.eclipse.compare.CompareViewerSwitchingPane;
import org.eclipse.compare.IContentChangeListener;
import org.eclipse.compare.IContentChangeNotifier;
import org.eclipse.compare.IEncodedStreamContentAccessor;
import org.eclipse.compare.IStreamContentAccessor;
import org.eclipse.compare.ITypedElement;
import org.eclipse.compare.structuremergeviewer.DiffNode;
import org.eclipse.compare.structuremergeviewer.DiffTreeViewer;
import org.eclipse.compare.structuremergeviewer.ICompareInput;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.custom.BusyIndicator;
import org.eclipse.swt.events.DisposeEvent;
import org.eclipse.swt.widgets.Composite;
import org.looptrace.analysis.ui.internal.Messages;
import org.looptrace.analysis.ui.internal.compare.DifferenceTree.Side;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.core.Progress;

/**
 * The structure pane of two models in the compare editor: the differences of
 * {@link org.looptrace.analysis.diff.ModelDiff} in the order of the models' text, each holding the
 * lines of its constructs; the pane's next and previous go through them. Computed when the input is set, as the platform's structure
 * viewers build their structures (the editor shows its busy cursor), and again when a side's content
 * changes (an edit flushed from the text panes, a save).
 */
final class ModelDiffViewer extends DiffTreeViewer {

	/** A side's content changed, maybe from another thread (a save): compared again in the UI thread. */
	private final IContentChangeListener sideChanged = source -> getControl().getDisplay().asyncExec(() -> {
		if (!getControl().isDisposed() && compare()) {
			refresh();
		}
	});
	private @Nullable DiffNode root;
	/** The texts last compared: a side flushed unchanged (the text panes do so on opening a difference) is not compared again. */
	private @Nullable List<Side> compared;

	ModelDiffViewer(Composite parent, CompareConfiguration configuration) {
		super(parent, configuration);
		// the order of the models' text, as ModelDiff gives it, not the names' order
		setComparator(null);
	}

	@Override
	public String getTitle() {
		return Messages.ModelCompare_title;
	}

	@Override
	protected @Nullable Object getRoot() {
		return root;
	}

	@Override
	protected void inputChanged(@Nullable Object input, @Nullable Object oldInput) {
		listen(oldInput, false);
		listen(input, true);
		root = null;
		compared = null;
		compare();
		super.inputChanged(input, oldInput);
	}

	@Override
	protected void handleDispose(@Nullable DisposeEvent event) {
		listen(getInput(), false);
		super.handleDispose(event);
	}

	/** Nothing selected: the text panes show the whole models. */
	@Override
	protected void initialSelection() {
		// the editor feeds the text panes with the whole files
	}

	private void listen(@Nullable Object input, boolean add) {
		if (input instanceof ICompareInput compareInput) {
			for (Object side : new Object[] { compareInput.getLeft(), compareInput.getRight() }) {
				if (side instanceof IContentChangeNotifier notifier) {
					if (add) {
						notifier.addContentChangeListener(sideChanged);
					} else {
						notifier.removeContentChangeListener(sideChanged);
					}
				}
			}
		}
	}

	/** Compares the sides of the input into {@link #root} and says so in the title; false when their texts are those last compared. */
	private boolean compare() {
		if (!(getInput() instanceof ICompareInput input)) {
			return false;
		}
		Side left;
		Side right;
		try {
			left = side(input.getLeft());
			right = side(input.getRight());
		} catch (CoreException | IOException e) {
			show(null, NLS.bind(Messages.ModelCompare_unreadable, e.getMessage()));
			return true;
		}
		if (List.of(left, right).equals(compared)) {
			return false;
		}
		compared = List.of(left, right);
		BusyIndicator.showWhile(getControl().getDisplay(), () -> {
			try {
				DiffNode tree = DifferenceTree.of(left, right, Progress.NONE);
				int count = tree.getChildren().length;
				show(tree, count == 0 ? Messages.ModelCompare_none : NLS.bind(Messages.ModelCompare_count, Integer.valueOf(count)));
			} catch (ModelTextException e) {
				show(null, NLS.bind(Messages.ModelCompare_invalid, e.problems().get(0)));
			} catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
				// what looptrace diff reports as bad input: models the comparison cannot take
				show(null, NLS.bind(Messages.ModelCompare_failed, e.getMessage()));
			}
		});
		return true;
	}

	private static Side side(@Nullable ITypedElement element) throws CoreException, IOException {
		if (!(element instanceof IStreamContentAccessor content)) {
			throw new IOException(Messages.ModelCompare_noContent);
		}
		Charset charset = StandardCharsets.UTF_8;
		if (content instanceof IEncodedStreamContentAccessor encoded && encoded.getCharset() instanceof String name) {
			charset = Charset.forName(name);
		}
		try (InputStream in = content.getContents()) {
			return new Side(element.getName(), in == null ? "" : new String(in.readAllBytes(), charset)); //$NON-NLS-1$
		}
	}

	/** A comparison's tree (null: none) and what it found, in the pane's title. */
	private void show(@Nullable DiffNode tree, String message) {
		root = tree;
		if (getControl().getParent() instanceof CompareViewerSwitchingPane pane) {
			pane.setTitleArgument(message);
		}
	}
}
