// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The {@code .loops} editor in a real workbench: its highlighting and its markers while typing. */
class ModelEditorTest {

	private static final String MODEL = """
			// A ring exchange on 8 ranks.
			for i0 = 0 to 9
			  for i1 = 0 to 6
			    i1 send 1+i1 tag
			    i1 recv 1+i1 tag
			  done
			  0 local step i0 "done"
			done
			""";

	private static final long WAIT_MILLIS = 20_000;

	private final IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("models");
	private final IFile file = project.getFile("ring.loops");

	@BeforeEach
	void createFile() throws CoreException {
		project.create(null);
		project.open(null);
		file.create(new ByteArrayInputStream(MODEL.getBytes(StandardCharsets.UTF_8)), true, null);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
		page.closeAllEditors(false);
		project.delete(true, true, null);
	}

	@Test
	void aTypoGetsAnErrorMarkerThatGoesWhenFixed() throws Exception {
		ITextEditor editor = open();
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		waitUntil(() -> markers().length == 0, "markers on a valid model");

		int typo = MODEL.indexOf("done\n  0");
		document.replace(typo, "done".length(), "dnoe");
		waitUntil(() -> Arrays.stream(markers()).anyMatch(marker -> marker.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR),
				"no error marker on the typo");
		IMarker marker = markers()[0];
		assertTrue(marker.getAttribute(IMarker.CHAR_START, -1) >= 0, "the marker has no text range");

		document.replace(typo, "dnoe".length(), "done");
		waitUntil(() -> markers().length == 0, "the marker stays after the fix");
	}

	@Test
	void keywordsNumbersStringsAndCommentsAreHighlighted() throws Exception {
		ITextEditor editor = open();
		StyledText text = (StyledText) editor.getAdapter(Control.class);
		String content = text.getText();
		StyleRange keyword = text.getStyleRangeAtOffset(content.indexOf("for"));
		StyleRange comment = text.getStyleRangeAtOffset(content.indexOf("ring"));
		StyleRange string = text.getStyleRangeAtOffset(content.indexOf("\"done\"") + 1);
		StyleRange number = text.getStyleRangeAtOffset(content.indexOf("9"));
		StyleRange identifier = text.getStyleRangeAtOffset(content.indexOf("i0"));
		assertEquals(SWT.BOLD, keyword.fontStyle, "for is not bold");
		assertEquals(SWT.ITALIC, comment.fontStyle, "the comment is not italic");
		List<StyleRange> coloured = List.of(keyword, comment, string, number);
		assertEquals(4, coloured.stream().map(range -> range.foreground).distinct().count(),
				"keywords, comments, strings and numbers share colours");
		assertTrue(identifier == null || identifier.foreground == null, "an identifier is coloured like a token");
	}

	private ITextEditor open() throws CoreException {
		IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
		ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
		assertEquals("org.eclipse.ui.genericeditor.GenericEditor", editor.getSite().getId());
		return editor;
	}

	private IMarker[] markers() {
		try {
			return file.findMarkers(ValidationStrategy.MARKER_TYPE, false, IResource.DEPTH_ZERO);
		} catch (CoreException e) {
			throw new IllegalStateException(e);
		}
	}

	/** Runs the event loop until the condition holds: the reconciler and the markers update asynchronously. */
	private static void waitUntil(BooleanSupplier condition, String failure) {
		Display display = Display.getCurrent();
		long end = System.currentTimeMillis() + WAIT_MILLIS;
		while (!condition.getAsBoolean()) {
			assertTrue(System.currentTimeMillis() < end, failure);
			if (!display.readAndDispatch()) {
				display.timerExec(50, () -> { });
				display.sleep();
			}
		}
	}
}
