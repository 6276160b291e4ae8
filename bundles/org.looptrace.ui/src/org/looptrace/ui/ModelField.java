// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.FilteredResourcesSelectionDialog;
import org.looptrace.ui.internal.Messages;

/**
 * The model field of a launch tab: a {@code .loops} file of the workspace, named by its workspace
 * path, or a file of the file system outside the workspace (File &gt; Open File), named by its
 * absolute path. As Eclipse's external tools tabs do, "Browse Workspace..." and "Browse File
 * System..." buttons below the text choose it.
 */
public final class ModelField {

	private ModelField() {
	}

	/**
	 * Adds the two Browse buttons, right-aligned below the text, in a row of the parent's grid.
	 *
	 * @param columns the columns of the parent's grid, which the row spans
	 */
	public static void addBrowseButtons(Composite parent, Text field, int columns) {
		BrowseButtons.below(parent, field, columns, new BrowseButtons.Browse(Messages.ModelField_browseWorkspace, ModelField::browseWorkspace),
				new BrowseButtons.Browse(Messages.ModelField_browseFileSystem, ModelField::browseFileSystem));
	}

	/** Asks for a {@code .loops} file of the workspace; its workspace path, or null when cancelled. */
	private static @Nullable String browseWorkspace(Shell shell, String current) {
		FilteredResourcesSelectionDialog dialog = new FilteredResourcesSelectionDialog(shell, false, ResourcesPlugin.getWorkspace().getRoot(),
				IResource.FILE);
		dialog.setTitle(Messages.ModelField_title);
		String name = IPath.fromPortableString(current).lastSegment();
		dialog.setInitialPattern(name == null || name.isEmpty() ? "*.loops" : name);
		return dialog.open() == Window.OK && dialog.getFirstResult() instanceof IFile model ? model.getFullPath().toString() : null;
	}

	/** Asks for a {@code .loops} file of the file system; its {@link #text}, or null when cancelled. */
	private static @Nullable String browseFileSystem(Shell shell, String current) {
		FileDialog dialog = new FileDialog(shell, SWT.OPEN | SWT.SHEET);
		dialog.setText(Messages.ModelField_title);
		dialog.setFilterExtensions(new String[] { "*.loops", "*" });
		dialog.setFilterNames(new String[] { Messages.ModelField_models, Messages.ModelField_allFiles });
		ModelViews.ModelFile known = modelFile(current);
		if (known != null) {
			dialog.setFilterPath(String.valueOf(known.location().getParent()));
			dialog.setFileName(known.name());
		}
		String chosen = dialog.open();
		return chosen == null ? null : text(Path.of(chosen));
	}

	/**
	 * What the field says for a file chosen in the file system: its workspace path when an open
	 * project holds it, as if chosen with Browse Workspace, else its absolute path.
	 */
	public static String text(Path chosen) {
		Path file = chosen.toAbsolutePath().normalize();
		for (IFile workspaceFile : ResourcesPlugin.getWorkspace().getRoot().findFilesForLocationURI(file.toUri())) {
			if (workspaceFile.getProject().isOpen()) {
				return workspaceFile.getFullPath().toString();
			}
		}
		return file.toString();
	}

	/**
	 * Whether the text of a model field names a file outside the workspace, which the configuration
	 * keeps by its file system path: an absolute path naming no workspace file, that names a file, or
	 * that starts with no project of the workspace (then the tab says the file does not exist).
	 */
	public static boolean isOutside(String text) {
		if (text.isBlank() || workspaceFile(text) != null) {
			return false;
		}
		try {
			Path file = Path.of(text);
			if (!file.isAbsolute()) {
				return false;
			}
			IPath path = IPath.fromPortableString(text);
			return Files.isRegularFile(file) || path.segmentCount() == 0 || !ResourcesPlugin.getWorkspace().getRoot().getProject(path.segment(0)).exists();
		} catch (InvalidPathException e) {
			return false;
		}
	}

	/** The model a field's text names: a workspace file that exists, else a file of the file system, else null. */
	public static ModelViews.@Nullable ModelFile modelFile(String text) {
		IFile file = workspaceFile(text);
		if (file != null && file.getLocation() != null) {
			return new ModelViews.ModelFile(file.getLocation().toPath(), file);
		}
		return ModelViews.ModelFile.atLocation(text);
	}

	/** The existing workspace file a field's text names, or null. */
	private static @Nullable IFile workspaceFile(String text) {
		IPath path = IPath.fromPortableString(text.trim());
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		return path.segmentCount() >= 2 && root.findMember(path) instanceof IFile file ? file : null;
	}
}
