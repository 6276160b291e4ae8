// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.diff.Difference.Kind;
import org.looptrace.model.Construct;
import org.looptrace.model.Expr;
import org.looptrace.model.Loop;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;

/**
 * Runs of constructs of two aligned blocks that one rewrite of a loop explains exactly: a loop of one
 * block is, in the other, its iterations written out (wrapped, unwrapped), loops over consecutive
 * parts of its iterations (split, joined), or a loop over part of them beside the others written out
 * (peeled, unpeeled). Exactly: what the rewritten form expands to equals the other block's run,
 * construct for construct. A run is only found around constructs the alignment did not pair as equal,
 * and only where the alignment passes through its ends, so that it takes the place of the alignment's
 * pairs inside it. The search runs in the order of the blocks that {@link Keys#compare} gives, and
 * the result is turned around if need be: the same runs whichever model is the left one.
 */
final class Rewrites {

	/** A rewrite found: {@code a[aFrom, aTo)} of the left block against {@code b[bFrom, bTo)} of the right one. */
	record Rewrite(Kind kind, int aFrom, int aTo, int bFrom, int bTo, String what) {
	}

	/** How a loop's run in the other block is made. */
	private enum Shape {
		/** Its iterations written out. */
		EXPANDED,
		/** Loops over consecutive parts of its iterations. */
		PIECES,
		/** Its first or last iterations written out beside a loop over the others. */
		PEELED
	}

	/**
	 * A loop of one side and the run of the other side that it explains.
	 *
	 * @param side  the side of the loop, 0 or 1 in the order of the search
	 * @param front for a loop peeled, the iterations written out before the loop
	 * @param back  for a loop peeled, the iterations written out after the loop
	 */
	private record Found(Shape shape, int side, int loop, int runFrom, int runTo, long front, long back) {

		int from(int of) {
			return of == side ? loop : runFrom;
		}

		int to(int of) {
			return of == side ? loop + 1 : runTo;
		}
	}

	/** One block of the search, with where the alignment lets a run start or end. */
	private static final class Side {
		final List<Construct> constructs;
		final Map<String, Integer> depths;
		final Map<Integer, String> names = new HashMap<>();
		final int[] equal;
		final int[] kinds;
		final boolean[] pairedEqual;
		/** For a run's end at position x of this side, the first and last positions of the other side the alignment allows. */
		final int[] low;
		final int[] high;
		/** The kinds of the constructs of the body of each loop, as asked for. */
		private final int[] @Nullable [] bodyKinds;

		Side(List<Construct> constructs, Map<String, Integer> depths, int[][] keys, int[] pairedWith, int otherSize, int[] otherEqual) {
			this.constructs = constructs;
			this.depths = depths;
			this.equal = keys[Keys.EQUAL];
			this.kinds = keys[Keys.KIND];
			depths.forEach((name, depth) -> names.put(depth, name));
			int n = constructs.size();
			pairedEqual = new boolean[n];
			bodyKinds = new int[n][];
			low = new int[n + 1];
			high = new int[n + 1];
			for (int x = 0; x < n; x++) {
				low[x + 1] = pairedWith[x] >= 0 ? pairedWith[x] + 1 : low[x];
				pairedEqual[x] = pairedWith[x] >= 0 && equal[x] == otherEqual[pairedWith[x]];
			}
			high[n] = otherSize;
			for (int x = n - 1; x >= 0; x--) {
				high[x] = pairedWith[x] >= 0 ? pairedWith[x] : high[x + 1];
			}
		}

		/** The kinds of the constructs of the body of the loop at {@code position}. */
		int[] bodyKinds(Keys keys, int position) {
			int[] known = bodyKinds[position];
			if (known == null) {
				known = keys.of(ConstructPath.constructs((Loop) constructs.get(position)))[Keys.KIND];
				bodyKinds[position] = known;
			}
			return known;
		}
	}

	private final Keys keys;
	private Side[] sides = new Side[2];
	private int depth;

	Rewrites(Keys keys) {
		this.keys = keys;
	}

	/**
	 * The rewrites of {@code a} against {@code b}, aligned by {@code pairs}, in the order of the
	 * blocks, none overlapping another; {@code aDepths}, {@code bDepths}: the depth of each index in
	 * scope, {@code depth} the blocks' own.
	 */
	List<Rewrite> find(List<Construct> a, Map<String, Integer> aDepths, List<Construct> b, Map<String, Integer> bDepths, int depth,
			List<int[]> pairs) {
		boolean turned = keys.compare(a, b) > 0;
		List<Construct> first = turned ? b : a;
		List<Construct> second = turned ? a : b;
		int[] firstPairs = new int[first.size()];
		int[] secondPairs = new int[second.size()];
		Arrays.fill(firstPairs, -1);
		Arrays.fill(secondPairs, -1);
		for (int[] pair : pairs) {
			firstPairs[pair[turned ? 1 : 0]] = pair[turned ? 0 : 1];
			secondPairs[pair[turned ? 0 : 1]] = pair[turned ? 1 : 0];
		}
		int[][] firstKeys = keys.of(first);
		int[][] secondKeys = keys.of(second);
		this.depth = depth;
		sides = new Side[] { new Side(first, turned ? bDepths : aDepths, firstKeys, firstPairs, second.size(), secondKeys[Keys.EQUAL]),
				new Side(second, turned ? aDepths : bDepths, secondKeys, secondPairs, first.size(), firstKeys[Keys.EQUAL]) };
		List<Rewrite> rewrites = new ArrayList<>();
		for (Found found : chosen(search())) {
			rewrites.add(rewrite(found, turned));
		}
		return rewrites;
	}

	/** Every run a loop not paired as equal explains, on either side. */
	private List<Found> search() {
		List<Found> found = new ArrayList<>();
		for (int side = 0; side < 2; side++) {
			List<Construct> constructs = sides[side].constructs;
			for (int x = 0; x < constructs.size(); x++) {
				if (constructs.get(x) instanceof Loop loop && !sides[side].pairedEqual[x]
						&& sides[side].high[x + 1] > sides[side].low[x] && !ConstructPath.constructs(loop).isEmpty()) {
					try {
						new Pivot(side, x, loop).search(found);
					} catch (ArithmeticException overflow) {
						// bounds out of the range of 64-bit numbers: no rewrite of this loop
					}
				}
			}
		}
		return found;
	}

	/** The runs found that do not overlap, the earliest first, and lie in the same order on both sides. */
	private static List<Found> chosen(List<Found> found) {
		found.sort(Comparator.comparingInt((Found f) -> f.from(0)).thenComparingInt(f -> f.from(1)).thenComparing(Found::shape)
				.thenComparingInt(Found::side));
		List<Found> chosen = new ArrayList<>();
		for (Found candidate : found) {
			// past the end of the last one chosen on both sides: after all of those chosen
			if (chosen.isEmpty() || chosen.getLast().to(0) <= candidate.from(0) && chosen.getLast().to(1) <= candidate.from(1)) {
				chosen.add(candidate);
			}
		}
		return chosen;
	}

	/** A loop of one side, looked for in the runs of the other side the alignment allows. */
	private final class Pivot {
		private final int side;
		private final int position;
		private final Loop loop;
		private final Side own;
		private final Side other;
		private final int size;
		/** The kinds of the constructs of the loop's body, which no value of its index changes. */
		private final int[] bodyKinds;
		/** The keys of the loop's iterations written out, by the text of the index's value. */
		private final Map<String, int @Nullable []> iterations = new HashMap<>();
		/** The keys of the loop's body with its index shifted, by the text of the shift. */
		private final Map<String, int @Nullable []> shiftedBodies = new HashMap<>();

		Pivot(int side, int position, Loop loop) {
			this.side = side;
			this.position = position;
			this.loop = loop;
			own = sides[side];
			other = sides[1 - side];
			size = ConstructPath.constructs(loop).size();
			bodyKinds = keys.of(ConstructPath.constructs(loop))[Keys.KIND];
		}

		/** The first and last starts, the first and last ends of a run the alignment allows. */
		private int startLow() {
			return own.low[position];
		}

		private int startHigh() {
			return own.high[position];
		}

		private int endLow() {
			return own.low[position + 1];
		}

		private int endHigh() {
			return own.high[position + 1];
		}

		void search(List<Found> found) {
			expanded(found);
			pieces(found);
			peeled(found);
		}

		/** The run is all the loop's iterations written out. */
		private void expanded(List<Found> found) {
			Expr lower = loop.getLower();
			Expr upper = loop.getUpper();
			if (!Exprs.isConstant(lower) || !Exprs.isConstant(upper)) {
				return;
			}
			long count = upper.getConstant() - lower.getConstant() + 1;
			if (count < 1 || count > (endHigh() - startLow()) / size) {
				return;
			}
			int length = (int) count * size;
			int from = Math.max(startLow(), endLow() - length);
			int to = Math.min(startHigh(), endHigh() - length);
			for (int start = from; start <= to; start++) {
				if (iterations(start, lower, 0, count)) {
					found.add(new Found(Shape.EXPANDED, side, position, start, start + length, 0, 0));
				}
			}
		}

		/** The run is loops whose bodies are the loop's, shifted to consecutive parts of its iterations. */
		private void pieces(List<Found> found) {
			for (int start = startLow(); start <= startHigh(); start++) {
				Expr next = loop.getLower();
				for (int end = start; end < endHigh() && other.constructs.get(end) instanceof Loop piece && alike(end); end++) {
					Expr lower = inOwnScope(piece.getLower());
					Expr upper = inOwnScope(piece.getUpper());
					if (!sameBody(piece, Unrolled.plus(next, -1, lower, 0))) {
						break;
					}
					next = Unrolled.plus(Unrolled.plus(next, 1, upper, 1), -1, lower, 0);
					if (end + 1 - start >= 2 && end + 1 >= endLow() && same(Unrolled.plus(next, -1), loop.getUpper())) {
						found.add(new Found(Shape.PIECES, side, position, start, end + 1, 0, 0));
						break;
					}
				}
			}
		}

		/** The run is iterations written out, a loop over the others with the loop's body, iterations written out. */
		private void peeled(List<Found> found) {
			Expr lower = loop.getLower();
			Expr upper = loop.getUpper();
			Expr count = Unrolled.plus(upper, -1, lower, 1);
			for (int inner = startLow(); inner < endHigh(); inner++) {
				if (!(other.constructs.get(inner) instanceof Loop rest) || !alike(inner)) {
					continue;
				}
				Expr restLower = inOwnScope(rest.getLower());
				Expr restCount = Unrolled.plus(inOwnScope(rest.getUpper()), -1, restLower, 1);
				Expr writtenOut = Unrolled.plus(count, -1, restCount, 0);
				if (!Exprs.isConstant(writtenOut) || Exprs.isConstant(restCount) && restCount.getConstant() < 1) {
					continue;
				}
				long total = writtenOut.getConstant();
				for (long front = 0; front <= total && inner - front * size >= startLow(); front++) {
					long back = total - front;
					long start = inner - front * size;
					long end = inner + 1 + back * size;
					if (front + back > 0 && start <= startHigh() && end >= endLow() && end <= endHigh() && iterations((int) start, lower, 0, front)
							&& iterations(inner + 1, upper, 1 - back, back) && sameBody(rest, Unrolled.plus(lower, -1, restLower, front))) {
						found.add(new Found(Shape.PEELED, side, position, (int) start, (int) end, front, back));
					}
				}
			}
		}

		/**
		 * Whether the other side from {@code start} holds the iterations {@code base + first} to
		 * {@code base + first + count - 1} of the loop written out.
		 */
		private boolean iterations(int start, Expr base, long first, long count) {
			for (long k = 0; k < count; k++) {
				int at = (int) (start + k * size);
				if (!Arrays.equals(bodyKinds, 0, size, other.kinds, at, at + size)) {
					return false;
				}
			}
			for (long k = 0; k < count; k++) {
				int[] iteration = iteration(Unrolled.plus(base, first + k));
				int at = (int) (start + k * size);
				if (iteration == null || !Arrays.equals(iteration, 0, size, other.equal, at, at + size)) {
					return false;
				}
			}
			return true;
		}

		/** The keys of the loop's body with its index replaced by {@code value}, null when it cannot be. */
		private int @Nullable [] iteration(Expr value) {
			return iterations.computeIfAbsent(Exprs.toText(value), text -> {
				Loop written = Unrolled.body(loop, value);
				if (written == null) {
					return null;
				}
				keys.add(written, own.depths, depth);
				return keys.of(ConstructPath.constructs(written))[Keys.EQUAL];
			});
		}

		/** Whether the loop at {@code position} of the other side has as many constructs in its body as this loop, of the same kinds. */
		private boolean alike(int position) {
			return Arrays.equals(bodyKinds, other.bodyKinds(keys, position));
		}

		/**
		 * Whether the body of {@code piece} (of the other side, {@link #alike} this loop) is the loop's
		 * with its index shifted by {@code shift}.
		 */
		private boolean sameBody(Loop piece, Expr shift) {
			int[] shifted = shiftedBodies.computeIfAbsent(Exprs.toText(shift), text -> {
				if (Exprs.isConstant(shift) && shift.getConstant() == 0) {
					return keys.of(ConstructPath.constructs(loop))[Keys.EQUAL];
				}
				Loop written = Unrolled.body(loop, Unrolled.shifted(loop.getIndex(), shift));
				if (written == null) {
					return null;
				}
				Map<String, Integer> inner = new HashMap<>(own.depths);
				inner.put(loop.getIndex(), depth);
				keys.add(written, inner, depth + 1);
				return keys.of(ConstructPath.constructs(written))[Keys.EQUAL];
			});
			return shifted != null && Arrays.equals(shifted, keys.of(ConstructPath.constructs(piece))[Keys.EQUAL]);
		}

		/** An expression of the other side with its indices named as on this side, by depth. */
		private Expr inOwnScope(Expr expr) {
			Map<String, String> names = new HashMap<>();
			other.depths.forEach((name, level) -> {
				String ownName = own.names.get(level);
				if (ownName != null) {
					names.put(name, ownName);
				}
			});
			return Unrolled.renamed(expr, names);
		}

		private boolean same(Expr left, Expr right) {
			return Keys.expr(left, own.depths).equals(Keys.expr(right, own.depths));
		}
	}

	/** A run found, as a rewrite of the left block against the right one. */
	private Rewrite rewrite(Found found, boolean turned) {
		Loop loop = (Loop) sides[found.side()].constructs.get(found.loop());
		List<Construct> run = sides[1 - found.side()].constructs.subList(found.runFrom(), found.runTo());
		boolean loopLeft = found.side() == (turned ? 1 : 0);
		String loopText;
		String runText;
		Kind kind;
		switch (found.shape()) {
		case EXPANDED -> {
			kind = Kind.UNWRAPPED;
			loopText = Differ.summary(loop);
			runText = constructs(run.size());
		}
		case PIECES -> {
			kind = Kind.SPLIT;
			loopText = Differ.bounds(loop);
			runText = String.join(", ", run.stream().map(piece -> Differ.bounds((Loop) piece)).toList());
		}
		default -> {
			kind = Kind.PEELED;
			loopText = Differ.bounds(loop);
			int size = ConstructPath.constructs(loop).size();
			List<String> parts = new ArrayList<>();
			if (found.front() > 0) {
				parts.add(iterations(loop.getLower(), 0, found.front(), size));
			}
			parts.add(Differ.bounds((Loop) run.get((int) (found.front() * size))));
			if (found.back() > 0) {
				parts.add(iterations(loop.getUpper(), 1 - found.back(), found.back(), size));
			}
			runText = String.join(", ", parts);
		}
		}
		int leftSide = turned ? 1 : 0;
		return new Rewrite(loopLeft ? kind : kind.inverse(), found.from(leftSide), found.to(leftSide), found.from(1 - leftSide),
				found.to(1 - leftSide), loopLeft ? loopText + " against " + runText : runText + " against " + loopText);
	}

	/** {@code iteration 0 (2 constructs)}, {@code iterations 8 to 9 (4 constructs)}. */
	private static String iterations(Expr base, long first, long count, int size) {
		String from = Exprs.toText(Unrolled.plus(base, first));
		String values = count == 1 ? "iteration " + from : "iterations " + from + " to " + Exprs.toText(Unrolled.plus(base, first + count - 1));
		return values + " (" + constructs((int) (count * size)) + ")";
	}

	private static String constructs(int count) {
		return count + (count == 1 ? " construct" : " constructs");
	}
}
