// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

import org.eclipse.emf.common.util.EList;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Recv;
import org.looptrace.model.Symbol;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;

/**
 * Folding of a global model: nested loop recognition over the constructs of every system (each
 * loop body, then the top level), so that constructs which differ only by an affine function of
 * the rank (or of their position) become a loop whose rank, peer, tag and bounds are affine in its
 * index. The rules are NLR's: three consecutive blocks that unify become a loop of three iterations;
 * a loop followed by a copy of its body at the next iteration grows by one. On periodic grids a
 * run of copies breaks where a neighbour wraps around: two runs that continue each other modulo
 * the cycle join into one loop whose numbers hold {@code mod(index+o,M)} ({@link Pairs#PERIODIC}),
 * and so do k copies that walk around a cycle of k ranks (SP's z sweeps, {@link #cycles}).
 * A pass over the few smallest foldings of the top level makes loops of copies whose residues
 * move by steps too (SP's sweeps forth, then back: {@link #stepped}), and the smallest result wins;
 * a last one makes loops of copies that fit by their values, or nests of them ({@link #copiesFitted}).
 * Folding rewrites the linear sequence of constructs into an equal sequence, so every rank keeps
 * its events in order and projection stays exact. It is a pure function of the model: deterministic.
 *
 * <p>Numbers are {@link DepthExpr}s: over loop depths, not index names, so that two copies of a
 * construct at the same depth have equal numbers.
 */
public final class Folding {

	/** The longest loop body looked for, in constructs. */
	static final int MAX_BODY = 64;
	/** The foldings of the top level the pass over steps is run on, the smallest first. */
	private static final int FINALISTS = 3;
	/** Systems of at least this many constructs try their foldings in parallel. */
	private static final int PARALLEL = 4096;

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;
	/** Marks a numeric word among the symbols of an event shape (real symbols never hold a NUL). */
	private static final String NUMBER = "\0";

	private final int threads;
	/** What {@link #stepped} made of each loop body met, for the finalists of the top level. */
	private final Map<SteppedBody, List<Node>> steppedBodies = new ConcurrentHashMap<>();
	/** Shared by the threads: reports and cancellation checks serialized. */
	private final Progress progress;

	private Folding(int threads, Progress progress) {
		this.threads = threads;
		this.progress = Parallel.shared(progress);
	}

	/**
	 * The folded model of blocks run one after the other (a global model, or local models side by
	 * side); the blocks are not changed. Long systems try their foldings on up to {@code threads}
	 * threads; the result does not depend on their number.
	 *
	 * @throws IllegalArgumentException when an event's rank is not constant, or the blocks hold
	 *                                  annotations
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static Model fold(List<? extends Block> blocks, int threads, Progress progress) {
		List<Node> items = new ArrayList<>();
		Checkpoints checkpoints = new Checkpoints(progress);
		Map<Object, Object> canonical = new HashMap<>();
		for (Block block : blocks) {
			items.addAll(read(block.getItems(), new HashMap<>(), 0, checkpoints, canonical));
		}
		Model result = FACTORY.createModel();
		write(new Folding(threads, progress).fold(items, 0), result.getItems(), new ArrayList<>());
		return result;
	}

	/** The constructs of a block: loops and events, inside loops included. */
	public static long constructs(Block block) {
		long count = 0;
		for (Item item : block.getItems()) {
			count += 1 + (item instanceof Loop loop ? constructs(loop) : 0);
		}
		return count;
	}

	// ---- terms

	/** A construct: an event or a loop, hashed without its numbers (its skeleton). */
	private abstract static sealed class Node permits EventNode, LoopNode {
		final int skeleton;
		/** The ranks of a construct read from the model; empty for those folding builds. */
		final RankSet ranks;

		Node(int skeleton, RankSet ranks) {
			this.skeleton = skeleton;
			this.ranks = ranks;
		}
	}



	/** An event: kind, symbols (NUMBER where a number stands), group of a collective, numbers. */
	private static final class EventNode extends Node {
		final EventKind kind;
		final String[] symbols;
		final @Nullable RankSet group;
		/** rank, then the peer of a message, then the numeric tag or words, in order. */
		final DepthExpr[] numbers;

		/** An event read from the model: its owner is its rank set. */
		EventNode(EventKind kind, String[] symbols, @Nullable RankSet group, DepthExpr[] numbers) {
			super(Objects.hash(kind, Arrays.hashCode(symbols), group, numbers.length), owner(kind, numbers));
			this.kind = kind;
			this.symbols = symbols;
			this.group = group;
			this.numbers = numbers;
		}

		private EventNode(EventNode shape, DepthExpr[] numbers) {
			super(shape.skeleton, RankSet.EMPTY);
			this.kind = shape.kind;
			this.symbols = shape.symbols;
			this.group = shape.group;
			this.numbers = numbers;
		}

		/** The event with other numbers, as folding builds it (no rank set). */
		EventNode withNumbers(DepthExpr[] numbers) {
			return new EventNode(this, numbers);
		}

		private static RankSet owner(EventKind kind, DepthExpr[] numbers) {
			DepthExpr owner = numbers[kind == EventKind.RECV ? 1 : 0];
			long rank = owner.constantTerm();
			return owner.isConstant() && rank >= 0 && rank <= Integer.MAX_VALUE ? RankSet.of((int) rank) : RankSet.EMPTY;
		}

		@Override
		public boolean equals(@Nullable Object obj) {
			return obj instanceof EventNode other && skeleton == other.skeleton && kind == other.kind
					&& Arrays.equals(symbols, other.symbols) && Objects.equals(group, other.group)
					&& Arrays.equals(numbers, other.numbers);
		}

		@Override
		public int hashCode() {
			return skeleton;
		}
	}

	/** A loop from {@code lower} to {@code upper} inclusive (affine in the enclosing indices). */
	private static final class LoopNode extends Node {
		final DepthExpr lower;
		final DepthExpr upper;
		final Node[] body;
		/** Whether the loop runs from 0 to a constant; asked at every step of the recognitions. */
		final boolean counted;

		LoopNode(DepthExpr lower, DepthExpr upper, Node[] body, RankSet ranks) {
			super(skeleton(body), ranks);
			this.lower = lower;
			this.upper = upper;
			this.body = body;
			this.counted = lower.equals(DepthExpr.ZERO) && upper.isConstant();
		}

		private static int skeleton(Node[] body) {
			int hash = 17;
			for (Node item : body) {
				hash = 31 * hash + item.skeleton;
			}
			return hash;
		}

		@Override
		public boolean equals(@Nullable Object obj) {
			return obj instanceof LoopNode other && skeleton == other.skeleton && lower.equals(other.lower)
					&& upper.equals(other.upper) && Arrays.equals(body, other.body);
		}

		@Override
		public int hashCode() {
			return skeleton;
		}
	}

	// ---- copies of a block as one block: NLR's unification, and the other rules of folding

	/**
	 * How the numbers at one place of several copies of a construct become one number over a new
	 * loop (null: they do not). Loop bounds are combined apart: they may hold no residue.
	 */
	private interface Combiner {
		@Nullable DepthExpr number(DepthExpr[] column);

		@Nullable DepthExpr bound(DepthExpr[] column);

		/** The walk enters the loops of the copies (one per copy). */
		default void enter(LoopNode[] loops) {
		}

		default void leave() {
		}
	}

	/**
	 * Copies of a block (blocks[c] is copy c) as one block, construct by construct: events of the
	 * same shape and loops of the same length, their numbers and bounds combined column by
	 * column. Null when the blocks differ otherwise or a column does not combine.
	 */
	private static Node @Nullable [] combine(Node[][] blocks, Combiner combiner) {
		Node[] result = new Node[blocks[0].length];
		Node[] column = new Node[blocks.length];
		for (int j = 0; j < result.length; j++) {
			for (int c = 0; c < blocks.length; c++) {
				if (blocks[c].length != result.length) {
					return null;
				}
				column[c] = blocks[c][j];
			}
			result[j] = combine(column, combiner);
			if (result[j] == null) {
				return null;
			}
		}
		return result;
	}

	private static @Nullable Node combine(Node[] copies, Combiner combiner) {
		DepthExpr[] column = new DepthExpr[copies.length];
		if (copies[0] instanceof EventNode first) {
			DepthExpr[] numbers = new DepthExpr[first.numbers.length];
			for (int k = 0; k < numbers.length; k++) {
				for (int c = 0; c < copies.length; c++) {
					if (!(copies[c] instanceof EventNode event) || event.skeleton != first.skeleton || !sameShape(first, event)) {
						return null;
					}
					column[c] = event.numbers[k];
				}
				numbers[k] = combiner.number(column);
				if (numbers[k] == null) {
					return null;
				}
			}
			return first.withNumbers(numbers);
		}
		LoopNode[] loops = new LoopNode[copies.length];
		Node[][] bodies = new Node[copies.length][];
		for (int c = 0; c < copies.length; c++) {
			if (!(copies[c] instanceof LoopNode loop) || loop.skeleton != copies[0].skeleton) {
				return null;
			}
			loops[c] = loop;
			bodies[c] = loop.body;
			column[c] = loop.lower;
		}
		DepthExpr lower = combiner.bound(column);
		if (lower == null) {
			return null;
		}
		for (int c = 0; c < copies.length; c++) {
			column[c] = loops[c].upper;
		}
		DepthExpr upper = combiner.bound(column);
		if (upper == null) {
			return null;
		}
		combiner.enter(loops);
		Node[] body = combine(bodies, combiner);
		combiner.leave();
		return body == null ? null : new LoopNode(lower, upper, body, RankSet.EMPTY);
	}

	/**
	 * NLR's unification of two or three copies: numbers that move by one constant step (with
	 * {@code residueSteps}, the arguments of their residues too).
	 */
	private static Combiner unification(int depth, boolean residueSteps, List<long @Nullable []> enclosing) {
		return new RangedCombiner(enclosing) {
			@Override
			public @Nullable DepthExpr number(DepthExpr[] column) {
				DepthExpr third = column.length > 2 ? column[2] : null;
				return residueSteps ? DepthExpr.unifySteppingLifted(column[0], column[1], third, depth, ranges)
						: DepthExpr.unify(column[0], column[1], third, depth);
			}

			@Override
			public @Nullable DepthExpr bound(DepthExpr[] column) {
				return number(column);
			}
		};
	}

	/**
	 * A combiner that knows the range of each index as it walks the copies: {lower, upper} of the
	 * enclosing loops, then of the copies' loops it entered, when their bounds are constant (else
	 * null), outermost first.
	 */
	private abstract static class RangedCombiner implements Combiner {
		final List<long @Nullable []> ranges;

		RangedCombiner(List<long @Nullable []> enclosing) {
			this.ranges = new ArrayList<>(enclosing);
		}

		@Override
		public void enter(LoopNode[] loops) {
			ranges.add(range(loops));
		}

		@Override
		public void leave() {
			ranges.remove(ranges.size() - 1);
		}
	}

	/** {lower, upper} of the loops when they all have these constant bounds, else null. */
	private static long @Nullable [] range(LoopNode... loops) {
		for (LoopNode loop : loops) {
			if (!loop.lower.isConstant() || !loop.upper.isConstant()
					|| loop.lower.constantTerm() != loops[0].lower.constantTerm()
					|| loop.upper.constantTerm() != loops[0].upper.constantTerm()) {
				return null;
			}
		}
		return new long[] { loops[0].lower.constantTerm(), loops[0].upper.constantTerm() };
	}

	/**
	 * Events that differ at most by their numbers. Identity first: events of one shape share their
	 * symbols and group (see {@link #canonical}).
	 */
	private static boolean sameShape(EventNode a, EventNode b) {
		return a.kind == b.kind && a.numbers.length == b.numbers.length
				&& (a.symbols == b.symbols || Arrays.equals(a.symbols, b.symbols))
				&& (a.group == b.group || Objects.equals(a.group, b.group));
	}

	/** The construct with the index at {@code depth} set to n (a body item taken out of its loop). */
	private static Node instantiate(Node node, int depth, long n) {
		return mapped(node, number -> number.instantiate(depth, n));
	}

	/** Whether {@code instantiate(node, depth, n)} equals {@code copy}, found without building it. */
	private static boolean instantiatesTo(Node node, int depth, long n, Node copy) {
		if (node.skeleton != copy.skeleton) {
			return false;
		}
		if (node instanceof EventNode event) {
			if (!(copy instanceof EventNode other) || !sameShape(event, other)) {
				return false;
			}
			for (int k = 0; k < event.numbers.length; k++) {
				if (!event.numbers[k].instantiatesTo(depth, n, other.numbers[k])) {
					return false;
				}
			}
			return true;
		}
		LoopNode loop = (LoopNode) node;
		if (!(copy instanceof LoopNode other) || loop.body.length != other.body.length
				|| !loop.lower.instantiatesTo(depth, n, other.lower) || !loop.upper.instantiatesTo(depth, n, other.upper)) {
			return false;
		}
		for (int i = 0; i < loop.body.length; i++) {
			if (!instantiatesTo(loop.body[i], depth, n, other.body[i])) {
				return false;
			}
		}
		return true;
	}

	/** The construct with every number and loop bound inside replaced by its image. */
	private static Node mapped(Node node, UnaryOperator<DepthExpr> image) {
		if (node instanceof EventNode event) {
			DepthExpr[] numbers = new DepthExpr[event.numbers.length];
			for (int k = 0; k < numbers.length; k++) {
				numbers[k] = image.apply(event.numbers[k]);
			}
			return event.withNumbers(numbers);
		}
		LoopNode loop = (LoopNode) node;
		Node[] body = new Node[loop.body.length];
		for (int i = 0; i < body.length; i++) {
			body[i] = mapped(loop.body[i], image);
		}
		return new LoopNode(image.apply(loop.lower), image.apply(loop.upper), body, RankSet.EMPTY);
	}

	// ---- the stack machine of NLR over the constructs of one system

	/**
	 * Folds the constructs of a system at {@code depth}, the bodies of its loops first. Of the
	 * order read and the {@link Linearizations} (rank-major, then group-major by step with and
	 * without its numbers), with each kind of {@link Pairs}, keeps the one that folds into the
	 * fewest constructs (the first on a tie: no pairs, the order read), or the folding that keeps
	 * each segment's smallest ({@link #separators}) when that is smaller. At the top level, of the
	 * {@link #FINALISTS} smallest and the folding by segments, the one smallest after
	 * {@link #stepped}, then {@link #copiesFitted}.
	 */
	private List<Node> fold(List<Node> items, int depth) {
		progress.checkCancelled();
		List<Node> folded = new ArrayList<>(items.size());
		for (Node item : items) {
			folded.add(item instanceof LoopNode loop ? new LoopNode(loop.lower, loop.upper,
					fold(List.of(loop.body), depth + 1).toArray(new Node[0]), loop.ranks) : item);
		}
		Candidates candidates = candidates(folded, depth);
		List<List<Node>> folds = candidates.folds();
		List<Node> bySegment = candidates.bySegment();
		long[] sizes = folds.stream().mapToLong(Folding::size).toArray();
		// The smallest first, the first on a tie.
		List<Integer> ranked = new ArrayList<>(folds.size());
		for (int k = 0; k < folds.size(); k++) {
			ranked.add(k);
		}
		ranked.sort(Comparator.comparingLong(k -> sizes[k]));
		if (depth > 0) {
			List<Node> best = folds.get(ranked.get(0));
			return bySegment != null && size(bySegment) < size(best) ? bySegment : best;
		}
		// At the top, the pass over steps decides among the few smallest and the folding by
		// segments: it can shrink one more than another (MG's exchanges folded as four loops or as
		// one loop over their steps).
		List<List<Node>> finalists = new ArrayList<>(ranked.stream().map(folds::get).distinct().limit(FINALISTS).toList());
		if (bySegment != null && !finalists.contains(bySegment)) {
			finalists.add(bySegment);
		}
		List<List<Node>> results = Parallel.map(finalists.size(), items.size() >= PARALLEL ? threads : 1,
				k -> stepped(finalists.get(k), List.of()));
		return copiesFitted(results.stream().min(Comparator.comparingLong(Folding::size)).orElseThrow(), List.of());
	}

	/**
	 * The foldings of a system's constructs (their loop bodies folded): each kind of {@link Pairs}
	 * with each order of {@link #fold}'s, kinds outermost (the order of the ties).
	 */
	private Candidates candidates(List<Node> folded, int depth) {
		List<RankSet> ranks = folded.stream().map(node -> node.ranks).toList();
		List<List<Node>> orders = new ArrayList<>(List.of(folded));
		List<Node> rankMajor = reorder(folded, Linearizations.rankMajor(ranks));
		List<List<Node>> reorders = new ArrayList<>(List.of(rankMajor,
				reorder(folded, Linearizations.groupMajor(ranks, folded.stream().map(node -> relative(node, false)).toList())),
				reorder(folded, Linearizations.groupMajor(ranks, folded.stream().map(node -> relative(node, true)).toList()))));
		Map<Object, Integer> collectives = new HashMap<>();
		List<Object> instances = collectiveInstances(folded, collectives);
		if (!collectives.isEmpty()) {
			reorders.add(reorder(folded, Linearizations.groupMajor(ranks, instances, collectives)));
		}
		for (List<Node> reordered : reorders) {
			if (!orders.contains(reordered)) {
				orders.add(reordered);
			}
		}
		List<Node> rankBlocks = rankBlocks(rankMajor, depth);
		if (rankBlocks.size() < folded.size()) {
			orders.add(rankBlocks);
		}
		Set<Node> separators = separators(folded);
		int count = Pairs.CANDIDATES.length * orders.size();
		// Long systems (the top level of thousands of ranks) try their candidates in parallel; the
		// choice below is made in a fixed order, so the result does not depend on it.
		// Only the rank-block order holds wrappers: bodies folded above have been unwrapped already.
		List<List<List<Node>>> segmented = Parallel.map(count, folded.size() >= PARALLEL ? threads : 1, k -> {
			List<Node> order = orders.get(k % orders.size());
			Pairs pairs = Pairs.CANDIDATES[k / orders.size()];
			List<List<Node>> segments = new ArrayList<>();
			for (List<Node> segment : segments(order, separators)) {
				List<Node> recognized = segment.size() == 1 && separators.contains(segment.get(0)) ? segment
						: recognize(segment, depth, pairs, List.of(), progress);
				segments.add(order == rankBlocks ? unwrap(recognized, depth) : recognized);
			}
			// The whole folded again, with the same pairs: repetitions around the separators.
			segments.add(joined(segments, depth, pairs));
			return segments;
		});
		List<List<Node>> folds = new ArrayList<>(count);
		for (List<List<Node>> segments : segmented) {
			folds.add(segments.remove(segments.size() - 1));
		}
		if (separators.isEmpty()) {
			return new Candidates(folds, null);
		}
		// Each segment's smallest folding, the first on a tie.
		List<List<Node>> smallest = new ArrayList<>(segmented.get(0));
		for (List<List<Node>> segments : segmented) {
			for (int s = 0; s < segments.size(); s++) {
				if (size(segments.get(s)) < size(smallest.get(s))) {
					smallest.set(s, segments.get(s));
				}
			}
		}
		return new Candidates(folds, joined(smallest, depth, Pairs.NONE));
	}

	/**
	 * The foldings of a system, one per order and kind of pairs, and the one that keeps each
	 * segment's smallest (null when the system has no {@link #separators}).
	 */
	private record Candidates(List<List<Node>> folds, @Nullable List<Node> bySegment) {
	}

	/**
	 * The constructs of all the system's ranks (a time loop spanning every rank), when they cut the
	 * others into at least two runs of two or more: no order moves a construct past one, so each run
	 * (a segment) may keep its own smallest folding (BT's initialization folds best in one order,
	 * its verification in another). Compared by identity; empty when there are no such two runs.
	 */
	private static Set<Node> separators(List<Node> folded) {
		RankSet all = RankSet.EMPTY;
		for (Node node : folded) {
			all = all.union(node.ranks);
		}
		Set<Node> separators = Collections.newSetFromMap(new IdentityHashMap<>());
		if (all.size() < 2) {
			return separators;
		}
		int runs = 0;
		int run = 0;
		for (Node node : folded) {
			if (node.ranks.equals(all)) {
				separators.add(node);
				runs += run >= 2 ? 1 : 0;
				run = 0;
			} else {
				run++;
			}
		}
		runs += run >= 2 ? 1 : 0;
		if (runs < 2) {
			separators.clear();
		}
		return separators;
	}

	/** The order cut before and after each separator: segments, and each separator alone. */
	private static List<List<Node>> segments(List<Node> order, Set<Node> separators) {
		if (separators.isEmpty()) {
			return List.of(order);
		}
		List<List<Node>> segments = new ArrayList<>();
		int start = 0;
		for (int i = 0; i < order.size(); i++) {
			if (separators.contains(order.get(i))) {
				if (i > start) {
					segments.add(order.subList(start, i));
				}
				segments.add(order.subList(i, i + 1));
				start = i + 1;
			}
		}
		if (start < order.size()) {
			segments.add(order.subList(start, order.size()));
		}
		return segments;
	}

	/** Segments folded on their own, one after the other, folded again (repetitions around the separators). */
	private List<Node> joined(List<List<Node>> segments, int depth, Pairs pairs) {
		if (segments.size() == 1) {
			return segments.get(0);
		}
		List<Node> joined = new ArrayList<>();
		segments.forEach(joined::addAll);
		return recognize(joined, depth, pairs, List.of(), progress);
	}

	/**
	 * The group-major keys of the constructs with each collective operation told apart: a member of
	 * a collective is keyed by its step and how many times its rank took that step before, so the
	 * members of one operation share a key; {@code sizes} gets each such key's number of members.
	 */
	private static List<Object> collectiveInstances(List<Node> items, Map<Object, Integer> sizes) {
		Map<List<Object>, Integer> taken = new HashMap<>();
		List<Object> keys = new ArrayList<>(items.size());
		for (Node item : items) {
			Object key = relative(item, false);
			if (item instanceof EventNode event && event.kind == EventKind.SYNC && item.ranks.size() == 1) {
				key = List.of(key, taken.merge(List.of(key, item.ranks.min()), 1, Integer::sum));
				sizes.merge(key, 1, Integer::sum);
			}
			keys.add(key);
		}
		return keys;
	}

	/** Which two consecutive copies of a block become a loop. */
	private enum Pairs {
		/** None: NLR's rules alone (three copies make a loop). */
		NONE,
		/** Copies that differ by a rank shift only: two ranks doing the same thing. */
		TRANSLATIONS,
		/** Any copies that differ by constant steps. */
		ANY,
		/**
		 * As ANY, and two copies of one loop too (see RANK_SHIFTS): one loop over a block of ranks
		 * where three ranks would not be affine.
		 */
		ANY_WITH_LOOPS,
		/**
		 * Copies whose ranks move by one shift, peers by any steps, other numbers equal: two ranks
		 * taking the same steps with other partners. Two copies of one loop fold too, so that two
		 * loops of two ranks each become a loop over a 2 × 2 block of ranks, the shape of exchanges
		 * by rank bits (peer = rank XOR 2 is affine in the bits).
		 */
		RANK_SHIFTS,
		/**
		 * As TRANSLATIONS, two copies of one loop too, and two runs of one step joined into one
		 * loop (a loop and a copy of its body, a copy and a loop, or two loops) when the second run
		 * continues the first, or continues it past a wrap-around: the neighbours of a periodic
		 * grid, {@code mod(3+i1,4)}. Walks around a cycle fold too (see cycles), and three copies
		 * whose forms differ unify when they take the same values (see Agreement).
		 */
		PERIODIC,
		/**
		 * As ANY_WITH_LOOPS, the arguments of residues moving by constant steps too, and runs of
		 * loops fitted by their values ({@link #fitsUnrolled}): the pass over the top level's finalists
		 * ({@link #stepped}), not a candidate, as it would take copies apart that PERIODIC joins.
		 */
		STEPS;

		/** The kinds each order of a system is folded with. */
		static final Pairs[] CANDIDATES = { NONE, TRANSLATIONS, ANY, ANY_WITH_LOOPS, RANK_SHIFTS, PERIODIC };
	}

	/**
	 * NLR's stack, with each construct's skeleton and, for a loop from 0 to a constant, the length
	 * of its body (and that of its last construct's, for {@link #completesSecondCopy}) beside it:
	 * every step of a recognition tests them at up to 3 · MAX_BODY places below the top before any
	 * rule compares constructs.
	 */
	private static final class Stack extends AbstractList<Node> implements RandomAccess {
		private Node[] nodes;
		private int[] skeletons;
		private int[] countedBodies;
		/** For a loop of two iterations from 0 whose body ends with a loop: that loop's body length. */
		private int[] pairTails;
		private int size;

		Stack(int capacity) {
			nodes = new Node[Math.max(capacity, 16)];
			skeletons = new int[nodes.length];
			countedBodies = new int[nodes.length];
			pairTails = new int[nodes.length];
		}

		@Override
		public Node get(int i) {
			Objects.checkIndex(i, size);
			return nodes[i];
		}

		@Override
		public int size() {
			return size;
		}

		@Override
		public boolean add(Node node) {
			if (size == nodes.length) {
				nodes = Arrays.copyOf(nodes, 2 * size);
				skeletons = Arrays.copyOf(skeletons, 2 * size);
				countedBodies = Arrays.copyOf(countedBodies, 2 * size);
				pairTails = Arrays.copyOf(pairTails, 2 * size);
			}
			nodes[size] = node;
			skeletons[size] = node.skeleton;
			LoopNode counted = node instanceof LoopNode loop && loop.counted ? loop : null;
			countedBodies[size] = counted != null ? counted.body.length : 0;
			pairTails[size] = counted != null && counted.upper.constantTerm() == 1 && counted.body.length > 0
					&& counted.body[counted.body.length - 1] instanceof LoopNode tail ? tail.body.length : 0;
			size++;
			modCount++;
			return true;
		}

		@Override
		protected void removeRange(int from, int to) {
			System.arraycopy(nodes, to, nodes, from, size - to);
			System.arraycopy(skeletons, to, skeletons, from, size - to);
			System.arraycopy(countedBodies, to, countedBodies, from, size - to);
			System.arraycopy(pairTails, to, pairTails, from, size - to);
			Arrays.fill(nodes, size - (to - from), size, null);
			size -= to - from;
			modCount++;
		}

		int skeleton(int i) {
			return skeletons[i];
		}

		/** The length of the body of construct i if it is a loop from 0 to a constant, else 0. */
		int countedBody(int i) {
			return countedBodies[i];
		}

		int pairTail(int i) {
			return pairTails[i];
		}
	}

	/** NLR's stack machine over a sequence of constructs. */
	private static List<Node> recognize(List<Node> items, int depth, Pairs pairs, List<long @Nullable []> ranges, Progress progress) {
		Stack stack = new Stack(items.size());
		Window window = new Window();
		// Each step tries reductions of up to 3 · MAX_BODY constructs: check often.
		Checkpoints checkpoints = new Checkpoints(progress, 16);
		for (Node item : items) {
			checkpoints.step();
			stack.add(item);
			while (reduce(stack, depth, pairs, ranges, window)) {
				// reduce again until no rule applies
			}
		}
		return stack;
	}

	/**
	 * The folding with consecutive copies that differ by constant steps made loops, in every loop
	 * body too: SP's pipelines run forth then back, mod(1+i3,4) then mod(3+i3,4), which no order
	 * of the ranks makes a cycle. {@code ranges}: {lower, upper} of the index of each enclosing loop
	 * whose bounds are constant (null otherwise), outermost first, for the residues a plain term
	 * may be written as ({@link DepthExpr#unifySteppingLifted}).
	 */
	private List<Node> stepped(List<Node> items, List<long @Nullable []> ranges) {
		List<Node> inner = withBodies(items, ranges, (body, within) -> {
			// The finalists share most loop bodies: each is stepped once per thread at most (two
			// threads may both step one, to the same result).
			SteppedBody key = new SteppedBody(body, rangesKey(within));
			List<Node> steppedBody = steppedBodies.get(key);
			if (steppedBody == null) {
				steppedBody = stepped(body, within);
				steppedBodies.putIfAbsent(key, steppedBody);
			}
			return steppedBody;
		});
		List<Node> folded = recognize(inner, ranges.size(), Pairs.STEPS, ranges, progress);
		return size(folded) < size(inner) ? folded : inner;
	}

	/** The items with each loop's body replaced by what {@code pass} makes of it within the loop's range. */
	private static List<Node> withBodies(List<Node> items, List<long @Nullable []> ranges,
			BiFunction<List<Node>, List<long @Nullable []>, List<Node>> pass) {
		List<Node> result = new ArrayList<>(items.size());
		for (Node item : items) {
			if (item instanceof LoopNode loop) {
				List<long @Nullable []> within = new ArrayList<>(ranges);
				within.add(range(loop));
				result.add(new LoopNode(loop.lower, loop.upper, pass.apply(List.of(loop.body), within).toArray(new Node[0]),
						loop.ranks));
			} else {
				result.add(item);
			}
		}
		return result;
	}

	/**
	 * The last pass, over the chosen folding, loop bodies first: a sequence of constructs that,
	 * its loops of constant bounds unrolled, is k ≥ 2 copies of one block becomes one loop over the
	 * copies when they fit by values ({@link ValueFit}) and that is smaller. BT's initialization
	 * folds the ranks of even and odd columns into blocks whose loops differ (the same steps,
	 * wrapping at other places), one after the other in a loop over pairs of columns. Last, so
	 * that the recognitions above see the blocks as they fold on their own (as a rule inside the
	 * pass over steps, it took BT's rows apart before they could be fitted as rows). Where no such
	 * loop is smaller, runs of loops become nests ({@link #runsAsNests}).
	 */
	private List<Node> copiesFitted(List<Node> items, List<long @Nullable []> ranges) {
		progress.checkCancelled();
		int depth = ranges.size();
		List<Node> inner = withBodies(items, ranges, this::copiesFitted);
		List<Node> flat = new ArrayList<>();
		if (inner.isEmpty() || !unroll(inner, depth, flat)) {
			return runsAsNests(inner, ranges);
		}
		List<Node> best = inner;
		// A nest made one loop saves its inner loop only, at the price of residues: kept only when
		// the body shrinks too.
		long limit = size(inner) - (inner.size() == 1 ? 1 : 0);
		for (int k = 2; k <= flat.size() / 2; k++) {
			int b = flat.size() / k;
			if (flat.size() % k != 0 || b > MAX_BODY) {
				continue;
			}
			Node[][] blocks = new Node[k][];
			boolean same = true;
			for (int c = 0; c < k && same; c++) {
				blocks[c] = flat.subList(c * b, (c + 1) * b).toArray(new Node[0]);
				same = c == 0 || sameSkeletons(List.of(blocks[c]), List.of(blocks[0]));
			}
			Node loop = same ? loopOverBlocks(blocks, ranges) : null;
			if (loop != null && size(List.of(loop)) < Math.min(limit, size(best))) {
				best = List.of(loop);
			}
		}
		return best == inner ? runsAsNests(inner, ranges) : best;
	}

	/**
	 * Runs of k ≥ 4 loops of one skeleton as a nest of two loops over them when that is smaller
	 * ({@link #nest}): Sweep3D's four sweeps of a time step, one per pair of directions, differ by
	 * the direction of the sweep along each axis of the processor grid. A run is taken whole: a
	 * fifth loop of the same skeleton next to the four (k = 5) leaves them as they are.
	 */
	private List<Node> runsAsNests(List<Node> items, List<long @Nullable []> ranges) {
		List<Node> result = new ArrayList<>();
		int start = 0;
		while (start < items.size()) {
			Node first = items.get(start);
			int end = start + 1;
			while (first instanceof LoopNode && end < items.size() && items.get(end) instanceof LoopNode
					&& items.get(end).skeleton == first.skeleton) {
				end++;
			}
			List<Node> run = items.subList(start, end);
			List<Node> nest = run.size() >= 4 ? nest(run, ranges) : null;
			result.addAll(nest != null && size(nest) < size(run) ? nest : run);
			start = end;
		}
		return result;
	}

	/**
	 * The loops as a nest over g groups of n consecutive loops (g·n = k, the smallest n first, g
	 * at most the copies a value fit takes), the n loops of each group fitted by values into one
	 * loop over them, then the g loops so made; null when no split fits. One loop over all k is
	 * the pass over steps' ({@link #fitsUnrolled}, when their bodies unroll).
	 */
	private @Nullable List<Node> nest(List<Node> loops, List<long @Nullable []> ranges) {
		int k = loops.size();
		for (int n = Math.max(2, (k + ValueFit.MAX_POINTS - 1) / ValueFit.MAX_POINTS); n <= ValueFit.MAX_POINTS && n < k; n++) {
			if (k % n != 0) {
				continue;
			}
			List<Node> groups = new ArrayList<>();
			for (int g = 0; g < k / n; g++) {
				progress.checkCancelled();
				Node group = loopOverBlocks(singles(loops.subList(g * n, (g + 1) * n)), ranges);
				if (group == null) {
					break;
				}
				groups.add(group);
			}
			Node nest = groups.size() < k / n ? null : loopOverBlocks(singles(groups), ranges);
			if (nest != null) {
				return List.of(nest);
			}
		}
		return null;
	}

	/** One loop over the blocks (copies of one block) fitted by values, or null. */
	private static @Nullable Node loopOverBlocks(Node[][] blocks, List<long @Nullable []> ranges) {
		Node[] body = fittedBody(blocks, moduli(blocks), ranges, null);
		return body == null ? null : new LoopNode(DepthExpr.ZERO, DepthExpr.constant(blocks.length - 1), body, RankSet.EMPTY);
	}

	/** Each construct a block of its own. */
	private static Node[][] singles(List<Node> constructs) {
		return constructs.stream().map(construct -> new Node[] { construct }).toArray(Node[][]::new);
	}

	/** A loop body within its enclosing loops' ranges: what {@link #stepped} makes of it depends on nothing else. */
	private record SteppedBody(List<Node> body, List<List<Long>> ranges) {
	}

	private static List<List<Long>> rangesKey(List<long @Nullable []> ranges) {
		return ranges.stream().map(range -> range == null ? List.<Long>of() : List.of(range[0], range[1])).toList();
	}

	/** Constructs, loops and events, inside loops included. */
	private static long size(Iterable<Node> items) {
		long size = 0;
		for (Node item : items) {
			size += 1 + (item instanceof LoopNode loop ? size(List.of(loop.body)) : 0);
		}
		return size;
	}

	/** One reduction at the top of the stack, the shortest first; whether one applied. */
	private static boolean reduce(Stack stack, int depth, Pairs pairs, List<long @Nullable []> ranges, Window window) {
		int size = stack.size();
		// Copies of a block end with constructs of the top's skeleton, a loop growing by its body too.
		int top = stack.skeleton(size - 1);
		for (int i = 2; i <= 3 * MAX_BODY && i <= size; i++) {
			if (stack.countedBody(size - i) == i - 1 && stack.get(size - i) instanceof LoopNode loop
					&& grows(stack, loop, depth, pairs)) {
				stack.subList(size - i, size).clear();
				stack.add(new LoopNode(loop.lower, loop.upper.plus(1), loop.body, RankSet.EMPTY));
				return true;
			}
			if (i % 3 == 0 && stack.skeleton(size - 1 - i / 3) == top && repeats(stack, i / 3, 3, depth, pairs, ranges)) {
				return true;
			}
			if (pairs != Pairs.NONE && i % 2 == 0 && i <= 2 * MAX_BODY && stack.skeleton(size - 1 - i / 2) == top
					&& (i >= 4 || pairs.compareTo(Pairs.ANY_WITH_LOOPS) >= 0 && stack.get(size - 2) instanceof LoopNode)
					&& repeats(stack, i / 2, 2, depth, pairs, ranges)) {
				return true;
			}
			if (pairs == Pairs.PERIODIC && joins(stack, i, depth)) {
				return true;
			}
			if (pairs != Pairs.NONE && stack.pairTail(size - i) == i - 1 && completesSecondCopy(stack, i, depth)) {
				return true;
			}
		}
		return pairs == Pairs.PERIODIC && (rotates(stack, depth) || cycles(stack, depth, window))
				|| pairs == Pairs.STEPS && fitsUnrolled(stack, depth, ranges);
	}

	/** Constructs a flattened copy holds at most. */
	private static final int MAX_UNROLLED = 512;

	/**
	 * Whether the top of the stack is k ≥ 3 loops of the same constant bounds whose bodies, their
	 * inner loops of constant bounds unrolled, are copies that fit by values ({@link ValueFit}):
	 * the rows of BT's grid, each folded on its own, differ where two steps happen to be affine in
	 * one row and not in the next. The first copies may be a loop over them already
	 * ({@link #copiesAt}). Then replaced by one loop over them, its body recognized again, when
	 * that is smaller. Only the longest run of such loops is tried (at most MAX_BODY: each push
	 * tries the run again). {@code ranges}: of the indices of the loops around, as
	 * {@link #stepped} passes them.
	 */
	private static boolean fitsUnrolled(Stack stack, int depth, List<long @Nullable []> ranges) {
		int size = stack.size();
		if (size < 2 || !(stack.get(size - 1) instanceof LoopNode top) || range(top) == null) {
			return false;
		}
		List<Node[]> bodies = new ArrayList<>();
		List<LoopNode> loops = new ArrayList<>();
		int replaced = 0;
		for (int e = size - 1; e >= 0 && bodies.size() < MAX_BODY; e--) {
			List<LoopNode> found = copiesAt(stack.get(e), top, depth);
			List<Node[]> flats = found.isEmpty() || bodies.size() + found.size() > MAX_BODY ? null
					: unrolledBodies(found, depth + 1, bodies.isEmpty() ? null : bodies.get(0));
			if (flats == null) {
				break;
			}
			bodies.addAll(0, flats);
			loops.addAll(0, found);
			replaced++;
			if (found.size() > 1) {
				break; // a loop of copies holds those before it already
			}
		}
		int k = bodies.size();
		if (k < 3) {
			return false;
		}
		LoopNode[] copies = loops.toArray(new LoopNode[0]);
		Node[] body = fittedBody(bodies.toArray(new Node[0][]), moduli(copies), ranges, copies);
		if (body == null) {
			return false;
		}
		LoopNode fitted = new LoopNode(DepthExpr.ZERO, DepthExpr.constant(k - 1),
				new Node[] { new LoopNode(top.lower, top.upper, body, RankSet.EMPTY) }, RankSet.EMPTY);
		if (size(List.of(fitted)) >= size(stack.subList(size - replaced, size))) {
			return false;
		}
		stack.subList(size - replaced, size).clear();
		stack.add(fitted);
		return true;
	}

	/**
	 * The k copies (blocks of constructs at the depth of {@code ranges}, or bodies of the loops
	 * {@code around} there) fitted by values into one body over a new index at that depth, inside
	 * the loops around if any, and recognized again; null when they do not fit.
	 */
	private static Node @Nullable [] fittedBody(Node[][] copies, Set<Long> moduli, List<long @Nullable []> ranges,
			LoopNode @Nullable [] around) {
		ValueFits fits = new ValueFits(ranges, moduli);
		List<long @Nullable []> within = new ArrayList<>(ranges);
		within.add(new long[] { 0, copies.length - 1 });
		if (around != null) {
			fits.enter(around);
			within.add(range(around));
		}
		Node[] unified = combine(copies, fits);
		return unified == null ? null
				: recognize(List.of(unified), within.size(), Pairs.STEPS, within, Progress.NONE).toArray(new Node[0]);
	}

	/**
	 * The bodies of the loops (at {@code depth}), their loops of constant bounds unrolled, when all
	 * have the skeletons of {@code like} (of the first, when null); else null.
	 */
	private static @Nullable List<Node[]> unrolledBodies(List<LoopNode> loops, int depth, Node @Nullable [] like) {
		List<Node[]> bodies = new ArrayList<>(loops.size());
		for (LoopNode loop : loops) {
			List<Node> flat = new ArrayList<>();
			Node[] first = like != null ? like : bodies.isEmpty() ? null : bodies.get(0);
			if (!unroll(List.of(loop.body), depth, flat) || first != null && !sameSkeletons(flat, List.of(first))) {
				return null;
			}
			bodies.add(flat.toArray(new Node[0]));
		}
		return bodies;
	}

	/**
	 * The copies a construct of the stack gives a run of loops like {@code top}: itself, if a loop
	 * of top's bounds, or the iterations of a loop of constant bounds around one such loop (the
	 * run's first copies, folded already: BT's rows 0 to 2, then row 3 apart); none otherwise.
	 */
	private static List<LoopNode> copiesAt(Node node, LoopNode top, int depth) {
		if (!(node instanceof LoopNode loop)) {
			return List.of();
		}
		if (loop.lower.equals(top.lower) && loop.upper.equals(top.upper)) {
			return List.of(loop);
		}
		if (!loop.counted || loop.body.length != 1 || !(loop.body[0] instanceof LoopNode inner)
				|| !inner.lower.equals(top.lower) || !inner.upper.equals(top.upper) || loop.upper.constantTerm() >= MAX_BODY) {
			return List.of();
		}
		List<LoopNode> iterations = new ArrayList<>();
		try {
			for (long n = 0; n <= loop.upper.constantTerm(); n++) {
				iterations.add((LoopNode) instantiate(inner, depth, n));
			}
		} catch (ArithmeticException overflow) {
			return List.of();
		}
		return iterations;
	}

	/**
	 * Adds the items to {@code into} with their loops of constant bounds unrolled (the items at
	 * {@code depth}); false past {@link #MAX_UNROLLED} constructs.
	 */
	private static boolean unroll(List<Node> items, int depth, List<Node> into) {
		for (Node item : items) {
			if (item instanceof LoopNode loop && loop.lower.isConstant() && loop.upper.isConstant()) {
				if (loop.upper.constantTerm() - loop.lower.constantTerm() >= MAX_UNROLLED) {
					return false;
				}
				for (long n = loop.lower.constantTerm(); n <= loop.upper.constantTerm(); n++) {
					long iteration = n;
					List<Node> instances;
					try {
						instances = Arrays.stream(loop.body).map(node -> instantiate(node, depth, iteration)).toList();
					} catch (ArithmeticException overflow) {
						return false;
					}
					if (into.size() + instances.size() > MAX_UNROLLED || !unroll(instances, depth, into)) {
						return false;
					}
				}
			} else if (into.size() == MAX_UNROLLED) {
				return false;
			} else {
				into.add(item);
			}
		}
		return true;
	}

	/** The moduli of the residues in the constructs. */
	private static Set<Long> moduli(Node[]... blocks) {
		Set<Long> moduli = new TreeSet<>();
		for (Node[] block : blocks) {
			for (Node node : block) {
				if (node instanceof LoopNode loop) {
					moduli.addAll(moduli(loop.body));
				} else {
					for (DepthExpr number : ((EventNode) node).numbers) {
						number.residues().forEach(residue -> moduli.add(residue.modulus()));
					}
				}
			}
		}
		return moduli;
	}

	/**
	 * Whether the top {@code copies} blocks of b constructs unify, then replaced by a loop. Two
	 * copies (of two or more constructs, where the new loop is smaller than the copies) fold as
	 * {@code pairs} allows; a third copy then extends the loop only if it follows the same steps.
	 */
	private static boolean repeats(Stack stack, int b, int copies, int depth, Pairs pairs, List<long @Nullable []> ranges) {
		int size = stack.size();
		int start = size - copies * b;
		// Skeletons first: the copies almost never unify, and comparing ints allocates nothing.
		for (int j = 0; j < b; j++) {
			int skeleton = stack.skeleton(start + j);
			for (int c = 1; c < copies; c++) {
				if (stack.skeleton(start + c * b + j) != skeleton) {
					return false;
				}
			}
		}
		Node[] x = stack.subList(start, start + b).toArray(new Node[0]);
		Node[] y = stack.subList(start + b, start + 2 * b).toArray(new Node[0]);
		Node[] z = copies == 3 ? stack.subList(start + 2 * b, size).toArray(new Node[0]) : null;
		boolean refused = z == null && ((pairs == Pairs.TRANSLATIONS || pairs == Pairs.PERIODIC) && translation(x, y, false) == 0
				|| pairs == Pairs.RANK_SHIFTS && translation(x, y, true) == 0);
		Node[][] blocks = z == null ? new Node[][] { x, y } : new Node[][] { x, y, z };
		Node[] body = refused ? null : combine(blocks, unification(depth, pairs == Pairs.STEPS, ranges));
		if (body == null && z != null && pairs == Pairs.PERIODIC) {
			body = new Agreement(depth).unify(x, y, z);
		}
		if (body == null) {
			return false;
		}
		stack.subList(start, size).clear();
		stack.add(new LoopNode(DepthExpr.ZERO, DepthExpr.constant(copies - 1), body, RankSet.EMPTY));
		return true;
	}

	/**
	 * The rank shift that turns the block x into the block y: every rank and peer moves by it (with
	 * {@code anyPeers}, every rank moves by it and peers by any step), every other number stays; 0
	 * when there is none. Two copies are folded only then: two ranks doing the same thing, not two
	 * arbitrary constructs of the same shape.
	 */
	private static long translation(Node[] x, Node[] y, boolean anyPeers) {
		long[] shift = { 0 }; // the shift of the first rank met
		for (int i = 0; i < x.length; i++) {
			if (!translates(x[i], y[i], shift, anyPeers)) {
				return 0;
			}
		}
		return shift[0];
	}

	private static boolean translates(Node x, Node y, long[] shift, boolean anyPeers) {
		if (x instanceof EventNode ex && y instanceof EventNode ey) {
			boolean message = ex.kind == EventKind.SEND || ex.kind == EventKind.RECV;
			int ranks = message ? 2 : 1;
			int owner = ex.kind == EventKind.RECV ? 1 : 0;
			for (int k = 0; k < ex.numbers.length && k < ey.numbers.length; k++) {
				long step = ey.numbers[k].constantTerm() - ex.numbers[k].constantTerm();
				if (k < ranks && anyPeers && k != owner) {
					continue;
				}
				if (k >= ranks ? step != 0 : step == 0 || shift[0] != 0 && step != shift[0]) {
					return false;
				}
				if (k < ranks) {
					shift[0] = step;
				}
			}
			return true;
		}
		if (x instanceof LoopNode lx && y instanceof LoopNode ly && lx.body.length == ly.body.length
				&& lx.lower.constantTerm() == ly.lower.constantTerm() && lx.upper.constantTerm() == ly.upper.constantTerm()) {
			for (int i = 0; i < lx.body.length; i++) {
				if (!translates(lx.body[i], ly.body[i], shift, anyPeers)) {
					return false;
				}
			}
			return true;
		}
		return false;
	}

	/**
	 * Whether the top i constructs are two runs of one step (see {@link Pairs#PERIODIC}), then
	 * replaced by one loop.
	 */
	private static boolean joins(Stack stack, int i, int depth) {
		int size = stack.size();
		// Each way needs a loop from 0 to a constant at the bottom, the top or the middle.
		if (!(i == 2 && stack.countedBody(size - 2) > 0 && stack.countedBody(size - 1) > 0)
				&& stack.countedBody(size - i) != i - 1 && stack.countedBody(size - 1) != i - 1
				&& !(i % 2 == 1 && stack.countedBody(size - 1 - i / 2) == i / 2)) {
			return false;
		}
		Node bottom = stack.get(size - i);
		Node top = stack.get(size - 1);
		Node[] body = null;
		long count = 0;
		if (i == 2 && bottom instanceof LoopNode first && top instanceof LoopNode second && first.counted && second.counted) {
			count = count(first) + count(second);
			body = join(List.of(first.body), count(first), false, List.of(second.body), count(second), false, count, depth);
		}
		if (body == null && bottom instanceof LoopNode loop && loop.counted && loop.body.length == i - 1) {
			count = count(loop) + 1;
			body = join(List.of(loop.body), count(loop), false, stack.subList(size - i + 1, size), 1, true, count, depth);
		}
		if (body == null && top instanceof LoopNode loop && loop.counted && loop.body.length == i - 1) {
			count = 1 + count(loop);
			body = join(stack.subList(size - i, size - 1), 1, true, List.of(loop.body), count(loop), false, count, depth);
		}
		// A copy, a loop, a copy: the two ends may wrap where the loop's count alone does not tell the cycle.
		if (body == null && i % 2 == 1 && stack.get(size - 1 - i / 2) instanceof LoopNode loop && loop.counted
				&& loop.body.length == i / 2) {
			count = count(loop) + 2;
			body = join(stack.subList(size - i, size - 1 - i / 2), 1, true, List.of(loop.body), count(loop), false, count, depth);
			body = body == null ? null
					: join(List.of(body), count(loop) + 1, false, stack.subList(size - i / 2, size), 1, true, count, depth);
		}
		if (body == null) {
			return false;
		}
		stack.subList(size - i, size).clear();
		stack.add(new LoopNode(DepthExpr.ZERO, DepthExpr.constant(count - 1), body, RankSet.EMPTY));
		return true;
	}

	/**
	 * The body of one loop over two runs of a step, each a loop body or a single copy (of
	 * constructs outside the new loop, lifted into it); null when they do not join.
	 */
	private static Node @Nullable [] join(List<Node> a, long first, boolean firstSingle, List<Node> b, long second,
			boolean secondSingle, long cycle, int depth) {
		if (!sameSkeletons(a, b)) {
			return null;
		}
		Node[] x = firstSingle ? lifted(a, depth) : a.toArray(new Node[0]);
		Node[] y = secondSingle ? lifted(b, depth) : b.toArray(new Node[0]);
		return combine(new Node[][] { x, y }, new Run(firstSingle, first, secondSingle, second, cycle, depth));
	}

	/**
	 * Whether the top of the stack is a loop between the end of its body at the iteration before
	 * its first and the start of its body at the iteration after its last (a loop that starts in
	 * the middle of the step it repeats), then replaced by the loop rotated to the step's start,
	 * the two pieces joined to it as {@link #joins} does.
	 */
	private static boolean rotates(Stack stack, int depth) {
		int size = stack.size();
		for (int q = 1; q <= MAX_BODY && q + 2 <= size; q++) {
			int length = stack.countedBody(size - q - 1);
			if (length <= q || length - q > size - q - 1 || !(stack.get(size - q - 1) instanceof LoopNode loop)
					|| loop.body[q - 1].skeleton != stack.skeleton(size - 1)) {
				continue;
			}
			int p = length - q;
			List<Node> before = stack.subList(size - q - 1 - p, size - q - 1);
			List<Node> after = stack.subList(size - q, size);
			List<Node> prefix = List.of(loop.body).subList(0, q);
			List<Node> suffix = List.of(loop.body).subList(q, loop.body.length);
			if (!sameSkeletons(before, suffix) || !sameSkeletons(after, prefix)) {
				continue;
			}
			long count = count(loop);
			// The rotated loop runs count - 1 times: the end of one step, then the start of the next.
			List<Node> rotated = new ArrayList<>(suffix);
			List<Node> head = new ArrayList<>(before);
			for (Node item : prefix) {
				rotated.add(advanced(item, depth, 1));
				head.add(instantiate(item, depth, 0));
			}
			List<Node> tail = new ArrayList<>();
			for (Node item : suffix) {
				tail.add(instantiate(item, depth, count - 1));
			}
			tail.addAll(after);
			Node[] body = join(head, 1, true, rotated, count - 1, false, count + 1, depth);
			body = body == null ? null : join(List.of(body), count, false, tail, 1, true, count + 1, depth);
			if (body != null) {
				stack.subList(size - q - 1 - p, size).clear();
				stack.add(new LoopNode(DepthExpr.ZERO, DepthExpr.constant(count), body, RankSet.EMPTY));
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether the top of the stack is k ≥ 3 copies of a block whose numbers walk around a cycle of
	 * k ({@link DepthExpr#cycle}): SP's z sweeps pass along the ranks 0, 7, 10, 13 of a 4 × 4 grid,
	 * where no three consecutive copies are affine. Loops of the block among them (0, then 9, 13,
	 * 17 folded already, then 21 on a 5 × 5 grid) count as their iterations. Then replaced by one
	 * loop of k iterations.
	 */
	private static boolean cycles(Stack stack, int depth, Window window) {
		int size = stack.size();
		// Which block lengths loops near the top could expand to; others need periodic skeletons
		// right at the top of the stack, a test that rejects most lengths at once.
		boolean[] expandable = window.expandable;
		Arrays.fill(expandable, false);
		for (int i = Math.max(0, size - Window.MAX_ITEMS); i < size; i++) {
			int length = stack.countedBody(i);
			if (length > 0 && length <= MAX_BODY) {
				expandable[length] = true;
			}
		}
		for (int b = 1; b <= MAX_BODY; b++) {
			if (!expandable[b] && (3 * b > size || stack.skeleton(size - 1) != stack.skeleton(size - 1 - b))
					|| size >= 2 && !continues(stack.get(size - 1), stack.get(size - 2), b)) {
				continue;
			}
			window.reset(b, depth);
			for (int e = size - 1; e >= 0 && window.add(stack.get(e)); e--) {
				// A single loop is a cycle already (folding it again would never end).
				if (e == size - 1 || window.size() % b != 0 || window.size() < 3 * b || !window.mayWrap()) {
					continue;
				}
				Node[] body = window.fit();
				if (body != null) {
					stack.subList(e, size).clear();
					stack.add(new LoopNode(DepthExpr.ZERO, DepthExpr.constant(window.size() / b - 1), body, RankSet.EMPTY));
					return true;
				}
			}
		}
		return false;
	}

	/**
	 * Whether a loop of the block at the top of the stack may be continued by the construct below
	 * it (the last construct of its block, if a loop of the block too), skeletons compared: if not,
	 * the window need not expand the loop to find out.
	 */
	private static boolean continues(Node top, Node below, int b) {
		if (!(top instanceof LoopNode loop) || loop.body.length != b || !loop.counted) {
			return true;
		}
		int last = below instanceof LoopNode other && other.body.length == b && other.counted ? other.body[b - 1].skeleton
				: below.skeleton;
		return last == loop.body[b - 1].skeleton;
	}

	/**
	 * The constructs at the top of the stack, top down, with loops whose body is a block of b
	 * taken as their iterations, while they repeat with period b (skeletons compared) and the
	 * ranks of the blocks' first constructs could still walk around a cycle: they differ by
	 * constants and take at most three steps (one step and two jumps).
	 */
	private static final class Window {
		static final int MAX_ITEMS = 3 * MAX_BODY;
		/** Scratch of {@link Folding#cycles}: block lengths a loop near the top could expand to. */
		final boolean[] expandable = new boolean[MAX_BODY + 1];
		private int b;
		private int depth;
		/** Per item: the construct, or the loop whose body item it is at an iteration. */
		private final Node[] sources = new Node[MAX_ITEMS];
		/** Per item: the loop's iteration, -1 for a construct of the stack itself. */
		private final long[] iterations = new long[MAX_ITEMS];
		private final int[] bodyItems = new int[MAX_ITEMS];
		private final @Nullable Node[] instantiated = new Node[MAX_ITEMS];
		private int size;
		/** The distinct steps between the ranks of consecutive blocks' first constructs. */
		private final long[] steps = new long[3];
		private int distinct;

		/** Empties the window for blocks of b at the given depth (one window serves a recognition). */
		void reset(int b, int depth) {
			this.b = b;
			this.depth = depth;
			size = 0;
			distinct = 0;
		}

		int size() {
			return size;
		}

		/** Adds a construct below the others; false when the window can grow no more. */
		boolean add(Node node) {
			// A loop of the block may start anywhere in it (SP's sends and receives of a rank pair
			// with those of the next rank as the merge wrote them).
			if (node instanceof LoopNode loop && loop.body.length == b && loop.counted) {
				if (count(loop) > (MAX_ITEMS - size) / b) {
					return false; // it would fill the window before its end: the walk ends either way
				}
				for (long n = count(loop) - 1; n >= 0; n--) {
					for (int j = b - 1; j >= 0; j--) {
						if (!append(loop, n, j)) {
							return false;
						}
					}
				}
				return true;
			}
			return append(node, -1, -1);
		}

		private boolean append(Node source, long iteration, int bodyItem) {
			if (size == MAX_ITEMS) {
				return false;
			}
			sources[size] = source;
			iterations[size] = iteration;
			bodyItems[size] = bodyItem;
			instantiated[size] = null;
			size++;
			if (size > b && skeleton(size - 1) != skeleton(size - 1 - b)) {
				size--;
				return false;
			}
			// The first construct of a block completes it: compare its rank with the next block's.
			if (size % b == 0 && size > b && !step(size - 1, size - 1 - b)) {
				size--;
				return false;
			}
			return true;
		}

		private int skeleton(int i) {
			return iterations[i] < 0 ? sources[i].skeleton : ((LoopNode) sources[i]).body[bodyItems[i]].skeleton;
		}

		/** Records the step from item i's rank to item later's; false when there is none or a fourth. */
		private boolean step(int i, int later) {
			DepthExpr first = rank(i);
			DepthExpr next = rank(later);
			if (first == null || next == null) {
				return true; // a block that starts with a loop records no step: mayWrap refuses it
			}
			long step = DepthExpr.step(first, iterations[i], next, iterations[later], depth);
			if (step == DepthExpr.NO_DIFFERENCE) {
				return false;
			}
			for (int d = 0; d < distinct; d++) {
				if (steps[d] == step) {
					return true;
				}
			}
			if (distinct == steps.length) {
				return false;
			}
			steps[distinct++] = step;
			return true;
		}

		/**
		 * Whether the steps can be one step and jumps that are multiples of the number of blocks,
		 * as a cycle over them needs. A block that starts with a loop is never a cycle here (it is
		 * untested). One whose first rank takes a single step may be: its other numbers may wrap
		 * (BT's block of a rank's copy_faces sends, its receives and its stages: the ranks walk
		 * along a row, their neighbours wrap around it), and the fit refuses it if none does.
		 */
		boolean mayWrap() {
			int k = size / b;
			for (int d = 1; d < distinct; d++) {
				if ((steps[d] - steps[0]) % k != 0) {
					return false;
				}
			}
			return distinct > 0;
		}

		/**
		 * The rank of item i when it is an event, else null: as its source writes it, the loop's
		 * index not set (step sets it to the item's iteration without building the number).
		 */
		private @Nullable DepthExpr rank(int i) {
			Node node = iterations[i] < 0 ? sources[i] : ((LoopNode) sources[i]).body[bodyItems[i]];
			return node instanceof EventNode event ? event.numbers[0] : null;
		}

		private Node item(int i) {
			Node node = instantiated[i];
			if (node == null) {
				node = iterations[i] < 0 ? sources[i] : instantiate(((LoopNode) sources[i]).body[bodyItems[i]], depth, iterations[i]);
				instantiated[i] = node;
			}
			return node;
		}

		/**
		 * The body of one loop over the blocks as a cycle, or null. Some message of the block
		 * must close the cycle (its peers are its ranks, in another order), so that part of a
		 * cycle whose jumps happen to divide its length is not taken for a whole one.
		 */
		Node @Nullable [] fit() {
			int k = size / b;
			Node[][] copies = new Node[k][b];
			for (int c = 0; c < k; c++) {
				for (int j = 0; j < b; j++) {
					copies[c][j] = item(size - 1 - (c * b + j)); // copy c (0 the oldest), construct j
				}
			}
			CycleFit fit = new CycleFit(depth);
			Node[] body = combine(copies, fit);
			// Without a wrap-around it is a plain repetition: NLR's rules take it, one copy at a time.
			if (body == null || !fit.wraps) {
				return null;
			}
			Node[] column = new Node[k];
			for (int j = 0; j < b; j++) {
				for (int c = 0; c < k; c++) {
					column[c] = copies[c][j];
				}
				if (closes(column)) {
					return body;
				}
			}
			return null;
		}

		/** Whether the copies are messages whose peers are their ranks, in some order. */
		private static boolean closes(Node[] copies) {
			long[] ranks = new long[copies.length];
			long[] peers = new long[copies.length];
			for (int c = 0; c < copies.length; c++) {
				if (!(copies[c] instanceof EventNode event) || event.kind != EventKind.SEND && event.kind != EventKind.RECV
						|| DepthExpr.step(event.numbers[0], event.numbers[1]) == DepthExpr.NO_DIFFERENCE) {
					return false;
				}
				ranks[c] = event.numbers[0].constantTerm();
				peers[c] = event.numbers[1].constantTerm();
			}
			Arrays.sort(ranks);
			Arrays.sort(peers);
			return Arrays.equals(ranks, peers);
		}
	}

	/** Copies as one construct over a cycle ({@link DepthExpr#cycle}); notes whether some number wraps. */
	private static final class CycleFit implements Combiner {
		private final int depth;
		boolean wraps;

		CycleFit(int depth) {
			this.depth = depth;
		}

		@Override
		public @Nullable DepthExpr number(DepthExpr[] column) {
			DepthExpr number = DepthExpr.cycle(column, depth, false);
			wraps |= number != null && number.wraps(depth);
			return number;
		}

		@Override
		public @Nullable DepthExpr bound(DepthExpr[] column) {
			return DepthExpr.cycle(column, depth, true);
		}
	}

	/**
	 * Comparison of constructs at one depth by the values they take on every iteration of their
	 * loops (up to a budget) rather than by their form. The copies of a cycle need it: where a
	 * copy's wrap-around falls past its loop's end, its form lacks the residue the others have
	 * ({@code 3+3*j} against {@code 3+4*j-mod(j,4)}, equal on 0..3). Constructs that read the
	 * index of an enclosing loop are compared by form only.
	 */
	private static final class Agreement implements Combiner {
		/** Iterations of inner loops compared at most, per comparison. */
		private static final int BUDGET = 4096;
		/** The pairs of copies a number may be interpolated from, in the order tried. */
		private static final int[][] PAIRS = { { 0, 1 }, { 1, 2 }, { 0, 2 } };
		private final int depth;
		private int budget;
		/** While unifying: the loops around the copies' constructs, outermost first, one per copy. */
		private final List<LoopNode[]> loops = new ArrayList<>();

		Agreement(int depth) {
			this.depth = depth;
		}

		/** Whether a and b, at this depth, take the same values. */
		boolean same(Node a, Node b) {
			if (a.skeleton != b.skeleton || readsBelow(a) || readsBelow(b)) {
				return false;
			}
			budget = BUDGET;
			try {
				return same(a, b, depth, new long[depth + Math.max(height(a), height(b)) + 1]);
			} catch (ArithmeticException overflow) {
				return false;
			}
		}

		private boolean same(Node a, Node b, int at, long[] indices) {
			if (--budget < 0) {
				return false;
			}
			if (a instanceof EventNode ea && b instanceof EventNode eb) {
				if (!sameShape(ea, eb)) {
					return false;
				}
				for (int k = 0; k < ea.numbers.length; k++) {
					if (ea.numbers[k].evaluate(indices) != eb.numbers[k].evaluate(indices)) {
						return false;
					}
				}
				return true;
			}
			if (!(a instanceof LoopNode la) || !(b instanceof LoopNode lb) || la.body.length != lb.body.length) {
				return false;
			}
			long lower = la.lower.evaluate(indices);
			long upper = la.upper.evaluate(indices);
			if (lower != lb.lower.evaluate(indices) || upper != lb.upper.evaluate(indices)) {
				return false;
			}
			for (long v = lower; v <= upper; v++) {
				indices[at] = v;
				for (int i = 0; i < la.body.length; i++) {
					if (!same(la.body[i], lb.body[i], at + 1, indices)) {
						return false;
					}
				}
			}
			return true;
		}

		/**
		 * Three copies as one block over a new loop at this depth: where their forms do not
		 * unify, a number is taken from two copies ({@link DepthExpr#interpolate}) when the
		 * third takes its values. Null when some number is neither.
		 */
		Node @Nullable [] unify(Node[] x, Node[] y, Node[] z) {
			if (Arrays.stream(x).anyMatch(this::readsBelow) || Arrays.stream(y).anyMatch(this::readsBelow)
					|| Arrays.stream(z).anyMatch(this::readsBelow)) {
				return null;
			}
			loops.clear();
			return combine(new Node[][] { x, y, z }, this);
		}

		@Override
		public void enter(LoopNode[] copies) {
			loops.add(copies);
		}

		@Override
		public void leave() {
			loops.remove(loops.size() - 1);
		}

		@Override
		public @Nullable DepthExpr bound(DepthExpr[] column) {
			return number(column);
		}

		@Override
		public @Nullable DepthExpr number(DepthExpr[] column) {
			DepthExpr unified = DepthExpr.unify(column[0], column[1], column[2], depth);
			if (unified != null) {
				return unified;
			}
			for (int[] pair : PAIRS) {
				DepthExpr candidate = DepthExpr.interpolate(column[pair[0]], pair[0], column[pair[1]], pair[1], depth);
				if (candidate != null && agrees(candidate, column)) {
					return candidate;
				}
			}
			return null;
		}

		/** Whether the candidate at iteration c takes the values of copy c, c = 0, 1, 2. */
		private boolean agrees(DepthExpr candidate, DepthExpr[] column) {
			budget = BUDGET;
			try {
				for (int c = 0; c < column.length; c++) {
					long[] indices = new long[depth + loops.size() + 1];
					long[] lifted = new long[depth + loops.size() + 2];
					lifted[depth] = c;
					if (!agrees(candidate, column[c], c, 0, indices, lifted)) {
						return false;
					}
				}
				return true;
			} catch (ArithmeticException overflow) {
				return false;
			}
		}

		private boolean agrees(DepthExpr candidate, DepthExpr copy, int c, int level, long[] indices, long[] lifted) {
			if (level == loops.size()) {
				return candidate.evaluate(lifted) == copy.evaluate(indices);
			}
			LoopNode loop = loops.get(level)[c];
			for (long v = loop.lower.evaluate(indices), upper = loop.upper.evaluate(indices); v <= upper; v++) {
				if (--budget < 0) {
					return false;
				}
				indices[depth + level] = v;
				lifted[depth + 1 + level] = v;
				if (!agrees(candidate, copy, c, level + 1, indices, lifted)) {
					return false;
				}
			}
			return true;
		}

		private boolean readsBelow(Node node) {
			if (node instanceof EventNode event) {
				return Arrays.stream(event.numbers).anyMatch(number -> number.readsBelow(depth));
			}
			LoopNode loop = (LoopNode) node;
			return loop.lower.readsBelow(depth) || loop.upper.readsBelow(depth)
					|| Arrays.stream(loop.body).anyMatch(this::readsBelow);
		}

		private static int height(Node node) {
			return node instanceof LoopNode loop ? 1 + Arrays.stream(loop.body).mapToInt(Agreement::height).max().orElse(0) : 0;
		}
	}

	private static boolean sameSkeletons(List<Node> a, List<Node> b) {
		if (a.size() != b.size()) {
			return false;
		}
		for (int j = 0; j < a.size(); j++) {
			if (a.get(j).skeleton != b.get(j).skeleton) {
				return false;
			}
		}
		return true;
	}

	/** The construct with the index at {@code depth} replaced by {@code index + k}. */
	private static Node advanced(Node node, int depth, long k) {
		return mapped(node, number -> number.shift(depth, k));
	}

	private static long count(LoopNode loop) {
		return loop.upper.constantTerm() + 1;
	}

	/** Copies of constructs moved into a new loop at {@code depth} that they do not depend on. */
	private static Node[] lifted(List<Node> items, int depth) {
		Node[] result = new Node[items.size()];
		for (int i = 0; i < result.length; i++) {
			result[i] = mapped(items.get(i), number -> number.lifted(depth));
		}
		return result;
	}

	/** Copies of a block as one block over a new loop by their values ({@link ValueFit}). */
	private static final class ValueFits extends RangedCombiner {
		private final int depth;
		/** Moduli a residue over the new index may have besides the number of copies. */
		private final Set<Long> moduli;

		ValueFits(List<long @Nullable []> enclosing, Set<Long> moduli) {
			super(enclosing);
			this.depth = enclosing.size();
			this.moduli = moduli;
		}

		@Override
		public @Nullable DepthExpr number(DepthExpr[] column) {
			return ValueFit.fit(column, depth, ranges, moduli);
		}

		@Override
		public @Nullable DepthExpr bound(DepthExpr[] column) {
			return ValueFit.fit(column, depth, ranges, null);
		}
	}

	/**
	 * Two runs of one step to join: which is a single copy, how many iterations each has, and the
	 * count of the loop they are part of.
	 */
	private record Run(boolean firstSingle, long first, boolean secondSingle, long second, long cycle, int depth)
			implements Combiner {

		@Override
		public @Nullable DepthExpr number(DepthExpr[] column) {
			return DepthExpr.concatenate(column[0], firstSingle, first, column[1], secondSingle, second, depth, true, cycle);
		}

		@Override
		public @Nullable DepthExpr bound(DepthExpr[] column) {
			return DepthExpr.concatenate(column[0], firstSingle, first, column[1], secondSingle, second, depth, false, cycle);
		}
	}

	/**
	 * Whether the items above the loop on the stack are its body at its next iteration (under
	 * PERIODIC: take the same values at every iteration of their loops, as a walk around a cycle
	 * does where its wrap-around falls past the loop's end).
	 */
	private static boolean grows(Stack stack, LoopNode loop, int depth, Pairs pairs) {
		if (!loop.counted) {
			return false;
		}
		int start = stack.size() - loop.body.length;
		for (int j = 0; j < loop.body.length; j++) {
			if (loop.body[j].skeleton != stack.skeleton(start + j)) {
				return false;
			}
		}
		try {
			long next = Math.addExact(loop.upper.constantTerm(), 1);
			for (int j = 0; j < loop.body.length; j++) {
				Node copy = stack.get(start + j);
				if (!instantiatesTo(loop.body[j], depth, next, copy) && (pairs != Pairs.PERIODIC
						|| !new Agreement(depth).same(instantiate(loop.body[j], depth, next), copy))) {
					return false;
				}
			}
			return true;
		} catch (ArithmeticException overflow) {
			return false;
		}
	}

	/**
	 * Whether the i - 1 items at the top of the stack are the next iteration of the loop that ends
	 * the body of the loop of two iterations below them, at its second iteration: the pair was
	 * folded while the second copy's last loop was still growing (a run of LU's receives taken in
	 * two when the first half had the length of a shorter row). That loop's upper bound grows at
	 * the second iteration only, where the items are dropped.
	 */
	private static boolean completesSecondCopy(Stack stack, int i, int depth) {
		int size = stack.size();
		LoopNode pair = (LoopNode) stack.get(size - i);
		LoopNode last = (LoopNode) pair.body[pair.body.length - 1];
		if (!last.upper.readsIndex(depth)) {
			return false;
		}
		try {
			LoopNode second = (LoopNode) instantiate(last, depth, 1);
			if (!second.lower.isConstant() || !second.upper.isConstant()) {
				return false;
			}
			long next = Math.addExact(second.upper.constantTerm(), 1);
			if (second.lower.constantTerm() > next - 1) {
				return false; // an empty second copy would stay empty
			}
			for (int j = 0; j < second.body.length; j++) {
				if (!instantiatesTo(second.body[j], depth, next, stack.get(size - i + 1 + j))) {
					return false;
				}
			}
			Node[] body = pair.body.clone();
			body[body.length - 1] = new LoopNode(last.lower, last.upper.plusIndex(depth), last.body, RankSet.EMPTY);
			stack.subList(size - i, size).clear();
			stack.add(new LoopNode(pair.lower, pair.upper, body, RankSet.EMPTY));
			return true;
		} catch (ArithmeticException overflow) {
			return false;
		}
	}

	// ---- from and to the EMF model

	/**
	 * The constructs of a system as terms, in the order of the model; {@code canonical} holds the
	 * symbols and groups met so far.
	 */
	private static List<Node> read(EList<Item> items, Map<String, Integer> depths, int depth, Checkpoints checkpoints,
			Map<Object, Object> canonical) {
		List<Node> nodes = new ArrayList<>(items.size());
		for (Item item : items) {
			checkpoints.step();
			if (item instanceof Loop loop) {
				Map<String, Integer> inner = new HashMap<>(depths);
				inner.put(loop.getIndex(), depth);
				List<Node> body = read(loop.getItems(), inner, depth + 1, checkpoints, canonical);
				RankSet.Builder ranks = new RankSet.Builder();
				body.forEach(node -> ranks.addAll(node.ranks));
				nodes.add(new LoopNode(DepthExpr.of(loop.getLower(), depths), DepthExpr.of(loop.getUpper(), depths),
						body.toArray(new Node[0]), ranks.build()));
			} else if (item instanceof Event event) {
				EventNode node = event(event, depths, canonical);
				if (node.ranks.isEmpty()) {
					throw new IllegalArgumentException("folding takes events of constant ranks, found "
							+ org.looptrace.model.core.ModelPrinter.print(event));
				}
				nodes.add(node);
			} else {
				throw new IllegalArgumentException(
						"a global model holds loops and events only, found " + item.eClass().getName());
			}
		}
		return nodes;
	}

	/**
	 * The rank-major order with each run of two or more constructs of one rank wrapped in a loop of
	 * one iteration, so that recognition compares whole ranks: the steps of rank 0 against those of
	 * rank 1, never the end of one with the start of the next. {@link #unwrap} removes the wrappers.
	 */
	private static List<Node> rankBlocks(List<Node> rankMajor, int depth) {
		List<Node> result = new ArrayList<>();
		int start = 0;
		for (int end = 1; end <= rankMajor.size(); end++) {
			RankSet ranks = rankMajor.get(start).ranks;
			if (end < rankMajor.size() && ranks.size() == 1 && rankMajor.get(end).ranks.equals(ranks)) {
				continue;
			}
			if (end - start >= 2) {
				// Inside the wrapper the constructs are one level deeper: their own indices move down.
				Node[] body = rankMajor.subList(start, end).stream().map(node -> mapped(node, number -> number.lifted(depth)))
						.toArray(Node[]::new);
				result.add(new LoopNode(DepthExpr.ZERO, DepthExpr.ZERO, body, ranks));
			} else {
				result.add(rankMajor.get(start));
			}
			start = end;
		}
		return result;
	}

	/** The constructs with every loop of one iteration from 0 replaced by its body (index 0). */
	private static List<Node> unwrap(List<Node> items, int depth) {
		List<Node> result = null;
		for (int i = 0; i < items.size(); i++) {
			Node item = items.get(i);
			List<Node> replacement = item instanceof LoopNode loop ? unwrap(loop, depth) : null;
			if (replacement != null && result == null) {
				result = new ArrayList<>(items.subList(0, i));
			}
			if (result != null) {
				result.addAll(replacement != null ? replacement : List.of(item));
			}
		}
		return result == null ? items : result;
	}

	/** The loop without wrappers inside, or null when it has none and is none. */
	private static @Nullable List<Node> unwrap(LoopNode loop, int depth) {
		List<Node> body = List.of(loop.body);
		if (loop.lower.equals(DepthExpr.ZERO) && loop.upper.equals(DepthExpr.ZERO)) {
			List<Node> instantiated = new ArrayList<>(body.size());
			for (Node item : body) {
				instantiated.add(instantiate(item, depth, 0));
			}
			return unwrap(instantiated, depth);
		}
		List<Node> unwrapped = unwrap(body, depth + 1);
		return unwrapped == body ? null
				: List.of(new LoopNode(loop.lower, loop.upper, unwrapped.toArray(new Node[0]), loop.ranks));
	}

	/** The constructs in the given order. */
	private static List<Node> reorder(List<Node> nodes, int[] order) {
		List<Node> result = new ArrayList<>(order.length);
		for (int i : order) {
			result.add(nodes.get(i));
		}
		return result;
	}

	/**
	 * The construct moved to rank 0 (ranks and peers shifted by its lowest rank): equal for the same
	 * step taken by different ranks. With {@code anyNumbers}, tags and other numbers are forgotten
	 * too, for steps whose tag depends on the rank.
	 */
	private static Node relative(Node node, boolean anyNumbers) {
		return shifted(node, node.ranks.isEmpty() ? 0 : node.ranks.min(), anyNumbers);
	}

	private static Node shifted(Node node, long shift, boolean anyNumbers) {
		if (node instanceof EventNode event) {
			int ranks = event.kind == EventKind.SEND || event.kind == EventKind.RECV ? 2 : 1;
			DepthExpr[] numbers = new DepthExpr[event.numbers.length];
			for (int k = 0; k < numbers.length; k++) {
				numbers[k] = k < ranks ? event.numbers[k].plus(-shift) : anyNumbers ? DepthExpr.ZERO : event.numbers[k];
			}
			return event.withNumbers(numbers);
		}
		LoopNode loop = (LoopNode) node;
		Node[] body = new Node[loop.body.length];
		for (int i = 0; i < body.length; i++) {
			body[i] = shifted(loop.body[i], shift, anyNumbers);
		}
		return new LoopNode(loop.lower, loop.upper, body, RankSet.EMPTY);
	}

	private static EventNode event(Event event, Map<String, Integer> depths, Map<Object, Object> canonical) {
		List<DepthExpr> numbers = new ArrayList<>();
		List<String> symbols = new ArrayList<>();
		numbers.add(DepthExpr.of(event.getRank(), depths));
		EventKind kind;
		RankSet group = null;
		if (event instanceof Message message) {
			kind = message instanceof Recv ? EventKind.RECV : EventKind.SEND;
			numbers.add(DepthExpr.of(message.getPeer(), depths));
			word(message.getTag(), depths, symbols, numbers);
			if (message.getCommunicator() != null) {
				symbols.add(message.getCommunicator().intern());
			}
		} else if (event instanceof Sync sync) {
			kind = EventKind.SYNC;
			symbols.add(sync.getName().intern());
			group = sync.getGroup();
		} else {
			kind = EventKind.LOCAL;
			for (Value word : ((Local) event).getWords()) {
				word(word, depths, symbols, numbers);
			}
		}
		String[] array = symbols.toArray(new String[0]);
		return new EventNode(kind, canonical(canonical, Arrays.asList(array), array),
				group == null ? null : canonical(canonical, group, group), numbers.toArray(new DepthExpr[0]));
	}

	/**
	 * The value first met under an equal key: equal symbols and groups are then one object, which
	 * makes comparing shapes (at every step of the recognitions) an identity test.
	 */
	@SuppressWarnings("unchecked")
	private static <T> T canonical(Map<Object, Object> canonical, Object key, T value) {
		return (T) canonical.computeIfAbsent(key, k -> value);
	}

	private static void word(Value value, Map<String, Integer> depths, List<String> symbols, List<DepthExpr> numbers) {
		if (value instanceof Symbol symbol) {
			symbols.add(symbol.getName().intern()); // equal symbols compare as the same object
		} else {
			symbols.add(NUMBER);
			numbers.add(DepthExpr.of((Expr) value, depths));
		}
	}

	private static void write(List<Node> items, EList<Item> into, List<String> scope) {
		for (Node node : items) {
			if (node instanceof LoopNode loopNode) {
				Loop loop = FACTORY.createLoop();
				loop.setLower(loopNode.lower.toExpr(scope));
				loop.setUpper(loopNode.upper.toExpr(scope));
				String index = "i" + scope.size();
				loop.setIndex(index);
				scope.add(index);
				write(List.of(loopNode.body), loop.getItems(), scope);
				scope.remove(scope.size() - 1);
				into.add(loop);
			} else {
				into.add(event((EventNode) node, scope));
			}
		}
	}

	private static Event event(EventNode node, List<String> scope) {
		int number = 1;
		Event event;
		switch (node.kind) {
		case SEND, RECV -> {
			Message message = node.kind == EventKind.SEND ? FACTORY.createSend() : FACTORY.createRecv();
			message.setPeer(node.numbers[number++].toExpr(scope));
			message.setTag(node.symbols[0].equals(NUMBER) ? node.numbers[number].toExpr(scope) : Exprs.symbol(node.symbols[0]));
			message.setCommunicator(node.symbols.length > 1 ? node.symbols[1] : null);
			event = message;
		}
		case SYNC -> {
			Sync sync = FACTORY.createSync();
			sync.setName(node.symbols[0]);
			sync.setGroup(Objects.requireNonNull(node.group));
			event = sync;
		}
		default -> {
			Local local = FACTORY.createLocal();
			for (String word : node.symbols) {
				local.getWords().add(word.equals(NUMBER) ? node.numbers[number++].toExpr(scope) : Exprs.symbol(word));
			}
			event = local;
		}
		}
		event.setRank(node.numbers[0].toExpr(scope));
		return event;
	}
}
