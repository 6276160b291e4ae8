// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui;

/** The ids of the scanner's IDE side, as declared in its plugin.xml. */
public final class ScannerUi {

	/** The symbolic name of this bundle. */
	public static final String BUNDLE_ID = "org.looptrace.scanner.ui";
	/** The launch configuration type "LoopTrace Scanner". */
	public static final String LAUNCH_TYPE = BUNDLE_ID + ".launchType";
	/** The Scan Results view. */
	public static final String RESULTS_VIEW = BUNDLE_ID + ".resultsView";
	/** The command "Show Scan Results" on a scan CSV. */
	public static final String SHOW_RESULTS_COMMAND = BUNDLE_ID + ".showResults";
	/** The family of the jobs a launch schedules, to wait for them ({@code IJobManager.join}). */
	public static final Object JOB_FAMILY = LAUNCH_TYPE;
	/** The name of the console the scans print their summaries to. */
	public static final String CONSOLE_NAME = "LoopTrace Scanner";

	/** Attribute: the workspace path of the model file ({@code /project/run.loops}); empty for a model outside the workspace. */
	public static final String ATTR_MODEL = BUNDLE_ID + ".model";
	/**
	 * Attribute: the file system path of a model outside the workspace (opened with File &gt; Open File),
	 * used when {@link #ATTR_MODEL} is empty; its CSV and scanner folder go beside it by default.
	 */
	public static final String ATTR_MODEL_LOCATION = BUNDLE_ID + ".modelLocation";
	/**
	 * Attribute: the workspace path of the trace folder; empty for the default, the folder the
	 * model's {@code // traces:} line names (else the model's own folder).
	 */
	public static final String ATTR_TRACES = BUNDLE_ID + ".traces";
	/** Attribute: the workspace path of the CSV to write (scan mode); empty for the model's name with {@code .csv}. */
	public static final String ATTR_OUTPUT = BUNDLE_ID + ".output";
	/** Attribute: the workspace path of the folder to generate a scanner into (generate mode). */
	public static final String ATTR_SCANNER_FOLDER = BUNDLE_ID + ".scannerFolder";
	/** Attribute: {@link #MODE_SCAN} or {@link #MODE_GENERATE_C} or {@link #MODE_GENERATE_JAVA}. */
	public static final String ATTR_MODE = BUNDLE_ID + ".mode";

	/** Mode: scan in the IDE, write the CSV and show the records. */
	public static final String MODE_SCAN = "scan";
	/** Mode: generate a C scanner ({@code scan.c}, {@code Makefile}) into a folder. */
	public static final String MODE_GENERATE_C = "c";
	/** Mode: generate a Java scanner ({@code Scan.java}) into a folder. */
	public static final String MODE_GENERATE_JAVA = "java";

	private ScannerUi() {
	}
}
