// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.util.List;

import org.eclipse.jface.preference.BooleanFieldEditor;
import org.eclipse.jface.preference.FieldEditor;
import org.eclipse.jface.preference.IntegerFieldEditor;
import org.eclipse.swt.widgets.Composite;

/** The fields of the modelling options, shared by the preference page and the project property page. */
final class PreferenceFields {

	private PreferenceFields() {
	}

	static List<FieldEditor> create(Composite parent) {
		IntegerFieldEditor maxBody = new IntegerFieldEditor(ModellingPreferences.MAX_BODY, Messages.Preferences_maxBody, parent);
		maxBody.setValidRange(1, 100_000);
		IntegerFieldEditor stack = new IntegerFieldEditor(ModellingPreferences.STACK_LIMIT, Messages.Preferences_stackLimit,
				parent);
		stack.setValidRange(1, 100_000_000);
		IntegerFieldEditor threads = new IntegerFieldEditor(ModellingPreferences.THREADS, Messages.Preferences_threads, parent);
		threads.setValidRange(1, 4096);
		return List.of(maxBody, stack, new BooleanFieldEditor(ModellingPreferences.AFFINE, Messages.Preferences_affine, parent),
				threads, new BooleanFieldEditor(ModellingPreferences.CACHE, Messages.Preferences_cache, parent));
	}
}
