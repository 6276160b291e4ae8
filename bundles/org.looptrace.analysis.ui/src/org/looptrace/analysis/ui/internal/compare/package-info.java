// SPDX-License-Identifier: EPL-2.0
/**
 * Two models side by side in the platform's compare editor (Compare With > Each Other on two
 * {@code .loops} files): the structure pane lists the differences the headless
 * {@link org.looptrace.analysis.diff.ModelDiff} finds (what {@code looptrace diff} prints), in the
 * order of the models' text, each difference holding the lines of its constructs on both sides.
 * The differences come from that one alignment: nothing here compares constructs itself. Not API.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.ui.internal.compare;
