// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.validation;

import org.eclipse.jdt.annotation.NonNullByDefault;

/** Issue codes of the validation of model text, one per rule, for quick fixes to refer to. */
@NonNullByDefault
public interface LoopsIssueCodes {

	String PREFIX = "org.looptrace.lang.";

	/** An expression names an index that no enclosing loop binds. */
	String UNBOUND_INDEX = PREFIX + "unboundIndex";
	/** A loop reuses the index name of an enclosing loop. */
	String SHADOWED_INDEX = PREFIX + "shadowedIndex";
	/** A loop body without any construct. */
	String EMPTY_LOOP = PREFIX + "emptyLoop";
	/** A loop bound that holds a mod(...), a xor(...) or a pow2(...): bounds are affine. */
	String RESIDUE_IN_BOUND = PREFIX + "residueInBound";
	/** A xor or a pow2 whose shift leaves 0 .. 62 minus the bits of its mask within the enclosing loops. */
	String XOR_SHIFT_RANGE = PREFIX + "xorShiftRange";
	/** A loop whose upper bound is always below its lower bound (warning). */
	String ZERO_TRIP_LOOP = PREFIX + "zeroTripLoop";
	/** A rank or peer that is negative, or can be for some iteration. */
	String NEGATIVE_RANK = PREFIX + "negativeRank";
	/** An annotation without a construct after it ({@code ->}) or before it ({@code <-}) in its block. */
	String DANGLING_ANNOTATION = PREFIX + "danglingAnnotation";
	/** An annotation asking for ranks on which the construct it is attached to has no event. */
	String UNCOVERED_RANKS = PREFIX + "uncoveredRanks";
}
