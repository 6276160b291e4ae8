// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff;

import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;

/**
 * One difference between two models, the left and the right one.
 *
 * @param kind  what differs
 * @param left  the construct of the left model, null when the difference is not in a construct of it
 *              (a construct added, the channels)
 * @param right the construct of the right model, null when the difference is not in a construct of
 *              it (a construct removed, the channels)
 * @param what  what differs, for a person: the values on both sides, left first, or the construct
 *              added or removed
 * @param place for a construct added or removed, where it would be in the model without it (the left
 *              one for a construct added); null for the other kinds
 * @param leftLast  the last construct of the run of the left model the difference is about, for the
 *                  kinds that rewrite a run of constructs (wrapped in a loop, a loop split or peeled,
 *                  and their inverses), whose first is {@code left}; else {@code left} itself
 * @param rightLast the same for the right model
 */
public record Difference(Kind kind, @Nullable Construct left, @Nullable Construct right, String what, @Nullable Place place,
		@Nullable Construct leftLast, @Nullable Construct rightLast) {

	/** A difference that is no construct added or removed: it has no {@link #place()}. */
	public Difference(Kind kind, @Nullable Construct left, @Nullable Construct right, String what) {
		this(kind, left, right, what, null);
	}

	/** A difference in one construct of each side at most. */
	public Difference(Kind kind, @Nullable Construct left, @Nullable Construct right, String what, @Nullable Place place) {
		this(kind, left, right, what, place, left, right);
	}

	/** What a difference is about. */
	public enum Kind {
		/** A construct of the left model only. */
		REMOVED,
		/** A construct of the right model only. */
		ADDED,
		/** The bounds of a loop: its iteration count, or the ranks it runs over. */
		BOUNDS,
		/** Who takes part in an event: its rank, its peer or its group. */
		RANKS,
		/** What an event is: its tag, communicator, collective's name or local words. */
		CHANGED,
		/** Pairs of ranks that talk in one model only (the difference of the communication matrices). */
		CHANNELS,
		/** A run of constructs of the left model is a loop of the right one, the run its iterations written out. */
		WRAPPED,
		/** A loop of the left model is its iterations written out in the right one. */
		UNWRAPPED,
		/** A loop of the left model is two or more loops of the right one, over consecutive parts of its iterations. */
		SPLIT,
		/** Loops of the left model over consecutive iterations of the same body are one loop of the right one. */
		JOINED,
		/** A loop of the left model has its first or last iterations written out beside it in the right one. */
		PEELED,
		/** A loop of the left model and iterations of it written out beside it are one loop of the right one. */
		UNPEELED;

		/** The name in lower case, as printed. */
		public String label() {
			return name().toLowerCase(Locale.ROOT);
		}

		/** The kind of the same difference seen from the other model: added for removed, joined for split. */
		public Kind inverse() {
			return switch (this) {
			case REMOVED -> ADDED;
			case ADDED -> REMOVED;
			case WRAPPED -> UNWRAPPED;
			case UNWRAPPED -> WRAPPED;
			case SPLIT -> JOINED;
			case JOINED -> SPLIT;
			case PEELED -> UNPEELED;
			case UNPEELED -> PEELED;
			default -> this;
			};
		}
	}
}
