// SPDX-License-Identifier: EPL-2.0
/**
 * Synthetic but consistent traces of the communication skeletons of real codes (token ring, halo
 * exchange, LU-style wavefront, master-worker, CG-like solver) and of random programs, streamed per
 * rank or written as trace folders.
 */
package org.looptrace.trace.generate;
