// SPDX-License-Identifier: EPL-2.0
/**
 * Groups of point-to-point messages that implement a collective operation by hand (Kranzlmüller,
 * Knüpfer and Nagel, <i>Pattern Matching of Collective MPI Operations</i>: "these 14 sends resemble
 * MPI_Bcast from rank 3"), and the non-collective shapes users want named (ring, halo, wavefront,
 * master–worker), found on the global model: a group inside a loop is found once and counted by the
 * loop's iterations, and groups are delimited by the call context of Alawneh et al.
 * ({@code local call F} / {@code local return F}) when the trace has one.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.collectives;
