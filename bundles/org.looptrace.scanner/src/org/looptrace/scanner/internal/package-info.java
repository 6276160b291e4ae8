// SPDX-License-Identifier: EPL-2.0
/**
 * How positions are computed and scanners run: which loops are unrolled per rank
 * ({@link org.looptrace.scanner.internal.Specialisation}), the projection of a model onto one rank
 * with its polynomials ({@link org.looptrace.scanner.internal.Projection}), and the plans, readers
 * and code generators of the scanners. Not API: use {@link org.looptrace.scanner}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.scanner.internal;
