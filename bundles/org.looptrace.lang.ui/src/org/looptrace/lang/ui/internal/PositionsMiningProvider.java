// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.codemining.AbstractCodeMiningProvider;
import org.eclipse.jface.text.codemining.ICodeMining;
import org.eclipse.jface.text.codemining.LineHeaderCodeMining;
import org.looptrace.lang.internal.ide.constructs.ConstructFacts;

/**
 * Code minings of a model: above each construct, its positions per rank as figure 8 of the paper
 * comments them ({@code @{0=0,1=0} #{0=14,1=14}}), when the preference asks for them. Computed off
 * the UI thread; {@link PositionsMiningReconciler} asks for new ones after each pause in typing.
 */
public class PositionsMiningProvider extends AbstractCodeMiningProvider {

	/** Ranks shown per construct; the rest is {@code ...} (the hover lists more). */
	static final int RANKS = 4;

	/** Unannotated, as the interface is: the platform passes a viewer and maybe a monitor. */
	@Override
	@NonNullByDefault({})
	public CompletableFuture<List<? extends ICodeMining>> provideCodeMinings(ITextViewer viewer, IProgressMonitor monitor) {
		IDocument document = viewer == null ? null : viewer.getDocument();
		if (document == null || !EditorPreferences.store().getBoolean(EditorPreferences.SHOW_POSITIONS)) {
			return CompletableFuture.completedFuture(List.of());
		}
		String text = document.get();
		return CompletableFuture.supplyAsync(() -> {
			List<ICodeMining> minings = new ArrayList<>();
			for (ConstructFacts.Mining mining : ConstructFacts.minings(text, RANKS, () -> monitor != null && monitor.isCanceled())) {
				try {
					minings.add(new Mining(document.getLineOfOffset(mining.offset()), document, mining.positions()));
				} catch (BadLocationException e) {
					// The text changed meanwhile: the next reconcile asks again.
				}
			}
			return minings;
		});
	}

	/** The positions of one construct on the line above it. */
	private final class Mining extends LineHeaderCodeMining {
		Mining(int line, IDocument document, String positions) throws BadLocationException {
			super(line, document, PositionsMiningProvider.this);
			setLabel(positions);
		}
	}
}
