// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.looptrace.lang.ui.internal.EditorFixture.RING;
import static org.looptrace.lang.ui.internal.EditorFixture.waitUntil;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IMarker;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.bindings.keys.KeySequence;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextHoverExtension2;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.TextSelection;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.jface.text.source.SourceViewerConfiguration;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.keys.IBindingService;
import org.eclipse.ui.texteditor.AbstractTextEditor;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.internal.validation.LoopsIssueCodes;

/** The source commands of the model editor: toggle comment, format, matching for/done and its hover, quick fix. */
class EditorCommandsTest {

	private static final String MESSY = """
			// kept: the ring
			for   i0 =0 to 9
			      for i1 = 0 to 6 // inner
			   i1 send   1+i1 tag
			 i1 recv 1+i1 tag
			done
			  0 local step i0 "done"
			   done
			""";

	/** An annotation asking for ranks its construct has no event on: 12-15 are beyond the ring's 8. */
	private static final String UNCOVERED = RING.replace("  0 local step", "  get \"step\" {0-3,12-15}.time ->\n  0 local step");

	@Test
	void ctrlSlashCommentsTheSelectedLinesAndUncommentsThemAgain() throws Exception {
		try (EditorFixture fixture = new EditorFixture("commented", RING)) {
			ITextEditor editor = fixture.open();
			IDocument document = EditorFixture.document(editor);
			int send = RING.indexOf("    i1 send");
			int recvEnd = RING.indexOf("tag\n  done") + 2;
			editor.getSelectionProvider().setSelection(new TextSelection(send + 6, recvEnd - send - 6));
			execute("org.looptrace.lang.ui.toggleComment");
			assertEquals(RING.replace("    i1 send", "//    i1 send").replace("    i1 recv", "//    i1 recv"), document.get());
			execute("org.looptrace.lang.ui.toggleComment");
			assertEquals(RING, document.get(), "toggling twice changes the text");
			assertEquals(KeySequence.getInstance("M1+/").format(), binding("org.looptrace.lang.ui.toggleComment"));
		}
	}

	@Test
	void ctrlShiftFFormatsAMessyModelKeepingCommentsInOneUndoableEdit() throws Exception {
		try (EditorFixture fixture = new EditorFixture("formatted", MESSY)) {
			ITextEditor editor = fixture.open();
			IDocument document = EditorFixture.document(editor);
			int caret = MESSY.indexOf("recv");
			editor.getSelectionProvider().setSelection(new TextSelection(caret, 0));
			execute("org.looptrace.lang.ui.format");
			assertEquals(ModelText.format(MESSY), document.get());
			assertTrue(document.get().contains("// kept: the ring") && document.get().contains("// inner"), document.get());
			assertTrue(document.get().contains("    i1 recv 1+i1 tag"), document.get());
			int line = document.getLineOfOffset(((ITextSelection) editor.getSelectionProvider().getSelection()).getOffset());
			assertEquals(document.getLineOfOffset(document.get().indexOf("i1 recv")), line, "the caret left the recv line");
			ITextOperationTarget target = editor.getAdapter(ITextOperationTarget.class);
			target.doOperation(ITextOperationTarget.UNDO);
			assertEquals(MESSY, document.get(), "one undo does not give the text back");
			assertEquals(KeySequence.getInstance("M1+M2+F").format(), binding("org.looptrace.lang.ui.format"));
		}
	}

	@Test
	void theCaretOnForBoxesItsDoneAndOnDoneItsFor() throws Exception {
		try (EditorFixture fixture = new EditorFixture("matched", RING)) {
			ITextEditor editor = fixture.open();
			IAnnotationModel model = EditorFixture.viewer(editor).getAnnotationModel();
			int innerFor = RING.indexOf("for i1");
			int innerDone = RING.lastIndexOf("done", RING.indexOf("\n  0 local"));
			List<Position> inner = List.of(new Position(innerFor, 3), new Position(innerDone, 4));
			editor.getSelectionProvider().setSelection(new TextSelection(innerFor + 1, 0));
			waitUntil(() -> matched(model).equals(inner), "for i1 and its done are not boxed: " + matched(model));
			int outerDone = RING.lastIndexOf("done");
			List<Position> outer = List.of(new Position(RING.indexOf("for i0"), 3), new Position(outerDone, 4));
			editor.getSelectionProvider().setSelection(new TextSelection(outerDone + 2, 0));
			waitUntil(() -> matched(model).equals(outer), "the outer done and its for are not boxed: " + matched(model));
			editor.getSelectionProvider().setSelection(new TextSelection(RING.indexOf("send"), 0));
			waitUntil(() -> matched(model).isEmpty(), "boxes stay away from the keywords");
		}
	}

	/**
	 * The hover of a boxed {@code for}, as the editor composes it from every hover it has (the
	 * annotations' and the construct's): the construct's text alone, nothing about the box.
	 */
	@Test
	void theHoverOfABoxedForIsTheConstructsAlone() throws Exception {
		try (EditorFixture fixture = new EditorFixture("hovered", RING)) {
			ITextEditor editor = fixture.open();
			ISourceViewer viewer = EditorFixture.viewer(editor);
			int innerFor = RING.indexOf("for i1") + 1;
			editor.getSelectionProvider().setSelection(new TextSelection(innerFor, 0));
			waitUntil(() -> matched(viewer.getAnnotationModel()).size() == 2, "for i1 and its done are not boxed");
			Method configuration = AbstractTextEditor.class.getDeclaredMethod("getSourceViewerConfiguration");
			configuration.setAccessible(true);
			ITextHover hover = ((SourceViewerConfiguration) configuration.invoke(editor)).getTextHover(viewer, IDocument.DEFAULT_CONTENT_TYPE);
			IRegion region = hover.getHoverRegion(viewer, innerFor);
			Object info = ((ITextHoverExtension2) hover).getHoverInfo2(viewer, region);
			Collection<?> parts = info instanceof Map<?, ?> perHover ? perHover.values() : List.of(info);
			ConstructHover construct = new ConstructHover();
			assertEquals(List.of(construct.getHoverInfo(viewer, construct.getHoverRegion(viewer, innerFor))), List.copyOf(parts));
		}
	}

	@Test
	void annotationRanksTheConstructDoesNotCoverHaveAQuickFixThatReducesThem() throws Exception {
		try (EditorFixture fixture = new EditorFixture("fixed", UNCOVERED)) {
			ITextEditor editor = fixture.open();
			fix(awaitUncoveredRanks(fixture));
			assertEquals(UNCOVERED.replace("{0-3,12-15}", "{0}"), EditorFixture.document(editor).get());
			editor.doSave(null); // the markers are those of the file as saved
			waitUntil(() -> uncoveredRanks(fixture) == null, "the marker stays after the fix");
		}
	}

	/**
	 * Unsaved edits before a problem of the file as saved: the problem is still shown once, by its
	 * marker (moved with the text), not by the marker and an annotation of the editor, and its quick
	 * fix edits the text as shown.
	 */
	@Test
	void aProblemOfTheSavedAndTheEditedTextIsShownOnceAndKeepsItsQuickFix() throws Exception {
		try (EditorFixture fixture = new EditorFixture("twice", UNCOVERED)) {
			ITextEditor editor = fixture.open();
			IMarker uncovered = awaitUncoveredRanks(fixture);
			String message = uncovered.getAttribute(IMarker.MESSAGE, "");
			IAnnotationModel annotations = EditorFixture.viewer(editor).getAnnotationModel();
			// the user edits a file whose markers the editor shows
			waitUntil(() -> shown(annotations, message).size() == 1, "the editor does not show the marker");
			IDocument document = EditorFixture.document(editor);
			// an error of the edited text alone tells when the editor has validated it
			String edit = "0 snd 1 2\n";
			document.replace(0, 0, edit);
			waitUntil(() -> EditorFixture.problems(editor).stream().anyMatch(problem -> problem.getText().contains("snd")),
					"the editor shows no error of its text");
			List<Position> shown = shown(annotations, message);
			int ranks = UNCOVERED.indexOf("0-3,12-15") + edit.length();
			assertEquals(1, shown.size(), () -> "shown at " + shown);
			assertTrue(shown.get(0).getOffset() <= ranks && ranks < shown.get(0).getOffset() + shown.get(0).getLength(),
					() -> "shown at " + shown);

			fix(uncovered);
			assertEquals(edit + UNCOVERED.replace("{0-3,12-15}", "{0}"), document.get());
		}
	}

	/** Where the editor shows a problem with this message, by a marker or an annotation of its own. */
	private static List<Position> shown(IAnnotationModel annotations, String message) {
		List<Position> shown = new ArrayList<>();
		annotations.getAnnotationIterator().forEachRemaining(annotation -> {
			if (!annotation.isMarkedDeleted() && message.equals(annotation.getText())) {
				shown.add(annotations.getPosition(annotation));
			}
		});
		return shown;
	}

	/** Waits for the builder's marker of the ranks of {@link #UNCOVERED}'s annotation. */
	private static IMarker awaitUncoveredRanks(EditorFixture fixture) {
		IMarker[] uncovered = new IMarker[1];
		waitUntil(() -> (uncovered[0] = uncoveredRanks(fixture)) != null, "no marker on the uncovered ranks");
		return uncovered[0];
	}

	/** Runs the one quick fix of a marker. */
	private static void fix(IMarker marker) {
		IMarkerResolution[] fixes = IDE.getMarkerHelpRegistry().getResolutions(marker);
		assertEquals(1, fixes.length);
		fixes[0].run(marker);
	}

	private static @Nullable IMarker uncoveredRanks(EditorFixture fixture) {
		for (IMarker marker : EditorFixture.markers(fixture.file)) {
			if (LoopsIssueCodes.UNCOVERED_RANKS.equals(marker.getAttribute(LoopsBuilder.CODE, ""))) {
				return marker;
			}
		}
		return null;
	}

	private static List<Position> matched(IAnnotationModel model) {
		List<Position> positions = new ArrayList<>();
		model.getAnnotationIterator().forEachRemaining(annotation -> {
			if (MatchingKeywordsStrategy.TYPE.equals(annotation.getType())) {
				positions.add(model.getPosition(annotation));
			}
		});
		positions.sort((a, b) -> Integer.compare(a.getOffset(), b.getOffset()));
		return positions;
	}

	private static void execute(String command) throws Exception {
		PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(command, null);
	}

	/** The key sequence bound to a command in the active contexts (of the model editor). */
	static String binding(String command) {
		return PlatformUI.getWorkbench().getService(IBindingService.class).getBestActiveBindingFormattedFor(command);
	}
}
