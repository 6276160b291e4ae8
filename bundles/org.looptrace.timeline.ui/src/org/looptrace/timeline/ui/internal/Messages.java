// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/**
 * The user-visible strings of the matrix and timeline views, from {@code messages.properties} beside this class.
 * Without a default nullness: NLS assigns the fields by reflection when the class loads.
 */
@NonNullByDefault({})
public final class Messages extends NLS {

	private static final String BUNDLE_NAME = "org.looptrace.timeline.ui.internal.messages"; //$NON-NLS-1$

	public static String MatrixView_empty;
	public static String MatrixView_computing;
	public static String MatrixView_construct;
	public static String MatrixView_wholeModel;
	public static String MatrixView_summary;
	public static String MatrixView_summaryBytes;
	public static String MatrixView_noBytes;
	public static String MatrixView_bytesProblem;
	public static String MatrixView_noMessages;
	public static String MatrixView_invalidModel;
	public static String MatrixView_failed;
	public static String MatrixView_export;
	public static String MatrixView_exportTooltip;
	public static String MatrixView_exportTitle;
	public static String MatrixView_exportFailed;
	public static String MatrixView_exportJob;
	public static String MatrixView_showBytes;
	public static String MatrixView_showBytesTooltip;
	public static String MatrixView_sum;
	public static String MatrixView_corner;
	public static String MatrixView_cellTooltip;
	public static String MatrixView_cellTooltipBytes;
	public static String MatrixView_sentTooltip;
	public static String MatrixView_receivedTooltip;
	public static String MatrixView_totalTooltip;
	public static String MatrixView_sumTooltipBytes;
	public static String MatrixView_sharedCellTooltip;
	public static String MatrixView_sharedSumTooltip;
	public static String MatrixView_rankRange;
	public static String MatrixView_drawJob;
	public static String MatrixView_drawing;
	public static String MatrixJob_name;
	public static String TimelineView_empty;
	public static String TimelineView_computing;
	public static String TimelineView_summary;
	public static String TimelineView_invalidModel;
	public static String TimelineView_failed;
	public static String TimelineView_ranks;
	public static String TimelineView_ranksTooltip;
	public static String TimelineView_collapse;
	public static String TimelineView_collapseTooltip;
	public static String TimelineView_badRanks;
	public static String TimelineView_badCollapse;
	public static String TimelineView_zoomIn;
	public static String TimelineView_zoomOut;
	public static String TimelineView_fit;
	public static String TimelineView_export;
	public static String TimelineView_exportTitle;
	public static String TimelineView_exportFailed;
	public static String TimelineExport_name;
	public static String TimelineView_svgFiles;
	public static String TimelineView_pngFiles;
	public static String TimelineView_rankTooltip;
	public static String TimelineView_collectiveTooltip;
	public static String TimelineView_eventTooltip;
	public static String TimelineView_arrowTooltip;
	public static String TimelineView_noSend;
	public static String TimelineView_carried;
	public static String TimelineView_loopTooltip;
	public static String TimelineView_collapsed;
	public static String TimelineView_nestedCounts;
	public static String TimelineView_legendTag;
	public static String TimelineJob_name;
	public static String TimelineView_colourByTime;
	public static String TimelineView_colourByTimeTooltip;
	public static String TimelineView_legendTooltip;
	public static String TimelineView_noTime;
	public static String TimelineView_unreadableData;

	static {
		NLS.initializeMessages(BUNDLE_NAME, Messages.class);
	}

	private Messages() {
	}
}
