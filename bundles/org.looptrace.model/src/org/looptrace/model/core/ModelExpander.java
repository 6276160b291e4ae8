// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Recv;
import org.looptrace.model.Send;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.internal.OwnerIterations;

/**
 * Expansion (replay) of a model into the event lines it stands for, in model order, keeping the
 * events whose owner the filter accepts. Streaming: memory is proportional to the nesting depth,
 * not to the iteration counts. The events of one rank run only the iterations of loops over ranks
 * that may hold that rank's events ({@link OwnerIterations}), so that projecting a run of P ranks
 * onto each of its ranks costs P times a rank's events, not P².
 */
public final class ModelExpander extends EventIterator {

	private final IntPredicate owners;
	/** The rank whose events are kept, or -1 when the predicate decides alone. */
	private final int rank;
	/** One frame per open block: the model's top, then every loop being iterated. */
	private final List<Frame> frames = new ArrayList<>();

	private ModelExpander(List<Item> items, IntPredicate owners, int rank) {
		this.owners = owners;
		this.rank = rank;
		frames.add(new Frame(items, null, null, 0, 0));
	}

	/** Every event of the block, in model order. */
	public static ModelExpander expand(Block block) {
		return new ModelExpander(block.getItems(), rank -> true, -1);
	}

	/**
	 * Every event of the item at {@code position} among the block's items, in model order: a loop
	 * with all its iterations, or an event. The expansions of a block's items, one after the other,
	 * are the expansion of the block.
	 */
	public static ModelExpander expandItem(Block block, int position) {
		return new ModelExpander(block.getItems().subList(position, position + 1), rank -> true, -1);
	}

	/** The events of the block owned by {@code rank}: the trace of that rank. */
	public static ModelExpander expand(Block block, int rank) {
		return new ModelExpander(block.getItems(), owner -> owner == rank, rank);
	}

	/** The events of the block whose owner the predicate accepts. */
	public static ModelExpander expand(Block block, IntPredicate owners) {
		return new ModelExpander(block.getItems(), owners, -1);
	}

	@Override
	protected @Nullable TraceEvent computeNext() {
		while (!frames.isEmpty()) {
			Frame frame = frames.get(frames.size() - 1);
			if (frame.position == frame.items.size()) {
				if (frame.loop != null && frame.advanced()) {
					frame.position = 0;
				} else {
					frames.remove(frames.size() - 1);
				}
				continue;
			}
			Item item = frame.items.get(frame.position++);
			if (item instanceof Loop loop) {
				long lower = Exprs.evaluate(loop.getLower(), this::valueOf);
				long upper = Exprs.evaluate(loop.getUpper(), this::valueOf);
				long[] values = rank < 0 || lower > upper ? null : OwnerIterations.of(loop, lower, upper, rank, enclosingValues());
				if (values != null ? values.length > 0 : lower <= upper) {
					frames.add(new Frame(loop.getItems(), loop, values, lower, upper));
				}
			} else if (item instanceof Event event) {
				TraceEvent line = evaluate(event);
				if (owners.test(line.owner())) {
					return line;
				}
			}
		}
		return null;
	}

	/** The values of the indices of the loops being iterated, the innermost one of each name. */
	private Map<String, Long> enclosingValues() {
		Map<String, Long> values = new HashMap<>();
		for (Frame frame : frames) {
			Loop loop = frame.loop;
			if (loop != null) {
				values.put(loop.getIndex(), frame.value);
			}
		}
		return values;
	}

	/** The value of the innermost loop index of that name. */
	private long valueOf(String index) {
		for (int i = frames.size() - 1; i > 0; i--) {
			Frame frame = frames.get(i);
			Loop loop = frame.loop;
			if (loop != null && loop.getIndex().equals(index)) {
				return frame.value;
			}
		}
		throw new IllegalStateException("loop index '" + index + "' is not bound by an enclosing loop");
	}

	/**
	 * The trace line of one occurrence of an event, its fields evaluated with the values of the
	 * enclosing loop indices.
	 *
	 * @throws IllegalStateException when a rank or peer evaluates to no rank, or an index is not bound
	 */
	public static TraceEvent line(Event event, Exprs.IndexEnvironment environment) {
		int rank = rank(event.getRank(), environment);
		if (event instanceof Send send) {
			return TraceEvent.send(rank, rank(send.getPeer(), environment), Exprs.tagText(send, environment));
		} else if (event instanceof Recv recv) {
			return TraceEvent.recv(rank, rank(recv.getPeer(), environment), Exprs.tagText(recv, environment));
		} else if (event instanceof Sync sync) {
			return TraceEvent.sync(rank, sync.getName(), sync.getGroup());
		}
		List<String> words = new ArrayList<>();
		for (Value word : ((Local) event).getWords()) {
			words.add(Exprs.evaluateToText(word, environment));
		}
		return TraceEvent.local(rank, words);
	}

	private TraceEvent evaluate(Event event) {
		return line(event, this::valueOf);
	}

	private static int rank(Expr expr, Exprs.IndexEnvironment environment) {
		long value = Exprs.evaluate(expr, environment);
		if (value < 0 || value > Integer.MAX_VALUE) {
			throw new IllegalStateException("rank " + Exprs.toText(expr) + " evaluates to " + value + ", not a rank");
		}
		return (int) value;
	}

	private static final class Frame {
		final List<Item> items;
		/** Null for the model's top block. */
		final @Nullable Loop loop;
		/** The values of the index to run, ascending, or null for every value up to {@code upper}. */
		final long @Nullable [] values;
		final long upper;
		long value;
		int next = 1;
		int position;

		Frame(List<Item> items, @Nullable Loop loop, long @Nullable [] values, long lower, long upper) {
			this.items = items;
			this.loop = loop;
			this.values = values;
			this.value = values == null ? lower : values[0];
			this.upper = upper;
		}

		/** Moves to the next iteration; false after the last. */
		boolean advanced() {
			long[] run = values;
			if (run != null) {
				if (next == run.length) {
					return false;
				}
				value = run[next++];
				return true;
			}
			if (value < upper) {
				value++;
				return true;
			}
			return false;
		}
	}
}
