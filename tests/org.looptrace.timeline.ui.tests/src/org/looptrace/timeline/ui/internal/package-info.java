// SPDX-License-Identifier: EPL-2.0
/**
 * Workbench tests of the Communication Matrix view: the view on generated runs and hand-written
 * models, compared with the headless matrix, the data traces and the command line.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.timeline.ui.internal;
