// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.preference.BooleanFieldEditor;
import org.eclipse.jface.preference.FieldEditor;
import org.eclipse.jface.preference.IntegerFieldEditor;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.widgets.Composite;

/** The fields of the modelling options, shared by the preference page and the project property page. */
final class PreferenceFields {

	private PreferenceFields() {
	}

	static List<FieldEditor> create(Composite parent) {
		return List.of(new NumberField(ModellingPreferences.MAX_BODY, Messages.Preferences_maxBody, 1, 100_000, parent),
				new NumberField(ModellingPreferences.STACK_LIMIT, Messages.Preferences_stackLimit, 1, 100_000_000, parent),
				new BooleanFieldEditor(ModellingPreferences.AFFINE, Messages.Preferences_affine, parent),
				new NumberField(ModellingPreferences.THREADS, Messages.Preferences_threads, 1, 4096, parent),
				new BooleanFieldEditor(ModellingPreferences.CACHE, Messages.Preferences_cache, parent));
	}

	/**
	 * The message a page shows: {@code message}, or when that is null (a field that is valid clears
	 * the page's message, whatever the others) the problem of the first number field whose text is
	 * still not valid, which keeps Apply disabled.
	 */
	static @Nullable String message(@Nullable String message, List<FieldEditor> fields) {
		if (message != null) {
			return message;
		}
		for (FieldEditor field : fields) {
			if (field instanceof NumberField number && !number.fits()) {
				return number.getErrorMessage();
			}
		}
		return null;
	}

	/** A whole number field whose error message names it and its range. */
	private static final class NumberField extends IntegerFieldEditor {

		private final int min;
		private final int max;

		NumberField(String key, String label, int min, int max, Composite parent) {
			super(key, label, parent);
			this.min = min;
			this.max = max;
			setValidRange(min, max);
			String name = label.endsWith(":") ? label.substring(0, label.length() - 1) : label;
			setErrorMessage(NLS.bind(Messages.Preferences_badNumber, new Object[] { name, Integer.toString(min), Integer.toString(max) }));
		}

		/**
		 * Whether the text is a number of the range, read from the text: the field's own state is
		 * updated only after it cleared the page's message.
		 */
		boolean fits() {
			try {
				int value = Integer.parseInt(getStringValue().trim());
				return value >= min && value <= max;
			} catch (NumberFormatException e) {
				return false;
			}
		}
	}
}
