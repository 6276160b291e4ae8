// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.codemining.AbstractCodeMiningProvider;
import org.eclipse.jface.text.codemining.ICodeMining;
import org.eclipse.jface.text.codemining.LineHeaderCodeMining;
import org.eclipse.swt.widgets.Display;
import org.looptrace.lang.internal.ide.constructs.ConstructFacts;

/**
 * Code minings of a model: above each construct, its positions said once for the ranks where they
 * agree ({@code @ 0 # 14 on ranks 0-15}; the hover gives them rank by rank, as figure 8 of the paper
 * comments them), when the preference asks for them. Only the
 * constructs near the lines shown get them (a model of 100,000 lines would otherwise carry as many
 * inline annotations, which every keystroke updates); {@link PositionsMiningReconciler} asks again
 * after each pause in typing and scrolling. Computed off the UI thread, on a parse kept while the
 * text does not change.
 */
public class PositionsMiningProvider extends AbstractCodeMiningProvider {

	/** Groups of ranks shown per construct; the rest is {@code ...} (the hover lists every rank). */
	static final int GROUPS = 3;
	/** Lines above and below those shown that get their minings too, so that scrolling a little shows them at once. */
	static final int MARGIN_LINES = 200;

	private volatile ConstructFacts.@Nullable Parsed parsed;
	/**
	 * The editor's own thread for positions: the common pool has a single thread on two cores, and a
	 * long computation of another editor there would hold these back.
	 */
	private final ExecutorService executor = Executors.newSingleThreadExecutor(runnable -> {
		Thread thread = new Thread(runnable, "LoopTrace positions");
		thread.setDaemon(true);
		return thread;
	});

	/** Unannotated, as the interface is: the platform passes a viewer and maybe a monitor. */
	@Override
	@NonNullByDefault({})
	public CompletableFuture<List<? extends ICodeMining>> provideCodeMinings(ITextViewer viewer, IProgressMonitor monitor) {
		IDocument document = viewer == null ? null : viewer.getDocument();
		if (viewer == null || document == null || !EditorPreferences.store().getBoolean(EditorPreferences.SHOW_POSITIONS)) {
			return CompletableFuture.completedFuture(List.of());
		}
		String text = document.get();
		int[] window = window(viewer, document);
		return CompletableFuture.supplyAsync(() -> {
			ConstructFacts.Parsed current = parsed;
			if (current == null || !current.text().equals(text)) {
				current = ConstructFacts.parse(text);
				parsed = current;
			}
			List<ICodeMining> minings = new ArrayList<>();
			for (ConstructFacts.Mining mining : current.minings(window[0], window[1], GROUPS, () -> monitor != null && monitor.isCanceled())) {
				try {
					minings.add(new Mining(document.getLineOfOffset(mining.offset()), document, mining.positions()));
				} catch (BadLocationException e) {
					// The text changed meanwhile: the next reconcile asks again.
				}
			}
			return minings;
		}, executor);
	}

	/** The offsets of the lines shown with their margins; the whole text off the UI thread. */
	static int[] window(ITextViewer viewer, IDocument document) {
		if (Display.getCurrent() == null || viewer.getTextWidget() == null) {
			return new int[] { 0, document.getLength() };
		}
		try {
			int first = Math.max(0, viewer.getTopIndex() - MARGIN_LINES);
			int last = Math.min(document.getNumberOfLines() - 1, viewer.getBottomIndex() + MARGIN_LINES);
			int end = document.getLineOffset(last) + document.getLineLength(last);
			return new int[] { document.getLineOffset(first), end };
		} catch (BadLocationException e) {
			return new int[] { 0, document.getLength() };
		}
	}

	@Override
	public void dispose() {
		parsed = null;
		executor.shutdownNow();
		super.dispose();
	}

	/** The positions of one construct on the line above it. */
	private final class Mining extends LineHeaderCodeMining {
		Mining(int line, IDocument document, String positions) throws BadLocationException {
			super(line, document, PositionsMiningProvider.this);
			setLabel(positions);
		}
	}
}
