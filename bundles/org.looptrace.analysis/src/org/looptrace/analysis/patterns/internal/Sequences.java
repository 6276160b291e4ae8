// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.patterns.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.internal.ModelWalks;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Recv;
import org.looptrace.model.Value;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Exprs;

/**
 * The communication events of a model as sequences of symbols, one per rank and context. Every loop
 * that repeats the same events is read once, its index at its lower bound (a loop whose guard loops
 * start or stop running at some iterations once per run of iterations alike, see
 * {@link ModelWalks#runs}) (a loop is a contiguous
 * repetition, which Alawneh et al. remove before looking for patterns); each place weighs the
 * product of the counts of the loops around it. A loop whose index decides who talks (a loop over
 * ranks or peers of a merged model) is read index by index: its iterations are different events. A
 * function boundary of a rank ({@code local call F}, {@code local return F}) ends that rank's
 * current piece: pieces are separated by {@link #SEPARATOR}. Calls of MPI operations
 * ({@code MPI_...}) are not contexts.
 */
public final class Sequences {

	/**
	 * A point-to-point event as its owner sees it, the first time its symbol was read: a send to
	 * {@code peer} or a receive from it.
	 */
	public record Transfer(boolean send, int owner, int peer, String tag) {
		/** The event at the other end of the message. */
		public Transfer partner() {
			return new Transfer(!send, peer, owner, tag);
		}
	}

	/** Between two pieces of a context: never part of a pattern. */
	public static final int SEPARATOR = -1;

	/** The pieces of one rank in one context: symbols (or separators) with their weights. */
	public static final class Pieces {
		private int[] symbols = new int[16];
		private long[] weights = new long[16];
		private int size;
		private long lastBoundary = -1;
		private final List<String> texts;

		Pieces(List<String> texts) {
			this.texts = texts;
		}

		void add(int symbol, long weight, long boundary) {
			if (lastBoundary != boundary && size > 0) {
				append(SEPARATOR, 0);
			}
			lastBoundary = boundary;
			append(symbol, weight);
		}

		private void append(int symbol, long weight) {
			if (size == symbols.length) {
				symbols = Arrays.copyOf(symbols, size * 2);
				weights = Arrays.copyOf(weights, size * 2);
			}
			symbols[size] = symbol;
			weights[size++] = weight;
		}

		public int[] symbols() {
			return Arrays.copyOf(symbols, size);
		}

		public long[] weights() {
			return Arrays.copyOf(weights, size);
		}

		/** The model text of the events of a sequence of symbols. */
		public List<String> texts(int[] sequence) {
			List<String> lines = new ArrayList<>();
			for (int symbol : sequence) {
				lines.add(texts.get(symbol));
			}
			return lines;
		}
	}

	private final boolean useContext;
	/** Symbols: the model text of an event. */
	private final Map<String, Integer> symbolOf = new HashMap<>();
	private final List<String> texts = new ArrayList<>();
	/** Per symbol, the message it is, or null for a collective. */
	private final List<@Nullable Transfer> messages = new ArrayList<>();
	private final Map<Integer, Map<String, Pieces>> pieces = new TreeMap<>();
	private final Map<Integer, Deque<String>> calls = new HashMap<>();
	/** Per rank, how many function boundaries it has crossed. */
	private final Map<Integer, Long> boundaries = new HashMap<>();
	private final Map<String, Long> indices = new HashMap<>();
	private final Map<Loop, ModelWalks.Readers> readers = new IdentityHashMap<>();

	private Sequences(boolean useContext) {
		this.useContext = useContext;
	}

	/** The pieces of every rank (ascending) and context (by name; "" outside any function). */
	public static Map<Integer, Map<String, Pieces>> read(Block model, boolean useContext) {
		return of(model, useContext).pieces();
	}

	/** The sequences of a model. */
	public static Sequences of(Block model, boolean useContext) {
		Sequences sequences = new Sequences(useContext);
		sequences.items(model.getItems(), 1);
		return sequences;
	}

	/** The pieces of every rank (ascending) and context (by name; "" outside any function). */
	public Map<Integer, Map<String, Pieces>> pieces() {
		return pieces;
	}

	/** The message a symbol stands for, null for a collective. */
	public @Nullable Transfer message(int symbol) {
		return messages.get(symbol);
	}

	/** The model text of a symbol. */
	public String text(int symbol) {
		return texts.get(symbol);
	}

	private void items(List<Item> items, long weight) {
		for (Item item : items) {
			if (item instanceof Loop loop) {
				long lower = Exprs.evaluate(loop.getLower(), this::valueOf);
				long count = Exprs.evaluate(loop.getUpper(), this::valueOf) - lower + 1;
				if (count > 0 && ModelWalks.uses(loop, loop.getIndex(), false)) {
					// a loop over ranks or peers: each iteration is other events, of other ranks
					Long outer = indices.get(loop.getIndex());
					for (long value = lower; value < lower + count; value++) {
						indices.put(loop.getIndex(), value);
						items(loop.getItems(), weight);
					}
					restore(loop.getIndex(), outer);
				} else if (count > 0) {
					Long outer = indices.get(loop.getIndex());
					for (long[] run : ModelWalks.runs(loop, readers.computeIfAbsent(loop, ModelWalks.Readers::of), lower, lower + count - 1, this::valueOf)) {
						indices.put(loop.getIndex(), run[0]);
						items(loop.getItems(), ModelWalks.saturatedProduct(weight, run[1] - run[0] + 1));
					}
					restore(loop.getIndex(), outer);
				}
			} else if (item instanceof Event event) {
				event(event, weight);
			}
		}
	}

	private void restore(String index, Long outer) {
		if (outer == null) {
			indices.remove(index);
		} else {
			indices.put(index, outer);
		}
	}

	private void event(Event event, long weight) {
		int owner = (int) Exprs.evaluate(event instanceof Recv recv ? recv.getPeer() : event.getRank(), this::valueOf);
		Deque<String> stack = calls.computeIfAbsent(owner, rank -> new ArrayDeque<>());
		if (event instanceof Local local) {
			List<Value> words = local.getWords();
			if (useContext && words.size() == 2) {
				String verb = Exprs.evaluateToText(words.get(0), this::valueOf);
				String function = Exprs.evaluateToText(words.get(1), this::valueOf);
				// the calls around MPI operations (looptrace trace --calls) are no user function
				if (function.startsWith("MPI_")) {
					return;
				}
				if (verb.equals("call")) {
					stack.push(function);
					boundaries.merge(owner, 1L, Long::sum);
				} else if (verb.equals("return") && function.equals(stack.peek())) {
					stack.pop();
					boundaries.merge(owner, 1L, Long::sum);
				}
			}
			return; // local events are not communication
		}
		@Nullable Transfer transfer = null;
		String text;
		if (event instanceof org.looptrace.model.Message message) {
			// evaluated: in a loop over ranks the same construct is the events of many ranks
			int peer = (int) Exprs.evaluate(event instanceof Recv ? event.getRank() : message.getPeer(), this::valueOf);
			transfer = new Transfer(!(event instanceof Recv), owner, peer,
					Exprs.tagText(message, this::valueOf));
			text = transfer.send() ? owner + " send " + peer + " " + transfer.tag()
					: peer + " recv " + owner + " " + transfer.tag();
		} else {
			text = ModelPrinter.print(event);
		}
		@Nullable Transfer read = transfer;
		int symbol = symbolOf.computeIfAbsent(text, t -> {
			texts.add(t);
			messages.add(read);
			return texts.size() - 1;
		});
		String context = stack.isEmpty() ? "" : stack.peek();
		pieces.computeIfAbsent(owner, rank -> new TreeMap<>()).computeIfAbsent(context, c -> new Pieces(texts))
				.add(symbol, weight, boundaries.getOrDefault(owner, 0L));
	}

	private long valueOf(String index) {
		Long value = indices.get(index);
		if (value == null) {
			throw new IllegalStateException("loop index '" + index + "' is not bound by an enclosing loop");
		}
		return value;
	}
}
