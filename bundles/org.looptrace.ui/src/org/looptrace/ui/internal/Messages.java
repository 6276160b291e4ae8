// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/**
 * The user-visible strings of the LoopTrace IDE, from {@code messages.properties} beside this
 * class. Without a default nullness: NLS assigns the fields by reflection when the class loads.
 */
@NonNullByDefault({})
public final class Messages extends NLS {

	private static final String BUNDLE_NAME = "org.looptrace.ui.internal.messages"; //$NON-NLS-1$

	public static String ModelTracesHandler_replaceTitle;
	public static String NatureBuilders_job;
	public static String ModelTracesHandler_replaceQuestion;
	public static String ModelTracesJob_name;
	public static String ModelTracesJob_notLocal;
	public static String ModelViews_notLocal;
	public static String ModelField_browseWorkspace;
	public static String ModelField_browseFileSystem;
	public static String ModelField_title;
	public static String ModelField_models;
	public static String ModelField_allFiles;
	public static String ModelTracesJob_inconsistent;
	public static String ModelTracesJob_failed;
	public static String ModelTracesJob_markerFailed;
	public static String ModelTracesJob_done;
	public static String ModelTracesJob_keptEdited;
	public static String Preferences_description;
	public static String Preferences_maxBody;
	public static String Preferences_stackLimit;
	public static String Preferences_affine;
	public static String Preferences_threads;
	public static String Preferences_cache;
	public static String Preferences_badNumber;
	public static String Properties_description;
	public static String Properties_projectSpecific;
	public static String ExampleProjectWizard_title;
	public static String ExampleProjectWizard_description;
	public static String ExampleProjectWizard_defaultName;
	public static String ImportWizard_title;
	public static String ImportWizard_description;
	public static String ImportWizard_source;
	public static String ImportWizard_browse;
	public static String ImportWizard_parent;
	public static String ImportWizard_name;
	public static String ImportWizard_expand;
	public static String ImportWizard_noSource;
	public static String ImportWizard_noParent;
	public static String ImportWizard_exists;
	public static String ImportWizard_noTraces;
	public static String ImportWizard_unreadable;
	public static String ImportWizard_task;
	public static String Welcome_title;
	public static String Welcome_heading;
	public static String Welcome_about;
	public static String Welcome_start;
	public static String Welcome_example;
	public static String Welcome_exampleHint;
	public static String Welcome_import;
	public static String Welcome_importHint;
	public static String Welcome_trace;
	public static String Welcome_traceHint;
	public static String Welcome_guides;
	public static String Welcome_guideIde;
	public static String Welcome_guideIdeHint;
	public static String Welcome_guideLanguage;
	public static String Welcome_guideLanguageHint;
	public static String Welcome_guideTimeline;
	public static String Welcome_guideTimelineHint;
	public static String Welcome_guidePatterns;
	public static String Welcome_guidePatternsHint;
	public static String Welcome_guideFormats;
	public static String Welcome_guideFormatsHint;
	public static String Welcome_guideTracing;
	public static String Welcome_guideTracingHint;
	public static String Welcome_exampleFailed;
	public static String Welcome_guideMissing;
	public static String Welcome_guideFailed;
	public static String GuideSearch_prompt;
	public static String GuideSearch_empty;
	public static String GuideSearch_none;
	public static String GuideSearch_hits;
	public static String GuideSearch_guide;
	public static String GuideSearch_found;
	public static String GuideSearch_line;
	public static String Run_rankFiles;
	public static String Run_rank;
	public static String Run_ranks;
	public static String Run_events;
	public static String Run_archiveEvents;
	public static String Run_readingArchive;
	public static String Run_noModel;
	public static String Run_staleModel;
	public static String Run_currentModel;
	public static String Run_counting;

	static {
		NLS.initializeMessages(BUNDLE_NAME, Messages.class);
	}

	private Messages() {
	}
}
