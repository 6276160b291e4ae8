// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.looptrace.lang.ui.internal.EditorFixture.RING;
import static org.looptrace.lang.ui.internal.EditorFixture.waitUntil;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IMarker;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.bindings.keys.KeySequence;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.TextSelection;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.keys.IBindingService;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.internal.validation.LoopsIssueCodes;

/** The source commands of the model editor: toggle comment, format, matching for/done, quick fix. */
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

	@Test
	void annotationRanksTheConstructDoesNotCoverHaveAQuickFixThatReducesThem() throws Exception {
		String model = RING.replace("  0 local step", "  get \"step\" {0-3,12-15}.time ->\n  0 local step");
		try (EditorFixture fixture = new EditorFixture("fixed", model)) {
			ITextEditor editor = fixture.open();
			IMarker[] uncovered = new IMarker[1];
			waitUntil(() -> (uncovered[0] = uncoveredRanks(fixture)) != null, "no marker on the uncovered ranks");
			IMarkerResolution[] fixes = IDE.getMarkerHelpRegistry().getResolutions(uncovered[0]);
			assertEquals(1, fixes.length);
			fixes[0].run(uncovered[0]);
			assertEquals(model.replace("{0-3,12-15}", "{0}"), EditorFixture.document(editor).get());
			editor.doSave(null); // the markers are those of the file as saved
			waitUntil(() -> uncoveredRanks(fixture) == null, "the marker stays after the fix");
		}
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
