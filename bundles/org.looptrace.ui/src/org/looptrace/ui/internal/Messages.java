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
	public static String ModelTracesHandler_replaceQuestion;
	public static String ModelTracesJob_name;
	public static String ModelTracesJob_notLocal;
	public static String ModelTracesJob_inconsistent;
	public static String ModelTracesJob_failed;
	public static String ModelTracesJob_markerFailed;

	static {
		NLS.initializeMessages(BUNDLE_NAME, Messages.class);
	}

	private Messages() {
	}
}
