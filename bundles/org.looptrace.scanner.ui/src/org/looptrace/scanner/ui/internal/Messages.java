// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/**
 * The user-visible strings of the scanner's IDE side, from {@code messages.properties} beside this
 * class. Without a default nullness: NLS assigns the fields by reflection when the class loads.
 */
@NonNullByDefault({})
public final class Messages extends NLS {

	private static final String BUNDLE_NAME = "org.looptrace.scanner.ui.internal.messages"; //$NON-NLS-1$

	public static String ScanChart_empty;
	public static String ScanChart_histogramTitle;
	public static String ScanChart_seriesTitle;
	public static String ScanChart_occurrence;
	public static String ScanChart_value;
	public static String ScanChart_column;
	public static String ScanChart_bytes;
	public static String ScanChart_durations;
	public static String ScanChart_nothingToDraw;
	public static String ScanJob_name;
	public static String ScanJob_badModel;
	public static String ScanJob_cancelled;
	public static String ScanJob_noAnnotation;
	public static String ScanJob_scanning;
	public static String ScanJob_scanned;
	public static String ScanJob_label;
	public static String ScanJob_keptEdited;
	public static String ScanJob_generatedC;
	public static String ScanJob_generatedJava;
	public static String ScanLaunchShortcut_failed;
	public static String ScanMainTab_name;
	public static String ScanMainTab_browseWorkspace;
	public static String ScanMainTab_model;
	public static String ScanMainTab_traces;
	public static String ScanMainTab_tracesDialog;
	public static String ScanMainTab_tracesHint;
	public static String ScanMainTab_tracesDefault;
	public static String ScanMainTab_what;
	public static String ScanMainTab_scan;
	public static String ScanMainTab_generateC;
	public static String ScanMainTab_generateJava;
	public static String ScanMainTab_scannerFolderDialog;
	public static String ScanResultsView_empty;
	public static String ScanResultsView_scanning;
	public static String ScanResultsView_cancelled;
	public static String ScanResultsView_failed;
	public static String ScanResultsView_status;
	public static String ScanResultsView_oneLabel;
	public static String ScanResultsView_labels;
	public static String ScanResultsView_truncated;
	public static String ScanResultsView_tab;
	public static String ScanResultsView_rank;
	public static String ScanResultsView_position;
	public static String ScanResultsView_value;
	public static String ScanResultsView_indices;
	public static String ScanResultsView_histogram;
	public static String ScanResultsView_series;
	public static String ScanResults_notScanCsv;
	public static String ScanResults_badLine;
	public static String ScanResults_badIndex;
	public static String ScanResults_badNumber;
	public static String ScanResults_unclosedQuote;
	public static String ScanSettings_cannotLaunch;
	public static String ScanSettings_noModel;
	public static String ScanSettings_modelMissing;
	public static String ScanSettings_notLocal;
	public static String ScanSettings_tracesMissing;
	public static String ScanSettings_outputFolderMissing;
	public static String ScanSettings_scannerFolderInvalid;
	public static String ScanSettings_unknownMode;
	public static String ScanSettings_unreadable;
	public static String ShowScanResultsHandler_title;
	public static String ProfileJob_name;
	public static String ProfileView_empty;
	public static String ProfileView_computing;
	public static String ProfileView_summary;
	public static String ProfileView_noData;
	public static String ProfileView_invalidModel;
	public static String ProfileView_badData;
	public static String ProfileView_failed;
	public static String ProfileView_notRun;
	public static String ProfileView_ranksTooltip;
	public static String ProfileView_refresh;
	public static String ProfileView_refreshTooltip;
	public static String ProfileView_construct;
	public static String ProfileView_time;
	public static String ProfileView_share;
	public static String ProfileView_mpi;
	public static String ProfileView_imbalance;
	public static String ProfileView_busiest;
	public static String ProfileView_ranks;

	static {
		NLS.initializeMessages(BUNDLE_NAME, Messages.class);
	}

	private Messages() {
	}
}
