// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.util.List;

import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.preference.FieldEditor;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.looptrace.ui.LoopTraceUi;

/** Window ▸ Preferences ▸ LoopTrace: how the workspace's traces are modelled. */
public final class LoopTracePreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {

	private List<FieldEditor> fields = List.of();

	public LoopTracePreferencePage() {
		super(GRID);
		setPreferenceStore(new ScopedPreferenceStore(InstanceScope.INSTANCE, LoopTraceUi.BUNDLE_ID));
		setDescription(Messages.Preferences_description);
	}

	@Override
	public void init(@Nullable IWorkbench workbench) {
		// the store is set in the constructor
	}

	@Override
	protected void createFieldEditors() {
		fields = PreferenceFields.create(getFieldEditorParent());
		fields.forEach(this::addField);
	}

	@Override
	public void setErrorMessage(@Nullable String newMessage) {
		super.setErrorMessage(PreferenceFields.message(newMessage, fields));
	}
}
