// SPDX-License-Identifier: EPL-2.0
/**
 * Workbench tests of the Patterns view and the pattern markers: the view on the example runs,
 * generated labelled programs and hand-written models, compared with the headless analysis and the
 * command line; navigation to the model editor; markers on open models and their removal.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.ui.internal;
