// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Orders.collectiveInstances;
import static org.looptrace.merge.fold.internal.Orders.rankBlocks;
import static org.looptrace.merge.fold.internal.Orders.relative;
import static org.looptrace.merge.fold.internal.Orders.reorder;
import static org.looptrace.merge.fold.internal.Orders.unwrap;
import static org.looptrace.merge.fold.internal.Segments.segments;
import static org.looptrace.merge.fold.internal.Segments.separators;
import static org.looptrace.merge.fold.internal.Terms.size;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Model;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;

/**
 * Folding of a global model: nested loop recognition over the constructs of every system (each
 * loop body, then the top level), in several orders and with several rule sets, the smallest
 * folding kept; at the top level then the pass over steps and the value fits. A pure function of
 * the model: the result does not depend on the number of threads.
 */
public final class SystemFolding {

	/** The foldings of the top level the pass over steps is run on, the smallest first. */
	private static final int FINALISTS = 3;

	/** Systems of at least this many constructs try their foldings in parallel. */
	private static final int PARALLEL = 4096;

	private final int threads;
	/** Shared by the threads: reports and cancellation checks serialized. */
	private final Progress progress;
	private final StepsPass steps;
	private final ValueFitPass valueFits;
	/** The rule sets each order of a system is folded with, in the order of the ties. */
	private final List<RuleSet> candidates;
	/**
	 * Whether loop bodies are folded only in the orders that follow the roles of the ranks (the
	 * order read, group-major), not their numbers (rank-major, rank blocks): see {@link #fold}.
	 */
	private final boolean byRoles;
	private final Recognitions recognitions;
	/**
	 * The folded body of each loop met, and its other foldings, by the ranges around it: a system
	 * folded again (rotated, {@link LoopFollowedByItsStart}) keeps most of its loops as they were.
	 */
	private final Map<LoopNode, Map<List<List<Long>>, BodyFolding>> bodies = new IdentityHashMap<>();
	/** The size of each top-level folding compared, its first iterations put back. */
	private final Map<List<Node>, Long> peeledSizes = new IdentityHashMap<>();

	private SystemFolding(int threads, Progress progress, List<RuleSet> candidates, FitAnswers answers, Recognitions recognitions) {
		this.threads = threads;
		this.recognitions = recognitions;
		this.candidates = candidates;
		this.progress = Parallel.shared(progress);
		this.steps = new StepsPass(this.progress, answers);
		this.valueFits = new ValueFitPass(this.progress, answers);
		this.byRoles = false;
	}

	/** The folding of {@code parent} that folds loop bodies in the orders following roles. */
	private SystemFolding(SystemFolding parent) {
		this.threads = parent.threads;
		this.recognitions = parent.recognitions;
		this.candidates = parent.candidates;
		this.progress = parent.progress;
		this.steps = parent.steps;
		this.valueFits = parent.valueFits;
		this.byRoles = true;
	}

	/**
	 * The folded model of blocks run one after the other (a global model, or local models side by
	 * side); the blocks are not changed. Long systems try their foldings on up to {@code threads}
	 * threads; the result does not depend on their number.
	 * <p>
	 * The model is folded up to three times, with {@link RuleSet#CANDIDATES}, with
	 * {@link RuleSet#CANDIDATES_CONSTANTS_APART} and with {@link RuleSet#CANDIDATES_BUTTERFLIES},
	 * the smallest kept (the first on a tie): two runs of constant values joined in a loop body make
	 * the smallest body, yet may keep that body from folding with its neighbours above, and so may a
	 * body folded with xors, which only the size of the whole tells. The second folding runs only
	 * when the first joined such runs somewhere ({@link JumpingJoins}): else it would examine the
	 * same candidates and end the same. It starts at the first such join, beside the first folding
	 * where there are threads. The third runs only when a rank exchanges with peers across two
	 * different bits ({@link Butterflies#exchanged}). On the smallest, runs of loops of two
	 * iterations are fitted again ({@link PairsRefolded}), then first iterations written before
	 * their loops put back ({@link PeeledFirstIteration}).
	 *
	 * @throws IllegalArgumentException when an event's rank is not constant, or the blocks hold
	 *                                  annotations
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static Model fold(List<? extends Block> blocks, int threads, Progress progress) {
		List<Node> items = ModelTerms.read(blocks, progress);
		// How long folding takes is not known ahead (the orders and rule sets tried depend on what
		// folds): the steps of recognition are counted, to show that it goes on.
		progress.begin(String.format("Folding a model of %,d constructs; steps of recognition", size(items)), -1);
		JumpingJoins jumps = new JumpingJoins();
		FitAnswers answers = new FitAnswers();
		Recognitions recognitions = new Recognitions();
		List<Optional<List<Node>>> folded = Parallel.map(3, Math.min(threads, 3), k -> {
			if (k == 2) {
				return Butterflies.exchanged(items) ? Optional.of(fold(items, RuleSet.CANDIDATES_BUTTERFLIES, threads, progress, answers, recognitions))
						: Optional.empty();
			}
			if (k == 1) {
				return jumps.awaitAny() ? Optional.of(fold(items, RuleSet.CANDIDATES_CONSTANTS_APART, threads, progress, answers, recognitions)) : Optional.empty();
			}
			try {
				return Optional.of(fold(items, RuleSet.noting(RuleSet.CANDIDATES, jumps), threads, progress, answers, recognitions));
			} finally {
				jumps.end();
			}
		});
		List<Node> smallest = folded.get(0).orElseThrow();
		for (Optional<List<Node>> other : folded.subList(1, folded.size())) {
			if (other.isPresent() && size(PeeledFirstIteration.putBack(other.get())) < size(PeeledFirstIteration.putBack(smallest))) {
				smallest = other.get();
			}
		}
		return ModelTerms.write(lastPasses(smallest, new ValueFitPass(progress, answers)));
	}

	/**
	 * The passes on the way chosen: runs of loops of two iterations fitted again
	 * ({@link PairsRefolded}), then first iterations put back ({@link PeeledFirstIteration}).
	 */
	static List<Node> lastPasses(List<Node> chosen, ValueFitPass valueFits) {
		return PeeledFirstIteration.putBack(PairsRefolded.refolded(chosen, List.of(), valueFits::copiesFitted));
	}

	/** The constructs folded with one list of candidate rule sets (one of the two ways of {@link #fold(List, int, Progress)}). */
	static List<Node> fold(List<Node> items, List<RuleSet> candidates, int threads, Progress progress) {
		return fold(items, candidates, threads, progress, new FitAnswers(), new Recognitions());
	}

	/**
	 * As {@link #fold(List, List, int, Progress)}, asking the value fits of {@code answers} and the
	 * recognitions of {@code recognitions}, which the ways share.
	 */
	private static List<Node> fold(List<Node> items, List<RuleSet> candidates, int threads, Progress progress, FitAnswers answers,
			Recognitions recognitions) {
		return new SystemFolding(threads, progress, candidates, answers, recognitions).fold(items, List.of(), new ArrayList<>());
	}

	/**
	 * Folds the constructs of a system at {@code depth}, the bodies of its loops first. Of the
	 * order read and the {@link Linearizations} (rank-major, then group-major by step with and
	 * without its numbers), with each of the {@link #candidates}, keeps the one that folds into the
	 * fewest constructs (the first on a tie: NLR alone, the order read), or the folding that keeps
	 * each segment's smallest ({@link Segments}) when that is smaller. At the top level, of the
	 * {@link #FINALISTS} smallest and the folding by segments, the one smallest after
	 * the pass over steps ({@link StepsPass}), then the value fits ({@link ValueFitPass}), unless
	 * another is smaller once fitted too; in a loop
	 * body, of the few smallest, the one smallest after those two passes ({@link #smallestFitted}).
	 * Where the ranks of a segment end with the same steps ({@link CommonTail}), the system folded
	 * with those apart when that is smaller. Where two or more loops are closed exchanges of
	 * messages, the system folded again with their bodies unfolded, each in the one order of
	 * {@link ExchangeOrder}, kept when smaller (compared as above): bodies folded each on its own
	 * into different shapes cannot join, the same exchange run from another rank in one order can;
	 * then again with those bodies folded, each in the orders that follow the roles of its ranks
	 * only, so that bodies whose ranks are renamed fold alike (Sweep3D's octants on a grid of two
	 * rows, where foldings by rank number tie and each body took another).
	 * Where a loop is followed by the start of its body ({@link LoopFollowedByItsStart}), the system
	 * with that loop rotated folded again with all of the above, kept when smaller.
	 * Where neighbouring loops unify only with other foldings of their bodies ({@link LoopsFoldedAlike}),
	 * the system folded again with those, kept when smaller (compared as above).
	 * At the top level, where every rank takes the same steps, the system with its loops over
	 * several ranks split rank by rank ({@link LoopsSplitByRank}), kept when its ranks fold as one
	 * loop over them (by the recognitions, else by their values with the program inside folded
	 * again) and it is smaller.
	 * {@code ranges}: {lower, upper} of the index of each
	 * enclosing loop whose bounds are constant (null otherwise), outermost first; {@code foldings}
	 * gets the other foldings of the system.
	 */
	private List<Node> fold(List<Node> items, List<long @Nullable []> ranges, List<List<Node>> foldings) {
		progress.checkCancelled();
		int depth = ranges.size();
		List<List<List<Node>>> bodyFoldings = new ArrayList<>(items.size());
		List<Node> folded = bodiesFolded(items, ranges, bodyFoldings);
		List<Node> system = foldSystem(folded, ranges, foldings);
		List<Node> exchanges = ExchangeOrder.canonicalBodies(items);
		if (exchanges != null) {
			system = smaller(foldSystem(exchanges, ranges), system, ranges);
			List<Node> alike = new SystemFolding(this).bodiesFolded(exchanges, ranges, new ArrayList<>());
			system = smaller(foldSystem(alike, ranges), system, ranges);
		}
		// The steps every rank ends with folded apart, over all ranks, when that is smaller.
		List<long @Nullable []> within = new ArrayList<>(ranges);
		within.add(new long[] { 0, 0 });
		List<Node> split = CommonTail.wrapped(folded, depth, tail -> foldSystem(tail, within));
		if (split != null) {
			system = smaller(unwrap(foldSystem(split, ranges), depth), system, ranges);
		}
		// Loops rotated to start later in their step, folded again with all of the above.
		List<Node> rotated = LoopFollowedByItsStart.rotated(items, depth);
		if (rotated != null) {
			system = smaller(fold(rotated, ranges, new ArrayList<>()), system, ranges);
		}
		// After the foldings above, so that on a tie they stand.
		List<Node> alike = LoopsFoldedAlike.system(folded, bodyFoldings, ranges);
		if (alike != null) {
			system = smaller(foldSystem(alike, ranges), system, ranges);
		}
		// The whole program rank by rank, kept when its ranks fold as one loop over them and smaller:
		// a folding that leaves ranks apart mixes the roles of a grid's ranks into residues.
		List<Node> byRank = depth == 0 ? LoopsSplitByRank.split(folded, depth) : null;
		if (byRank != null) {
			List<Node> program = foldSystem(byRank, ranges);
			if (program.size() != 1) {
				// The recognitions pair ranks their own way (two by two on a 3 × 3 grid, one left
				// over): the ranks as a loop or nest by their values, each rank's program folded again.
				program = LoopsSplitByRank.withProgramFolded(valueFits.copiesFitted(byRank, ranges),
						(body, enclosing) -> fold(body, enclosing, new ArrayList<>()));
			}
			if (program.size() == 1) {
				system = smaller(program, system, ranges);
			}
		}
		return system;
	}

	/**
	 * The constructs of a system with the body of each loop folded; {@code bodyFoldings} gets, for
	 * each construct, the other foldings of its body (none for an event).
	 */
	private List<Node> bodiesFolded(List<Node> items, List<long @Nullable []> ranges, List<List<List<Node>>> bodyFoldings) {
		List<Node> folded = new ArrayList<>(items.size());
		for (Node item : items) {
			List<List<Node>> others = new ArrayList<>();
			if (item instanceof LoopNode loop) {
				BodyFolding body = bodies.computeIfAbsent(loop, key -> new HashMap<>()).get(Terms.rangesKey(ranges));
				if (body == null) {
					List<long @Nullable []> within = new ArrayList<>(ranges);
					within.add(Terms.range(loop));
					List<List<Node>> foldings = new ArrayList<>();
					body = new BodyFolding(fold(List.of(loop.body), within, foldings).toArray(new Node[0]), foldings);
					bodies.get(loop).put(Terms.rangesKey(ranges), body);
				}
				others.addAll(body.others());
				folded.add(new LoopNode(loop.lower, loop.upper, body.folded(), loop.ranks));
			} else {
				folded.add(item);
			}
			bodyFoldings.add(others);
		}
		return folded;
	}

	/** A loop's body folded, and its other foldings. */
	private record BodyFolding(Node[] folded, List<List<Node>> others) {
	}

	/**
	 * {@code other} when it is smaller than {@code system}, else {@code system}; at the top level
	 * compared with their first iterations put back, in a loop body as the passes the top level
	 * runs last leave them.
	 */
	private List<Node> smaller(List<Node> other, List<Node> system, List<long @Nullable []> ranges) {
		boolean smaller = ranges.isEmpty() ? peeledSize(other) < peeledSize(system) : fittedSize(other, ranges) < fittedSize(system, ranges);
		return smaller ? other : system;
	}

	private long peeledSize(List<Node> items) {
		return peeledSizes.computeIfAbsent(items, system -> size(PeeledFirstIteration.putBack(system)));
	}

	private long fittedSize(List<Node> items, List<long @Nullable []> ranges) {
		return size(valueFits.copiesFitted(steps.stepped(items, ranges), ranges));
	}

	/** Folds the constructs of a system at {@code depth} whose loop bodies are folded already (see {@link #fold}). */
	private List<Node> foldSystem(List<Node> folded, List<long @Nullable []> ranges) {
		return foldSystem(folded, ranges, new ArrayList<>());
	}

	/** As {@link #foldSystem(List, List)}; {@code foldings} gets the foldings of every order and rule set. */
	private List<Node> foldSystem(List<Node> folded, List<long @Nullable []> ranges, List<List<Node>> foldings) {
		int depth = ranges.size();
		Candidates candidates = candidates(folded, depth);
		List<List<Node>> folds = candidates.folds();
		foldings.addAll(folds);
		List<Node> bySegment = candidates.bySegment();
		long[] sizes = folds.stream().mapToLong(Terms::size).toArray();
		// The smallest first, the first on a tie.
		List<Integer> ranked = new ArrayList<>(folds.size());
		for (int k = 0; k < folds.size(); k++) {
			ranked.add(k);
		}
		ranked.sort(Comparator.comparingLong(k -> sizes[k]));
		if (depth > 0) {
			List<Node> best = folds.get(ranked.get(0));
			List<Node> chosen = bySegment != null && size(bySegment) < size(best) ? bySegment : best;
			return smallestFitted(chosen, ranked.stream().map(folds::get).distinct().limit(FINALISTS).toList(), ranges);
		}
		// At the top, the pass over steps decides among the few smallest and the folding by
		// segments: it can shrink one more than another (MG's exchanges folded as four loops or as
		// one loop over their steps).
		List<List<Node>> finalists = new ArrayList<>(ranked.stream().map(folds::get).distinct().limit(FINALISTS).toList());
		if (bySegment != null && !finalists.contains(bySegment)) {
			finalists.add(bySegment);
		}
		List<Node> inRounds = foldedInRounds(folded);
		if (!finalists.contains(inRounds)) {
			finalists.add(inRounds);
		}
		int parallel = folded.size() >= PARALLEL ? threads : 1;
		List<List<Node>> stepped = Parallel.map(finalists.size(), parallel, k -> steps.stepped(finalists.get(k), List.of()));
		List<List<Node>> fitted = Parallel.map(finalists.size(), parallel, k -> valueFits.copiesFitted(stepped.get(k), List.of()));
		// The smallest after the steps (the first on a tie), unless another is smaller once fitted:
		// the fits can join copies the steps leave apart (the octants of a sweep).
		int chosen = 0;
		for (int k = 1; k < stepped.size(); k++) {
			if (size(stepped.get(k)) < size(stepped.get(chosen))) {
				chosen = k;
			}
		}
		List<Node> best = fitted.get(chosen);
		for (List<Node> candidate : fitted) {
			if (size(candidate) < size(best)) {
				best = candidate;
			}
		}
		return best;
	}

	/**
	 * Of a loop body's smallest foldings, the one smallest once the pass over steps and the value
	 * fits have run on it (the passes the top level runs last), {@code chosen} on a tie: the fits can shrink a folding that
	 * keeps copies apart below one that joined them first with residues of its own (Sweep3D's
	 * octants of one sweep, joined as one run whose tag jumps half-way, fit as a loop over them
	 * only when kept as two runs).
	 */
	private List<Node> smallestFitted(List<Node> chosen, List<List<Node>> finalists, List<long @Nullable []> ranges) {
		List<Node> best = chosen;
		long smallest = fittedSize(chosen, ranges);
		for (List<Node> finalist : finalists) {
			long fitted = finalist == chosen ? smallest : fittedSize(finalist, ranges);
			if (fitted < smallest) {
				best = finalist;
				smallest = fitted;
			}
		}
		return best;
	}

	/**
	 * The foldings of a system's constructs (their loop bodies folded): each rule set of
	 * {@link #candidates} with each order of {@link #fold}'s, rule sets outermost (the order of the ties).
	 */
	private Candidates candidates(List<Node> folded, int depth) {
		List<RankSet> ranks = folded.stream().map(node -> node.ranks).toList();
		List<List<Node>> orders = new ArrayList<>(List.of(folded));
		List<Node> rankMajor = reorder(folded, Linearizations.rankMajor(ranks));
		List<List<Node>> reorders = new ArrayList<>(List.of(
				reorder(folded, Linearizations.groupMajor(ranks, folded.stream().map(node -> relative(node, false)).toList())),
				reorder(folded, Linearizations.groupMajor(ranks, folded.stream().map(node -> relative(node, true)).toList()))));
		if (!byRoles) {
			reorders.add(0, rankMajor);
		}
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
		if (rankBlocks.size() < folded.size() && !byRoles) {
			orders.add(rankBlocks);
		}
		Set<Node> separators = separators(folded);
		int count = candidates.size() * orders.size();
		// Long systems (the top level of thousands of ranks) try their candidates in parallel; the
		// choice below is made in a fixed order, so the result does not depend on it.
		// Only the rank-block order holds wrappers: bodies folded above have been unwrapped already.
		List<List<List<Node>>> segmented = Parallel.map(count, folded.size() >= PARALLEL ? threads : 1, k -> {
			List<Node> order = orders.get(k % orders.size());
			return segmentsFolded(order, candidates.get(k / orders.size()), separators, depth, order == rankBlocks);
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
		return new Candidates(folds, joined(smallest, depth, RuleSet.NLR));
	}

	/**
	 * The segments of {@code order} folded with {@code rules} each on its own, then the whole folded
	 * again with the same rules (repetitions around the separators), last. {@code wrapped}: the
	 * order holds rank blocks ({@link Orders#rankBlocks}), unwrapped once folded.
	 */
	private List<List<Node>> segmentsFolded(List<Node> order, RuleSet rules, Set<Node> separators, int depth, boolean wrapped) {
		List<List<Node>> segments = new ArrayList<>();
		for (List<Node> segment : segments(order, separators)) {
			List<Node> recognized = segment.size() == 1 && separators.contains(segment.get(0)) ? segment
					: recognitions.recognize(segment, depth, rules, progress);
			segments.add(wrapped ? unwrap(recognized, depth) : recognized);
		}
		segments.add(joined(segments, depth, rules));
		return segments;
	}

	/**
	 * The smallest folding of the top level in rounds ({@link Linearizations#instanceMajor}), the
	 * first on a tie. A finalist of its own rather than a candidate among the others: its
	 * recognition may be smaller than a folding that the passes over the finalists shrink more.
	 */
	private List<Node> foldedInRounds(List<Node> folded) {
		boolean flipping = candidates.stream().anyMatch(rules -> rules.has(Capability.XOR_PEERS));
		List<Node> steps = folded.stream().map(node -> flipping ? Butterflies.flippingStep(node) : relative(node, false)).toList();
		List<Node> order = reorder(folded, Linearizations.instanceMajor(folded.stream().map(node -> node.ranks).toList(), steps));
		Set<Node> separators = separators(folded);
		List<List<Node>> folds = Parallel.map(candidates.size(), folded.size() >= PARALLEL ? threads : 1, k -> {
			List<List<Node>> segments = segmentsFolded(order, candidates.get(k), separators, 0, false);
			return segments.get(segments.size() - 1);
		});
		List<Node> smallest = folds.get(0);
		for (List<Node> fold : folds) {
			if (size(fold) < size(smallest)) {
				smallest = fold;
			}
		}
		return smallest;
	}

	/**
	 * The foldings of a system, one per order and rule set, and the one that keeps each
	 * segment's smallest (null when the system has no separators ({@link Segments})).
	 */
	private record Candidates(List<List<Node>> folds, @Nullable List<Node> bySegment) {
	}

	/** Segments folded on their own, one after the other, folded again (repetitions around the separators). */
	private List<Node> joined(List<List<Node>> segments, int depth, RuleSet rules) {
		if (segments.size() == 1) {
			return segments.get(0);
		}
		List<Node> joined = new ArrayList<>();
		segments.forEach(joined::addAll);
		return recognitions.recognize(joined, depth, rules, progress);
	}
}
