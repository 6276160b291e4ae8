// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.diff.Difference;
import org.looptrace.analysis.diff.Difference.Kind;
import org.looptrace.analysis.diff.Place;
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
	private final List<Difference> differences = new ArrayList<>();

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

	/** Aligns the constructs of two blocks at the same depth; {@code depths}: the depth of each index in scope. */
	private void blocks(Block left, Map<String, Integer> leftDepths, Block right, Map<String, Integer> rightDepths, int depth) {
		progress.checkCancelled();
		List<Construct> a = ConstructPath.constructs(left);
		List<Construct> b = ConstructPath.constructs(right);
		int i = 0;
		int j = 0;
		for (int[] pair : Alignment.pairs(keys.of(a), keys.of(b))) {
			if (unrelated(a.get(pair[0]), b.get(pair[1]))) {
				continue; // left to the gap
			}
			gap(a, i, pair[0], left, b, j, pair[1], right);
			pair(a.get(pair[0]), leftDepths, b.get(pair[1]), rightDepths, depth);
			i = pair[0] + 1;
			j = pair[1] + 1;
		}
		gap(a, i, a.size(), left, b, j, b.size(), right);
	}

	/**
	 * Two loops paired for being loops only, whose bodies have nothing alike, not even constructs of
	 * the same kind: one loop removed and another added, not one loop whose whole body changed. A loop
	 * whose body is empty is not unrelated: all it lacks is the other's body.
	 */
	private boolean unrelated(Construct left, Construct right) {
		if (left instanceof Loop a && right instanceof Loop b) {
			List<Construct> aBody = ConstructPath.constructs(a);
			List<Construct> bBody = ConstructPath.constructs(b);
			return !aBody.isEmpty() && !bBody.isEmpty() && Alignment.pairs(keys.of(aBody), keys.of(bBody)).isEmpty();
		}
		return false;
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
				differences.add(new Difference(Kind.BOUNDS, a, b, bounds(a) + " against " + bounds(b)));
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

	private static String bounds(Loop loop) {
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
