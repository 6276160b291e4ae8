// SPDX-License-Identifier: EPL-2.0
/**
 * LoopTrace Merge of Local Models: the reduction of the local models of the ranks of a run into
 * its global model (section III of the paper). {@link org.looptrace.merge.Merger} is the entry
 * point; traces that contradict each other raise {@link org.looptrace.merge.InconsistentTraceException},
 * which names the channel ({@link org.looptrace.merge.ChannelKind}: messages or a collective) typed.
 * The merge reads models only: reading traces and NLR come before it, in org.looptrace.pipeline.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.merge;
