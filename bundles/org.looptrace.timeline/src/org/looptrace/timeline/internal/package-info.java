// SPDX-License-Identifier: EPL-2.0
/**
 * How the timeline is computed. {@link org.looptrace.timeline.internal.TickScheduler} places every
 * event of a model on a Lamport clock (a loop body once, loops over ranks rank by rank, receives
 * waiting for their sends, deadlocks broken by taking the message of the previous iteration) into a
 * tree of placed loops; before it, {@link org.looptrace.timeline.internal.ModelWalk} walks the model
 * once for the loops over ranks and the ranks and channels of every loop, and beside it
 * {@link org.looptrace.timeline.internal.MessageMatcher} pairs receives with sends.
 * {@link org.looptrace.timeline.internal.Geometry} then gives ranks their rows, moves rank lines
 * into the loops they take part in, and converts ticks and rows to pixels, keeping what the options
 * show.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.timeline.internal;
