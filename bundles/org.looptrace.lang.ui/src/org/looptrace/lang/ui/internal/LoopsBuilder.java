// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.looptrace.lang.ModelText;
import org.looptrace.ui.LoopTraceUi;
import org.looptrace.ui.ModelViews;

/**
 * The language's builder ({@link LoopTraceUi#MODEL_BUILDER_ID}): every {@code .loops} file of the
 * project, as saved, validated into {@link #MARKER_TYPE} markers, so that the Problems view and the
 * files' icons describe the files on disk, open in an editor or not, written by the user or by a
 * modelling job. What an editor's unsaved text holds is shown by the editor alone
 * ({@link ValidationStrategy}), as annotations.
 */
public final class LoopsBuilder extends IncrementalProjectBuilder {

	/** The marker type declared in plugin.xml. */
	static final String MARKER_TYPE = "org.looptrace.lang.ui.problem";
	/** The marker attribute holding the issue code ({@code LoopsIssueCodes}), for the quick fixes. */
	static final String CODE = "org.looptrace.lang.ui.code";

	@Override
	@NonNullByDefault({}) // the platform's signature: arguments of unknown nullness
	protected IProject[] build(int kind, Map<String, String> args, IProgressMonitor monitor) throws CoreException {
		List<IFile> models = new ArrayList<>();
		IResourceDelta delta = kind == FULL_BUILD ? null : getDelta(getProject());
		if (delta == null) {
			getProject().accept(resource -> {
				if (isModel(resource)) {
					models.add((IFile) resource);
				}
				return !isHidden(resource);
			});
		} else {
			delta.accept(child -> {
				if (isModel(child.getResource()) && (child.getKind() == IResourceDelta.ADDED || child.getKind() == IResourceDelta.CHANGED
						&& (child.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0)) {
					models.add((IFile) child.getResource());
				}
				return !isHidden(child.getResource());
			});
		}
		SubMonitor progress = SubMonitor.convert(monitor, models.size());
		for (IFile model : models) {
			validate(model, progress.split(1));
		}
		return null;
	}

	@Override
	protected void clean(@Nullable IProgressMonitor monitor) throws CoreException {
		getProject().deleteMarkers(MARKER_TYPE, false, IResource.DEPTH_INFINITE);
	}

	/** Replaces the markers of a model file with the issues of its text as saved. */
	static void validate(IFile model, IProgressMonitor monitor) throws CoreException {
		if (!model.exists()) {
			return;
		}
		List<Issue> issues;
		try {
			issues = ModelText.issues(ModelViews.read(model), model.getName(), monitor::isCanceled);
		} catch (IOException e) {
			model.deleteMarkers(MARKER_TYPE, false, IResource.DEPTH_ZERO);
			model.createMarker(MARKER_TYPE, Map.of(IMarker.SEVERITY, IMarker.SEVERITY_ERROR, IMarker.MESSAGE,
					NLS.bind(Messages.LoopsBuilder_unreadable, model.getFullPath(), e.getMessage())));
			return;
		}
		if (monitor.isCanceled()) {
			throw new OperationCanceledException(); // the issues found so far are not all of them
		}
		model.deleteMarkers(MARKER_TYPE, false, IResource.DEPTH_ZERO);
		for (Issue issue : issues) {
			IMarker marker = model.createMarker(MARKER_TYPE);
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

	/** Whether a marker is one of this builder's (false once deleted). */
	static boolean isOwn(IMarker marker) {
		try {
			return marker.exists() && MARKER_TYPE.equals(marker.getType());
		} catch (CoreException e) {
			return false;
		}
	}

	private static boolean isModel(IResource resource) {
		return resource.getType() == IResource.FILE && "loops".equals(resource.getFileExtension());
	}

	/** Hidden folders (the engine's cache of local models, version control's): nothing the user edits. */
	private static boolean isHidden(IResource resource) {
		return resource.getType() == IResource.FOLDER && resource.getName().startsWith(".");
	}
}
