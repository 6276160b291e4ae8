// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;
import org.looptrace.lang.internal.ide.LoopsSemanticHighlighting;

/**
 * The user-visible strings of the model editor, from {@code messages.properties} beside this class.
 * Without a default nullness: NLS assigns the fields by reflection when the class loads.
 */
@NonNullByDefault({})
public final class Messages extends NLS {

	private static final String BUNDLE_NAME = "org.looptrace.lang.ui.internal.messages"; //$NON-NLS-1$

	public static String EditorPreferencePage_description;
	public static String EditorPreferencePage_showPositions;
	public static String Style_keyword;
	public static String Style_number;
	public static String Style_string;
	public static String Style_comment;
	public static String Style_index;
	public static String Style_rank;
	public static String Style_tag;
	public static String Style_collective;
	public static String Style_label;
	public static String Outline_job;
	public static String Format_failedTitle;
	public static String Format_failed;
	public static String LoopsBuilder_unreadable;
	public static String QuickOutline_info;
	public static String CoveredRanks_label;

	static {
		NLS.initializeMessages(BUNDLE_NAME, Messages.class);
	}

	private Messages() {
	}

	/** The name of a highlighting style on the preference page. */
	static String styleName(String style) {
		return switch (style) {
		case EditorPreferences.KEYWORD -> Style_keyword;
		case EditorPreferences.NUMBER -> Style_number;
		case EditorPreferences.STRING -> Style_string;
		case EditorPreferences.COMMENT -> Style_comment;
		case LoopsSemanticHighlighting.INDEX -> Style_index;
		case LoopsSemanticHighlighting.RANK -> Style_rank;
		case LoopsSemanticHighlighting.TAG -> Style_tag;
		case LoopsSemanticHighlighting.COLLECTIVE -> Style_collective;
		default -> Style_label;
		};
	}
}
