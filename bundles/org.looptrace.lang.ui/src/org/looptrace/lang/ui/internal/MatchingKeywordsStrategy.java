// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModelExtension;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.jface.viewers.IPostSelectionProvider;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.text.ITextSelection;
import org.looptrace.lang.internal.ide.EditorServices;

/**
 * Keeps the loops of the text (from the background reconcile) and, on each caret move, boxes the
 * {@code for} and the {@code done} of the loop whose keyword the caret is on, with annotations of
 * type {@value #TYPE} (drawn as the {@code markerAnnotationSpecification} of plugin.xml says).
 */
final class MatchingKeywordsStrategy extends WholeTextStrategy {

	/** The annotation type of a matched keyword. */
	static final String TYPE = "org.looptrace.lang.ui.matchingKeyword";

	private static final String FOR = "for";
	private static final String DONE = "done";

	/** The loops of the last reconcile, in text order; replaced on the UI thread only. */
	private List<EditorServices.TextRange> loops = List.of();
	private Annotation[] shown = new Annotation[0];
	private final ISelectionChangedListener caret = event -> update();

	@Override
	void install(ITextViewer textViewer) {
		super.install(textViewer);
		if (textViewer.getSelectionProvider() instanceof IPostSelectionProvider selections) {
			selections.addPostSelectionChangedListener(caret);
		}
	}

	@Override
	void uninstall() {
		ITextViewer textViewer = viewer();
		if (textViewer != null && textViewer.getSelectionProvider() instanceof IPostSelectionProvider selections) {
			selections.removePostSelectionChangedListener(caret);
		}
		super.uninstall();
	}

	@Override
	void reconcile(IDocument current) {
		long stamp = stamp(current);
		List<EditorServices.TextRange> computed = EditorServices.loops(current.get(), this::isCanceled);
		updateViewer(current, stamp, textViewer -> {
			loops = computed;
			update();
		});
	}

	/** Boxes the keyword pair under the caret, or removes the boxes. */
	private void update() {
		if (!(viewer() instanceof ISourceViewer textViewer) || !(textViewer.getSelectionProvider().getSelection() instanceof ITextSelection selection)
				|| !(textViewer.getAnnotationModel() instanceof IAnnotationModelExtension model)) {
			return;
		}
		Map<Annotation, Position> pair = new HashMap<>();
		EditorServices.TextRange loop = loopAt(textViewer.getDocument(), selection.getOffset());
		if (loop != null) {
			// no text: the editor's annotation hover would show it above the construct's hover
			pair.put(new Annotation(TYPE, false, null), new Position(loop.offset(), FOR.length()));
			pair.put(new Annotation(TYPE, false, null), new Position(loop.offset() + loop.length() - DONE.length(), DONE.length()));
		}
		model.replaceAnnotations(shown, pair);
		shown = pair.keySet().toArray(Annotation[]::new);
	}

	/** The loop whose {@code for} or {@code done} the caret touches, if the text still has them there. */
	private EditorServices.@Nullable TextRange loopAt(IDocument document, int caret) {
		for (EditorServices.TextRange loop : loops) {
			int done = loop.offset() + loop.length() - DONE.length();
			boolean onFor = caret >= loop.offset() && caret <= loop.offset() + FOR.length();
			boolean onDone = caret >= done && caret <= done + DONE.length();
			if ((onFor || onDone) && is(document, loop.offset(), FOR) && is(document, done, DONE)) {
				return loop;
			}
		}
		return null;
	}

	private static boolean is(IDocument document, int offset, String keyword) {
		try {
			return offset >= 0 && offset + keyword.length() <= document.getLength() && document.get(offset, keyword.length()).equals(keyword);
		} catch (BadLocationException e) {
			return false;
		}
	}
}
