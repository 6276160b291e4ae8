// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.internal.OwnerIterations;
import org.looptrace.scanner.Placement;
import org.looptrace.scanner.Polynomial;

/**
 * The model seen from one rank: its events owned by that rank, loops over ranks unrolled (see
 * {@link Specialisation}), every other loop kept, each construct with the number of the rank's events
 * it holds and its positions as polynomials. Constructs without events of the rank are left out.
 */
public final class Projection {

	/** Unrolled iterations one projection may visit before it gives up (a model too irregular to project). */
	static final long MAX_UNROLLED = 20_000_000;

	/** A construct with events of the rank. */
	public abstract static sealed class Node permits EventNode, LoopNode, UnrolledNode {
		public final Construct construct;
		/** Events of the rank in one occurrence, in the enclosing kept indices. */
		public final Polynomial count;
		/** Position of the first event relative to the start of the enclosing iteration. */
		public Polynomial at = Polynomial.ZERO;
		/** Absolute position of the first event. */
		public Polynomial start = Polynomial.ZERO;

		Node(Construct construct, Polynomial count) {
			this.construct = construct;
			this.count = count;
		}
	}

	/** An event of the rank. */
	public static final class EventNode extends Node {
		EventNode(Event event) {
			super(event, Polynomial.ONE);
		}
	}

	/**
	 * A loop kept as a loop: {@code for index = lower to upper}, bounds in the enclosing kept indices.
	 * Where guard loops inside it start or stop running at some of its iterations (their trip count
	 * crosses zero), its range is split there into pieces (see {@link Specialisation}): in each piece,
	 * every guard runs at every iteration or is left out.
	 */
	public static final class LoopNode extends Node {
		public final String index;
		/** The ranges of the loop's index, in order: one, or the pieces of a split range. */
		public final List<Piece> pieces;

		LoopNode(Loop loop, List<Piece> pieces, Polynomial count) {
			super(loop, count);
			this.index = loop.getIndex();
			this.pieces = pieces;
		}
	}

	/** The iterations {@code lower} to {@code upper} of a kept loop, with the same body. */
	public static final class Piece {
		public final Polynomial lower;
		public final Polynomial upper;
		public final List<Node> body;
		/** Events of the rank in iteration {@code index}. */
		public final Polynomial perIteration;
		/** Absolute position of the start of iteration {@code index}. */
		public Polynomial iterationStart = Polynomial.ZERO;
		/** The range of the index when the loop is split, else null. */
		final Placement.@Nullable Range range;

		Piece(Polynomial lower, Polynomial upper, List<Node> body, Polynomial perIteration, Placement.@Nullable Range range) {
			this.lower = lower;
			this.upper = upper;
			this.body = body;
			this.perIteration = perIteration;
			this.range = range;
		}
	}

	/** A loop over ranks, unrolled: its iterations that have events of the rank. */
	public static final class UnrolledNode extends Node {
		public final String index;
		public final List<Iteration> iterations;

		UnrolledNode(Loop loop, List<Iteration> iterations, Polynomial count) {
			super(loop, count);
			this.index = loop.getIndex();
			this.iterations = iterations;
		}
	}

	/** One iteration of an unrolled loop; {@code start} relative to the loop's start, then absolute. */
	public static final class Iteration {
		public final long value;
		public final Polynomial count;
		public final List<Node> body;
		/** Absolute position of the iteration's first event. */
		public Polynomial start = Polynomial.ZERO;
		final Polynomial offset;

		Iteration(long value, Polynomial offset, Polynomial count, List<Node> body) {
			this.value = value;
			this.offset = offset;
			this.count = count;
			this.body = body;
		}
	}

	private final int rank;
	private final List<Node> top;
	private final Polynomial total;
	private @Nullable Map<Construct, List<Placement>> placements;

	private Projection(int rank, List<Node> top, Polynomial total) {
		this.rank = rank;
		this.top = top;
		this.total = total;
	}

	/**
	 * Projects a model onto a rank.
	 *
	 * @throws IllegalArgumentException when loops over ranks would have to be unrolled beyond
	 *                                  {@value #MAX_UNROLLED} iterations, naming the loop
	 */
	public static Projection of(Block model, Specialisation specialisation, int rank) {
		Builder builder = new Builder(specialisation, rank);
		List<Node> top = builder.block(model);
		Polynomial total = sum(top);
		Projection projection = new Projection(rank, top, total);
		projection.place(top, Polynomial.ZERO);
		return projection;
	}

	public int rank() {
		return rank;
	}

	/** The constructs of the model's top with events of the rank. */
	public List<Node> top() {
		return top;
	}

	/** The number of events of the rank (a constant polynomial). */
	public Polynomial total() {
		return total;
	}

	private static Polynomial sum(List<Node> nodes) {
		Polynomial sum = Polynomial.ZERO;
		for (Node node : nodes) {
			sum = sum.plus(node.count);
		}
		return sum;
	}

	/** Sets the absolute starts of the nodes of one block iteration starting at {@code start}. */
	private void place(List<Node> nodes, Polynomial start) {
		for (Node node : nodes) {
			node.start = start.plus(node.at);
			if (node instanceof LoopNode loop) {
				Polynomial pieceStart = loop.start;
				for (Piece piece : loop.pieces) {
					Polynomial before = piece.perIteration.antidifference(loop.index);
					Polynomial beforeLower = before.substitute(loop.index, piece.lower);
					piece.iterationStart = pieceStart.plus(before).minus(beforeLower);
					place(piece.body, piece.iterationStart);
					pieceStart = pieceStart.plus(before.substitute(loop.index, piece.upper.plus(Polynomial.ONE))).minus(beforeLower);
				}
			} else if (node instanceof UnrolledNode unrolled) {
				for (Iteration iteration : unrolled.iterations) {
					iteration.start = unrolled.start.plus(iteration.offset);
					place(iteration.body, iteration.start);
				}
			}
		}
	}

	/** The placements of a construct on this rank, in model order (empty when it has no event of the rank). */
	public synchronized List<Placement> placements(Construct construct) {
		Map<Construct, List<Placement>> index = placements;
		if (index == null) {
			index = new IdentityHashMap<>();
			indexPlacements(top, new LinkedHashMap<>(), new LinkedHashMap<>(), new ArrayList<>(), index);
			placements = index;
		}
		return index.getOrDefault(construct, List.of());
	}

	private void indexPlacements(List<Node> nodes, LinkedHashMap<String, Long> fixed, LinkedHashMap<String, Placement.Range> ranges,
			List<String> indices, Map<Construct, List<Placement>> index) {
		for (Node node : nodes) {
			if (node instanceof LoopNode loop) {
				for (Piece piece : loop.pieces) {
					Placement.Range range = piece.range;
					if (range != null) {
						ranges.put(loop.index, range);
					}
					index.computeIfAbsent(node.construct, c -> new ArrayList<>()).add(placement(node, fixed, ranges, indices, piece.perIteration));
					indices.add(loop.index);
					indexPlacements(piece.body, fixed, ranges, indices, index);
					indices.remove(indices.size() - 1);
					ranges.remove(loop.index);
				}
				continue;
			}
			index.computeIfAbsent(node.construct, c -> new ArrayList<>()).add(placement(node, fixed, ranges, indices, null));
			if (node instanceof UnrolledNode unrolled) {
				for (Iteration iteration : unrolled.iterations) {
					fixed.put(unrolled.index, iteration.value);
					indexPlacements(iteration.body, fixed, ranges, indices, index);
					fixed.remove(unrolled.index);
				}
			}
		}
	}

	private Placement placement(Node node, Map<String, Long> fixed, Map<String, Placement.Range> ranges, List<String> indices,
			@Nullable Polynomial perIteration) {
		return new Placement(node.construct, rank, Collections.unmodifiableMap(new LinkedHashMap<>(fixed)),
				Collections.unmodifiableMap(new LinkedHashMap<>(ranges)), List.copyOf(indices), node.at, node.count, perIteration, node.start);
	}

	/** Builds the nodes bottom-up, with counts and relative positions. */
	private static final class Builder {
		private final Specialisation specialisation;
		private final int rank;
		/** Values of the enclosing unrolled loops. */
		private final Map<String, Long> fixed = new LinkedHashMap<>();
		/** Guard loops that do not run in the pieces of the split loops being built. */
		private final Set<Loop> idle = Collections.newSetFromMap(new IdentityHashMap<>());
		private long unrolledIterations;

		Builder(Specialisation specialisation, int rank) {
			this.specialisation = specialisation;
			this.rank = rank;
		}

		/** The nodes of a block with events of the rank, each with its offset in the block. */
		List<Node> block(Block block) {
			List<Node> nodes = new ArrayList<>();
			Polynomial offset = Polynomial.ZERO;
			for (Item item : block.getItems()) {
				Node node = null;
				if (item instanceof Event event) {
					node = event(event);
				} else if (item instanceof Loop loop && !idle.contains(loop)) {
					node = specialisation.isUnrolled(loop) ? unrolled(loop) : loop(loop);
				}
				if (node != null) {
					node.at = offset;
					offset = offset.plus(node.count);
					nodes.add(node);
				}
			}
			return nodes;
		}

		private @Nullable Node event(Event event) {
			long owner = Exprs.evaluate(Exprs.owner(event), this::fixedValue);
			return owner == rank ? new EventNode(event) : null;
		}

		private long fixedValue(String index) {
			Long value = fixed.get(index);
			if (value == null) {
				throw new IllegalStateException("index '" + index + "' should have been unrolled");
			}
			return value;
		}

		private @Nullable Node loop(Loop loop) {
			Polynomial lower = Specialisation.affine(loop.getLower(), fixed);
			Polynomial upper = Specialisation.affine(loop.getUpper(), fixed);
			if (lower.isConstant() && upper.isConstant() && upper.constantValue().compareTo(lower.constantValue()) < 0) {
				return null; // never runs
			}
			List<Loop> guards = specialisation.guards(loop);
			if (guards.isEmpty()) {
				Piece piece = piece(loop, lower, upper, null);
				return piece == null ? null : loopNode(loop, List.of(piece));
			}
			List<Piece> pieces = new ArrayList<>();
			for (Placement.Range range : GuardSplit.ranges(loop, guards, lower.constantValue().longValueExact(),
					upper.constantValue().longValueExact(), fixed)) {
				GuardSplit.idleGuards(loop, guards, range.first(), fixed).forEach(idle::add);
				Piece piece = piece(loop, Polynomial.constant(range.first()), Polynomial.constant(range.last()), range);
				idle.removeAll(guards);
				if (piece != null) {
					pieces.add(piece);
				}
			}
			return loopNode(loop, pieces);
		}

		/** The iterations lower..upper of a kept loop, null when they hold no event of the rank. */
		private @Nullable Piece piece(Loop loop, Polynomial lower, Polynomial upper, Placement.@Nullable Range range) {
			List<Node> body = block(loop);
			Polynomial perIteration = sum(body);
			return perIteration.isZero() ? null : new Piece(lower, upper, body, perIteration, range);
		}

		private static @Nullable Node loopNode(Loop loop, List<Piece> pieces) {
			Polynomial count = Polynomial.ZERO;
			for (Piece piece : pieces) {
				count = count.plus(piece.perIteration.sum(loop.getIndex(), piece.lower, piece.upper));
			}
			return count.isZero() ? null : new LoopNode(loop, pieces, count);
		}

		private @Nullable Node unrolled(Loop loop) {
			long lower = Exprs.evaluate(loop.getLower(), this::fixedValue);
			long upper = Exprs.evaluate(loop.getUpper(), this::fixedValue);
			List<Iteration> iterations = new ArrayList<>();
			Polynomial offset = Polynomial.ZERO;
			// only the iterations that may hold events of the rank, when the owners tell which
			long @Nullable [] values = OwnerIterations.of(loop, lower, upper, rank, fixed);
			if (values != null) {
				for (long value : values) {
					offset = iteration(loop, value, offset, iterations);
				}
			} else {
				for (long value = lower; value <= upper; value++) {
					offset = iteration(loop, value, offset, iterations);
					if (value == Long.MAX_VALUE) {
						break;
					}
				}
			}
			return iterations.isEmpty() ? null : new UnrolledNode(loop, iterations, offset);
		}

		/** Adds the iteration {@code value} of an unrolled loop when it has events of the rank; returns the offset after it. */
		private Polynomial iteration(Loop loop, long value, Polynomial offset, List<Iteration> iterations) {
			if (++unrolledIterations > MAX_UNROLLED) {
				throw new IllegalArgumentException("the loop over '" + loop.getIndex() + "' (construct " + ConstructPath.of(loop)
						+ ") runs over ranks or bounds other loops over ranks: projecting the model onto rank " + rank
						+ " would unroll more than " + MAX_UNROLLED + " iterations");
			}
			fixed.put(loop.getIndex(), value);
			List<Node> body = block(loop);
			fixed.remove(loop.getIndex());
			Polynomial count = sum(body);
			if (count.isZero()) {
				return offset;
			}
			iterations.add(new Iteration(value, offset, count, body));
			return offset.plus(count);
		}
	}
}
