// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.internal.Links.Part;
import org.looptrace.model.core.Progress;

/**
 * The conservation invariant of a merged system, for tests and assertions: no potential flow is
 * left, every channel of every system (bodies included) balances, every loop is regular (each of
 * its channels has a single correspondent, which takes its whole flow).
 */
public final class Conservation {

	private Conservation() {
	}

	/** The violations found, empty when the invariant holds. */
	public static List<String> violations(GlobalSystem complete) {
		List<String> problems = new ArrayList<>();
		complete.potential.forEach((channel, count) -> problems.add("potential left on " + channel + ": " + count));
		check(complete, "top", problems);
		return problems;
	}

	private static void check(GlobalSystem system, String where, List<String> problems) {
		Links links;
		try {
			links = Links.of(system.items, system.coverage, Progress.NONE);
		} catch (InconsistentTraceException e) {
			problems.add(where + ": " + e.getMessage());
			return;
		}
		for (int i = 0; i < system.items.size(); i++) {
			GlobalConstruct construct = system.items.get(i);
			if (construct instanceof GlobalLoop loop) {
				for (Map.Entry<GlobalChannel, List<Part>> entry : links.parts.get(i).entrySet()) {
					if (entry.getValue().size() != 1) {
						problems.add(where + ": loop " + i + " has " + entry.getValue().size()
								+ " correspondents on " + entry.getKey());
					} else if (entry.getValue().get(0).volume() != loop.potential.get(entry.getKey())) {
						problems.add(where + ": loop " + i + " sends part of its flow on " + entry.getKey());
					}
				}
				check(loop.body, where + "/" + i, problems);
			}
		}
	}
}
