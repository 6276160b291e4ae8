// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.RankSet;
import org.looptrace.scanner.internal.Projection;
import org.looptrace.scanner.internal.Specialisation;

/**
 * Positions of the constructs of a model in the traces of each rank (section V-B of the paper): for
 * every construct and rank, {@code @} (position relative to the enclosing iteration), {@code #} (events
 * of one iteration of a loop) and the absolute position of each occurrence, as exact polynomials in the
 * indices of the enclosing loops. A position on rank p counts only the events p owns: it is the line
 * number - 1 in {@code trace.<p>} and the record number in {@code data.<p>}.
 *
 * <p>
 * Positions on rank p are those of the model projected onto p: loops whose index decides which rank
 * owns an event (loops over ranks) are unrolled there, the other loops stay loops (see
 * {@link Placement}). The model must not change while its positions are in use. Thread-safe; the
 * projections of the most recently asked ranks are cached.
 *
 * <pre>
 * Positions positions = Positions.of(model);
 * for (Placement placement : positions.placements(loop, 0)) {
 *     placement.at();      // 320
 *     placement.start();   // 991+644*i0
 * }
 * </pre>
 */
public final class Positions {

	private static final int CACHED_RANKS = 64;

	private final Block model;
	private final Specialisation specialisation;
	private final Map<Integer, Projection> projections = new LinkedHashMap<>(16, 0.75f, true) {
		private static final long serialVersionUID = 1L;

		@Override
		protected boolean removeEldestEntry(Map.@Nullable Entry<Integer, Projection> eldest) {
			return size() > CACHED_RANKS;
		}
	};

	private Positions(Block model) {
		this.model = model;
		this.specialisation = Specialisation.of(model);
	}

	/** The positions of a model's constructs (computed per rank on demand). */
	public static Positions of(Block model) {
		return new Positions(model);
	}

	public Block model() {
		return model;
	}

	/**
	 * Whether a loop is unrolled on each rank (a loop over ranks, or one whose index bounds one):
	 * the constructs inside it have one placement per value of its index.
	 */
	public boolean isUnrolled(Loop loop) {
		return specialisation.isUnrolled(loop);
	}

	/**
	 * The placements of a construct on a rank: one when no enclosing loop is unrolled, else one per
	 * combination of their values where the construct has events of the rank, in model order; empty
	 * when the construct has no event of the rank. A construct inside a loop whose bounds leave it
	 * empty for every value of the enclosing indices may still have a placement (its count evaluates
	 * to 0 wherever it would be reached).
	 *
	 * @throws IllegalArgumentException when the model is too irregular to project (loops over ranks
	 *                                  of more than 20 million iterations in all)
	 */
	public List<Placement> placements(Construct construct, int rank) {
		return projection(rank).placements(construct);
	}

	/** The number of events the rank owns in the model: the length of {@code trace.<rank>}. */
	public long events(int rank) {
		return projection(rank).total().constantValue().longValueExact();
	}

	/** The projection of the model onto a rank (internal use: scanners walk it). */
	public synchronized Projection projection(int rank) {
		Projection projection = projections.get(rank);
		if (projection == null) {
			projection = Projection.of(model, specialisation, rank);
			projections.put(rank, projection);
		}
		return projection;
	}

	/**
	 * The ranks that own events of the model: the owners of its events, loops over ranks run; a rank
	 * whose events sit only in loops that never run is listed too (its placements are empty).
	 */
	public RankSet ranks() {
		return owners(null);
	}

	/** The ranks that own events of a construct, as {@link #ranks()} counts them. */
	public RankSet ranks(Construct construct) {
		return owners(construct);
	}

	private RankSet owners(@Nullable Construct construct) {
		RankSet.Builder ranks = new RankSet.Builder();
		collectOwners(model, construct == null, construct, new LinkedHashMap<>(), ranks);
		return ranks.build();
	}

	private void collectOwners(Block block, boolean inside, @Nullable Construct target, Map<String, Long> fixed,
			RankSet.Builder ranks) {
		for (Item item : block.getItems()) {
			boolean in = inside || item == target;
			if (!in && !(item instanceof Loop loop && target != null && contains(loop, target))) {
				continue;
			}
			if (item instanceof Event event) {
				long owner = Exprs.evaluate(Exprs.owner(event), fixed::get);
				if (owner >= 0 && owner <= Integer.MAX_VALUE) {
					ranks.add((int) owner);
				}
			} else if (item instanceof Loop inner) {
				if (!specialisation.isUnrolled(inner)) {
					collectOwners(inner, in, target, fixed, ranks);
					continue;
				}
				long lower = Exprs.evaluate(inner.getLower(), fixed::get);
				long upper = Exprs.evaluate(inner.getUpper(), fixed::get);
				for (long value = lower; value <= upper; value++) {
					fixed.put(inner.getIndex(), value);
					collectOwners(inner, in, target, fixed, ranks);
					fixed.remove(inner.getIndex());
					if (value == Long.MAX_VALUE) {
						break;
					}
				}
			}
		}
	}

	private static boolean contains(Loop loop, Construct construct) {
		for (EObject container = construct.eContainer(); container != null; container = container.eContainer()) {
			if (container == loop) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The positions of a construct said once for the ranks where they agree, as an editor shows them
	 * above the construct: {@code @ 0 on ranks 0-15}; for a loop kept as a loop, with the length of an
	 * iteration: {@code @ 12 # 4 on ranks 0-15}. Ranks whose positions differ make groups, in the
	 * order of their first rank ({@code @ 0 on ranks 0,15 | @ 3 on ranks 1-14}), at most
	 * {@code maxGroups} then {@code ...}. A loop split where a guard inside starts or stops running has
	 * a # per piece, named: {@code @ 0 # 5 (i2=0..0) on ranks 0-15 | @ 0 # 4 (i2=1..999) on ranks 0-15}.
	 * The values of loops over ranks that place a construct are left out: {@link #describe} gives
	 * them, rank by rank.
	 */
	public String summarize(Construct construct, int maxGroups) {
		boolean perIteration = construct instanceof Loop loop && !specialisation.isUnrolled(loop);
		Map<String, RankSet.Builder> groups = new LinkedHashMap<>();
		for (int rank : ranks(construct)) {
			for (Placement placement : placements(construct, rank)) {
				Polynomial iteration = placement.perIteration();
				String at = "@ " + placement.at() + (perIteration && iteration != null ? " # " + iteration : "");
				if (construct instanceof Loop loop && placement.ranges().get(loop.getIndex()) instanceof Placement.Range piece) {
					at += " (" + loop.getIndex() + "=" + piece + ")";
				}
				groups.computeIfAbsent(at, key -> new RankSet.Builder()).add(rank);
			}
		}
		StringJoiner summary = new StringJoiner(" | ");
		int shown = 0;
		for (Map.Entry<String, RankSet.Builder> group : groups.entrySet()) {
			if (shown++ == maxGroups) {
				summary.add("...");
				break;
			}
			RankSet ranks = group.getValue().build();
			summary.add(group.getKey() + (ranks.size() == 1 ? " on rank " : " on ranks ") + ranks);
		}
		return summary.toString();
	}

	/**
	 * The positions of a construct as figure 8 comments them: {@code @{0=671,1=999,5=1327}} and for a
	 * loop kept as a loop {@code #{0=644,1=966,5=1288}}, at most {@code maxRanks} ranks then
	 * {@code ...}. A placement under loops over ranks shows their values: {@code 3=0(i1=3)}; one in a
	 * piece of a split loop its range: {@code 3=1+2*i2(i2=1..999)}.
	 */
	public String describe(Construct construct, int maxRanks) {
		StringJoiner at = new StringJoiner(",", "@{", "}");
		StringJoiner perIteration = new StringJoiner(",", "#{", "}");
		int shown = 0;
		for (int rank : ranks(construct)) {
			List<Placement> placements = placements(construct, rank);
			if (placements.isEmpty()) {
				continue;
			}
			if (shown++ == maxRanks) {
				at.add("...");
				perIteration.add("...");
				break;
			}
			for (Placement placement : placements) {
				String fixed = placement.where().replace('{', '(').replace('}', ')').replace(", ", ",");
				at.add(rank + "=" + placement.at() + fixed);
				Polynomial iteration = placement.perIteration();
				if (iteration != null) {
					perIteration.add(rank + "=" + iteration + fixed);
				}
			}
		}
		return construct instanceof Loop loop && !specialisation.isUnrolled(loop) ? at + " " + perIteration : at.toString();
	}
}
