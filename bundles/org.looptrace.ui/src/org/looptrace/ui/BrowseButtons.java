// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/**
 * The Browse buttons of a path field, right-aligned on a row below it, where Eclipse's external
 * tools tabs put "Browse Workspace..." and "Browse File System..." under their Location and Working
 * Directory fields.
 */
public final class BrowseButtons {

	private BrowseButtons() {
	}

	/** Asks for a path. */
	@FunctionalInterface
	public interface Chooser {

		/** The path chosen, given the shell and the field's text; null when the user cancels. */
		@Nullable
		String choose(Shell shell, String current);
	}

	/** A button: its text, with its mnemonic, and what it asks for. */
	public record Browse(String label, Chooser chooser) {
	}

	/**
	 * Adds the buttons on a row of the parent's grid, below the field; each puts the path it is
	 * given in the field.
	 *
	 * @param columns the columns of the parent's grid, which the row spans
	 * @return the buttons, in order
	 */
	public static List<Button> below(Composite parent, Text field, int columns, Browse... browses) {
		Composite row = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().numColumns(browses.length).applyTo(row);
		GridDataFactory.swtDefaults().align(SWT.END, SWT.CENTER).span(columns, 1).applyTo(row);
		List<Button> buttons = new ArrayList<>();
		for (Browse browse : browses) {
			Button button = new Button(row, SWT.PUSH);
			button.setText(browse.label());
			GridDataFactory.swtDefaults().applyTo(button);
			button.addListener(SWT.Selection, event -> {
				String chosen = browse.chooser().choose(row.getShell(), field.getText().trim());
				if (chosen != null) {
					field.setText(chosen);
				}
			});
			buttons.add(button);
		}
		return buttons;
	}
}
