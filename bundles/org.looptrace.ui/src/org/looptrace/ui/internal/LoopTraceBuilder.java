// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.ui.progress.IProgressConstants;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.nlr.LocalModelCache;
import org.looptrace.trace.ReplayTags;
import org.looptrace.trace.TraceFolder;
import org.looptrace.ui.LoopTraceUi;

/**
 * Keeps the models of a project's trace folders up to date: every folder holding {@code trace.<p>}
 * files or an OTF2 archive's anchor, whose run files or table of a replay's tags ({@link ReplayTags#FILE},
 * which names the tags of the model) changed, gets a {@link ModelTracesJob}. The jobs
 * run beside the build, each on its own folder's rule, so a long model never holds the workspace; a
 * model the user edited is never replaced by them.
 */
public final class LoopTraceBuilder extends IncrementalProjectBuilder {

	@Override
	@NonNullByDefault({}) // the platform's signature: arguments of unknown nullness
	protected IProject[] build(int kind, Map<String, String> args, IProgressMonitor monitor) throws CoreException {
		// folders by path: jobs are scheduled in a stable order
		Map<String, IContainer> changed = new TreeMap<>();
		IResourceDelta delta = kind == FULL_BUILD ? null : getDelta(getProject());
		if (delta == null) {
			getProject().accept(resource -> {
				if (isRunFile(resource) || isArchiveAnchor(resource)) {
					changed.put(resource.getParent().getFullPath().toString(), resource.getParent());
				}
				return !isCache(resource);
			});
		} else {
			delta.accept(child -> {
				IResource resource = child.getResource();
				if (isRunFile(resource) || isArchiveAnchor(resource) || isReplayTags(resource)) {
					changed.put(resource.getParent().getFullPath().toString(), resource.getParent());
				}
				return !isCache(resource);
			});
		}
		for (IContainer folder : changed.values()) {
			// a replay program's folder holds a table of tags too, but no trace: it has no model
			if (folder.exists() && isTraceFolder(folder)) {
				ModelTracesJob job = new ModelTracesJob(folder, false);
				// a background build: its trace problems are markers, not dialogs popping up
				job.setUser(false);
				job.setProperty(IProgressConstants.NO_IMMEDIATE_ERROR_PROMPT_PROPERTY, Boolean.TRUE);
				job.schedule();
			}
		}
		return null;
	}

	@Override
	protected void clean(@Nullable IProgressMonitor monitor) throws CoreException {
		getProject().deleteMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, IResource.DEPTH_INFINITE);
		getProject().deleteMarkers(LoopTraceUi.MODEL_KEPT_MARKER, false, IResource.DEPTH_INFINITE);
	}

	/**
	 * Whether a resource is a run file of a trace folder ({@link TraceFolder#isRunFile(Path)}) that
	 * the user or a run wrote (not derived): a folder holding one is a trace folder.
	 */
	public static boolean isRunFile(IResource resource) {
		return resource.getType() == IResource.FILE && !resource.isDerived()
				&& TraceFolder.isRunFile(Path.of(resource.getName()));
	}

	/**
	 * Whether a resource is the anchor of an OTF2 archive ({@code traces.otf2}): a folder holding one is
	 * a trace folder too. A writer rewrites the anchor when it closes an archive, so its change stands
	 * for the archive's.
	 */
	public static boolean isArchiveAnchor(IResource resource) {
		return resource.getType() == IResource.FILE && !resource.isDerived() && resource.getName().endsWith(".otf2");
	}

	/** Whether a resource is the table of a replay's tags, which the model of its folder's traces is made with. */
	private static boolean isReplayTags(IResource resource) {
		return resource.getType() == IResource.FILE && !resource.isDerived() && ReplayTags.FILE.equals(resource.getName());
	}

	/** Whether a folder holds traces: a run file or an archive's anchor. */
	private static boolean isTraceFolder(IContainer folder) throws CoreException {
		for (IResource member : folder.members()) {
			if (isRunFile(member) || isArchiveAnchor(member)) {
				return true;
			}
		}
		return false;
	}

	/** Folders of the engine's own (a trace folder's cache): nothing the builder reads. */
	private static boolean isCache(IResource resource) {
		return resource.getType() == IResource.FOLDER && LocalModelCache.FOLDER.equals(resource.getName());
	}
}
