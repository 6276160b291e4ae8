// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;

import static org.looptrace.merge.fold.internal.Capability.JUMPING_CONSTANTS;
import static org.looptrace.merge.fold.internal.Capability.PAIRS;
import static org.looptrace.merge.fold.internal.Capability.PAIRS_OF_LOOPS;
import static org.looptrace.merge.fold.internal.Capability.RANK_SHIFTED_PAIRS;
import static org.looptrace.merge.fold.internal.Capability.RESIDUE_STEPS;
import static org.looptrace.merge.fold.internal.Capability.TRANSLATED_PAIRS;
import static org.looptrace.merge.fold.internal.Capability.UNROLLED_FITS;
import static org.looptrace.merge.fold.internal.Capability.WRAP_AROUNDS;
import static org.looptrace.merge.fold.internal.Capability.XOR_PEERS;

/**
 * The capabilities a recognition runs with. Each order of a system is folded with each of
 * {@link #CANDIDATES} (see {@link SystemFolding}); {@link #steps} is the pass over the top level's
 * finalists ({@link StepsPass}) and the value fits' recognition, not a candidate, as it would
 * take copies apart that {@link #PERIODIC} joins.
 *
 * @param name         for messages and debugging
 * @param capabilities what the recognition may do beyond NLR's rules
 * @param jumps        where joins of runs of different constant values are noted, if anywhere
 * @param answers      the folding's value fits, for {@link Capability#UNROLLED_FITS} (which
 *                     needs them) only
 */
record RuleSet(String name, Set<Capability> capabilities, @Nullable JumpingJoins jumps, @Nullable FitAnswers answers) {

	/** NLR's rules alone: three copies make a loop. */
	static final RuleSet NLR = new RuleSet("NLR", EnumSet.noneOf(Capability.class));
	/** Two copies that differ by a rank shift only: two ranks doing the same thing. */
	static final RuleSet TRANSLATIONS = new RuleSet("translations", EnumSet.of(PAIRS, TRANSLATED_PAIRS));
	/** Any two copies that differ by constant steps. */
	static final RuleSet ANY_PAIRS = new RuleSet("any pairs", EnumSet.of(PAIRS));
	/**
	 * As ANY_PAIRS, and two copies of one loop too: one loop over a block of ranks where three
	 * ranks would not be affine.
	 */
	static final RuleSet PAIRS_AND_LOOP_PAIRS = new RuleSet("pairs and loop pairs", EnumSet.of(PAIRS, PAIRS_OF_LOOPS));
	/**
	 * Copies whose ranks move by one shift, peers by any steps, other numbers equal: two ranks
	 * taking the same steps with other partners. Two copies of one loop fold too, so that two
	 * loops of two ranks each become a loop over a 2 × 2 block of ranks, the shape of exchanges
	 * by rank bits (peer = rank XOR 2 is affine in the bits).
	 */
	static final RuleSet RANK_SHIFTS = new RuleSet("rank shifts", EnumSet.of(PAIRS, PAIRS_OF_LOOPS, RANK_SHIFTED_PAIRS));
	/**
	 * As TRANSLATIONS, two copies of one loop too, and two runs of one step joined into one loop
	 * (a loop and a copy of its body, a copy and a loop, or two loops) when the second run
	 * continues the first, or continues it past a wrap-around: the neighbours of a periodic grid,
	 * {@code mod(3+i1,4)}, or when both are constant (the value jumps once). Walks around a cycle
	 * fold too, and three copies whose forms differ unify when they take the same values.
	 */
	static final RuleSet PERIODIC = new RuleSet("periodic",
			EnumSet.of(PAIRS, PAIRS_OF_LOOPS, TRANSLATED_PAIRS, WRAP_AROUNDS, JUMPING_CONSTANTS));
	/**
	 * As PERIODIC, but two runs of different constant values stay apart: joined, their jump may
	 * hide the step that copies of the pair take, which folds them all as one loop once apart
	 * (Sweep3D's tags, a multiple of the octant, its blocks in two runs per octant).
	 */
	static final RuleSet PERIODIC_CONSTANTS_APART = new RuleSet("periodic, constants apart",
			EnumSet.of(PAIRS, PAIRS_OF_LOOPS, TRANSLATED_PAIRS, WRAP_AROUNDS));

	/**
	 * As PAIRS_AND_LOOP_PAIRS, peers read as xors of their owners: ranks exchanging across the bits
	 * of a mask fold as one loop whose peer is {@code xor(i, m)}, and the stages of a recursive
	 * doubling as one loop over stages, the mask's power stepping ({@link Butterflies}).
	 */
	static final RuleSet BUTTERFLIES = new RuleSet("butterflies", EnumSet.of(PAIRS, PAIRS_OF_LOOPS, XOR_PEERS));
	/** As PERIODIC, and butterflies: a butterfly's stages beside the neighbours of a periodic grid. */
	static final RuleSet PERIODIC_BUTTERFLIES = new RuleSet("periodic butterflies",
			EnumSet.of(PAIRS, PAIRS_OF_LOOPS, TRANSLATED_PAIRS, WRAP_AROUNDS, JUMPING_CONSTANTS, XOR_PEERS));

	/** The rule sets each order of a system is folded with, in the order of the ties. */
	static final List<RuleSet> CANDIDATES = List.of(NLR, TRANSLATIONS, ANY_PAIRS, PAIRS_AND_LOOP_PAIRS, RANK_SHIFTS, PERIODIC);
	/**
	 * As CANDIDATES, with runs of different constant values kept apart: the second folding of a
	 * model, kept where smaller ({@link SystemFolding#fold(List, int, org.looptrace.model.core.Progress)}).
	 */
	static final List<RuleSet> CANDIDATES_CONSTANTS_APART = List.of(NLR, TRANSLATIONS, ANY_PAIRS, PAIRS_AND_LOOP_PAIRS, RANK_SHIFTS,
			PERIODIC_CONSTANTS_APART);
	/**
	 * As CANDIDATES, and the butterflies last: the third folding of a model, kept where smaller. Not a
	 * candidate of the first: a body folded smallest with xors may keep the bodies and levels
	 * around it from folding as well as they do without (NPB MG's levels), which only the whole tells.
	 */
	static final List<RuleSet> CANDIDATES_BUTTERFLIES = List.of(NLR, TRANSLATIONS, ANY_PAIRS, PAIRS_AND_LOOP_PAIRS, RANK_SHIFTS, PERIODIC,
			BUTTERFLIES, PERIODIC_BUTTERFLIES);

	RuleSet {
		if (capabilities.contains(UNROLLED_FITS) != (answers != null)) {
			throw new IllegalArgumentException(name + ": runs of loops are fitted by values with the folding's answers, and only then");
		}
	}

	private RuleSet(String name, Set<Capability> capabilities) {
		this(name, capabilities, null, null);
	}

	/**
	 * As PAIRS_AND_LOOP_PAIRS, the arguments of residues moving by constant steps too, and runs of
	 * loops fitted by their values, asking {@code answers}.
	 */
	static RuleSet steps(FitAnswers answers) {
		return new RuleSet("steps", EnumSet.of(PAIRS, PAIRS_OF_LOOPS, RESIDUE_STEPS, UNROLLED_FITS), null, answers);
	}

	/** The rule sets, each noting its joins of runs of different constant values in {@code jumps}. */
	static List<RuleSet> noting(List<RuleSet> rules, JumpingJoins jumps) {
		return rules.stream().map(set -> new RuleSet(set.name, set.capabilities, jumps, set.answers)).toList();
	}

	boolean has(Capability capability) {
		return capabilities.contains(capability);
	}

	@Override
	public String toString() {
		return name;
	}
}
