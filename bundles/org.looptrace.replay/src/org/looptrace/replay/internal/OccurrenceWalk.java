// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.internal;

import java.util.ArrayList;
import java.util.List;

import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.replay.ReplayException;

/**
 * Every occurrence of every event of a model, in model order, with the construct it comes from:
 * what {@link ModelExpander} yields, plus the construct, which the sizes and gaps of a construct
 * are gathered by. Memory is proportional to the nesting depth.
 */
public final class OccurrenceWalk {

	private static final int EVENTS_BETWEEN_CHECKS = 1 << 14;

	/** Receives each occurrence. */
	@FunctionalInterface
	public interface Visitor {
		void occurrence(Event event, TraceEvent line) throws ReplayException;
	}

	private final List<String> names = new ArrayList<>();
	private final List<Long> values = new ArrayList<>();
	private final Visitor visitor;
	private final Progress progress;
	private long events;

	private OccurrenceWalk(Visitor visitor, Progress progress) {
		this.visitor = visitor;
		this.progress = progress;
	}

	/** Walks the block; an expression that does not evaluate is reported at its event or loop. */
	public static void walk(Block block, Visitor visitor, Progress progress) throws ReplayException {
		OccurrenceWalk walk = new OccurrenceWalk(visitor, progress);
		walk.items(block);
		progress.worked(walk.events % EVENTS_BETWEEN_CHECKS);
	}

	private void items(Block block) throws ReplayException {
		for (Item item : block.getItems()) {
			if (item instanceof Loop loop) {
				long lower;
				long upper;
				try {
					lower = Exprs.evaluate(loop.getLower(), this::valueOf);
					upper = Exprs.evaluate(loop.getUpper(), this::valueOf);
				} catch (IllegalStateException | ArithmeticException e) {
					throw new ReplayException(loop, e.getMessage());
				}
				names.add(loop.getIndex());
				values.add(lower);
				for (long value = lower; value <= upper; value++) {
					values.set(values.size() - 1, value);
					items(loop);
					if (value == Long.MAX_VALUE) {
						break;
					}
				}
				names.remove(names.size() - 1);
				values.remove(values.size() - 1);
			} else if (item instanceof Event event) {
				TraceEvent line;
				try {
					line = ModelExpander.line(event, this::valueOf);
				} catch (IllegalStateException | ArithmeticException e) {
					throw new ReplayException(event, e.getMessage());
				}
				visitor.occurrence(event, line);
				if (++events % EVENTS_BETWEEN_CHECKS == 0) {
					progress.worked(EVENTS_BETWEEN_CHECKS);
					progress.checkCancelled();
				}
			}
		}
	}

	/** The innermost index of that name (inner loops shadow outer ones). */
	private long valueOf(String index) {
		for (int i = names.size() - 1; i >= 0; i--) {
			if (names.get(i).equals(index)) {
				return values.get(i);
			}
		}
		throw new IllegalStateException("loop index '" + index + "' is not bound by an enclosing loop");
	}
}
