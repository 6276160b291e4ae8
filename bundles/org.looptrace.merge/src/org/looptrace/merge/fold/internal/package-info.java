// SPDX-License-Identifier: EPL-2.0
/**
 * The rules and passes of folding, on terms of their own: {@link org.looptrace.merge.fold.internal.Node
 * constructs} whose numbers are {@link org.looptrace.merge.fold.internal.DepthExpr}s over loop depths
 * rather than index names, so that two copies of a construct at the same depth have equal numbers;
 * read from the EMF model and written back by {@code ModelTerms}.
 *
 * <p>The whole model is folded up to three ways, the smallest kept (the first on a tie): with the
 * {@link org.looptrace.merge.fold.internal.RuleSet#CANDIDATES}, with the same but runs of two
 * constant values kept apart ({@link org.looptrace.merge.fold.internal.Capability#JUMPING_CONSTANTS}),
 * and, where a rank exchanges across two bits, with butterflies too
 * ({@link org.looptrace.merge.fold.internal.RuleSet#BUTTERFLIES}: peers read as xors of their owners,
 * so that the stages of a recursive doubling fold as one loop, {@code xor(r,pow2(s))}). Joined, two
 * runs of constants make the smallest loop body, but their jump may keep the body from folding with
 * its neighbours above (Sweep3D's octants, each tag a multiple of the octant), and a body folded
 * with xors may keep the levels around it from folding as well as without (NPB MG); which way is
 * smaller only the whole tells, so none is chosen system by system.
 *
 * <p>The passes of each way, in their order ({@link org.looptrace.merge.fold.internal.SystemFolding}):
 * <ol>
 * <li>Every system (each loop body, then the top level) is recognized in several orders (the order
 * read, rank-major, group-major, rank blocks) with each {@link org.looptrace.merge.fold.internal.RuleSet}
 * of the candidates, by NLR's stack machine ({@code Recognizer}); the smallest wins, the first on a
 * tie, or the folding that keeps each segment's smallest between the constructs of all ranks. Bodies
 * go first so that the top level compares folded bodies. In a loop body, the few smallest are
 * compared again once the two passes below have run on them: those passes may shrink one that
 * kept copies apart below one that joined them with residues.</li>
 * <li>When two or more loops of a system are closed exchanges of messages ({@code ExchangeOrder}),
 * the system is folded again with those bodies unfolded and each in one canonical order; the
 * smaller is kept. The merge writes concurrent events of different ranks in the order it met them,
 * so the same exchange from another corner (Sweep3D's octants) comes in another order, and its
 * body, folded on its own, takes another shape. The canonical order labels ranks by their roles, so
 * such bodies come out as one another with ranks renamed; the system is then folded once more with
 * each of those bodies folded only in the orders that follow roles (the order read, group-major;
 * not rank-major nor rank blocks, which follow rank numbers), the smaller kept: on a grid of two
 * rows every rank is on an edge, foldings of a body by rank number tie, and bodies from different
 * corners took different ones.</li>
 * <li>When the ranks of a segment end with the same steps after steps of their own
 * ({@code CommonTail}), the system is folded again with those steps wrapped apart, round by round,
 * and folded on their own; the smaller of the two is kept. Every order above keeps a rank's steps
 * together, so without it the common steps fold once per kind of rank.</li>
 * <li>When a loop is followed, on each of its ranks, by the start of its body at the next
 * iteration ({@code LoopFollowedByItsStart}), the system is folded again, with all of the passes
 * above, with that loop rotated to start after it: {@code (X Y)^n X} as {@code X (Y X)^n}; the
 * smaller is kept. The merge's loops start where NLR met the first repetition; where the program's
 * step starts later (NPB CG's reduction that ends one iteration and starts the next), only the
 * rotated body holds the two copies side by side that fold as one loop.</li>
 * <li>When two neighbouring loops do not unify but other foldings of their bodies do
 * ({@code LoopsFoldedAlike}), the system is folded again with those bodies; the smaller is kept,
 * the foldings above on a tie. Each body folds smallest on its own, and the smallest of two bodies
 * may take shapes that differ (LU's two sweeps on a grid of two rows) where others are alike.</li>
 * <li>At the top level, when every rank takes the same steps, the system is folded again with its
 * loops over several ranks split rank by rank ({@code LoopsSplitByRank}): each rank's part of a
 * folded body, its loops over ranks unrolled to the rank's iteration; kept when the ranks fold as
 * one loop (nest) over them and the whole is smaller. Where the recognitions leave ranks apart (on
 * a 3 × 3 grid they pair ranks two by two, one left over), the ranks are joined by their values
 * (the value fits' nests below), and the program inside is folded again. The merge's loops span the ranks it met
 * interleaved (a sweep passing along a row), so a program every rank runs alike (NPB SP, CG) is
 * otherwise folded as one loop over ranks per step; split from folded bodies, every rank's part
 * has one shape, and only numbers tell the ranks apart.</li>
 * <li>At the top level, the pass over steps ({@code StepsPass}) runs on the few smallest foldings
 * and on the smallest folding in rounds ({@code Linearizations.instanceMajor}: each instance of a
 * step placed whole, every round in the first one's order, so that ranks that skip a step and run
 * ahead do not take the rounds apart): it can shrink one more than another, and as a candidate it
 * would take copies apart that the periodic rules join.</li>
 * <li>Last, the value fits ({@code ValueFitPass}) on those foldings: copies fitted by their
 * values, or runs of two or more loops as one loop or a nest over them, or else as loops over
 * groups of them (a sweep forth and back along each axis of a grid). The smallest after the
 * steps is kept unless another is smaller once fitted (the octants of a sweep, left apart by the
 * recognitions, fit as one nest). Last so that the recognitions above see blocks as they fold on
 * their own.</li>
 * </ol>
 * Once a way is chosen, runs of loops of two iterations are unrolled and fitted again by values
 * ({@code PairsRefolded}), inside loops too, where smaller: recognized rank by rank, copies whose
 * numbers step unevenly on one rank (NPB BT's stages) fold only two by two, while over the ranks
 * they are one expression of the rank and the stage. Last, a loop's first iteration written
 * before it with other steps between is put back into it, those steps in a loop that runs at
 * its first iteration only ({@code PeeledFirstIteration}: a time step run once before it is
 * timed); the top level's comparisons above weigh their candidates with it, so that a folding
 * whose warm-up joins its loop is not lost to one that is smaller only before.
 *
 * <p>The rules the stack machine tries after each push, at each length from the shortest, in this
 * order (the first that applies wins, then the stack is reduced again): a loop and its next
 * iteration ({@code LoopAndNextIteration}); three copies of a block, then two
 * ({@code RepeatedBlocks}); two runs joined across a wrap-around ({@code RunsAcrossWrapAround}); a
 * pair folded before its second copy's last loop ended ({@code UnfinishedSecondCopy}); then, once
 * per push, a loop starting in the middle of its step ({@code LoopStartingMidStep}), copies walking
 * around a cycle ({@code CopiesAroundCycle}) and runs of loops fitted by values
 * ({@code LoopsFittedByValues}). Which of them may apply is the rule set's
 * {@link org.looptrace.merge.fold.internal.Capability capabilities}. How the numbers of several
 * copies become one number over a new loop is a {@code Combiner}: unification by constant steps,
 * concatenation of runs, cycles, agreement by values, value fits. They call the algorithms on
 * numbers, each a class of its own beside the value type: {@code StepUnification},
 * {@code Wrapping} (runs joined past a wrap-around, walks around a cycle), {@code Interpolation},
 * {@code ValueFit}; {@code DepthExprConversion} reads and writes the model's expressions.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.merge.fold.internal;
