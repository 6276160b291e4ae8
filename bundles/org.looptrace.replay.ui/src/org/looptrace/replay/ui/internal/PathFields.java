// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.ContainerSelectionDialog;
import org.looptrace.ui.BrowseButtons;
import org.looptrace.ui.BrowseButtons.Browse;
import org.looptrace.ui.ModelField;

/**
 * The path fields of the Generate Replay Program dialog and of the launch tab, in a two-column grid:
 * a row of its label and its text (with a hint of what an empty one means), then its Browse
 * Workspace and Browse File System buttons on a row below, as Eclipse's external tools tabs lay out
 * their Location and Working Directory fields.
 */
final class PathFields {

	/** The columns of the grid the rows are added to. */
	static final int COLUMNS = 2;

	private PathFields() {
	}

	/** Adds the row of the program's folder, a folder of the workspace or of the file system, and returns its text. */
	static Text folderRow(Composite parent, String label, String hint) {
		Text text = labelled(parent, label, hint);
		BrowseButtons.below(parent, text, COLUMNS, new Browse(Messages.Replay_folderWorkspace, PathFields::workspaceFolder),
				new Browse(Messages.Replay_folderFileSystem, directory(Messages.PathFields_folderTitle, Messages.PathFields_folderMessage)));
		return text;
	}

	/** Adds the row of the data traces' folder, named by its path in the file system, and returns its text. */
	static Text dataRow(Composite parent) {
		Text text = labelled(parent, Messages.Replay_data, Messages.Replay_dataHint);
		BrowseButtons.below(parent, text, COLUMNS, new Browse(Messages.Replay_dataWorkspace, PathFields::workspaceDataFolder),
				new Browse(Messages.Replay_dataFileSystem, directory(Messages.PathFields_dataTitle, Messages.PathFields_dataMessage)));
		return text;
	}

	/** Adds the row of the model, a {@code .loops} file of the workspace or of the file system, and returns its text. */
	static Text modelRow(Composite parent, String label, String hint) {
		Text text = labelled(parent, label, hint);
		ModelField.addBrowseButtons(parent, text, COLUMNS);
		return text;
	}

	private static Text labelled(Composite parent, String label, String hint) {
		new Label(parent, SWT.NONE).setText(label);
		Text text = new Text(parent, SWT.SINGLE | SWT.BORDER);
		text.setMessage(hint);
		GridDataFactory.fillDefaults().grab(true, false).align(SWT.FILL, SWT.CENTER).applyTo(text);
		return text;
	}

	/** Asks for a folder of the workspace (one to create may be typed in); its full path. */
	private static @Nullable String workspaceFolder(Shell shell, String current) {
		IResource initial = current.isEmpty() ? null : root().findMember(current);
		IPath chosen = container(shell, initial instanceof IContainer container ? container : null, Messages.PathFields_folderTitle,
				Messages.PathFields_folderMessage);
		return chosen == null ? null : chosen.toString();
	}

	/** Asks for a folder of the workspace holding data traces; its path in the file system. */
	private static @Nullable String workspaceDataFolder(Shell shell, String current) {
		IContainer initial = current.isEmpty() ? null : root().getContainerForLocation(IPath.fromOSString(current));
		IPath chosen = container(shell, initial, Messages.PathFields_dataTitle, Messages.PathFields_dataMessage);
		IResource folder = chosen == null ? null : root().findMember(chosen);
		IPath location = folder == null ? null : folder.getLocation();
		return location == null ? null : location.toOSString();
	}

	/** The workspace path of the folder the user chooses, or null when cancelled. */
	private static @Nullable IPath container(Shell shell, @Nullable IContainer initial, String title, String message) {
		ContainerSelectionDialog dialog = new ContainerSelectionDialog(shell, initial, true, message);
		dialog.setTitle(title);
		Object[] result = dialog.open() == Window.OK ? dialog.getResult() : null;
		return result != null && result.length == 1 && result[0] instanceof IPath path ? path : null;
	}

	private static IWorkspaceRoot root() {
		return ResourcesPlugin.getWorkspace().getRoot();
	}

	/** Asks for a folder of the file system, with the dialog's title and message. */
	private static BrowseButtons.Chooser directory(String title, String message) {
		return (shell, current) -> {
			DirectoryDialog dialog = new DirectoryDialog(shell);
			dialog.setText(title);
			dialog.setMessage(message);
			dialog.setFilterPath(current);
			return dialog.open();
		};
	}
}
