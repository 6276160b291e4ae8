// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/**
 * The user-visible strings of the Patterns view, the pattern markers and the compare editor of two
 * models, from {@code messages.properties} beside this class. Without a default nullness: NLS
 * assigns the fields by reflection when the class loads.
 */
@NonNullByDefault({})
public final class Messages extends NLS {

	private static final String BUNDLE_NAME = "org.looptrace.analysis.ui.internal.messages"; //$NON-NLS-1$

	public static String PatternsView_empty;
	public static String PatternsView_computing;
	public static String PatternsView_summary;
	public static String PatternsView_none;
	public static String PatternsView_withContext;
	public static String PatternsView_withoutContext;
	public static String PatternsView_invalidModel;
	public static String PatternsView_badTraces;
	public static String PatternsView_failed;
	public static String PatternsView_notLocal;
	public static String PatternsView_kind;
	public static String PatternsView_root;
	public static String PatternsView_group;
	public static String PatternsView_context;
	public static String PatternsView_occurrences;
	public static String PatternsView_topLevel;
	public static String PatternsView_inLoops;
	public static String PatternsView_send;
	public static String PatternsView_sendText;
	public static String PatternsView_refresh;
	public static String PatternsView_useContext;
	public static String PatternsView_useContextTooltip;
	public static String PatternsView_export;
	public static String PatternsView_exportTooltip;
	public static String PatternsView_exportTitle;
	public static String PatternsView_exportFailed;
	public static String PatternsView_exportJob;
	public static String PatternsView_markers;
	public static String PatternsView_markersTooltip;
	public static String PatternsView_noModel;
	public static String PatternsView_noConstruct;
	public static String PatternsView_openFailed;
	public static String PatternsJob_name;
	public static String Pattern_shape;
	public static String Pattern_root;
	public static String Pattern_function;
	public static String Pattern_once;
	public static String Pattern_times;
	public static String PatternMarker_one;
	public static String PatternMarker_many;
	public static String PatternMarkersJob_name;

	public static String ModelCompare_title;
	public static String ModelCompare_invalid;
	public static String ModelCompare_failed;
	public static String ModelCompare_difference;
	public static String ModelCompare_where;
	public static String ModelCompare_bothSides;
	public static String ModelCompare_outside;
	public static String ModelCompare_ignoreCounts;
	public static String ModelCompare_ignoreCountsTooltip;

	static {
		NLS.initializeMessages(BUNDLE_NAME, Messages.class);
	}

	private Messages() {
	}
}
