// SPDX-License-Identifier: EPL-2.0
/**
 * Two models side by side in the platform's compare editor (Compare With > Each Other on two
 * {@code .loops} files): a structure creator makes each side a node on its document, and the
 * structure viewer gives both nodes the differences the headless
 * {@link org.looptrace.analysis.diff.ModelDiff} finds (what {@code looptrace diff} prints) as
 * children covering the lines of their constructs, the two sides of a difference under one id. The
 * platform's differencer then pairs exactly those, and its structure pane, text panes and next and
 * previous difference do the rest. Nothing here compares constructs itself. Not API.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.ui.internal.compare;
