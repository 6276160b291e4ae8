// SPDX-License-Identifier: EPL-2.0
/**
 * How the timeline is computed: {@link org.looptrace.timeline.internal.Ticks} places every event of a
 * model on a Lamport clock (a loop body once, loops over ranks rank by rank, receives waiting for
 * their sends) into a tree of placed loops; {@link org.looptrace.timeline.internal.Geometry} gives
 * ranks their rows, moves rank lines into the loops they take part in, and converts ticks and rows
 * to pixels, keeping what the options show.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.timeline.internal;
