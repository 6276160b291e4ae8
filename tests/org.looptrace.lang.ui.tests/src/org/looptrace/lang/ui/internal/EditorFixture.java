// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;

/** A project with one model file, opened in the workbench, for the tests of the editor. */
final class EditorFixture implements AutoCloseable {

	/** The ring exchange the tests edit: two nested loops, four events. */
	static final String RING = """
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

	private final IProject project;
	final IFile file;

	EditorFixture(String projectName, String text) throws CoreException {
		project = ResourcesPlugin.getWorkspace().getRoot().getProject(projectName);
		project.create(null);
		project.open(null);
		file = project.getFile("ring.loops");
		file.create(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, null);
	}

	static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}

	/** Opens the model in its editor, the Generic Editor. */
	ITextEditor open() throws CoreException {
		ITextEditor editor = (ITextEditor) IDE.openEditor(page(), file);
		assertEquals("org.eclipse.ui.genericeditor.GenericEditor", editor.getSite().getId());
		return editor;
	}

	static IDocument document(ITextEditor editor) {
		return editor.getDocumentProvider().getDocument(editor.getEditorInput());
	}

	static ISourceViewer viewer(ITextEditor editor) {
		return (ISourceViewer) editor.getAdapter(ITextOperationTarget.class);
	}

	@Override
	public void close() throws CoreException {
		page().closeAllEditors(false);
		project.delete(true, true, null);
	}

	/** Runs the event loop until the condition holds: reconcilers and jobs update asynchronously. */
	static void waitUntil(BooleanSupplier condition, String failure) {
		waitUntil(WAIT_MILLIS, condition, failure);
	}

	/** Runs the event loop until the condition holds, at most the given time. */
	static void waitUntil(long millis, BooleanSupplier condition, String failure) {
		Display display = Display.getCurrent();
		long end = System.currentTimeMillis() + millis;
		while (!condition.getAsBoolean()) {
			assertTrue(System.currentTimeMillis() < end, failure);
			if (!display.readAndDispatch()) {
				display.timerExec(50, () -> { });
				display.sleep();
			}
		}
	}

	/** Runs the event loop for a while, for what has no visible end to wait for. */
	static void runEventLoop(long millis) {
		Display display = Display.getCurrent();
		long end = System.currentTimeMillis() + millis;
		while (System.currentTimeMillis() < end) {
			if (!display.readAndDispatch()) {
				display.timerExec(20, () -> { });
				display.sleep();
			}
		}
	}
}
