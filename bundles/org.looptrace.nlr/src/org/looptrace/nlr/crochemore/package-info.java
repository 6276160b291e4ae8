// SPDX-License-Identifier: EPL-2.0
/**
 * Loop discovery with Crochemore's algorithm (Xu and Subhlok, <i>Efficient Discovery of Loop Nests
 * in Communication Traces of Parallel Programs</i>), an alternative to nested loop recognition for
 * the local models: every tandem repetition of the whole trace is found, so a long outer loop whose
 * body NLR would fold early in smaller pieces is found whole. Produces local models of the shared
 * metamodel, lossless like NLR's, that feed the merge and every tool unchanged.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.nlr.crochemore;
