// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.eclipse.draw2d.geometry.PrecisionPoint;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.analysis.matrix.CommunicationMatrix;
import org.looptrace.cli.Main;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.internal.ide.EditorServices.TextRange;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The Matrix and Timeline views follow a model editor on a file outside the workspace (File &gt;
 * Open File) as they follow one on a workspace file: they show its model with the data traces
 * beside it, and a click in the Timeline selects the construct in that same editor.
 */
class ModelOutsideWorkspaceTest {

	private static final long WAIT_MILLIS = 60_000;

	private final IWorkbenchPage page = Workbench.page();

	@AfterEach
	void closeEditorsAndViews() {
		page.closeAllEditors(false);
		for (String id : new String[] { MatrixView.ID, TimelineView.ID }) {
			if (page.findView(id) != null) {
				page.hideView(page.findView(id));
			}
		}
	}

	@Test
	void theMatrixAndTimelineShowAModelOpenedFromOutsideTheWorkspaceAndAClickSelectsInItsEditor(@TempDir Path outside)
			throws Exception {
		Path model = TestProjects.modelledRun(TestProjects.examples().resolve("wavefront-16"), outside, Main::run);
		ITextEditor editor = (ITextEditor) Workbench.openOutsideWorkspace(model);
		assertNull(editor.getEditorInput().getAdapter(IFile.class), "the model is no workspace file");
		String text = Files.readString(model);
		Model parsed = ModelText.parse(text, "model.loops");
		editor.selectAndReveal(text.length(), 0); // after every construct: the whole model

		MatrixView matrix = (MatrixView) page.showView(MatrixView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		Workbench.waitUntil(WAIT_MILLIS, () -> matrix.data() != null, () -> "the matrix shows nothing: " + matrix.statusText());
		MatrixData counted = Objects.requireNonNull(matrix.data());
		assertNull(counted.construct(), matrix.statusText());
		assertEquals(CommunicationMatrix.of(parsed, Progress.NONE).channels(), counted.messages());
		assertNotNull(counted.bytes(), "the data traces beside the model are read: " + matrix.statusText());
		assertTrue(matrix.statusText().contains(model.toString()), matrix.statusText());

		TimelineView timeline = (TimelineView) page.showView(TimelineView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		Workbench.waitUntil(WAIT_MILLIS, () -> timeline.data() instanceof TimelineData data && timeline.drawn() && data.text().equals(text),
				() -> "the timeline shows nothing: " + timeline.statusText());
		assertTrue(timeline.canColourByTime(), "the data traces beside the model give the loops' times: " + timeline.statusText());

		TimelineData drawn = Objects.requireNonNull(timeline.data());
		Box loop = drawn.drawing().boxes().get(0);
		Objects.requireNonNull(timeline.canvas()).scrollTo(0, 0);
		PrecisionPoint inside = TimelineViewTest.pointOnlyIn(drawn.drawing(), loop);
		Objects.requireNonNull(timeline.figures()).layer().translateToAbsolute(inside);
		TimelineViewTest.click(timeline, inside.x, inside.y);
		List<ITextEditor> editors = Arrays.stream(page.getEditorReferences()).map(reference -> reference.getEditor(false))
				.filter(ITextEditor.class::isInstance).map(ITextEditor.class::cast).toList();
		assertEquals(List.of(editor), editors, "the click selects in the editor open, no other");
		TextRange range = Objects.requireNonNull(drawn.ranges().get(loop.path()), loop.path());
		ITextSelection selection = (ITextSelection) editor.getSelectionProvider().getSelection();
		assertEquals(range.offset(), selection.getOffset(), loop.path());
		assertEquals(range.length(), selection.getLength(), loop.path());
		assertSame(editor, page.getActiveEditor());
	}
}
