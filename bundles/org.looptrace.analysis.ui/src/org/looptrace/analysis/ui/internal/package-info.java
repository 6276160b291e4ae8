// SPDX-License-Identifier: EPL-2.0
/**
 * The Patterns view: the groups of point-to-point messages that resemble collective operations or
 * named shapes, found by the headless {@link org.looptrace.analysis.collectives.CollectivePatterns}
 * (what {@code looptrace patterns} prints) for the trace folder or model chosen in the Project
 * Explorer or open in the model editor, with their occurrences and the sends that make them up,
 * navigation to those sends in the model editor, and CSV export; the info markers that show the
 * patterns on the lines of the sends of an open model, recomputed when it is saved; the
 * preferences they share; the bundle's user-visible strings. Not API.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.ui.internal;
