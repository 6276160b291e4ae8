// SPDX-License-Identifier: EPL-2.0
/**
 * LoopTrace Merge of Local Models: the reduction of the local models of the ranks of a run into
 * its global model (section III of the paper). {@link org.looptrace.merge.Merger} is the entry
 * point; traces that contradict each other raise {@link org.looptrace.merge.InconsistentTraceException}.
 */
package org.looptrace.merge;
