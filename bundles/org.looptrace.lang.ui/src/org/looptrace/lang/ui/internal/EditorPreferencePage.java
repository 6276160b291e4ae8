// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.preference.BooleanFieldEditor;
import org.eclipse.jface.preference.ColorFieldEditor;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

/**
 * LoopTrace > Model Editor: the colours of the highlighting styles and the positions shown as
 * code minings. Open editors follow a change at once.
 */
public class EditorPreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {

	/** A grid of field editors on the editor's preference store. */
	public EditorPreferencePage() {
		super(GRID);
		setPreferenceStore(EditorPreferences.store());
		setDescription(Messages.EditorPreferencePage_description);
	}

	@Override
	protected void createFieldEditors() {
		addField(new BooleanFieldEditor(EditorPreferences.SHOW_POSITIONS, Messages.EditorPreferencePage_showPositions,
				getFieldEditorParent()));
		for (String style : EditorPreferences.DEFAULT_COLOURS.keySet()) {
			addField(new ColorFieldEditor(EditorPreferences.colourKey(style), Messages.styleName(style), getFieldEditorParent()));
		}
	}

	@Override
	public void init(@Nullable IWorkbench workbench) {
		// The store is set in the constructor: nothing to take from the workbench.
	}
}
