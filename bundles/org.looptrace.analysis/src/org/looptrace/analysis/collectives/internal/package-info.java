// SPDX-License-Identifier: EPL-2.0
/**
 * How {@link org.looptrace.analysis.collectives.CollectivePatterns} works: the walk of the global
 * model that gathers messages into candidate groups (by frame of repeating loops, call context and
 * tag), reading an iteration the model holds outside its loop as one of its iterations and a
 * rank's rotated loop from the phase of its trace; the shapes a group is compared with (the
 * messages each hand-rolled algorithm sends); and the cutting of a group that resembles nothing
 * whole into the operations the ranks ran one after the other, first by the communication graphs
 * of the shapes over ranges of ready ranks, then by Lamport depth.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.collectives.internal;
