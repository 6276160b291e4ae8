// SPDX-License-Identifier: EPL-2.0
/**
 * Contextual communication patterns (Alawneh, Hamou-Lhadj, Murtaza and Liu, <i>A Contextual
 * Approach for Effective Recovery of Inter-process Communication Patterns from HPC Traces</i>): the
 * sequences of communication events that repeat in the traces of a process, found within the
 * functions that contain them (their context, from {@code local call F} / {@code local return F}
 * events) rather than across them, on a loop model whose loops already removed the contiguous
 * repetitions.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.patterns;
