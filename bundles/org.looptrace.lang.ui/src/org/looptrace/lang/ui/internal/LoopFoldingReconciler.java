// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.projection.ProjectionAnnotation;
import org.eclipse.jface.text.source.projection.ProjectionAnnotationModel;
import org.eclipse.jface.text.source.projection.ProjectionViewer;
import org.looptrace.lang.internal.ide.EditorServices;

/**
 * Folding of loops: each loop of more than one line folds from its {@code for} line to its
 * {@code done} line, whatever the indentation. Computed in the background after each pause in
 * typing; a loop that keeps its lines keeps its folded state.
 */
public class LoopFoldingReconciler extends WholeTextReconciler {

	private static final int DELAY_MILLIS = 300;

	/** The reconciler the Generic Editor runs for folding. */
	public LoopFoldingReconciler() {
		super(new Strategy(), DELAY_MILLIS);
	}

	private static final class Strategy extends WholeTextStrategy {

		@Override
		void reconcile(IDocument current) {
			if (!(viewer() instanceof ProjectionViewer)) {
				return;
			}
			long stamp = stamp(current);
			List<Position> loops = new ArrayList<>();
			for (EditorServices.TextRange loop : EditorServices.loops(current.get(), this::isCanceled)) {
				Position lines = lines(current, loop.offset(), loop.length());
				if (lines != null) {
					loops.add(lines);
				}
			}
			updateViewer(current, stamp, textViewer -> {
				ProjectionAnnotationModel model = ((ProjectionViewer) textViewer).getProjectionAnnotationModel();
				if (model != null) {
					update(model, loops);
				}
			});
		}

		/** Replaces the folding annotations by those of the loops, keeping those already right. */
		private static void update(ProjectionAnnotationModel model, List<Position> loops) {
			Map<Position, Annotation> existing = new HashMap<>();
			for (Iterator<Annotation> annotations = model.getAnnotationIterator(); annotations.hasNext();) {
				Annotation annotation = annotations.next();
				Position position = model.getPosition(annotation);
				if (annotation instanceof ProjectionAnnotation && position != null) {
					existing.put(position, annotation);
				}
			}
			Map<Annotation, Position> added = new HashMap<>();
			for (Position loop : loops) {
				if (existing.remove(loop) == null) {
					added.put(new ProjectionAnnotation(), loop);
				}
			}
			model.modifyAnnotations(existing.values().toArray(Annotation[]::new), added, null);
		}

		/** The whole lines of a range, or null when it takes one line (nothing to fold). */
		private static @Nullable Position lines(IDocument document, int offset, int length) {
			try {
				int first = document.getLineOfOffset(offset);
				int last = document.getLineOfOffset(offset + length);
				if (last == first) {
					return null;
				}
				int start = document.getLineOffset(first);
				int end = last + 1 < document.getNumberOfLines() ? document.getLineOffset(last + 1) : document.getLength();
				return new Position(start, end - start);
			} catch (BadLocationException e) {
				return null;
			}
		}
	}
}
