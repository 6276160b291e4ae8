// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CancellationException;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceRuleFactory;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.ISchedulingRule;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.MultiRule;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.ui.LoopTraceUi;

/**
 * Builds the global model of a trace folder of the workspace into its {@code model.loops}, as a
 * cancellable job with progress. Problems in the traces become markers at their file and line. A
 * previous model.loops is replaced with its old content kept in the local history.
 */
public final class ModelTracesJob extends Job {

	private final IContainer folder;

	public ModelTracesJob(IContainer folder) {
		super(NLS.bind(Messages.ModelTracesJob_name, folder.getFullPath().makeRelative()));
		this.folder = folder;
		IResourceRuleFactory rules = ResourcesPlugin.getWorkspace().getRuleFactory();
		IFile model = modelFile();
		setRule(MultiRule.combine(new ISchedulingRule[] { rules.createRule(model), rules.modifyRule(model),
				rules.markerRule(folder) }));
		setUser(true);
	}

	@Override
	protected IStatus run(@Nullable IProgressMonitor monitor) {
		try {
			folder.deleteMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, IResource.DEPTH_ONE);
			IPath location = folder.getLocation();
			if (location == null) {
				return Status.error(NLS.bind(Messages.ModelTracesJob_notLocal, folder.getFullPath()));
			}
			MonitorProgress progress = new MonitorProgress(monitor, getName());
			Model model = Pipeline.model(TraceFolder.open(location.toPath()), NlrOptions.DEFAULTS, MergeOptions.defaults(),
					progress);
			write(ModelPrinter.print(model), monitor);
			return Status.OK_STATUS;
		} catch (CancellationException e) {
			return Status.CANCEL_STATUS;
		} catch (TraceFormatException e) {
			return marked(e.getMessage(), () -> mark(e.diagnostic()));
		} catch (InconsistentTraceException e) {
			return marked(NLS.bind(Messages.ModelTracesJob_inconsistent, folder.getFullPath().makeRelative(), e.getMessage()),
					() -> markFolder(e.getMessage()));
		} catch (IOException | CoreException e) {
			return Status.error(NLS.bind(Messages.ModelTracesJob_failed, folder.getFullPath().makeRelative(), e.getMessage()), e);
		}
	}

	/** An error status for a problem of the traces, after putting its marker where it is. */
	private static IStatus marked(String message, MarkerAction marking) {
		try {
			marking.run();
			return Status.error(message);
		} catch (CoreException e) {
			return Status.error(NLS.bind(Messages.ModelTracesJob_markerFailed, message, e.getMessage()), e);
		}
	}

	@FunctionalInterface
	private interface MarkerAction {
		void run() throws CoreException;
	}

	private void write(String text, @Nullable IProgressMonitor monitor) throws CoreException {
		IFile file = modelFile();
		ByteArrayInputStream contents = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
		if (file.exists()) {
			file.setContents(contents, IResource.KEEP_HISTORY, monitor);
		} else {
			file.create(contents, IResource.NONE, monitor);
		}
	}

	private IFile modelFile() {
		return folder.getFile(IPath.fromOSString(LoopTraceUi.MODEL_FILE));
	}

	/** A marker on the trace file the diagnostic names, at its line; on the folder otherwise. */
	private void mark(Diagnostic diagnostic) throws CoreException {
		IResource target = folder;
		if (diagnostic.file() != null) {
			IFile[] files = ResourcesPlugin.getWorkspace().getRoot()
					.findFilesForLocationURI(diagnostic.file().toAbsolutePath().toUri());
			if (files.length > 0) {
				target = files[0];
			}
		}
		IMarker marker = target.createMarker(LoopTraceUi.TRACE_PROBLEM_MARKER);
		marker.setAttribute(IMarker.SEVERITY, diagnostic.severity() == Diagnostic.Severity.ERROR ? IMarker.SEVERITY_ERROR
				: IMarker.SEVERITY_WARNING);
		marker.setAttribute(IMarker.MESSAGE, diagnostic.message());
		if (diagnostic.line() > 0) {
			marker.setAttribute(IMarker.LINE_NUMBER, (int) Math.min(Integer.MAX_VALUE, diagnostic.line()));
		}
	}

	private void markFolder(String message) throws CoreException {
		IMarker marker = folder.createMarker(LoopTraceUi.TRACE_PROBLEM_MARKER);
		marker.setAttribute(IMarker.SEVERITY, IMarker.SEVERITY_ERROR);
		marker.setAttribute(IMarker.MESSAGE, message);
	}
}
