// SPDX-License-Identifier: EPL-2.0
/**
 * Replay programs: a C MPI program generated from a model, in which every rank runs the model's
 * loops and performs its own events in the order of its trace ({@link org.looptrace.replay.ReplayGenerator}),
 * with message sizes and computation taken from data traces when given; and the table of the numbers
 * the program sends for tags MPI cannot carry ({@link org.looptrace.trace.ReplayTags}, read back when its
 * traces are modelled), so that tracing the program and modelling its traces gives the model back.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.replay;
