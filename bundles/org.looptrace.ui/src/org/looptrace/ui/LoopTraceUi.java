// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

/** Identifiers the LoopTrace UI contributes, for tests and other bundles. */
public final class LoopTraceUi {

	public static final String BUNDLE_ID = "org.looptrace.ui";

	/** The product of the LoopTrace IDE, defined in plugin.xml. */
	public static final String PRODUCT_ID = BUNDLE_ID + ".ide";

	private LoopTraceUi() {
	}
}
