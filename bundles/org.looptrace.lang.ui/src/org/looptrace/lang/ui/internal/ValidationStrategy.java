// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.IFileBuffer;
import org.eclipse.core.filebuffers.IFileBufferListener;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.jface.text.source.IAnnotationModelExtension;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.ui.texteditor.MarkerAnnotation;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.looptrace.lang.ModelText;
import org.looptrace.ui.LoopTraceUi;

/**
 * Shows the issues the language finds in the editor's text as annotations of the editor (syntax
 * errors, validation errors and warnings, each on its own text range) while that text is not the
 * file's on disk. Markers are the builder's ({@link LoopsBuilder}): they describe the file as saved,
 * so an edit the user does not save leaves none behind. While the text is saved, the markers alone
 * show its issues (with their quick fixes), unless the project has no such builder; while it is not,
 * an issue of both the saved and the edited text is shown once, by its marker (quick fixes kept),
 * unless that marker stands where the issue is in the saved text ({@link MisplacedMarkers}).
 */
final class ValidationStrategy extends WholeTextStrategy implements IFileBufferListener {

	/** The annotation types of the issues, by severity: those of the platform's text editors. */
	static final String ERROR = "org.eclipse.ui.workbench.texteditor.error";
	static final String WARNING = "org.eclipse.ui.workbench.texteditor.warning";
	static final String INFO = "org.eclipse.ui.workbench.texteditor.info";

	/** The issues last found and the text they were found in; in the UI thread. */
	private List<Issue> issues = List.of();
	private @Nullable IDocument issuesOf;
	/** The annotations shown; in the UI thread. */
	private Annotation[] shown = new Annotation[0];
	/** The builder's markers put while the text is not saved, hidden: one show of each problem, where it is. */
	private final MisplacedMarkers misplaced = new MisplacedMarkers(this::showLater);

	@Override
	void install(ITextViewer textViewer) {
		super.install(textViewer);
		FileBuffers.getTextFileBufferManager().addFileBufferListener(this);
	}

	@Override
	void uninstall() {
		FileBuffers.getTextFileBufferManager().removeFileBufferListener(this);
		misplaced.detach();
		super.uninstall();
	}

	@Override
	void reconcile(IDocument current) {
		long stamp = stamp(current);
		List<Issue> found = ModelText.issues(current.get(), nameOf(current), this::isCanceled);
		if (isCanceled()) {
			return;
		}
		updateViewer(current, stamp, viewer -> {
			issues = found;
			issuesOf = current;
			show(viewer);
		});
	}

	/** Saved or reverted: the markers take over from the annotations, or give the text back to them. */
	@Override
	public void dirtyStateChanged(@Nullable IFileBuffer buffer, boolean isDirty) {
		ITextViewer textViewer = viewer();
		if (textViewer == null || !(buffer instanceof ITextFileBuffer text) || text.getDocument() != textViewer.getDocument()) {
			return;
		}
		// now, in the thread of the edit, though no issue was shown yet: the ranges of the markers are the edited text's
		if (textViewer instanceof ISourceViewer source && source.getAnnotationModel() != null) {
			misplaced.attach(source.getAnnotationModel(), text.getDocument(), isDirty);
		}
		misplaced.dirtyChanged(isDirty);
		showLater();
	}

	/** Shows the issues, in the UI thread, unless the editor closed meanwhile. */
	private void showLater() {
		ITextViewer textViewer = viewer();
		StyledText widget = textViewer == null ? null : textViewer.getTextWidget();
		if (textViewer == null || widget == null || widget.isDisposed()) {
			return;
		}
		widget.getDisplay().asyncExec(() -> {
			if (viewer() == textViewer && !widget.isDisposed()) {
				show(textViewer);
			}
		});
	}

	/** Shows the issues last found as annotations, or none when the markers show them. */
	private void show(ITextViewer textViewer) {
		IDocument document = textViewer.getDocument();
		if (!(textViewer instanceof ISourceViewer source) || !(source.getAnnotationModel() instanceof IAnnotationModelExtension model)
				|| document == null) {
			return;
		}
		misplaced.attach(source.getAnnotationModel(), document, isDirty(document));
		misplaced.update();
		Map<Annotation, Position> added = new HashMap<>();
		if (document == issuesOf && !markersShowIssues(document)) {
			Set<Shown> marked = marked(source.getAnnotationModel());
			for (Issue issue : issues) {
				Annotation annotation = annotation(issue);
				Position position = position(issue, document.getLength());
				// an issue of the text as saved too keeps its marker, and the marker's quick fixes, alone
				if (!marked.contains(new Shown(annotation.getType(), annotation.getText(), position))) {
					added.put(annotation, position);
				}
			}
		}
		model.replaceAnnotations(shown, added);
		shown = added.keySet().toArray(Annotation[]::new);
	}

	/** An issue as the editor shows it: the annotation type of its severity, its message, its text range. */
	private record Shown(String type, String message, Position position) {
	}

	/**
	 * The issues the builder's markers show in the editor, where they are now: the editor moves a
	 * marker's range with the edits, so an issue of the saved text still there has the same range.
	 */
	private static Set<Shown> marked(IAnnotationModel model) {
		Set<Shown> marked = new HashSet<>();
		model.getAnnotationIterator().forEachRemaining(annotation -> {
			Position position = model.getPosition(annotation);
			if (annotation instanceof MarkerAnnotation marker && !marker.isMarkedDeleted() && position != null
					&& LoopsBuilder.isOwn(marker.getMarker())) {
				int severity = marker.getMarker().getAttribute(IMarker.SEVERITY, IMarker.SEVERITY_INFO);
				String type = severity == IMarker.SEVERITY_ERROR ? ERROR : severity == IMarker.SEVERITY_WARNING ? WARNING : INFO;
				marked.add(new Shown(type, marker.getMarker().getAttribute(IMarker.MESSAGE, ""), position));
			}
		});
		return marked;
	}

	private static Annotation annotation(Issue issue) {
		String type = issue.getSeverity() == Severity.ERROR ? ERROR : issue.getSeverity() == Severity.WARNING ? WARNING : INFO;
		return new Annotation(type, false, issue.getMessage());
	}

	/** The text range of an issue: at least a character, within the text. */
	private static Position position(Issue issue, int textLength) {
		Integer offset = issue.getOffset();
		Integer length = issue.getLength();
		int start = offset == null ? 0 : Math.min(offset.intValue(), textLength);
		int extent = length == null ? 0 : Math.max(1, length.intValue());
		return new Position(start, Math.min(extent, textLength - start));
	}

	/** Whether the text differs from the file's as saved. */
	private static boolean isDirty(IDocument document) {
		ITextFileBuffer buffer = FileBuffers.getTextFileBufferManager().getTextFileBuffer(document);
		return buffer != null && buffer.isDirty();
	}

	/** Whether the text is the file's as saved and the file's project has the builder that puts markers. */
	private static boolean markersShowIssues(IDocument document) {
		ITextFileBuffer buffer = FileBuffers.getTextFileBufferManager().getTextFileBuffer(document);
		if (buffer == null || buffer.isDirty()) {
			return false;
		}
		IFile file = ResourcesPlugin.getWorkspace().getRoot().getFile(buffer.getLocation());
		try {
			return file.getProject().isOpen() && Arrays.stream(file.getProject().getDescription().getBuildSpec())
					.anyMatch(command -> LoopTraceUi.MODEL_BUILDER_ID.equals(command.getBuilderName()));
		} catch (CoreException e) {
			return false;
		}
	}

	/** The name of the edited file, which the issues are reported under. */
	private static String nameOf(IDocument document) {
		ITextFileBuffer buffer = FileBuffers.getTextFileBufferManager().getTextFileBuffer(document);
		IPath location = buffer == null ? null : buffer.getLocation();
		String name = location == null ? null : location.lastSegment();
		return name == null ? "model.loops" : name;
	}

	@Override
	public void bufferCreated(@Nullable IFileBuffer buffer) {
		// only the dirty state of this editor's buffer matters
	}

	@Override
	public void bufferDisposed(@Nullable IFileBuffer buffer) {
		// only the dirty state of this editor's buffer matters
	}

	@Override
	public void bufferContentAboutToBeReplaced(@Nullable IFileBuffer buffer) {
		// only the dirty state of this editor's buffer matters
	}

	@Override
	public void bufferContentReplaced(@Nullable IFileBuffer buffer) {
		// only the dirty state of this editor's buffer matters
	}

	@Override
	public void stateChanging(@Nullable IFileBuffer buffer) {
		// only the dirty state of this editor's buffer matters
	}

	@Override
	public void stateValidationChanged(@Nullable IFileBuffer buffer, boolean isStateValidated) {
		// only the dirty state of this editor's buffer matters
	}

	@Override
	public void underlyingFileMoved(@Nullable IFileBuffer buffer, @Nullable IPath path) {
		// only the dirty state of this editor's buffer matters
	}

	@Override
	public void underlyingFileDeleted(@Nullable IFileBuffer buffer) {
		// only the dirty state of this editor's buffer matters
	}

	@Override
	public void stateChangeFailed(@Nullable IFileBuffer buffer) {
		// only the dirty state of this editor's buffer matters
	}
}
