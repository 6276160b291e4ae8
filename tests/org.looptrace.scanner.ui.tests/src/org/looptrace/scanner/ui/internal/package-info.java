// SPDX-License-Identifier: EPL-2.0
/**
 * Workbench tests of the scanner's IDE side, in a real workbench (Xvfb in the build): launches of
 * LoopTrace Scanner configurations against the headless scanner, the Main tab's validation, the
 * launch shortcut, the Scan Results view and the scan CSV it reads. A fragment of the UI bundle, so
 * the tests reach its internals.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.scanner.ui.internal;
