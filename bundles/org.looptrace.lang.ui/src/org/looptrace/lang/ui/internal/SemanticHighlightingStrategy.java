// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextPresentationListener;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.ITextViewerExtension2;
import org.eclipse.jface.text.ITextViewerExtension4;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.jface.util.IPropertyChangeListener;
import org.eclipse.jface.util.PropertyChangeEvent;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.graphics.Color;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.lang.internal.ide.LoopsSemanticHighlighting;

/**
 * Computes the semantic highlighting off the UI thread and hands it to the viewer, which merges it
 * into every text presentation it builds (as a {@link ITextPresentationListener}): the lexical
 * highlighting of the presentation reconciler stays underneath. Only the stretch of text where the
 * highlighting changed is redrawn (a keystroke redraws its line, not the whole document). A result
 * computed on text that has changed since is dropped; the next reconcile brings the right one.
 * Until it comes, the ranges kept follow each edit as the text does (those after it move, those it
 * touches go): a presentation built meanwhile (the edited line, or the whole text when folding
 * changes) must not draw them where their tokens were before.
 */
final class SemanticHighlightingStrategy extends WholeTextStrategy
		implements ITextPresentationListener, IPropertyChangeListener, IDocumentListener {

	/** The font style of each style id of {@link LoopsSemanticHighlighting}; colours come from the preferences. */
	static final Map<String, Integer> FONT_STYLES = Map.of(LoopsSemanticHighlighting.INDEX, SWT.ITALIC,
			LoopsSemanticHighlighting.RANK, SWT.NORMAL, LoopsSemanticHighlighting.TAG, SWT.NORMAL,
			LoopsSemanticHighlighting.COLLECTIVE, SWT.BOLD, LoopsSemanticHighlighting.LABEL, SWT.BOLD);

	/** The highlighting as last handed to the viewer, moved by the edits since, with the length of the text it is on. */
	private record Highlighting(List<EditorServices.HighlightedRange> ranges, int textLength) {

		/** This highlighting on the text where {@code length} characters at {@code offset} became {@code inserted} ones. */
		Highlighting edited(int offset, int length, int inserted) {
			int delta = inserted - length;
			int first = firstEndingAfter(ranges, offset);
			List<EditorServices.HighlightedRange> moved = new ArrayList<>(ranges.size());
			moved.addAll(ranges.subList(0, first));
			for (EditorServices.HighlightedRange range : ranges.subList(first, ranges.size())) {
				// a range the edit touches is dropped: its token changed, the next reconcile says into what
				if (range.offset() >= offset + length) {
					moved.add(shifted(range, delta));
				}
			}
			return new Highlighting(moved, textLength + delta);
		}
	}

	/** Touched on the UI thread only: edits of the document, presentations and results all come there. */
	private volatile Highlighting highlighting = new Highlighting(List.of(), 0);
	private @Nullable IDocument listened;

	/** The style of each style id, from the preferences; touched on the UI thread only. */
	private final Map<String, StyleRange> styles = new HashMap<>();

	SemanticHighlightingStrategy() {
		updateStyles();
	}

	@Override
	void install(ITextViewer textViewer) {
		super.install(textViewer);
		if (textViewer instanceof ITextViewerExtension4 extension) {
			extension.addTextPresentationListener(this);
		}
		EditorPreferences.store().addPropertyChangeListener(this);
	}

	@Override
	public void setDocument(@Nullable IDocument document) {
		super.setDocument(document);
		IDocument previous = listened;
		if (previous != null) {
			previous.removeDocumentListener(this);
		}
		listened = document;
		if (document != null) {
			document.addDocumentListener(this);
		}
		highlighting = new Highlighting(List.of(), document == null ? 0 : document.getLength());
	}

	/** Before the viewer redraws anything of the edit, the ranges kept move with the text. */
	@Override
	public void documentAboutToBeChanged(@Nullable DocumentEvent event) {
		if (event != null) {
			String inserted = event.getText();
			highlighting = highlighting.edited(event.getOffset(), event.getLength(), inserted == null ? 0 : inserted.length());
		}
	}

	@Override
	public void documentChanged(@Nullable DocumentEvent event) {
		// the ranges moved before the change
	}

	@Override
	void uninstall() {
		setDocument(null);
		EditorPreferences.store().removePropertyChangeListener(this);
		if (viewer() instanceof ITextViewerExtension4 extension) {
			extension.removeTextPresentationListener(this);
		}
		super.uninstall();
	}

	@Override
	void reconcile(IDocument current) {
		long stamp = stamp(current);
		String text = current.get();
		List<EditorServices.HighlightedRange> computed = EditorServices.highlight(text, this::isCanceled);
		updateViewer(current, stamp, textViewer -> {
			// here the text is the one computed on, and the highlighting kept has followed it
			IRegion changed = changed(highlighting, computed, text);
			highlighting = new Highlighting(computed, text.length());
			if (changed == null) {
				return;
			}
			if (textViewer instanceof ITextViewerExtension2 extension) {
				extension.invalidateTextPresentation(changed.getOffset(), changed.getLength());
			} else {
				textViewer.invalidateTextPresentation();
			}
		});
	}

	/**
	 * The whole lines between the last range the two highlightings share at the start and the first
	 * they share at the end (shifted by the edit); null when nothing changed.
	 */
	private static @Nullable IRegion changed(Highlighting previous, List<EditorServices.HighlightedRange> now, String text) {
		List<EditorServices.HighlightedRange> before = previous.ranges();
		int delta = text.length() - previous.textLength();
		int common = Math.min(before.size(), now.size());
		int prefix = 0;
		while (prefix < common && before.get(prefix).equals(now.get(prefix))) {
			prefix++;
		}
		int suffix = 0;
		while (suffix < common - prefix && shifted(before.get(before.size() - 1 - suffix), delta).equals(now.get(now.size() - 1 - suffix))) {
			suffix++;
		}
		if (delta == 0 && prefix == before.size() && prefix == now.size()) {
			return null;
		}
		int start = prefix == 0 ? 0 : now.get(prefix - 1).offset() + now.get(prefix - 1).length();
		int end = suffix == 0 ? text.length() : now.get(now.size() - suffix).offset();
		int lineStart = text.lastIndexOf('\n', Math.max(0, Math.min(start, end) - 1)) + 1;
		int lineEnd = text.indexOf('\n', Math.max(start, end));
		return new Region(lineStart, (lineEnd < 0 ? text.length() : lineEnd) - lineStart);
	}

	private static EditorServices.HighlightedRange shifted(EditorServices.HighlightedRange range, int delta) {
		return new EditorServices.HighlightedRange(range.offset() + delta, range.length(), range.style());
	}

	@Override
	public void applyTextPresentation(@Nullable TextPresentation presentation) {
		IRegion extent = presentation == null ? null : presentation.getExtent();
		if (presentation == null || extent == null) {
			return;
		}
		List<EditorServices.HighlightedRange> ranges = highlighting.ranges();
		int end = extent.getOffset() + extent.getLength();
		List<StyleRange> inside = new ArrayList<>();
		for (int i = firstEndingAfter(ranges, extent.getOffset()); i < ranges.size() && ranges.get(i).offset() < end; i++) {
			EditorServices.HighlightedRange range = ranges.get(i);
			StyleRange clipped = (StyleRange) styles.get(range.style()).clone();
			clipped.start = Math.max(range.offset(), extent.getOffset());
			clipped.length = Math.min(range.offset() + range.length(), end) - clipped.start;
			inside.add(clipped);
		}
		presentation.mergeStyleRanges(inside.toArray(StyleRange[]::new));
	}

	/** A colour changed on the preference page: the whole text is redrawn in it. */
	@Override
	public void propertyChange(@Nullable PropertyChangeEvent event) {
		ITextViewer textViewer = viewer();
		if (event != null && event.getProperty().startsWith(EditorPreferences.colourKey("")) && textViewer != null) {
			updateStyles();
			textViewer.invalidateTextPresentation();
		}
	}

	private void updateStyles() {
		FONT_STYLES.forEach((style, fontStyle) -> styles.put(style, style(EditorPreferences.colour(style), fontStyle)));
	}

	/** Binary search: the first range that ends after the offset (the ranges do not overlap). */
	private static int firstEndingAfter(List<EditorServices.HighlightedRange> ranges, int offset) {
		int low = 0;
		int high = ranges.size();
		while (low < high) {
			int middle = (low + high) >>> 1;
			EditorServices.HighlightedRange range = ranges.get(middle);
			if (range.offset() + range.length() <= offset) {
				low = middle + 1;
			} else {
				high = middle;
			}
		}
		return low;
	}

	private static StyleRange style(Color foreground, int fontStyle) {
		StyleRange style = new StyleRange();
		style.foreground = foreground;
		style.fontStyle = fontStyle;
		return style;
	}
}
