// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.ContainerSelectionDialog;
import org.looptrace.ui.ModelField;

/**
 * The path fields of the Generate Replay Program dialog and of the launch tab, each a row of a
 * three-column grid: its label, its text (with a hint of what an empty one means) and a button that
 * chooses the path, a folder of the workspace or a folder on disk, as Eclipse's own dialogs do; the
 * model's row has its Browse buttons below it.
 */
final class PathFields {

	private PathFields() {
	}

	/**
	 * Adds a row and returns its text.
	 *
	 * @param label  the label, with its mnemonic
	 * @param hint   what the text says while empty
	 * @param button the button's text, with its mnemonic
	 * @param choose asks for the path
	 */
	static Text row(Composite parent, String label, String hint, String button, Chooser choose) {
		Text text = labelled(parent, label, hint, 1);
		Button browse = new Button(parent, SWT.PUSH);
		browse.setText(button);
		GridDataFactory.fillDefaults().applyTo(browse);
		browse.addListener(SWT.Selection, event -> {
			String chosen = choose.choose(parent.getShell(), text.getText().trim());
			if (chosen != null) {
				text.setText(chosen);
			}
		});
		return text;
	}

	/**
	 * Adds the row of the model, a {@code .loops} file of the workspace or of the file system, its
	 * Browse Workspace and Browse File System buttons on a row below, and returns its text.
	 */
	static Text modelRow(Composite parent, String label, String hint) {
		Text text = labelled(parent, label, hint, 2);
		ModelField.addBrowseButtons(parent, text, 3);
		return text;
	}

	private static Text labelled(Composite parent, String label, String hint, int textColumns) {
		new Label(parent, SWT.NONE).setText(label);
		Text text = new Text(parent, SWT.SINGLE | SWT.BORDER);
		text.setMessage(hint);
		GridDataFactory.fillDefaults().grab(true, false).align(SWT.FILL, SWT.CENTER).span(textColumns, 1).applyTo(text);
		return text;
	}

	/** Asks for a path. */
	@FunctionalInterface
	interface Chooser {

		/** The path chosen, given the shell and the current path; null when the user cancels. */
		@Nullable
		String choose(Shell shell, String current);
	}

	/** Asks for a folder of the workspace (one to create may be typed in); its full path. */
	static @Nullable String workspaceFolder(Shell shell, String current) {
		IResource initial = current.isEmpty() ? null : ResourcesPlugin.getWorkspace().getRoot().findMember(current);
		ContainerSelectionDialog dialog = new ContainerSelectionDialog(shell, initial instanceof IContainer container ? container : null, true,
				Messages.PathFields_folderMessage);
		dialog.setTitle(Messages.PathFields_folderTitle);
		Object[] result = dialog.open() == Window.OK ? dialog.getResult() : null;
		return result != null && result.length == 1 && result[0] instanceof IPath path ? path.toString() : null;
	}

	/** Asks for a folder on disk. */
	static @Nullable String directory(Shell shell, String current) {
		DirectoryDialog dialog = new DirectoryDialog(shell);
		dialog.setText(Messages.PathFields_dataTitle);
		dialog.setMessage(Messages.PathFields_dataMessage);
		dialog.setFilterPath(current);
		return dialog.open();
	}
}
