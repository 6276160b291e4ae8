// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import java.util.List;
import java.util.Random;

import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;
import org.looptrace.model.core.TraceEvent;

/** Local models written as model text (the language's own parser reads them). */
final class Fixtures {

	private Fixtures() {
	}

	/** A model from its text, e.g. {@code for i0 = 0 to 3} / {@code 0 send 1+i0 t} / {@code done}. */
	static Model model(String text) {
		try {
			return ModelText.parse(text, "fixture.loops");
		} catch (ModelTextException e) {
			throw new IllegalArgumentException("not a model:\n" + text, e);
		}
	}

	/**
	 * A random folding of a trace into loops: at each position, a random body length and a random
	 * number of the repetitions found there. Loops of different ranks then rarely line up.
	 */
	static Model folded(List<TraceEvent> events, Random random) {
		StringBuilder text = new StringBuilder();
		int at = 0;
		while (at < events.size()) {
			int body = 1 + random.nextInt(3);
			int repeats = 1;
			while (at + (repeats + 1) * body <= events.size()
					&& events.subList(at, at + body).equals(events.subList(at + repeats * body, at + (repeats + 1) * body))) {
				repeats++;
			}
			int count = 1 + random.nextInt(repeats);
			if (count >= 2 && at + body <= events.size()) {
				text.append("for i0 = 0 to ").append(count - 1).append('\n');
				for (TraceEvent event : events.subList(at, at + body)) {
					text.append(event.toLine()).append('\n');
				}
				text.append("done\n");
				at += count * body;
			} else {
				text.append(events.get(at++).toLine()).append('\n');
			}
		}
		return model(text.toString());
	}

	/** A flat local model of events. */
	static Model flat(List<TraceEvent> events) {
		StringBuilder text = new StringBuilder();
		for (TraceEvent event : events) {
			text.append(event.toLine()).append('\n');
		}
		return model(text.toString());
	}
}
