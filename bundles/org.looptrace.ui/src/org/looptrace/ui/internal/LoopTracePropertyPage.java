// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ProjectScope;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.preferences.DefaultScope;
import org.eclipse.core.runtime.preferences.IScopeContext;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.preference.BooleanFieldEditor;
import org.eclipse.jface.preference.FieldEditor;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.util.PropertyChangeEvent;
import org.eclipse.ui.IWorkbenchPropertyPage;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.looptrace.ui.LoopTraceUi;

/**
 * Project ▸ Properties ▸ LoopTrace: the project's own modelling options, used instead of the
 * workspace's when enabled.
 */
public final class LoopTracePropertyPage extends FieldEditorPreferencePage implements IWorkbenchPropertyPage {

	private @Nullable IProject project;
	private @Nullable BooleanFieldEditor projectSpecific;
	private List<FieldEditor> options = List.of();

	public LoopTracePropertyPage() {
		super(GRID);
		setDescription(Messages.Properties_description);
	}

	@Override
	public @Nullable IAdaptable getElement() {
		return project;
	}

	@Override
	public void setElement(@Nullable IAdaptable element) {
		IProject selected = Adapters.adapt(element, IProject.class);
		project = selected;
		if (selected != null) {
			ScopedPreferenceStore store = new ScopedPreferenceStore(new ProjectScope(selected), LoopTraceUi.BUNDLE_ID);
			// the project's store falls back to the workspace's values, so its fields start from them
			store.setSearchContexts(new IScopeContext[] { new ProjectScope(selected),
					InstanceScope.INSTANCE,
					DefaultScope.INSTANCE });
			setPreferenceStore(store);
		}
	}

	@Override
	protected void createFieldEditors() {
		BooleanFieldEditor enable = new BooleanFieldEditor(ModellingPreferences.PROJECT_SPECIFIC,
				Messages.Properties_projectSpecific, getFieldEditorParent());
		projectSpecific = enable;
		addField(enable);
		options = PreferenceFields.create(getFieldEditorParent());
		options.forEach(this::addField);
	}

	@Override
	protected void initialize() {
		super.initialize();
		enableOptions(getPreferenceStore().getBoolean(ModellingPreferences.PROJECT_SPECIFIC));
	}

	@Override
	public void propertyChange(@Nullable PropertyChangeEvent event) {
		super.propertyChange(event);
		if (event != null && event.getSource() == projectSpecific) {
			enableOptions(Boolean.TRUE.equals(event.getNewValue()));
		}
	}

	@Override
	public void setErrorMessage(@Nullable String newMessage) {
		super.setErrorMessage(PreferenceFields.message(newMessage, options));
	}

	private void enableOptions(boolean enabled) {
		options.forEach(field -> field.setEnabled(enabled, getFieldEditorParent()));
	}
}
