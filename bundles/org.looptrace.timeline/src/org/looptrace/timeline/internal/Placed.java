// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.internal;

import java.util.BitSet;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;
import org.looptrace.timeline.Drawing.EventKind;

/** What {@link TickScheduler} places: events, messages and collectives in ticks, and the whole timeline. */
final class Placed {

	private Placed() {
	}

	/** One occurrence of an event; {@code text} is the tag, the collective's name or the local words. */
	record Event(String path, EventKind kind, int rank, long tick, PlacedLoop scope, String text) {
	}

	/** A message; {@code send} is null when no send matches the receive. */
	record Message(@Nullable Event send, Event recv, String tag, int src, int dst, long sendTick, boolean carried) {
	}

	/** A collective: the sync events of its members at one tick. */
	record Collective(List<String> paths, String name, RankSet group, int[] members, long tick, PlacedLoop scope) {
	}

	/**
	 * Everything placed: the tree of placed loops under the model's top, the events, messages and
	 * collectives in the order they were placed, and every rank an event names.
	 */
	record Timeline(PlacedLoop root, List<Event> events, List<Message> messages, List<Collective> collectives, BitSet ranks) {

		/** The last tick of the model, exclusive. */
		long length() {
			return root.end;
		}
	}
}
