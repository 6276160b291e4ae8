// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/**
 * The user-visible strings of the replay's IDE side, from {@code messages.properties} beside this
 * class. Without a default nullness: NLS assigns the fields by reflection when the class loads.
 */
@NonNullByDefault({})
public final class Messages extends NLS {

	private static final String BUNDLE_NAME = "org.looptrace.replay.ui.internal.messages"; //$NON-NLS-1$

	public static String Replay_folderWorkspace;
	public static String Replay_folderFileSystem;
	public static String Replay_dataWorkspace;
	public static String Replay_dataFileSystem;
	public static String Replay_folderHint;
	public static String Replay_data;
	public static String Replay_dataHint;
	public static String Replay_compute;
	public static String GenerateReplayHandler_replaceTitle;
	public static String GenerateReplayHandler_replace;
	public static String GenerateReplayJob_name;
	public static String GenerateReplayJob_failed;
	public static String PathFields_folderTitle;
	public static String PathFields_folderMessage;
	public static String PathFields_dataTitle;
	public static String PathFields_dataMessage;
	public static String ReplayDialog_title;
	public static String ReplayDialog_message;
	public static String ReplayDialog_folder;
	public static String ReplayDialog_generate;
	public static String ReplayDialog_folderInvalid;
	public static String ReplayDialog_dataMissing;
	public static String ReplayDialog_noData;
	public static String ReplayDialog_computeNeedsData;
	public static String ReplayLaunchDelegate_edited;
	public static String ReplayLaunchDelegate_modelNotFile;
	public static String ReplayLaunchDelegate_modelGone;
	public static String ReplayLaunchDelegate_modelMissing;
	public static String ReplayLaunchDelegate_folderInvalid;
	public static String ReplayLaunchDelegate_badCompute;
	public static String ReplayLaunchShortcut_failed;
	public static String ReplayMainTab_name;
	public static String ReplayMainTab_model;
	public static String ReplayMainTab_modelHint;
	public static String ReplayMainTab_folder;
	public static String ReplayMainTab_folderHint;
	public static String ReplayMainTab_ranks;
	public static String ReplayMainTab_wrongRanks;
	public static String ReplaySettings_unreadable;

	static {
		NLS.initializeMessages(BUNDLE_NAME, Messages.class);
	}

	private Messages() {
	}
}
