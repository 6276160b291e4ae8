// SPDX-License-Identifier: EPL-2.0
/**
 * Trace folders as runs in the Project Explorer: a folder holding run files (the builder's notion,
 * {@code LoopTraceBuilder.isRunFile}) is shown with its ranks, events, size and whether its model is
 * current; its model is a child to open, its rank files are grouped beneath in the order of ranks.
 * Not API.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.ui.internal.navigator;
