// SPDX-License-Identifier: EPL-2.0
/**
 * The first start of the IDE: the Welcome page (what LoopTrace is, the example project, importing
 * a trace folder, tracing an MPI program, the documentation shipped in the bundle), opened once on
 * the first start of a workspace in a window sized to the screen, and again from Help ▸ Welcome;
 * the help of the product, whose Help ▸ Search searches those guides. Not API.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.ui.internal.welcome;
