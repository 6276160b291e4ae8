// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.texteditor.MarkerAnnotation;
import org.junit.jupiter.api.Test;
import org.looptrace.ui.testsupport.Workbench;

/**
 * Each problem of the edited text is shown once, where it is, though the builder put its marker
 * while the text was not saved (from the file as saved, at the offsets of the saved text); once
 * saved, the markers alone show the problems, where they are.
 */
class MarkerAnnotationsTest {

	/** Two lines more at the top of the text: every problem further down. */
	private static final String HEADER = "// edited\n// not saved\n";

	@Test
	void aMarkerPutWhileTheTextIsNotSavedIsNotShownAtTheOffsetOfTheSavedText() throws Exception {
		String saved = EditorFixture.RING.replace("i1 send", "i1 snd");
		try (EditorFixture fixture = new EditorFixture("marker annotations", saved)) {
			EditorFixture.waitForBuild();
			IMarker[] markers = EditorFixture.markers(fixture.file);
			assertTrue(markers.length > 0, "no marker on the saved typo");
			ITextEditor editor = fixture.open();
			IDocument document = EditorFixture.document(editor);
			List<String> atSaved = expected(markers, 0);
			EditorFixture.waitUntil(() -> atSaved.equals(shown(editor)), "not the markers of the saved text");

			document.replace(0, 0, HEADER);
			List<String> moved = expected(markers, HEADER.length());
			EditorFixture.waitUntil(() -> moved.equals(shown(editor)), "not the problems of the edited text");

			// a build while the text is not saved: markers from the file on disk, at its offsets
			fixture.file.getProject().build(IncrementalProjectBuilder.CLEAN_BUILD, null);
			fixture.file.getProject().build(IncrementalProjectBuilder.FULL_BUILD, null);
			EditorFixture.waitForBuild();
			Workbench.runEventLoop(500); // the annotation model's and the reconciler's updates
			EditorFixture.waitUntil(() -> moved.equals(shown(editor)), "shown " + shown(editor) + " instead of " + moved);

			// still so as the user types on
			document.replace(document.getLength(), 0, "\n");
			Workbench.runEventLoop(500);
			EditorFixture.waitUntil(() -> moved.equals(shown(editor)), "shown " + shown(editor) + " instead of " + moved);

			// saved: the markers of the new text alone
			editor.doSave(null);
			EditorFixture.waitForBuild();
			EditorFixture.waitUntil(() -> moved.equals(shown(editor)) && EditorFixture.problems(editor).isEmpty(),
					"once saved, shown " + shown(editor) + " instead of " + moved);
		}
	}

	/** The problems the markers describe, with their ranges moved by {@code shift}, as {@link #shown} describes them. */
	private static List<String> expected(IMarker[] markers, int shift) {
		List<String> problems = new ArrayList<>();
		for (IMarker marker : markers) {
			int start = marker.getAttribute(IMarker.CHAR_START, -1);
			problems.add(describe(marker.getAttribute(IMarker.MESSAGE, ""), start + shift, marker.getAttribute(IMarker.CHAR_END, -1) + shift));
		}
		return problems.stream().sorted().toList();
	}

	/**
	 * The problems the editor shows (errors, warnings, infos: the builder's markers or the
	 * annotations of its text, drawn unless marked deleted), each as its message and range.
	 */
	private static List<String> shown(ITextEditor editor) {
		IAnnotationModel model = EditorFixture.viewer(editor).getAnnotationModel();
		List<String> shown = new ArrayList<>();
		model.getAnnotationIterator().forEachRemaining(annotation -> {
			Position position = model.getPosition(annotation);
			boolean problem = annotation instanceof MarkerAnnotation marker ? isBuilders(marker.getMarker())
					: List.of(ValidationStrategy.ERROR, ValidationStrategy.WARNING, ValidationStrategy.INFO).contains(annotation.getType());
			if (problem && !annotation.isMarkedDeleted() && position != null && !position.isDeleted()) {
				shown.add(describe(annotation.getText(), position.getOffset(), position.getOffset() + position.getLength()));
			}
		});
		return shown.stream().sorted().toList();
	}

	private static boolean isBuilders(IMarker marker) {
		try {
			return LoopsBuilder.MARKER_TYPE.equals(marker.getType());
		} catch (CoreException e) {
			return false; // deleted meanwhile
		}
	}

	private static String describe(String message, int start, int end) {
		return start + "-" + end + " " + message;
	}
}
