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
 */
public record Difference(Kind kind, @Nullable Construct left, @Nullable Construct right, String what, @Nullable Place place) {

	/** A difference that is no construct added or removed: it has no {@link #place()}. */
	public Difference(Kind kind, @Nullable Construct left, @Nullable Construct right, String what) {
		this(kind, left, right, what, null);
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
		CHANNELS;

		/** The name in lower case, as printed. */
		public String label() {
			return name().toLowerCase(Locale.ROOT);
		}
	}
}
