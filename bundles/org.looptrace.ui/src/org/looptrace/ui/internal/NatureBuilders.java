// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.IStartup;
import org.looptrace.ui.LoopTraceUi;

/**
 * Gives the projects with the LoopTrace nature the builders they lack ({@link
 * LoopTraceNature#lacksBuilders}): projects given the nature before a builder existed, or whose
 * {@code .project} was written elsewhere (imported, checked out, edited by hand). The platform
 * installs a nature's builders only when the nature is added, so such a project would otherwise
 * never have its trace folders modelled. Every open project is checked at start, and each project
 * added, opened or whose description changes, afterwards. Projects without the nature are left
 * alone; the other builders of a project are kept, in their order.
 */
public final class NatureBuilders implements IStartup, IResourceChangeListener {

	/** The family of the jobs that add builders, for tests to wait on. */
	public static final Object JOB_FAMILY = LoopTraceUi.NATURE_ID;

	@Override
	public void earlyStartup() {
		IWorkspace workspace = ResourcesPlugin.getWorkspace();
		workspace.addResourceChangeListener(this, IResourceChangeEvent.POST_CHANGE);
		repair(Arrays.asList(workspace.getRoot().getProjects()));
	}

	@Override
	public void resourceChanged(@Nullable IResourceChangeEvent event) {
		IResourceDelta root = event == null ? null : event.getDelta();
		if (root == null) {
			return;
		}
		List<IProject> projects = new ArrayList<>();
		for (IResourceDelta delta : root.getAffectedChildren(IResourceDelta.ADDED | IResourceDelta.CHANGED)) {
			if (delta.getResource() instanceof IProject project && (delta.getKind() == IResourceDelta.ADDED
					|| (delta.getFlags() & (IResourceDelta.OPEN | IResourceDelta.DESCRIPTION)) != 0)) {
				projects.add(project);
			}
		}
		repair(projects);
	}

	/** Adds the builders the projects lack, in a job: a listener cannot change a project's description. */
	private static void repair(List<IProject> projects) {
		List<IProject> lacking = projects.stream().filter(NatureBuilders::lacksBuilders).toList();
		if (lacking.isEmpty()) {
			return;
		}
		WorkspaceJob job = new WorkspaceJob(Messages.NatureBuilders_job) {
			@Override
			public IStatus runInWorkspace(@Nullable IProgressMonitor monitor) {
				MultiStatus result = new MultiStatus(LoopTraceUi.BUNDLE_ID, 0, Messages.NatureBuilders_job);
				for (IProject project : lacking) {
					try {
						// checked again: the project may have changed since the job was scheduled
						if (lacksBuilders(project)) {
							LoopTraceNature.addBuilders(project);
						}
					} catch (CoreException e) {
						result.add(e.getStatus());
					}
				}
				return result.isOK() ? Status.OK_STATUS : result;
			}

			@Override
			public boolean belongsTo(@Nullable Object family) {
				return family == JOB_FAMILY;
			}
		};
		job.setRule(ResourcesPlugin.getWorkspace().getRoot()); // what a project's setDescription locks
		job.setSystem(true);
		job.schedule();
	}

	private static boolean lacksBuilders(IProject project) {
		try {
			return LoopTraceNature.lacksBuilders(project);
		} catch (CoreException e) {
			ILog.of(NatureBuilders.class).log(e.getStatus());
			return false; // a project whose description cannot be read is not ours to change
		}
	}
}
