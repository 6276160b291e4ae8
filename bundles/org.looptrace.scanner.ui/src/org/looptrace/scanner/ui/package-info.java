// SPDX-License-Identifier: EPL-2.0
/**
 * The scanners in the IDE: the ids other bundles and tests refer to of the "LoopTrace Scanner"
 * launch configuration type (its attributes), the Scan Results view and the Show Scan Results
 * command. The work is done by the headless {@code org.looptrace.scanner}; this bundle launches it
 * in a job, writes its CSV into the workspace and shows the records.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.scanner.ui;
