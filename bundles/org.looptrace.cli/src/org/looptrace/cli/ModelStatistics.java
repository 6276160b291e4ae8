// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/** The statistics {@code looptrace model --stats} prints to stderr. */
final class ModelStatistics {

	private ModelStatistics() {
	}

	/**
	 * Prints the events, constructs, loops, coverage of the top-level loops, compression ratio and the
	 * phases' time and peak heap of a global model of {@code ranks} ranks printed as {@code text}.
	 */
	static void print(Model global, int ranks, String text, Phases phases, PrintStream err) {
		long[] counts = new long[2];
		count(global.getItems(), counts);
		long constructs = counts[0] + counts[1];
		// One walk over the events (10^8 take minutes): each top-level item is expanded once, counting
		// its events and, for a loop, its owners, the coverage telling which ranks the merge put together.
		long events = 0;
		Map<String, Integer> coverages = new TreeMap<>();
		Map<String, RankSet> sets = new HashMap<>();
		List<Item> items = global.getItems();
		for (int position = 0; position < items.size(); position++) {
			boolean loop = items.get(position) instanceof Loop;
			RankSet.Builder owners = new RankSet.Builder();
			for (ModelExpander it = ModelExpander.expandItem(global, position); it.hasNext();) {
				TraceEvent event = it.next();
				events++;
				if (loop) {
					owners.add(event.owner());
				}
			}
			if (loop) {
				RankSet covered = owners.build();
				sets.put(covered.toString(), covered);
				coverages.merge(covered.toString(), 1, Integer::sum);
			}
		}
		StringBuilder loops = new StringBuilder();
		coverages.forEach((coverage, count) -> loops.append(loops.isEmpty() ? "" : ", ").append(summary(sets.get(coverage)))
				.append(count == 1 ? "" : " (" + count + " loops)"));
		err.printf("events:        %d%n", events);
		err.printf("constructs:    %d (%d loops, %d events), %d top-level, %d lines of text%n", constructs, counts[0],
				counts[1], global.getItems().size(), text.lines().count());
		err.printf("coverage:      %d ranks; top-level loops cover %s%n", ranks,
				loops.isEmpty() ? "nothing (no loop)" : loops);
		err.printf("compression:   %.1f events per construct%n", constructs == 0 ? 0.0 : (double) events / constructs);
		err.print(phases.report());
	}

	/** A rank set as text; one of many ranges (a loop per block of a large run covers hundreds) as its bounds and counts. */
	static String summary(RankSet set) {
		String text = set.toString();
		long ranges = text.chars().filter(c -> c == ',').count() + 1;
		return ranges <= 8 ? text : set.min() + ".." + set.max() + " in " + ranges + " ranges of " + set.size() + " ranks";
	}

	/** Counts loops ([0]) and events ([1]) of the model tree. */
	private static void count(List<Item> items, long[] counts) {
		for (Item item : items) {
			if (item instanceof Loop loop) {
				counts[0]++;
				count(loop.getItems(), counts);
			} else if (item instanceof Event) {
				counts[1]++;
			}
		}
	}
}
