// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.scanner.internal.Specialisation;

/**
 * Positions by brute force: runs the model for one rank, counting that rank's events, and records
 * every occurrence of every construct and every iteration of every loop with the values of all its
 * enclosing indices. The events it counts are checked against {@link ModelExpander}, so it agrees
 * with the project's expansion.
 */
final class BruteForce {

	/** One occurrence: the values of the enclosing indices, the position before it and its events of the rank. */
	record Occurrence(Construct construct, Map<String, Long> indices, long start, long count, long iterationStart) {
	}

	/** One iteration of a loop: the enclosing indices and the loop's own index. */
	record IterationCount(Loop loop, Map<String, Long> indices, long count) {
	}

	final List<Occurrence> occurrences = new ArrayList<>();
	final List<IterationCount> iterations = new ArrayList<>();
	private final int rank;
	private final Map<String, Long> values = new LinkedHashMap<>();
	private long position;

	private BruteForce(int rank) {
		this.rank = rank;
	}

	static BruteForce run(Block model, int rank) {
		BruteForce brute = new BruteForce(rank);
		brute.block(model, 0);
		long expanded = 0;
		for (ModelExpander events = ModelExpander.expand(model, rank); events.hasNext(); events.next()) {
			expanded++;
		}
		assertEquals(expanded, brute.position, "events of rank " + rank + ": brute force against ModelExpander");
		return brute;
	}

	long events() {
		return position;
	}

	private void block(Block block, long iterationStart) {
		for (Item item : block.getItems()) {
			if (item instanceof Construct construct) {
				long before = position;
				Map<String, Long> indices = new LinkedHashMap<>(values);
				if (item instanceof Event event) {
					if (Exprs.evaluate(Exprs.owner(event), values::get) == rank) {
						position++;
					}
				} else {
					loop((Loop) item);
				}
				occurrences.add(new Occurrence(construct, indices, before, position - before, iterationStart));
			}
		}
	}

	private void loop(Loop loop) {
		long lower = Exprs.evaluate(loop.getLower(), values::get);
		long upper = Exprs.evaluate(loop.getUpper(), values::get);
		for (long value = lower; value <= upper; value++) {
			values.put(loop.getIndex(), value);
			long before = position;
			block(loop, before);
			iterations.add(new IterationCount(loop, new LinkedHashMap<>(values), position - before));
		}
		values.remove(loop.getIndex());
	}
}
