// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

/** What a recognition may do beyond NLR's two rules; a {@link RuleSet} is a set of them. */
enum Capability {
	/**
	 * Two copies of a block of two or more constructs become a loop of two iterations where the
	 * loop is smaller than the copies ({@link RepeatedBlocks}), and a pair so folded takes the rest
	 * of its second copy's last loop ({@link UnfinishedSecondCopy}). NLR alone needs three copies.
	 */
	PAIRS,
	/** Two copies of one loop become a loop of two iterations too. */
	PAIRS_OF_LOOPS,
	/** Two copies fold only when every rank and peer moves by one shift and nothing else changes. */
	TRANSLATED_PAIRS,
	/** Two copies fold only when every rank moves by one shift and nothing else but peers changes. */
	RANK_SHIFTED_PAIRS,
	/**
	 * Runs of one step continued past a wrap-around join ({@link RunsAcrossWrapAround},
	 * {@link LoopStartingMidStep}), walks around a cycle fold ({@link CopiesAroundCycle}), and
	 * copies whose forms differ unify where they take the same values ({@link Agreement}).
	 */
	WRAP_AROUNDS,
	/**
	 * Where runs join ({@link RunsAcrossWrapAround}), two runs of different constant values join
	 * too, as one value that jumps once: a residue whose modulus is the new loop's count (a tag
	 * of one value for the first blocks of a sweep, of another for the rest). Without it such runs
	 * stay apart, so that a fit over more copies may join them later.
	 */
	JUMPING_CONSTANTS,
	/** The arguments of residues may move by constant steps from copy to copy ({@link Unification}). */
	RESIDUE_STEPS,
	/** Runs of loops fit by their values, their inner loops unrolled ({@link LoopsFittedByValues}). */
	UNROLLED_FITS,
	/**
	 * Peers are read as xors of their owners ({@link Butterflies}): the ranks of a butterfly's
	 * stage fold as one loop, {@code xor(i, m)}, and its stages, whose masks' powers step, as another.
	 */
	XOR_PEERS
}
