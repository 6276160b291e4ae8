// SPDX-License-Identifier: EPL-2.0
/**
 * Folding, the stage after the merge (trace → local models → global model → folded model):
 * {@link org.looptrace.merge.fold.Folding} turns the constructs of a global model that differ only
 * by an affine function of the rank into loops over the ranks. The rules and passes are in
 * {@code org.looptrace.merge.fold.internal}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.merge.fold;
