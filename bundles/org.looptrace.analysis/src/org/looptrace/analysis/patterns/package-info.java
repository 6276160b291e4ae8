// SPDX-License-Identifier: EPL-2.0
/**
 * Contextual communication patterns (paper 002, Alawneh and Hamou-Lhadj): the sequences of
 * communication events that repeat in the traces of a process, found within the functions that
 * contain them (their context, from {@code local call F} / {@code local return F} events) rather than
 * across them, on a loop model whose loops already removed the contiguous repetitions.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.patterns;
