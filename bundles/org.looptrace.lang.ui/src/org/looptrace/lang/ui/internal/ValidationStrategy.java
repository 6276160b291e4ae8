// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.List;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.looptrace.lang.ModelText;

/**
 * Replaces the {@code org.looptrace.lang.ui.problem} markers of the edited file with the issues
 * the language finds in the editor's text (saved or not): syntax errors, validation errors and
 * warnings, each on its own text range.
 */
final class ValidationStrategy extends WholeTextStrategy {

	/** The marker type declared in plugin.xml. */
	static final String MARKER_TYPE = "org.looptrace.lang.ui.problem";
	/** The marker attribute holding the issue code ({@code LoopsIssueCodes}), for the quick fixes. */
	static final String CODE = "org.looptrace.lang.ui.code";

	@Override
	void reconcile(IDocument current) {
		IFile file = fileOf(current);
		if (file == null) {
			return;
		}
		List<Issue> issues = ModelText.issues(current.get(), file.getName(), this::isCanceled);
		if (isCanceled()) {
			return;
		}
		try {
			file.getWorkspace().run(m -> replaceMarkers(file, issues), file, IWorkspace.AVOID_UPDATE, null);
		} catch (CoreException e) {
			ILog.of(ValidationStrategy.class).log(e.getStatus());
		}
	}

	private static void replaceMarkers(IFile file, List<Issue> issues) throws CoreException {
		if (!file.exists()) {
			return;
		}
		file.deleteMarkers(MARKER_TYPE, false, IResource.DEPTH_ZERO);
		for (Issue issue : issues) {
			IMarker marker = file.createMarker(MARKER_TYPE);
			marker.setAttribute(IMarker.MESSAGE, issue.getMessage());
			if (issue.getCode() != null) {
				marker.setAttribute(CODE, issue.getCode());
			}
			marker.setAttribute(IMarker.SEVERITY, issue.getSeverity() == Severity.ERROR ? IMarker.SEVERITY_ERROR
					: issue.getSeverity() == Severity.WARNING ? IMarker.SEVERITY_WARNING : IMarker.SEVERITY_INFO);
			Integer line = issue.getLineNumber();
			if (line != null) {
				marker.setAttribute(IMarker.LINE_NUMBER, line.intValue());
			}
			Integer offset = issue.getOffset();
			Integer length = issue.getLength();
			if (offset != null && length != null) {
				marker.setAttribute(IMarker.CHAR_START, offset.intValue());
				marker.setAttribute(IMarker.CHAR_END, offset.intValue() + Math.max(1, length.intValue()));
			}
		}
	}

	private static @Nullable IFile fileOf(IDocument document) {
		ITextFileBuffer buffer = FileBuffers.getTextFileBufferManager().getTextFileBuffer(document);
		if (buffer == null) {
			return null;
		}
		return ResourcesPlugin.getWorkspace().getRoot().getFile(buffer.getLocation());
	}
}
