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

	private LoopTraceUi() {
	}
}
