// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.ArrayList;
import java.util.List;
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

/**
 * Expansion (replay) of a model into the event lines it stands for, in model order, keeping the
 * events whose owner the filter accepts. Streaming: memory is proportional to the nesting depth,
 * not to the iteration counts.
 */
public final class ModelExpander extends EventIterator {

	private final IntPredicate owners;
	/** One frame per open block: the model's top, then every loop being iterated. */
	private final List<Frame> frames = new ArrayList<>();

	private ModelExpander(List<Item> items, IntPredicate owners) {
		this.owners = owners;
		frames.add(new Frame(items, null, 0, 0));
	}

	/** Every event of the block, in model order. */
	public static ModelExpander expand(Block block) {
		return new ModelExpander(block.getItems(), rank -> true);
	}

	/**
	 * Every event of the item at {@code position} among the block's items, in model order: a loop
	 * with all its iterations, or an event. The expansions of a block's items, one after the other,
	 * are the expansion of the block.
	 */
	public static ModelExpander expandItem(Block block, int position) {
		return new ModelExpander(block.getItems().subList(position, position + 1), rank -> true);
	}

	/** The events of the block owned by {@code rank}: the trace of that rank. */
	public static ModelExpander expand(Block block, int rank) {
		return new ModelExpander(block.getItems(), owner -> owner == rank);
	}

	/** The events of the block whose owner the predicate accepts. */
	public static ModelExpander expand(Block block, IntPredicate owners) {
		return new ModelExpander(block.getItems(), owners);
	}

	@Override
	protected @Nullable TraceEvent computeNext() {
		while (!frames.isEmpty()) {
			Frame frame = frames.get(frames.size() - 1);
			if (frame.position == frame.items.size()) {
				if (frame.loop != null && frame.value < frame.upper) {
					frame.value++;
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
				if (lower <= upper) {
					frames.add(new Frame(loop.getItems(), loop, lower, upper));
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
		final long upper;
		long value;
		int position;

		Frame(List<Item> items, @Nullable Loop loop, long lower, long upper) {
			this.items = items;
			this.loop = loop;
			this.value = lower;
			this.upper = upper;
		}
	}
}
