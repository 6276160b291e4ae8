// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.core.resources.IMarker;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.BadPositionCategoryException;
import org.eclipse.jface.text.DefaultPositionUpdater;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IPositionUpdater;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.jface.text.source.IAnnotationModelListener;
import org.eclipse.ui.texteditor.MarkerAnnotation;

/**
 * Hides, in an editor whose text is not the file's, the builder's markers that stand where their
 * problem is in the saved text rather than in the edited one. The editor moves a marker's range
 * with the edits only from when the marker is there; a marker the builder puts meanwhile (a clean
 * build, a build of the file written elsewhere) is placed at its offsets in the saved text, and the
 * annotation model also resets the range of a marker it gets again. So the ranges of the markers
 * shown when the text became different from the file's are followed here through the edits, and
 * a marker not at its followed range is hidden (marked deleted: rulers and text do not draw it)
 * until the text is saved or reverted; the editor's own issue shows the problem meanwhile.
 */
final class MisplacedMarkers implements IAnnotationModelListener {

	/** The category of the followed ranges in the document, moved by the edits as the annotations' are. */
	private static final String CATEGORY = "org.looptrace.lang.ui.followedMarkers";

	private final Runnable misplacedAppeared;
	private final IPositionUpdater updater = new DefaultPositionUpdater(CATEGORY);
	/** The ranges, moved by the edits, of the markers shown when the text became different from the file's. */
	private final Map<IMarker, Position> followed = new ConcurrentHashMap<>();
	/** Whether the text is different from the file's, and so {@link #followed} in use. */
	private volatile boolean following;
	/** The annotations hidden; in the UI thread. */
	private final Set<MarkerAnnotation> hidden = new HashSet<>();
	private @Nullable IAnnotationModel model;
	private @Nullable IDocument document;

	/** @param misplacedAppeared called, in any thread, when the model shows a marker to hide */
	MisplacedMarkers(Runnable misplacedAppeared) {
		this.misplacedAppeared = misplacedAppeared;
	}

	/**
	 * Follows the annotations of an editor's document (once the editor has them), from the state of
	 * the text given; nothing when followed already.
	 */
	void attach(IAnnotationModel annotations, IDocument text, boolean dirty) {
		if (annotations == model && text == document) {
			return;
		}
		detach();
		model = annotations;
		document = text;
		text.addPositionCategory(CATEGORY);
		text.addPositionUpdater(updater);
		annotations.addAnnotationModelListener(this);
		// an editor opened on text already edited (in another editor): its markers are where that one moved them
		dirtyChanged(dirty);
	}

	/** Stops following (the editor closes). */
	void detach() {
		IAnnotationModel annotations = model;
		IDocument text = document;
		if (annotations != null) {
			annotations.removeAnnotationModelListener(this);
		}
		if (text != null) {
			text.removePositionUpdater(updater);
			try {
				text.removePositionCategory(CATEGORY);
			} catch (BadPositionCategoryException e) {
				// never added: nothing to remove
			}
		}
		model = null;
		document = null;
		followed.clear();
		following = false;
	}

	/**
	 * The text became different from the file's: the ranges of the markers shown now are followed
	 * from now on, in the thread of the edit (a later edit moves them); or it is the file's again.
	 */
	void dirtyChanged(boolean dirty) {
		IAnnotationModel annotations = model;
		IDocument text = document;
		for (Position position : followed.values()) {
			if (text != null) {
				try {
					text.removePosition(CATEGORY, position);
				} catch (BadPositionCategoryException e) {
					// removed with the category
				}
			}
		}
		followed.clear();
		following = dirty;
		if (!dirty || annotations == null || text == null) {
			return;
		}
		for (Iterator<Annotation> all = annotations.getAnnotationIterator(); all.hasNext();) {
			if (!(all.next() instanceof MarkerAnnotation marker) || !LoopsBuilder.isOwn(marker.getMarker())) {
				continue;
			}
			Position position = annotations.getPosition(marker);
			if (position != null && !position.isDeleted()) {
				Position range = new Position(position.getOffset(), position.getLength());
				try {
					text.addPosition(CATEGORY, range);
					followed.put(marker.getMarker(), range);
				} catch (BadLocationException | BadPositionCategoryException e) {
					// out of the text: not followed, so hidden until saved
				}
			}
		}
	}

	/** Hides the misplaced markers, shows those hidden again once they are not; in the UI thread. */
	void update() {
		IAnnotationModel annotations = model;
		if (annotations == null) {
			return;
		}
		if (following) {
			for (Iterator<Annotation> all = annotations.getAnnotationIterator(); all.hasNext();) {
				if (all.next() instanceof MarkerAnnotation marker && !marker.isMarkedDeleted() && isMisplaced(annotations, marker)) {
					marker.markDeleted(true);
					hidden.add(marker);
				}
			}
		}
		hidden.removeIf(marker -> {
			boolean misplaced = following && isMisplaced(annotations, marker);
			if (!misplaced) {
				marker.markDeleted(false);
			}
			return !misplaced;
		});
	}

	/** Whether an annotation is a marker of the builder not at the range followed for it (or followed for none). */
	private boolean isMisplaced(IAnnotationModel annotations, MarkerAnnotation annotation) {
		if (!LoopsBuilder.isOwn(annotation.getMarker())) {
			return false;
		}
		Position range = followed.get(annotation.getMarker());
		Position position = annotations.getPosition(annotation);
		return range == null || position == null || range.isDeleted() || range.getOffset() != position.getOffset()
				|| range.getLength() != position.getLength();
	}

	@Override
	public void modelChanged(@Nullable IAnnotationModel changed) {
		if (!following || changed == null) {
			return;
		}
		for (Iterator<Annotation> all = changed.getAnnotationIterator(); all.hasNext();) {
			if (all.next() instanceof MarkerAnnotation marker && !marker.isMarkedDeleted() && isMisplaced(changed, marker)) {
				misplacedAppeared.run(); // once: hiding it changes the model again, with nothing more to hide
				return;
			}
		}
	}
}
