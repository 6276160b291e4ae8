// SPDX-License-Identifier: EPL-2.0
/**
 * What the workbench test bundles share, written once: a project of the workspace made for a test
 * and deleted after it (with the files written into it and the example runs and models of the
 * repository), the event loop run until a condition holds or a time is up (views, editors and
 * markers update asynchronously), and the standard output of the command line run in process,
 * which what the views show is compared with.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.ui.testsupport;
