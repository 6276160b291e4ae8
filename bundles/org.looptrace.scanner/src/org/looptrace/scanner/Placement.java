// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;

/**
 * Where the occurrences of a construct are in the trace of one rank: positions are indices among
 * the events that rank owns (line number - 1 in {@code trace.<rank>}, record number in
 * {@code data.<rank>}), as polynomials in the indices of the enclosing loops.
 *
 * <p>
 * The enclosing loops of the construct split in two. Loops over ranks (whose index decides which
 * rank owns an event, and the few loops their bounds depend on) are unrolled on each rank: their
 * values are {@link #fixed()}, and a construct inside them has one placement per combination of
 * values at which it has events of the rank. The other loops stay loops: their indices are
 * {@link #indices()}, the variables of the polynomials. Most models have no loop over ranks: then
 * every construct has one placement per rank, with no fixed value.
 *
 * <p>
 * A kept loop whose guard loops (loops that run at some of its iterations only) split its range gives
 * the constructs inside it one placement per piece of the range, its {@link #ranges()}: the
 * polynomials of a placement hold where the loop's index lies in its range. The split loop itself has
 * one placement per piece too, the same but for {@link #perIteration()}.
 *
 * @param construct    the construct
 * @param rank         the rank whose events are counted
 * @param fixed        values of the enclosing loops unrolled on this rank, outermost first
 * @param ranges       the range of the index of each enclosing split loop (and of the loop itself when it
 *                     is split) where this placement holds, outermost first; empty most of the time
 * @param indices      the enclosing loops kept as loops (variables of the polynomials), outermost first
 * @param at           {@code @} of figure 8: position of the construct's first event relative to the
 *                     start of the enclosing loop's iteration (or of the trace at the top)
 * @param count        events of the rank in one occurrence of the construct (1 for an event)
 * @param perIteration {@code #} of figure 8, for a loop kept as a loop: events of the rank in one
 *                     iteration, a polynomial in {@link #indices()} and the loop's own index; null for
 *                     events and unrolled loops
 * @param start        the absolute position of the construct's first event of the rank in an
 *                     occurrence (what a scanner reads, e.g. {@code 991+644*i0})
 */
public record Placement(Construct construct, int rank, Map<String, Long> fixed, Map<String, Range> ranges, List<String> indices,
		Polynomial at, Polynomial count, @Nullable Polynomial perIteration, Polynomial start) {

	/** The values {@code first} to {@code last} of a loop's index. */
	public record Range(long first, long last) {

		public boolean contains(long value) {
			return first <= value && value <= last;
		}

		@Override
		public String toString() {
			return first + ".." + last;
		}
	}

	/** The fixed values and ranges, e.g. {@code {i1=3, i2=1..999}}; empty when there are none. */
	public String where() {
		if (fixed.isEmpty() && ranges.isEmpty()) {
			return "";
		}
		Map<String, Object> where = new LinkedHashMap<>(fixed);
		where.putAll(ranges);
		return where.toString();
	}

	/**
	 * Whether the placement is the one of the values of the enclosing indices: its fixed values are
	 * theirs and each of its ranges holds the value of its index (a range of an index without a value
	 * is not checked).
	 */
	public boolean holdsAt(Map<String, Long> values) {
		if (!values.entrySet().containsAll(fixed.entrySet())) {
			return false;
		}
		for (Map.Entry<String, Range> range : ranges.entrySet()) {
			Long value = values.get(range.getKey());
			if (value != null && !range.getValue().contains(value)) {
				return false;
			}
		}
		return true;
	}

	/** The absolute position just after the occurrence: of the rank's next event after the construct. */
	public Polynomial end() {
		return start.plus(count);
	}
}
