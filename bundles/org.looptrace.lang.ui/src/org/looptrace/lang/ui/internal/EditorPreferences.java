// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.jface.preference.PreferenceConverter;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.looptrace.lang.internal.ide.LoopsSemanticHighlighting;

/**
 * The preferences of the {@code .loops} editor: the colour of each highlighting style (lexical
 * tokens and the semantic styles of {@link LoopsSemanticHighlighting}) and whether positions are
 * shown as code minings. The editors read them from one store and follow its changes.
 */
public final class EditorPreferences extends AbstractPreferenceInitializer {

	/** Style id of keywords. */
	static final String KEYWORD = "keyword";
	/** Style id of numbers. */
	static final String NUMBER = "number";
	/** Style id of strings. */
	static final String STRING = "string";
	/** Style id of comments. */
	static final String COMMENT = "comment";

	/** Whether the positions of constructs are shown as code minings. */
	static final String SHOW_POSITIONS = "codeMinings.positions";

	/** The default colour of each style, lexical then semantic, in the order the preference page lists them. */
	static final Map<String, RGB> DEFAULT_COLOURS = defaults();

	private static final class Store {
		static final IPreferenceStore INSTANCE = new ScopedPreferenceStore(InstanceScope.INSTANCE, "org.looptrace.lang.ui");
	}

	/** The store of the editor's preferences (instance scope). */
	static IPreferenceStore store() {
		return Store.INSTANCE;
	}

	/** The preference key of a style's colour. */
	static String colourKey(String style) {
		return "colour." + style;
	}

	/** The colour of a style as the preferences set it now. */
	static Color colour(String style) {
		return new Color(PreferenceConverter.getColor(store(), colourKey(style)));
	}

	@Override
	public void initializeDefaultPreferences() {
		IPreferenceStore store = store();
		DEFAULT_COLOURS.forEach((style, rgb) -> PreferenceConverter.setDefault(store, colourKey(style), rgb));
		store.setDefault(SHOW_POSITIONS, true);
	}

	private static Map<String, RGB> defaults() {
		Map<String, RGB> colours = new LinkedHashMap<>();
		colours.put(KEYWORD, new RGB(127, 0, 85));
		colours.put(NUMBER, new RGB(0, 0, 192));
		colours.put(STRING, new RGB(42, 0, 255));
		colours.put(COMMENT, new RGB(63, 127, 95));
		colours.put(LoopsSemanticHighlighting.INDEX, new RGB(106, 62, 62));
		colours.put(LoopsSemanticHighlighting.RANK, new RGB(0, 112, 112));
		colours.put(LoopsSemanticHighlighting.TAG, new RGB(150, 80, 0));
		colours.put(LoopsSemanticHighlighting.COLLECTIVE, new RGB(128, 0, 160));
		colours.put(LoopsSemanticHighlighting.LABEL, new RGB(0, 90, 200));
		return Collections.unmodifiableMap(colours);
	}
}
