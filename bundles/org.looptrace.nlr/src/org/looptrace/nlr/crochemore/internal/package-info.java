// SPDX-License-Identifier: EPL-2.0
/**
 * Loop discovery after Xu and Subhlok (<i>Efficient Discovery of Loop Nests in Communication
 * Traces of Parallel Programs</i>): Crochemore's refinement finds every primitive
 * and maximal tandem repetition of a trace turned into symbols, and the greedy and optimal
 * procedures choose among them the loops of a nest, which becomes a local model of the shared
 * metamodel. Not API: the entry points are in {@code org.looptrace.nlr.crochemore}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.nlr.crochemore.internal;
