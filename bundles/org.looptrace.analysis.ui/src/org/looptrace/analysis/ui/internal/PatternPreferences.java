// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.core.runtime.preferences.DefaultScope;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.osgi.service.prefs.BackingStoreException;

/**
 * What the Patterns view and the pattern markers share, kept in the workspace's preferences: whether
 * messages are grouped by call context, whether models get pattern markers.
 */
public final class PatternPreferences extends AbstractPreferenceInitializer {

	static final String QUALIFIER = "org.looptrace.analysis.ui";
	/** Group messages by the calls of user functions (off: {@code looptrace patterns --no-context}). */
	static final String USE_CONTEXT = "useContext";
	/** Info markers on the sends of the patterns of the models opened or analysed. */
	static final String EDITOR_MARKERS = "editorMarkers";

	@Override
	public void initializeDefaultPreferences() {
		IEclipsePreferences defaults = DefaultScope.INSTANCE.getNode(QUALIFIER);
		defaults.putBoolean(USE_CONTEXT, true);
		defaults.putBoolean(EDITOR_MARKERS, true);
	}

	/** A preference's value, its default when unset. */
	static boolean get(String key) {
		return Platform.getPreferencesService().getBoolean(QUALIFIER, key, true, null);
	}

	/** Sets a preference of the workspace. */
	static void set(String key, boolean value) {
		IEclipsePreferences preferences = node();
		preferences.putBoolean(key, value);
		try {
			preferences.flush();
		} catch (BackingStoreException e) {
			// in effect for this session; saved when the workspace saves its preferences
		}
	}

	/** The workspace's preferences of the bundle, to listen to. */
	static IEclipsePreferences node() {
		return InstanceScope.INSTANCE.getNode(QUALIFIER);
	}
}
