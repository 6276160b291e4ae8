// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.patterns;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.patterns.internal.MaximalRepeats;
import org.looptrace.analysis.patterns.internal.Sequences;
import org.looptrace.model.Block;
import org.looptrace.model.core.RankSet;

/**
 * The per-process communication patterns of a model (Alawneh et al.'s contextual approach, step 1),
 * on the model rather than the trace: a loop is a contiguous repetition already removed (its body
 * is read once, and each place in it counts for the loop's iterations), so the work is linear in
 * the size of the model, not of the trace.
 * <p>
 * For every rank, the communication events (send, recv, sync) it owns are read in model order. With
 * contexts, {@code local call F} and {@code local return F} of that rank cut the sequence at every
 * function boundary and label each piece with the function it runs in, so no pattern spans two
 * functions; without (or when the trace recorded no calls), a rank's events are one sequence. A
 * pattern is a maximal repeat of the sequences of one context, of at least two events: it stands
 * at two places or more, and cannot be extended to the left or to the right at all of them alike.
 * Step 2 of the paper, {@link #global}, joins the per-process patterns of partner ranks into
 * global communication patterns.
 */
public final class ContextualPatterns {

	private ContextualPatterns() {
	}

	/** The patterns of every rank, by rank, context, then most occurrences first. */
	public static List<ProcessPattern> find(Block model, boolean useContext) {
		return perRank(Sequences.of(model, useContext)).stream().map(Found::pattern).toList();
	}

	/** A per-process pattern with the symbols of its events. */
	private record Found(ProcessPattern pattern, int[] symbols) {
	}

	private static List<Found> perRank(Sequences sequences) {
		List<Found> found = new ArrayList<>();
		for (Map.Entry<Integer, Map<String, Sequences.Pieces>> rank : sequences.pieces().entrySet()) {
			for (Map.Entry<String, Sequences.Pieces> context : rank.getValue().entrySet()) {
				Sequences.Pieces pieces = context.getValue();
				for (MaximalRepeats.Repeat repeat : MaximalRepeats.find(pieces.symbols(), pieces.weights(), 2)) {
					found.add(new Found(new ProcessPattern(rank.getKey(), context.getKey(), pieces.texts(repeat.symbols()),
							repeat.places(), repeat.occurrences()), repeat.symbols()));
				}
			}
		}
		found.sort(Comparator.comparing(Found::pattern, Comparator.comparingInt(ProcessPattern::rank)
				.thenComparing(ProcessPattern::context)
				.thenComparing(Comparator.comparingLong(ProcessPattern::occurrences).reversed())
				.thenComparing(pattern -> String.join("\n", pattern.events()))));
		return found;
	}

	/**
	 * The global patterns of a model (the contextual approach's step 2): every per-process pattern
	 * is joined with the patterns of its partner ranks that hold the other end of one of its
	 * messages (the partner's pattern in the same context first, then the one of the closest number
	 * of occurrences, then the longest); a partner event in no pattern of its rank is added as it
	 * is. The patterns joined this way make one global pattern; those over two ranks or more are
	 * listed, most occurrences first.
	 */
	public static List<GlobalPattern> global(Block model, boolean useContext) {
		Sequences sequences = Sequences.of(model, useContext);
		List<Found> found = perRank(sequences);
		int[] parent = new int[found.size()];
		Arrays.setAll(parent, i -> i);
		Map<Integer, Set<Integer>> singles = join(sequences, found, parent);
		Map<Integer, List<Integer>> components = new TreeMap<>();
		for (int i = 0; i < found.size(); i++) {
			components.computeIfAbsent(root(parent, i), r -> new ArrayList<>()).add(i);
		}
		List<GlobalPattern> global = new ArrayList<>();
		for (List<Integer> members : components.values()) {
			GlobalPattern pattern = component(sequences, found, members, singles);
			if (pattern != null) {
				global.add(pattern);
			}
		}
		global.sort(Comparator.comparingLong(GlobalPattern::occurrences).reversed()
				.thenComparing(pattern -> pattern.ranks().min()).thenComparing(pattern -> pattern.ranks().toString()));
		return global;
	}

	/**
	 * Joins every pattern with the best pattern of the partner of each of its messages, in the
	 * union-find {@code parent}; returns the partner events in no pattern, by the pattern they
	 * join.
	 */
	private static Map<Integer, Set<Integer>> join(Sequences sequences, List<Found> found, int[] parent) {
		Map<Sequences.Transfer, List<Integer>> holders = holders(sequences, found);
		Map<Sequences.Transfer, Integer> symbolOf = symbols(sequences);
		Map<Integer, Set<Integer>> singles = new HashMap<>();
		for (int i = 0; i < found.size(); i++) {
			Found pattern = found.get(i);
			for (int symbol : pattern.symbols()) {
				Sequences.Transfer transfer = sequences.message(symbol);
				if (transfer == null) {
					continue;
				}
				Sequences.Transfer partner = transfer.partner();
				List<Integer> candidates = holders.getOrDefault(partner, List.of());
				if (candidates.isEmpty()) {
					Integer single = symbolOf.get(partner);
					if (single != null) {
						singles.computeIfAbsent(i, k -> new TreeSet<>()).add(single);
					}
					continue;
				}
				int best = candidates.stream().min(Comparator.comparing((Integer c) -> !found.get(c).pattern().context()
						.equals(pattern.pattern().context()))
						.thenComparingLong(c -> Math.abs(found.get(c).pattern().occurrences() - pattern.pattern().occurrences()))
						.thenComparing(Comparator.comparingInt((Integer c) -> found.get(c).symbols().length).reversed()))
						.orElseThrow();
				parent[root(parent, best)] = root(parent, i);
			}
		}
		return singles;
	}

	/** The patterns holding each message, in pattern order, each once. */
	private static Map<Sequences.Transfer, List<Integer>> holders(Sequences sequences, List<Found> found) {
		Map<Sequences.Transfer, List<Integer>> holders = new HashMap<>();
		for (int i = 0; i < found.size(); i++) {
			for (int symbol : found.get(i).symbols()) {
				Sequences.Transfer transfer = sequences.message(symbol);
				if (transfer != null) {
					List<Integer> list = holders.computeIfAbsent(transfer, t -> new ArrayList<>());
					if (list.isEmpty() || list.get(list.size() - 1) != i) {
						list.add(i);
					}
				}
			}
		}
		return holders;
	}

	/** The first symbol of every message in the sequences. */
	private static Map<Sequences.Transfer, Integer> symbols(Sequences sequences) {
		Map<Sequences.Transfer, Integer> symbolOf = new HashMap<>();
		for (Map<String, Sequences.Pieces> contexts : sequences.pieces().values()) {
			for (Sequences.Pieces pieces : contexts.values()) {
				for (int symbol : pieces.symbols()) {
					Sequences.Transfer transfer = symbol == Sequences.SEPARATOR ? null : sequences.message(symbol);
					if (transfer != null) {
						symbolOf.putIfAbsent(transfer, symbol);
					}
				}
			}
		}
		return symbolOf;
	}

	/** The global pattern of joined patterns and their single partner events; null when it spans one rank. */
	private static @Nullable GlobalPattern component(Sequences sequences, List<Found> found, List<Integer> members,
			Map<Integer, Set<Integer>> singles) {
		RankSet.Builder ranks = new RankSet.Builder();
		List<ProcessPattern> parts = new ArrayList<>();
		Set<Integer> singleSymbols = new TreeSet<>();
		long occurrences = Long.MAX_VALUE;
		for (int i : members) {
			ProcessPattern part = found.get(i).pattern();
			parts.add(part);
			ranks.add(part.rank());
			occurrences = Math.min(occurrences, part.occurrences());
			singleSymbols.addAll(singles.getOrDefault(i, Set.of()));
		}
		List<String> singleTexts = new ArrayList<>();
		for (int symbol : singleSymbols) {
			Sequences.Transfer transfer = sequences.message(symbol);
			if (transfer != null) {
				ranks.add(transfer.owner());
			}
			singleTexts.add(sequences.text(symbol));
		}
		RankSet all = ranks.build();
		return all.size() >= 2 ? new GlobalPattern(all, parts, singleTexts, occurrences) : null;
	}

	private static int root(int[] parent, int i) {
		while (parent[i] != i) {
			parent[i] = parent[parent[i]];
			i = parent[i];
		}
		return i;
	}
}
