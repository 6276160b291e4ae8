// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.looptrace.ui.LoopTraceUi;

/** Window ▸ Preferences ▸ LoopTrace: how the workspace's traces are modelled. */
public final class LoopTracePreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {

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
		PreferenceFields.create(getFieldEditorParent()).forEach(this::addField);
	}
}
