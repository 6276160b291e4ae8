// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

/** Identifiers the LoopTrace UI contributes, for tests and other bundles. */
public final class LoopTraceUi {

	public static final String BUNDLE_ID = "org.looptrace.ui";

	/** The product of the LoopTrace IDE, defined in plugin.xml. */
	public static final String PRODUCT_ID = BUNDLE_ID + ".ide";

	/** "Model traces": the global model of the selected trace folders. */
	public static final String MODEL_TRACES_COMMAND = BUNDLE_ID + ".modelTraces";

	/** Problems found in trace files, at their line. */
	public static final String TRACE_PROBLEM_MARKER = BUNDLE_ID + ".traceProblem";

	/** The content type of model texts ({@code .loops}): text, so the platform opens it in its Generic Editor. */
	public static final String MODEL_CONTENT_TYPE = BUNDLE_ID + ".loops";

	/** The file "Model traces" writes into a trace folder. */
	public static final String MODEL_FILE = "model.loops";

	/** Where the builder writes a new model when the user edited {@link #MODEL_FILE}. */
	public static final String NEW_MODEL_FILE = "model.new.loops";

	/** On an edited model the builder did not replace: where the new one is. */
	public static final String MODEL_KEPT_MARKER = BUNDLE_ID + ".modelKept";

	/** The nature of projects whose trace folders are kept modelled. */
	public static final String NATURE_ID = BUNDLE_ID + ".nature";

	/** The builder the nature installs. */
	public static final String BUILDER_ID = BUNDLE_ID + ".builder";

	/**
	 * The builder of the model language, which the nature installs too: it validates every
	 * {@code .loops} file of the project as saved into problem markers (contributed by the model
	 * editor's bundle, {@code org.looptrace.lang.ui}).
	 */
	public static final String MODEL_BUILDER_ID = "org.looptrace.lang.ui.builder";

	/** "Add LoopTrace nature", in a project's Configure menu. */
	public static final String ADD_NATURE_COMMAND = BUNDLE_ID + ".addNature";

	/** The family of the jobs that model trace folders, to wait for them or cancel them. */
	public static final Object MODEL_JOB_FAMILY = BUNDLE_ID + ".modelJobs";

	private LoopTraceUi() {
	}
}
