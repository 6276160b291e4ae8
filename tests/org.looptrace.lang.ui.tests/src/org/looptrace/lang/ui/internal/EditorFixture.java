// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.texteditor.MarkerAnnotation;
import org.looptrace.ui.LoopTraceUi;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

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
		project = TestProjects.project(projectName);
		TestProjects.create(project);
		addModelBuilder(project);
		file = TestProjects.write(project, "ring.loops", text);
	}

	/** Gives a project the model language's builder, which puts the markers of its models as saved. */
	static void addModelBuilder(IProject project) throws CoreException {
		IProjectDescription description = project.getDescription();
		ICommand builder = description.newCommand();
		builder.setBuilderName(LoopTraceUi.MODEL_BUILDER_ID);
		description.setBuildSpec(new ICommand[] { builder });
		project.setDescription(description, null);
	}

	/** The problem markers of a file: the builder's, of the file as saved. */
	static IMarker[] markers(IFile file) {
		try {
			return file.findMarkers(LoopsBuilder.MARKER_TYPE, false, IResource.DEPTH_ZERO);
		} catch (CoreException e) {
			throw new IllegalStateException(e);
		}
	}

	/** Waits for the workspace's build, which puts the markers of the files saved. */
	static void waitForBuild() throws InterruptedException {
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		Job.getJobManager().join(ResourcesPlugin.FAMILY_MANUAL_BUILD, null);
	}

	/** The issues the editor shows of its own text (not the markers of the file): their annotations. */
	static List<Annotation> problems(ITextEditor editor) {
		List<Annotation> problems = new ArrayList<>();
		viewer(editor).getAnnotationModel().getAnnotationIterator().forEachRemaining(annotation -> {
			if (!(annotation instanceof MarkerAnnotation) && List.of(ValidationStrategy.ERROR, ValidationStrategy.WARNING,
					ValidationStrategy.INFO).contains(annotation.getType())) {
				problems.add(annotation);
			}
		});
		return problems;
	}

	/** Opens the model in its editor, the Generic Editor. */
	ITextEditor open() throws CoreException {
		return open(file);
	}

	/** Opens a model file in its editor, the Generic Editor. */
	static ITextEditor open(IFile model) throws CoreException {
		ITextEditor editor = (ITextEditor) IDE.openEditor(Workbench.page(), model);
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
		TestProjects.delete(project);
	}

	/** Runs the event loop until the condition holds: reconcilers and jobs update asynchronously. */
	static void waitUntil(BooleanSupplier condition, String failure) {
		Workbench.waitUntil(WAIT_MILLIS, condition, failure);
	}
}
