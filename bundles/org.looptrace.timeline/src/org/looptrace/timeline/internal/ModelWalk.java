// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Recv;
import org.looptrace.model.Send;
import org.looptrace.model.Value;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.Exprs;

/**
 * What the scheduler needs to know of the model before placing a block: which loops run over ranks
 * (their index is a rank an event is owned by), and the ranks every loop covers and the channels it
 * sends on. The model is walked once, not once per enclosing loop; the walk also evaluates indices,
 * ranks and tags in the environments of a block, with messages naming the construct's path.
 */
final class ModelWalk {

	/** Ranks above this are not drawn (one line each). */
	static final int MAX_RANK = 1 << 20;
	/** Occurrences of one block placed at once (the values of nested loops over ranks). */
	private static final int MAX_ENVIRONMENTS = 1 << 22;

	/** Every rank an event names. */
	final BitSet ranks = new BitSet();
	/** The ranks of the model's top. */
	final BitSet topRanks = new BitSet();

	private final Set<Loop> rankLoops = new HashSet<>();
	/** The ranks and send channels of the loops not placed yet. */
	private final Map<Loop, Coverage> coverages = new HashMap<>();

	/** The ranks a loop covers and the channels it sends on. */
	record Coverage(BitSet ranks, Set<Channel> sends) {
	}

	/** Walks the model with the environments of its top. */
	ModelWalk(Model model, List<Env> top) {
		ownerIndices(model);
		cover(model, "", top, topRanks, null, true);
	}

	/** Whether the loop's index is a rank: its body is placed once per value. */
	boolean overRanks(Loop loop) {
		return rankLoops.contains(loop);
	}

	/** The coverage of a loop, taken once: each loop is placed once. */
	Coverage take(Loop loop, String path) {
		Coverage coverage = coverages.remove(loop);
		if (coverage == null) {
			throw new IllegalStateException("loop " + path + " was not covered by the walk of the model");
		}
		return coverage;
	}

	/** The ranks that own events of a loop in one environment of its block (one iteration of the loop around it). */
	BitSet ranks(Loop loop, Env env, String path) {
		BitSet ranks = new BitSet();
		cover(loop, path, inner(loop, List.of(env), path), ranks, null, false);
		return ranks;
	}

	/** The indices the owners of the block's events use; collects the loops over ranks. */
	private Set<String> ownerIndices(Block block) {
		Set<String> used = new HashSet<>();
		for (Item item : block.getItems()) {
			if (item instanceof Loop loop) {
				Set<String> inner = ownerIndices(loop);
				if (inner.remove(loop.getIndex())) {
					rankLoops.add(loop);
				}
				used.addAll(inner);
			} else if (item instanceof Event event) {
				used.addAll(Exprs.indices(Exprs.owner(event)));
			}
		}
		return used;
	}

	/**
	 * Adds the owners of every event of the block to {@code out}, and the channels of its sends to
	 * {@code sends}; when {@code keep}, keeps those of each loop inside for {@link #take}.
	 */
	private void cover(Block block, String prefix, List<Env> envs, BitSet out, @Nullable Set<Channel> sends, boolean keep) {
		int position = 0;
		for (Item item : block.getItems()) {
			if (!(item instanceof Construct)) {
				continue;
			}
			position++;
			if (item instanceof Loop loop) {
				String path = path(prefix, position);
				Coverage coverage = new Coverage(new BitSet(), new HashSet<>());
				cover(loop, path, inner(loop, envs, path), coverage.ranks, keep ? coverage.sends : null, keep);
				if (keep) {
					coverages.put(loop, coverage);
				}
				out.or(coverage.ranks);
				if (sends != null) {
					sends.addAll(coverage.sends);
				}
			} else if (item instanceof Event event) {
				for (Env env : envs) {
					try {
						int owner = rank(Exprs.owner(event), env, prefix);
						out.set(owner);
						if (sends != null && event instanceof Send send) {
							sends.add(new Channel(owner, rank(send.getPeer(), env, prefix), tag(send, env, prefix)));
						}
					} catch (IllegalArgumentException e) {
						// Paths are made only for the message: this walk runs once per enclosing loop.
						throw new IllegalArgumentException(e.getMessage().replaceFirst("^construct [0-9.]*:", "construct " + path(prefix, position) + ":"), e);
					}
				}
			}
		}
	}

	/** The path of the construct at a position (from 1) of the block at {@code prefix}. */
	static String path(String prefix, int position) {
		return prefix.isEmpty() ? Integer.toString(position) : prefix + "." + position;
	}

	/**
	 * The environments of a loop body: every value of the index for a loop over ranks, the lower
	 * bound otherwise (the body is drawn once). An empty loop over ranks is drawn with its lower
	 * bound, so that every construct has a place.
	 */
	List<Env> inner(Loop loop, List<Env> envs, String path) {
		List<Env> inner = new ArrayList<>(envs.size());
		boolean overRanks = rankLoops.contains(loop);
		for (Env env : envs) {
			long lower = evaluate(loop.getLower(), env, path);
			long upper = overRanks ? evaluate(loop.getUpper(), env, path) : lower;
			if (inner.size() + Math.max(0, upper - lower + 1) > MAX_ENVIRONMENTS) {
				throw new IllegalArgumentException("construct " + path + ": a loop over more than " + MAX_ENVIRONMENTS + " ranks");
			}
			for (long value = lower; value <= upper; value++) {
				inner.add(env.with(loop.getIndex(), value));
			}
		}
		if (inner.isEmpty()) {
			for (Env env : envs) {
				inner.add(env.with(loop.getIndex(), evaluate(loop.getLower(), env, path)));
			}
		}
		return inner;
	}

	/** The iterations of a loop in an environment (0 when its bounds cross). */
	static long count(Loop loop, Env env, String path) {
		return Math.max(0, evaluate(loop.getUpper(), env, path) - evaluate(loop.getLower(), env, path) + 1);
	}

	private static long evaluate(Expr expr, Env env, String path) {
		try {
			return Exprs.evaluate(expr, env::valueOf);
		} catch (IllegalStateException | ArithmeticException e) {
			throw new IllegalArgumentException("construct " + path + ": " + e.getMessage(), e);
		}
	}

	/** The rank an expression names in an environment, from 0 to {@link #MAX_RANK}; noted in {@link #ranks}. */
	int rank(Expr expr, Env env, String path) {
		long value = evaluate(expr, env, path);
		if (value < 0 || value > MAX_RANK) {
			throw new IllegalArgumentException("construct " + path + ": rank " + Exprs.toText(expr) + " is " + value
					+ ", not a rank from 0 to " + MAX_RANK);
		}
		ranks.set((int) value);
		return (int) value;
	}

	/** The text of a value (a word of a local event) in an environment. */
	static String text(Value value, Env env, String path) {
		return evaluated(() -> Exprs.evaluateToText(value, env::valueOf), path);
	}

	/** The tag of a message in an environment. */
	static String tag(Message message, Env env, String path) {
		return evaluated(() -> Exprs.tagText(message, env::valueOf), path);
	}

	private static String evaluated(Supplier<String> text, String path) {
		try {
			return text.get();
		} catch (IllegalStateException | ArithmeticException e) {
			throw new IllegalArgumentException("construct " + path + ": " + e.getMessage(), e);
		}
	}
}
