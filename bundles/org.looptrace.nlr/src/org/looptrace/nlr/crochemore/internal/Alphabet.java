// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.crochemore.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.looptrace.model.core.TraceEvent;

/**
 * The symbols of a trace: equal events (every field equal) get the same symbol, numbered from 0 in
 * order of first appearance, as in table 2 of the paper.
 */
public final class Alphabet {

	private final Map<TraceEvent, Integer> symbols = new HashMap<>();
	private final List<TraceEvent> events = new ArrayList<>();

	public int symbol(TraceEvent event) {
		return symbols.computeIfAbsent(event, e -> {
			events.add(e);
			return events.size() - 1;
		});
	}

	public TraceEvent event(int symbol) {
		return events.get(symbol);
	}

	public int size() {
		return events.size();
	}
}
