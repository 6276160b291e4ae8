// SPDX-License-Identifier: EPL-2.0
/**
 * The Communication Matrix view: a heat map drawn with SWT over the headless
 * {@link org.looptrace.analysis.matrix.CommunicationMatrix} (and the bytes of
 * {@link org.looptrace.scanner.MessageBytes} when the run has data traces), for a model file chosen in
 * the Project Explorer or the construct at the caret of the model editor; the Timeline view, draw2d
 * figures over the headless {@link org.looptrace.timeline.TimelineLayout} with zoom, rank filter,
 * collapse depth, export and a selection linked with the model editor; the commands that open them
 * and the jobs that compute them off the UI thread; the bundle's user-visible strings. Not API.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.timeline.ui.internal;
