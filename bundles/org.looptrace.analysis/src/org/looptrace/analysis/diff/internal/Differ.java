// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.diff.Difference;
import org.looptrace.analysis.diff.Difference.Kind;
import org.looptrace.analysis.diff.Place;
import org.looptrace.analysis.diff.internal.Rewrites.Rewrite;
import org.looptrace.analysis.matrix.CommunicationMatrix;
import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Symbol;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;

/** The walk behind {@link org.looptrace.analysis.diff.ModelDiff}: two models aligned block by block. */
public final class Differ {

	private final boolean ignoreCounts;
	private final Progress progress;
	private final Keys keys = new Keys();
	private final Rewrites rewrites = new Rewrites(keys);
	private final List<Difference> differences = new ArrayList<>();
	private final Map<Pair, Aligned> bodies = new HashMap<>();

	/**
	 * @param ignoreCounts leave out differences of loop bounds
	 * @param progress     asked for cancellation at each block
	 */
	public Differ(boolean ignoreCounts, Progress progress) {
		this.ignoreCounts = ignoreCounts;
		this.progress = progress;
	}

	/** The differences from {@code left} to {@code right}: constructs in the order of the text, then channels. */
	public List<Difference> compare(Model left, Model right) {
		progress.begin("Comparing models", -1);
		keys.add(left);
		keys.add(right);
		blocks(left, Map.of(), right, Map.of(), 0);
		channels(CommunicationMatrix.of(left, progress).channels(), CommunicationMatrix.of(right, progress).channels());
		return differences;
	}

	/**
	 * Aligns the constructs of two blocks at the same depth; {@code depths}: the depth of each index in
	 * scope. A run a rewrite of a loop explains takes the place of the pairs inside it.
	 */
	private void blocks(Block left, Map<String, Integer> leftDepths, Block right, Map<String, Integer> rightDepths, int depth) {
		progress.checkCancelled();
		List<Construct> a = ConstructPath.constructs(left);
		List<Construct> b = ConstructPath.constructs(right);
		int i = 0;
		int j = 0;
		Aligned aligned = left instanceof Loop leftLoop && right instanceof Loop rightLoop ? bodies(leftLoop, rightLoop) : aligned(a, b);
		List<Rewrite> found = rewrites.find(a, leftDepths, b, rightDepths, depth, aligned.pairs());
		int next = 0;
		List<int[]> pairs = new ArrayList<>(aligned.pairs());
		pairs.add(new int[] { a.size(), b.size() }); // past the ends: the last gap
		for (int[] pair : pairs) {
			while (next < found.size() && found.get(next).aFrom() <= pair[0]) {
				Rewrite rewrite = found.get(next++);
				gap(a, i, rewrite.aFrom(), left, b, j, rewrite.bFrom(), right);
				differences.add(new Difference(rewrite.kind(), a.get(rewrite.aFrom()), b.get(rewrite.bFrom()), rewrite.what(), null,
						a.get(rewrite.aTo() - 1), b.get(rewrite.bTo() - 1)));
				i = rewrite.aTo();
				j = rewrite.bTo();
			}
			if (pair[0] >= i) { // else inside a rewrite
				gap(a, i, pair[0], left, b, j, pair[1], right);
				if (pair[0] < a.size()) {
					pair(a.get(pair[0]), leftDepths, b.get(pair[1]), rightDepths, depth);
				}
				i = pair[0] + 1;
				j = pair[1] + 1;
			}
		}
	}

	/**
	 * An alignment of two sequences of constructs and its cost: what the constructs paired differ in,
	 * plus what those left unpaired hold.
	 */
	private record Aligned(List<int[]> pairs, int cost) {
	}

	/** Two constructs, a key of the alignments of loops' bodies already made. */
	private record Pair(Construct left, Construct right) {
	}

	/**
	 * The alignment of two blocks' constructs, made in the order of the blocks' {@link Keys#compare
	 * hashes} and turned around if need be: the same pairs whichever model is the left one.
	 */
	private Aligned aligned(List<Construct> a, List<Construct> b) {
		if (keys.compare(a, b) > 0) {
			Aligned turned = alignedInOrder(b, a);
			return new Aligned(turned.pairs().stream().map(pair -> new int[] { pair[1], pair[0] }).toList(), turned.cost());
		}
		return alignedInOrder(a, b);
	}

	private Aligned alignedInOrder(List<Construct> a, List<Construct> b) {
		Alignment.Costs costs = new Alignment.Costs() {
			@Override
			public int left(int i) {
				return unpaired(a.get(i));
			}

			@Override
			public int right(int j) {
				return unpaired(b.get(j));
			}

			@Override
			public int paired(int i, int j) {
				return Differ.this.paired(a.get(i), b.get(j));
			}
		};
		List<int[]> pairs = Alignment.pairs(keys.of(a), keys.of(b), costs);
		int cost = 0;
		boolean[] left = new boolean[a.size()];
		boolean[] right = new boolean[b.size()];
		for (int[] pair : pairs) {
			cost += costs.paired(pair[0], pair[1]);
			left[pair[0]] = true;
			right[pair[1]] = true;
		}
		for (int i = 0; i < left.length; i++) {
			cost += left[i] ? 0 : costs.left(i);
		}
		for (int j = 0; j < right.length; j++) {
			cost += right[j] ? 0 : costs.right(j);
		}
		return new Aligned(pairs, cost);
	}

	/**
	 * What a construct left unpaired costs: 2 for itself and each construct of its body, so that two
	 * events removed and added cost more than the same two paired with some field changed.
	 */
	private int unpaired(Construct construct) {
		return 2 * keys.size(construct);
	}

	/**
	 * What pairing two constructs costs, {@link Alignment.Costs#NONE} when they are not to be paired:
	 * for two events of the same kind, the fields they differ in (at most 3, less than removing one and
	 * adding the other); for two loops, 1 for other bounds (unless counts are ignored) plus the cost of
	 * the alignment of their bodies, NONE when they are {@link #unrelated} (one loop removed and
	 * another added, not one loop whose every construct changed).
	 */
	private int paired(Construct left, Construct right) {
		if (!keys.alike(left, right, Keys.KIND)) {
			return Alignment.Costs.NONE;
		}
		if (keys.alike(left, right, Keys.EQUAL)) {
			return 0;
		}
		if (!(left instanceof Loop a && right instanceof Loop b)) {
			return Math.min(3, keys.fieldsDiffering(left, right));
		}
		if (unrelated(a, b)) {
			return Alignment.Costs.NONE;
		}
		return (ignoreCounts ? 0 : keys.fieldsDiffering(a, b)) + bodies(a, b).cost();
	}

	/**
	 * Whether two loops have nothing alike: neither constructs of the same kind in their bodies, nor
	 * events of the same structure at any depth (a body wrapped in a loop still has its events). A
	 * loop whose body is empty is not unrelated: all it lacks is the other's body.
	 */
	private boolean unrelated(Loop left, Loop right) {
		List<Construct> a = ConstructPath.constructs(left);
		List<Construct> b = ConstructPath.constructs(right);
		if (a.isEmpty() || b.isEmpty() || keys.shareEvents(left, right)) {
			return false;
		}
		Set<Integer> kinds = new HashSet<>();
		for (int kind : keys.of(a)[Keys.KIND]) {
			kinds.add(kind);
		}
		return Arrays.stream(keys.of(b)[Keys.KIND]).noneMatch(kinds::contains);
	}

	/** The alignment of two loops' bodies, made once for all the times it is asked. */
	private Aligned bodies(Loop left, Loop right) {
		Pair pair = new Pair(left, right);
		Aligned known = bodies.get(pair);
		if (known == null) {
			progress.checkCancelled();
			known = aligned(ConstructPath.constructs(left), ConstructPath.constructs(right));
			bodies.put(pair, known);
		}
		return known;
	}

	/**
	 * The constructs between two pairs, {@code a[i, iEnd)} removed and {@code b[j, jEnd)} added, each
	 * placed in the other model after the construct of the pair before (at {@code i - 1}, {@code j - 1}),
	 * first in the other's body when the gap opens the body.
	 */
	private void gap(List<Construct> a, int i, int iEnd, Block left, List<Construct> b, int j, int jEnd, Block right) {
		Place inRight = new Place(right, j == 0 ? null : b.get(j - 1));
		Place inLeft = new Place(left, i == 0 ? null : a.get(i - 1));
		a.subList(i, iEnd).forEach(construct -> differences.add(new Difference(Kind.REMOVED, construct, null, summary(construct), inRight)));
		b.subList(j, jEnd).forEach(construct -> differences.add(new Difference(Kind.ADDED, null, construct, summary(construct), inLeft)));
	}

	/** Two aligned constructs (of the same kind): what differs in them, and in their bodies. */
	private void pair(Construct left, Map<String, Integer> leftDepths, Construct right, Map<String, Integer> rightDepths, int depth) {
		if (keys.alike(left, right, Keys.EQUAL)) {
			return;
		}
		if (left instanceof Loop a && right instanceof Loop b) {
			if (!ignoreCounts && !(Keys.expr(a.getLower(), leftDepths).equals(Keys.expr(b.getLower(), rightDepths))
					&& Keys.expr(a.getUpper(), leftDepths).equals(Keys.expr(b.getUpper(), rightDepths)))) {
				differences.add(new Difference(Kind.BOUNDS, a, b, bounds(a) + " against " + bounds(b) + counts(a, b)));
			}
			blocks(a, inner(leftDepths, a, depth), b, inner(rightDepths, b, depth), depth + 1);
			return;
		}
		Event a = (Event) left;
		Event b = (Event) right;
		field(Kind.RANKS, "rank", a, leftDepths, b, rightDepths, Event::getRank);
		if (a instanceof Message m && b instanceof Message n) {
			field(Kind.RANKS, "peer", m, leftDepths, n, rightDepths, Message::getPeer);
			field(Kind.CHANGED, "tag", m, leftDepths, n, rightDepths, Message::getTag);
			if (!Objects.equals(m.getCommunicator(), n.getCommunicator())) {
				differences.add(new Difference(Kind.CHANGED, m, n,
						"communicator " + communicator(m) + " against " + communicator(n)));
			}
		} else if (a instanceof Sync m && b instanceof Sync n) {
			if (!m.getName().equals(n.getName())) {
				differences.add(new Difference(Kind.CHANGED, m, n, "collective " + m.getName() + " against " + n.getName()));
			}
			if (!m.getGroup().equals(n.getGroup())) {
				differences.add(new Difference(Kind.RANKS, m, n, "group " + m.getGroup() + " against " + n.getGroup()));
			}
		} else if (!Keys.what(a, leftDepths).equals(Keys.what(b, rightDepths))) {
			differences.add(new Difference(Kind.CHANGED, a, b, "words " + words((Local) a) + " against " + words((Local) b)));
		}
	}

	private <E extends Event> void field(Kind kind, String name, E left, Map<String, Integer> leftDepths, E right,
			Map<String, Integer> rightDepths, Function<E, Value> field) {
		Value a = field.apply(left);
		Value b = field.apply(right);
		if (!Keys.value(a, leftDepths).equals(Keys.value(b, rightDepths))) {
			differences.add(new Difference(kind, left, right, name + " " + text(a) + " against " + text(b)));
		}
	}

	private static Map<String, Integer> inner(Map<String, Integer> depths, Loop loop, int depth) {
		Map<String, Integer> inner = new HashMap<>(depths);
		inner.put(loop.getIndex(), depth);
		return inner;
	}

	/**
	 * Pairs of ranks that talk in one model only: a line each when both models run on the same ranks;
	 * one line for all when they do not (other rank counts: every pair may move).
	 */
	private void channels(NavigableMap<Channel, Long> left, NavigableMap<Channel, Long> right) {
		if (left.keySet().equals(right.keySet())) {
			return;
		}
		RankSet leftRanks = ranks(left);
		RankSet rightRanks = ranks(right);
		if (!leftRanks.equals(rightRanks)) {
			differences.add(new Difference(Kind.CHANNELS, null, null,
					pairs(left.size(), leftRanks) + " against " + pairs(right.size(), rightRanks)));
			return;
		}
		left.forEach((channel, messages) -> {
			if (!right.containsKey(channel)) {
				differences.add(new Difference(Kind.CHANNELS, null, null, channel(channel) + " removed (" + messages(messages) + ")"));
			}
		});
		right.forEach((channel, messages) -> {
			if (!left.containsKey(channel)) {
				differences.add(new Difference(Kind.CHANNELS, null, null, channel(channel) + " added (" + messages(messages) + ")"));
			}
		});
	}

	private static RankSet ranks(NavigableMap<Channel, Long> channels) {
		RankSet.Builder ranks = new RankSet.Builder();
		channels.keySet().forEach(channel -> {
			ranks.add(Math.toIntExact(channel.source()));
			ranks.add(Math.toIntExact(channel.destination()));
		});
		return ranks.build();
	}

	/** {@code 48 pairs of ranks 0-15}; {@code no pair} for a model that sends nothing. */
	private static String pairs(int count, RankSet ranks) {
		return count == 0 ? "no pair" : count + (count == 1 ? " pair" : " pairs") + " of ranks " + ranks;
	}

	private static String messages(long count) {
		return count + (count == 1 ? " message" : " messages");
	}

	private static String channel(Channel channel) {
		return "rank " + channel.source() + " to rank " + channel.destination();
	}

	/** A construct in a line: an event's text, a loop's header and the size of its body. */
	public static String summary(Construct construct) {
		if (construct instanceof Loop loop) {
			int body = ConstructPath.constructs(loop).size();
			return "for " + loop.getIndex() + " = " + bounds(loop) + " (" + body + (body == 1 ? " construct)" : " constructs)");
		}
		return ModelPrinter.print((Event) construct);
	}

	/** {@code  (100 against 249 iterations)} when both loops have constant bounds, else nothing. */
	private static String counts(Loop left, Loop right) {
		if (!Stream.of(left.getLower(), left.getUpper(), right.getLower(), right.getUpper()).allMatch(Exprs::isConstant)) {
			return "";
		}
		return " (" + count(left) + " against " + count(right) + " iterations)";
	}

	private static long count(Loop loop) {
		return Math.max(0, loop.getUpper().getConstant() - loop.getLower().getConstant() + 1);
	}

	static String bounds(Loop loop) {
		return Exprs.toText(loop.getLower()) + " to " + Exprs.toText(loop.getUpper());
	}

	private static String text(@Nullable Value value) {
		return value instanceof Symbol symbol ? symbol.getName() : value instanceof Expr expr ? Exprs.toText(expr) : "none";
	}

	private static String communicator(Message message) {
		String communicator = message.getCommunicator();
		return communicator == null ? "none" : communicator;
	}

	private static String words(Local local) {
		List<String> words = new ArrayList<>();
		local.getWords().forEach(word -> words.add(text(word)));
		return String.join(" ", words);
	}
}
