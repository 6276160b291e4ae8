// SPDX-License-Identifier: EPL-2.0
/**
 * The implementation of the scanner's IDE side: the launch configuration type (delegate, tab
 * group, Main tab, shortcut), the job that runs the headless scanner and writes its CSV into the
 * workspace, the console it prints its summary to, the Scan Results view (a table per label
 * and a chart drawn with SWT's GC) with the command that fills it from a scan CSV, and the Profile
 * view (the time of each construct of the model in the editor, from the headless time profile).
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.scanner.ui.internal;
