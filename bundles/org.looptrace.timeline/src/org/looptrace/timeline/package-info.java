// SPDX-License-Identifier: EPL-2.0
/**
 * The timeline of a global model (section IV of the paper, figure 5): {@link TimelineLayout} turns a
 * model into a {@link Drawing}, a plain immutable picture of rank lines, loop boxes, message arrows,
 * collectives, brackets and labels in pixels, each element naming the construct it comes from by its
 * {@link org.looptrace.model.core.ConstructPath} text. The SVG and PNG renderers, the CLI's
 * {@code render} command and the IDE's timeline view all draw that one picture.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.timeline;
