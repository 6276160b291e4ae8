// SPDX-License-Identifier: EPL-2.0
/**
 * Synthetic but consistent traces of the communication skeletons of real codes (token ring, halo
 * exchange, LU-style wavefront, master-worker, CG-like solver; NPB LU and MG at a problem size
 * given as a parameter) and of random programs, streamed per
 * rank or written as trace folders: the inputs of tests and benchmarks that must look like real runs
 * without needing an MPI installation. Types are non-null unless marked {@code @Nullable}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.trace.generate;
