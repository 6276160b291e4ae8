// SPDX-License-Identifier: EPL-2.0
/**
 * Comparing two models of communication: {@link org.looptrace.analysis.diff.ModelDiff} aligns their
 * constructs as a diff of sequences (loops compared by their bodies) and lists each
 * {@link org.looptrace.analysis.diff.Difference}: a construct in one model only, a loop's bounds,
 * the ranks, peer, tag or group of an event, the pairs of ranks that talk, a loop wrapped around a
 * run of constructs, split or peeled. Models of one code at
 * other rank counts align construct by construct, differing in bounds and rank expressions only.
 * The CLI's {@code diff} command is a thin layer over it.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.diff;
