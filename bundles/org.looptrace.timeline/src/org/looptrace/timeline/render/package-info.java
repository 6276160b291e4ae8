// SPDX-License-Identifier: EPL-2.0
/**
 * Renderers of a {@link org.looptrace.timeline.Drawing}: SVG text whose elements carry classes a
 * user can style and a test can count ({@code loop}, {@code message}, {@code collective},
 * {@code rank-line}), and PNG images drawn with java.awt in headless mode. Both draw the same
 * elements in the same order and colours.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.timeline.render;
