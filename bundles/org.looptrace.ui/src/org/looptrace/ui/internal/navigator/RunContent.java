// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.navigator;

import java.util.LinkedHashSet;
import java.util.Set;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jface.viewers.StructuredViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.ui.navigator.ICommonContentExtensionSite;
import org.eclipse.ui.navigator.IPipelinedTreeContentProvider;
import org.eclipse.ui.navigator.PipelinedShapeModification;
import org.eclipse.ui.navigator.PipelinedViewerUpdate;
import org.looptrace.ui.internal.LoopTraceBuilder;

/**
 * The content of a trace folder in the Project Explorer, over the platform's resources: the run
 * files leave the folder's children for one {@link RankFiles} node holding them in the order of
 * ranks; the model and the user's other files stay where they are. A run file's parent is that
 * node, so that revealing a trace file finds it. Files added to or removed from a trace folder
 * refresh it.
 */
@NonNullByDefault({}) // the navigator's interfaces, implemented as they are (raw sets, nulls)
public final class RunContent implements IPipelinedTreeContentProvider, IResourceChangeListener, NoState {

	private static final Object[] NONE = {};

	/** The Project Explorer's viewer, refreshed where run files come and go. */
	private StructuredViewer viewer;

	@Override
	@SuppressWarnings({ "rawtypes", "unchecked" })
	public void getPipelinedChildren(Object parent, Set children) {
		if (parent instanceof IContainer folder && RankFiles.isTraceFolder(folder)) {
			children.removeIf(child -> child instanceof IResource resource && LoopTraceBuilder.isRunFile(resource));
			children.add(new RankFiles(folder));
		}
	}

	@Override
	@SuppressWarnings("rawtypes")
	public void getPipelinedElements(Object input, Set elements) {
		// the roots are the projects: nothing to change there
	}

	@Override
	public Object getPipelinedParent(Object element, Object suggested) {
		if (element instanceof IResource resource && LoopTraceBuilder.isRunFile(resource)) {
			return new RankFiles(resource.getParent());
		}
		return suggested;
	}

	@Override
	public Object[] getChildren(Object parent) {
		return parent instanceof RankFiles files ? files.files().toArray() : NONE;
	}

	@Override
	public boolean hasChildren(Object element) {
		return element instanceof RankFiles;
	}

	@Override
	public Object getParent(Object element) {
		return element instanceof RankFiles files ? files.folder() : null;
	}

	@Override
	public Object[] getElements(Object input) {
		return NONE;
	}

	/** Run files added or removed are not children of their folder: {@link #resourceChanged} refreshes the folder instead. */
	@Override
	public PipelinedShapeModification interceptAdd(PipelinedShapeModification modification) {
		return withoutRunFiles(modification);
	}

	@Override
	public PipelinedShapeModification interceptRemove(PipelinedShapeModification modification) {
		return withoutRunFiles(modification);
	}

	private static PipelinedShapeModification withoutRunFiles(PipelinedShapeModification modification) {
		modification.getChildren().removeIf(child -> child instanceof IResource resource && LoopTraceBuilder.isRunFile(resource));
		return modification;
	}

	/**
	 * Files come to or leave trace folders (run files, the model a job wrote), or a folder becomes
	 * one: the folders are refreshed, their group of rank files with them.
	 */
	@Override
	public void resourceChanged(IResourceChangeEvent event) {
		StructuredViewer shown = viewer;
		if (shown == null || event.getDelta() == null) {
			return;
		}
		Set<IContainer> folders = new LinkedHashSet<>();
		try {
			event.getDelta().accept(delta -> {
				IResource resource = delta.getResource();
				boolean structural = (delta.getKind() & (IResourceDelta.ADDED | IResourceDelta.REMOVED)) != 0;
				if (structural && resource.getParent() instanceof IFolder folder
						&& (LoopTraceBuilder.isRunFile(resource) || RankFiles.isTraceFolder(folder))) {
					folders.add(folder);
				}
				return true;
			});
		} catch (CoreException e) {
			return; // the folders are refreshed at the next change
		}
		if (!folders.isEmpty()) {
			shown.getControl().getDisplay().asyncExec(() -> {
				if (!shown.getControl().isDisposed()) {
					folders.stream().filter(IResource::exists).forEach(shown::refresh);
				}
			});
		}
	}

	@Override
	public void inputChanged(Viewer changed, Object oldInput, Object newInput) {
		if (viewer == null && changed instanceof StructuredViewer structured) {
			viewer = structured;
			ResourcesPlugin.getWorkspace().addResourceChangeListener(this, IResourceChangeEvent.POST_CHANGE);
		}
	}

	@Override
	public boolean interceptRefresh(PipelinedViewerUpdate update) {
		return false;
	}

	@Override
	public boolean interceptUpdate(PipelinedViewerUpdate update) {
		return false;
	}

	@Override
	public void init(ICommonContentExtensionSite site) {
		// nothing to configure
	}

	@Override
	public void dispose() {
		ResourcesPlugin.getWorkspace().removeResourceChangeListener(this);
	}
}
