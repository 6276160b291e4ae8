// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextPresentationListener;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.ITextViewerExtension4;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.graphics.Color;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.lang.internal.ide.LoopsSemanticHighlighting;

/**
 * Computes the semantic highlighting off the UI thread and hands it to the viewer, which merges it
 * into every text presentation it builds (as a {@link ITextPresentationListener}): the lexical
 * highlighting of the presentation reconciler stays underneath. A result computed on text that has
 * changed since is dropped; the next reconcile brings the right one.
 */
final class SemanticHighlightingStrategy extends WholeTextStrategy implements ITextPresentationListener {

	/** Style of each style id of {@link LoopsSemanticHighlighting}. */
	static final Map<String, StyleRange> STYLES = Map.of(
			LoopsSemanticHighlighting.INDEX, style(new Color(106, 62, 62), SWT.ITALIC),
			LoopsSemanticHighlighting.RANK, style(new Color(0, 112, 112), SWT.NORMAL),
			LoopsSemanticHighlighting.TAG, style(new Color(150, 80, 0), SWT.NORMAL),
			LoopsSemanticHighlighting.COLLECTIVE, style(new Color(128, 0, 160), SWT.BOLD),
			LoopsSemanticHighlighting.LABEL, style(new Color(0, 90, 200), SWT.BOLD));

	/** The ranges of the last highlighting, in text order; touched on the UI thread only. */
	private List<StyleRange> ranges = List.of();

	@Override
	void install(ITextViewer textViewer) {
		super.install(textViewer);
		if (textViewer instanceof ITextViewerExtension4 extension) {
			extension.addTextPresentationListener(this);
		}
	}

	@Override
	void uninstall() {
		if (viewer() instanceof ITextViewerExtension4 extension) {
			extension.removeTextPresentationListener(this);
		}
		super.uninstall();
	}

	@Override
	void reconcile(IDocument current) {
		long stamp = stamp(current);
		List<StyleRange> computed = new ArrayList<>();
		for (EditorServices.HighlightedRange range : EditorServices.highlight(current.get(), this::isCanceled)) {
			StyleRange style = (StyleRange) STYLES.get(range.style()).clone();
			style.start = range.offset();
			style.length = range.length();
			computed.add(style);
		}
		updateViewer(current, stamp, textViewer -> {
			ranges = computed;
			textViewer.invalidateTextPresentation();
		});
	}

	@Override
	public void applyTextPresentation(@Nullable TextPresentation presentation) {
		IRegion extent = presentation == null ? null : presentation.getExtent();
		if (presentation == null || extent == null) {
			return;
		}
		int end = extent.getOffset() + extent.getLength();
		List<StyleRange> inside = new ArrayList<>();
		for (int i = firstEndingAfter(extent.getOffset()); i < ranges.size() && ranges.get(i).start < end; i++) {
			StyleRange clipped = (StyleRange) ranges.get(i).clone();
			clipped.start = Math.max(clipped.start, extent.getOffset());
			clipped.length = Math.min(ranges.get(i).start + ranges.get(i).length, end) - clipped.start;
			inside.add(clipped);
		}
		presentation.mergeStyleRanges(inside.toArray(StyleRange[]::new));
	}

	/** Binary search: the first range that ends after the offset (the ranges do not overlap). */
	private int firstEndingAfter(int offset) {
		int low = 0;
		int high = ranges.size();
		while (low < high) {
			int middle = (low + high) >>> 1;
			StyleRange range = ranges.get(middle);
			if (range.start + range.length <= offset) {
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
