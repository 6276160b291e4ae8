// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.fold.internal.DepthExpr.Residue;
import org.looptrace.model.core.Exprs;

/**
 * k copies of a number (the same place of k consecutive blocks) as one number over a new loop
 * index j = 0..k−1, found from their values where their forms do not unify. Row r of NPB BT's
 * 4 × 4 grid sends the tag c33.3000+8*i0+mod(r+2*i0,4): rows 0 and 1 write it 3000+r+10*i0 (on
 * i0's range 0..1 the remainder does not wrap), row 2 writes 3002+6*i0. The number is an affine
 * part, the first copy's residues with arguments that step with j, and at most two residues more
 * whose arguments and moduli are searched: one of any step per copy (up to 64), its modulus one
 * the copies hold, k, or a product of two of them (a rank's successor in row-major order on BT's
 * 4 × 4 grid, mod(5+4*j+i,16)); or two of step 1 and such moduli; last, when the copies' one
 * residue changes its coefficient from copy to copy, that residue at a second step and one of
 * step 1 (Sweep3D's tags over the directions of its sweeps). Coefficients are solved in
 * floating point on at most {@link #MAX_POINTS} points of the box of the indices the copies read
 * (each must have constant bounds), rounded, and the number is checked exactly at every point of
 * the box: it takes each copy's value there, so it is exact.
 */
final class ValueFit {
	/**
	 * Points (copies × the box of the indices they read) a number is searched on at most: all of
	 * them when the box holds no more, else a part of it ({@link #searchedValues}).
	 */
	static final int MAX_POINTS = 256;
	/**
	 * Points of the box a number is fitted over at most. A number found on a part of the box is
	 * checked at each of its points, one evaluation a point paid from {@link #BUDGET}: at 2¹⁶
	 * points (2 copies of a sweep over a grid of 32,768 ranks) some thirty checks fit in it, past
	 * that a few numbers that fit only the part would spend the search on their checks.
	 */
	static final int MAX_BOX_POINTS = 1 << 16;
	/** Work (points × unknowns², summed over the candidates solved) spent on one number at most. */
	private static final long BUDGET = 2_000_000;
	/** Residues a fitted number holds at most: more would be unreadable. */
	private static final int MAX_RESIDUES = 3;
	/** Residues of its own (not the copies') a fitted number holds at most. */
	private static final int MAX_FRESH = 2;
	/** New residues tried at most, for one and for two of them. */
	private static final int MAX_CANDIDATES = 4096;
	/** New residues screened where the budget cannot screen them all: the first (each modulus plainest first). */
	private static final int PLAINEST = 512;
	/** The largest product of two moduli a new residue may have. */
	private static final long MAX_PRODUCT = 64;

	private final int depth;
	/** Per point: the indices of the fitted number, the new index j at {@code depth}. */
	private final long[][] points;
	private final long[] values;
	/** The whole box when the points searched are a part of it, else null. */
	private final @Nullable Points whole;
	/** The indices the fitted number may read: j and those the copies read (shifted past j). */
	private final int[] indices;
	/** The length of a vector or argument over those indices. */
	private final int width;
	private long budget = BUDGET;
	/**
	 * The columns ({@link #column}) of each list of new residues searched: the same lists are
	 * searched again with each step of the copies' residues.
	 */
	private final Map<List<Residue>, double[][]> freshColumns = new IdentityHashMap<>();

	private ValueFit(int depth, long[][] points, long[] values, int[] indices, @Nullable Points whole) {
		this.depth = depth;
		this.whole = whole;
		this.points = points;
		this.values = values;
		this.indices = indices;
		this.width = 2 + Arrays.stream(indices).max().orElse(0);
	}

	/**
	 * The copies as one number over a new index at {@code depth} (deeper indices move one level
	 * down), or null. {@code ranges.get(t)}: {lower, upper} of the index at depth t when both are
	 * constant, else null. {@code moduli}: of a residue of its own besides the copies' moduli and
	 * their number; null for an affine number only (a loop bound).
	 */
	static @Nullable DepthExpr fit(DepthExpr[] copies, int depth, List<long @Nullable []> ranges, @Nullable Set<Long> moduli) {
		DepthExpr[] settled = Butterflies.settled(copies);
		if (settled == null) {
			return null; // the fits write residues, not xors
		}
		copies = settled;
		int n = ranges.size();
		List<Integer> read = new ArrayList<>();
		List<long[]> box = new ArrayList<>();
		long count = copies.length;
		if (count > MAX_POINTS) {
			return null;
		}
		for (int t = 0; t < n; t++) {
			boolean reads = false;
			for (DepthExpr copy : copies) {
				reads |= copy.readsIndex(t);
			}
			long[] range = ranges.get(t);
			if (!reads) {
				continue;
			}
			if (range == null || range[1] < range[0] || range[1] - range[0] >= MAX_BOX_POINTS) {
				return null;
			}
			read.add(t);
			box.add(range);
			count *= range[1] - range[0] + 1;
			if (count > MAX_BOX_POINTS) {
				return null;
			}
		}
		for (DepthExpr copy : copies) {
			if (copy.deepestIndex() >= n) {
				return null;
			}
		}
		Points whole = new Points(copies, depth, n, read, everyValue(box));
		Points searched = whole;
		if (count > MAX_POINTS) {
			long[][] axes = searchedValues(box, copies.length);
			if (axes == null) {
				return null;
			}
			searched = new Points(copies, depth, n, read, axes);
		}
		long[][] points = new long[(int) searched.count()][];
		long[] values = new long[points.length];
		int[] filled = { 0 };
		try {
			searched.visitAll((point, value) -> {
				points[filled[0]] = point.clone();
				values[filled[0]++] = value;
				return true;
			});
		} catch (ArithmeticException overflow) {
			return null;
		}
		int[] indices = new int[read.size() + 1];
		indices[0] = depth;
		for (int r = 0; r < read.size(); r++) {
			indices[r + 1] = read.get(r) < depth ? read.get(r) : read.get(r) + 1;
		}
		return new ValueFit(depth, points, values, indices, searched == whole ? null : whole).search(copies, moduli);
	}

	/** Every value of each range. */
	private static long[][] everyValue(List<long[]> ranges) {
		long[][] axes = new long[ranges.size()][];
		for (int r = 0; r < axes.length; r++) {
			long[] range = ranges.get(r);
			axes[r] = new long[(int) (range[1] - range[0] + 1)];
			Arrays.setAll(axes[r], v -> range[0] + v);
		}
		return axes;
	}

	/**
	 * The values of each range the search is done on when the box holds more than
	 * {@link #MAX_POINTS} points, or null when not even the ends of every range fit: as many
	 * values of each range as the points allow, the range with the fewest widened first. The
	 * number found is checked at every point of the box ({@link #takesEveryValue}), so these
	 * values decide only what is tried, never what is answered; they must tell residues apart so
	 * that the search is not misled. Every copy: the residues step with j. Both ends of each range:
	 * they make the corners of the box, where an affine argument takes its least and its greatest
	 * values, so a residue that wraps anywhere in the box wraps between points searched and is
	 * not taken for an affine part. Two thirds consecutive from the ends: there wrap the residues
	 * that step with the copies (mod(i−j,w) at i < j, mod(i+j,w) at i > w−1−j), one copy one value
	 * after the other, so that steps δ and δ+1 differ at a point searched. A third spread evenly
	 * in between: they place a wrap inside the range (mod(5+4*j+i,16) over i = 0..63) to within
	 * their spacing, where the ends alone see mod(i+a,m) alike for every a that wraps in between.
	 */
	private static long @Nullable [][] searchedValues(List<long[]> ranges, int copies) {
		int[] sizes = new int[ranges.size()];
		long count = copies;
		for (int r = 0; r < sizes.length; r++) {
			sizes[r] = (int) Math.min(2, ranges.get(r)[1] - ranges.get(r)[0] + 1);
			count *= sizes[r];
		}
		if (count > MAX_POINTS) {
			return null;
		}
		while (true) {
			int narrowest = -1;
			for (int r = 0; r < sizes.length; r++) {
				if (sizes[r] <= ranges.get(r)[1] - ranges.get(r)[0] && (narrowest < 0 || sizes[r] < sizes[narrowest])) {
					narrowest = r;
				}
			}
			if (narrowest < 0 || count / sizes[narrowest] * (sizes[narrowest] + 1) > MAX_POINTS) {
				break;
			}
			count = count / sizes[narrowest] * (sizes[narrowest] + 1);
			sizes[narrowest]++;
		}
		long[][] axes = new long[sizes.length][];
		for (int r = 0; r < axes.length; r++) {
			long[] range = ranges.get(r);
			int size = sizes[r];
			int between = size / 3;
			int fromLower = (size - between + 1) / 2;
			long gapStart = range[0] + fromLower;
			long gap = range[1] - (size - between - fromLower) - gapStart + 1;
			axes[r] = new long[size];
			Arrays.setAll(axes[r], v -> v < fromLower ? range[0] + v
					: v < fromLower + between ? gapStart + (2L * (v - fromLower) + 1) * gap / (2L * between) : range[1] - (size - 1 - v));
		}
		return axes;
	}

	/** The values of the copies at the points of a product of values of the indices they read. */
	private record Points(DepthExpr[] copies, int depth, int n, List<Integer> read, long[][] axes) {

		/** What is done at each point: false to stop. */
		interface Visitor {
			boolean visit(long[] point, long value);
		}

		long count() {
			long count = copies.length;
			for (long[] axis : axes) {
				count *= axis.length;
			}
			return count;
		}

		/**
		 * Visits the points copy by copy, the last index read fastest, each point with the indices
		 * of the fitted number (the new index j, the copy's number, at {@code depth}) and the copy's
		 * value there; false when the visitor stopped. Throws ArithmeticException on overflow.
		 */
		boolean visitAll(Visitor visitor) {
			long[] at = new long[n];
			long[] point = new long[n + 1];
			int[] positions = new int[axes.length];
			for (int c = 0; c < copies.length; c++) {
				Arrays.fill(positions, 0);
				do {
					for (int r = 0; r < axes.length; r++) {
						at[read.get(r)] = axes[r][positions[r]];
					}
					for (int t = 0; t < n; t++) {
						point[t < depth ? t : t + 1] = at[t];
					}
					point[depth] = c;
					if (!visitor.visit(point, copies[c].evaluate(at))) {
						return false;
					}
				} while (next(positions));
			}
			return true;
		}

		/** The next positions on the axes (an odometer); false after the last. */
		private boolean next(int[] positions) {
			for (int r = positions.length - 1; r >= 0; r--) {
				if (positions[r] + 1 < axes[r].length) {
					positions[r]++;
					return true;
				}
				positions[r] = 0;
			}
			return false;
		}
	}

	/**
	 * The simplest number found: with fewer residues of its own first (none, one, two), the
	 * first copy's residues stepping by 0, 1, … with j; of one new residue the plainest
	 * ({@link DepthExpr#weight}), of two the first in the candidates' order; last, when the
	 * copies' one residue changes its coefficient, {@link #searchRestepped}.
	 */
	private @Nullable DepthExpr search(DepthExpr[] copies, @Nullable Set<Long> candidates) {
		List<Residue> kept = candidates != null ? copies[0].residues() : List.of();
		if (kept.size() > MAX_RESIDUES) {
			return null;
		}
		List<Residue> lifted = new ArrayList<>();
		for (Residue residue : kept) {
			lifted.add(residue.lifted(depth));
		}
		TreeSet<Long> moduli = new TreeSet<>();
		if (candidates != null) {
			moduli.addAll(candidates);
			for (DepthExpr copy : copies) {
				copy.residues().forEach(residue -> moduli.add(residue.modulus()));
			}
			moduli.add((long) copies.length);
		}
		List<Residue> singles = new ArrayList<>();
		List<Residue> pairs = new ArrayList<>();
		for (int added = 0; added <= MAX_FRESH && lifted.size() + added <= MAX_RESIDUES && budget >= 0; added++) {
			if (added == 1) {
				addSingles(moduli, singles);
			} else if (added == 2) {
				moduli.forEach(m -> addFresh(m, new long[] { 1 }, pairs));
			}
			int[] steps = new int[lifted.size()];
			do {
				List<Residue> stepping = new ArrayList<>();
				for (int r = 0; r < lifted.size(); r++) {
					stepping.add(withStep(lifted.get(r), steps[r]));
				}
				DepthExpr found = added == 0 ? solve(stepping)
						: searchFresh(stepping, added == 1 ? singles : pairs, added, (added == 1 ? singles : pairs).size());
				if (found != null) {
					return found;
				}
			} while (budget >= 0 && nextSteps(steps, lifted));
		}
		return !lifted.isEmpty() && coefficientChanges(copies) ? searchRestepped(lifted.get(0), copies.length) : null;
	}

	/** Whether every copy holds one residue, the same but for its coefficient, which changes. */
	private static boolean coefficientChanges(DepthExpr[] copies) {
		if (copies[0].residues().size() != 1) {
			return false;
		}
		Residue first = copies[0].residues().get(0);
		boolean changes = false;
		for (DepthExpr copy : copies) {
			if (copy.residues().size() != 1 || copy.residues().get(0).modulus() != first.modulus()
					|| !Arrays.equals(copy.residues().get(0).argument(), first.argument())) {
				return false;
			}
			changes |= copy.residues().get(0).coefficient() != first.coefficient();
		}
		return changes;
	}

	/**
	 * The number with the copies' one residue as the first copy has it, that residue once more
	 * stepping with j, and a new residue of step 1 modulo k, or null. Sweep3D's tags change by a
	 * half period of the octant loop whose size depends on the direction of the sweep: for
	 * 4500+375*i-375*mod(4+i,8) and 5500+125*i-125*mod(4+i,8) over the directions d and e (k = 2),
	 * the coefficient of mod(4+i,8) is 375 at d = 0 and 125 at d = 1, which mod(4+4*d+i,8) and
	 * mod(d+e,2) write. Tried after the plainer searches, with a budget of its own: their
	 * candidates are many, these are few (m − 1 steps times k to the power of the indices read).
	 */
	private @Nullable DepthExpr searchRestepped(Residue residue, int k) {
		List<Residue> fresh = new ArrayList<>();
		for (long step = 1; step < Math.min(residue.modulus(), MAX_PRODUCT + 1); step++) {
			fresh.add(withStep(residue, step));
		}
		int restepped = fresh.size();
		addFresh(k, new long[] { 1 }, fresh);
		budget = BUDGET;
		return searchFresh(List.of(residue), fresh, 2, restepped);
	}

	/** The residue with its argument moving by {@code step} from one copy to the next. */
	private Residue withStep(Residue residue, long step) {
		long[] argument = residue.argument().length > 1 + depth ? residue.argument().clone()
				: Arrays.copyOf(residue.argument(), 2 + depth);
		argument[1 + depth] = step;
		return new Residue(residue.coefficient(), argument, residue.modulus());
	}

	private static boolean nextSteps(int[] steps, List<Residue> residues) {
		for (int r = steps.length - 1; r >= 0; r--) {
			if (steps[r] + 1 < residues.get(r).modulus()) {
				steps[r]++;
				return true;
			}
			steps[r] = 0;
		}
		return false;
	}

	/**
	 * The candidates for one new residue: of each modulus m, any step δ in 1..min(m−1, 64); of each
	 * product a·b of two moduli, the steps a and b (a rank's successor in row-major order on
	 * BT's 4 × 4 grid, mod(5+4*j+i,16), steps by a row of 4).
	 */
	private void addSingles(TreeSet<Long> moduli, List<Residue> into) {
		for (long m : moduli) {
			long[] steps = new long[(int) Math.max(0, Math.min(m - 1, MAX_PRODUCT))];
			Arrays.setAll(steps, d -> d + 1);
			addFresh(m, steps, into);
		}
		for (long a : moduli) {
			for (long b : moduli) {
				if (a <= b && b <= MAX_PRODUCT / a && !moduli.contains(a * b)) {
					addFresh(a * b, a == b ? new long[] { a } : new long[] { a, b }, into);
				}
			}
		}
	}

	/**
	 * Adds the new residues mod(δ·j + Σ εₜ·iₜ + φ, m), δ one of {@code steps}, εₜ and φ in 0..m−1,
	 * the plainest first: by the sum of their digits' magnitudes modulo m (mod(i−j,8) before
	 * mod(3+2*j+i,8)), so that what {@link #MAX_CANDIDATES} leaves out on a wide grid is what
	 * nobody would read.
	 */
	private void addFresh(long m, long[] steps, List<Residue> into) {
		if (m < 2) {
			return;
		}
		long[] digits = new long[indices.length + 1]; // δ for j, then the εₜ, then φ
		long widest = indices.length * (m / 2);
		for (long weight = 0; weight <= widest + MAX_PRODUCT; weight++) {
			for (long step : steps) {
				long left = weight - Math.abs(Exprs.symmetric(step, m));
				if (left < 0 || left > widest) {
					continue;
				}
				digits[0] = step;
				if (!addDigits(m, digits, 1, left, into)) {
					return;
				}
			}
		}
	}

	/**
	 * Adds the residues whose digits from {@code from} on have magnitudes (modulo m) summing to
	 * {@code weight}; false once {@link #MAX_CANDIDATES} are held.
	 */
	private boolean addDigits(long m, long[] digits, int from, long weight, List<Residue> into) {
		if (weight > (digits.length - from) * (m / 2)) {
			return true;
		}
		if (from == digits.length) {
			if (into.size() == MAX_CANDIDATES) {
				return false;
			}
			long[] argument = new long[width];
			for (int d = 0; d < indices.length; d++) {
				argument[1 + indices[d]] = digits[d];
			}
			argument[0] = digits[indices.length];
			into.add(new Residue(1, argument, m));
			return true;
		}
		for (long magnitude = 0; magnitude <= Math.min(weight, m / 2); magnitude++) {
			boolean both = magnitude != 0 && 2 * magnitude != m;
			for (long signed : both ? new long[] { magnitude, -magnitude } : new long[] { magnitude }) {
				digits[from] = Math.floorMod(signed, m);
				if (!addDigits(m, digits, from + 1, weight - magnitude, into)) {
					return false;
				}
			}
		}
		return true;
	}

	/**
	 * The number with {@code added} (one or two) of the new residues, the first of them one of
	 * the first {@code firsts}, or null. Candidates are screened in floating point: the part of
	 * the values and of each new residue's column that the affine part and the stepping residues
	 * do not span is computed once, and a candidate is solved exactly only when its parts span the
	 * values' part. The budget is spent candidate by candidate, the plainest first, so that many
	 * points leave the plain candidates tried, not none.
	 */
	private @Nullable DepthExpr searchFresh(List<Residue> stepping, List<Residue> fresh, int added, int firsts) {
		List<double[]> basis = new ArrayList<>();
		double[] ones = new double[points.length];
		Arrays.fill(ones, 1);
		extend(basis, ones);
		for (int index : indices) {
			double[] column = new double[points.length];
			for (int p = 0; p < points.length; p++) {
				column[p] = points[p][index];
			}
			extend(basis, column);
		}
		for (Residue residue : stepping) {
			double[] column = column(residue);
			if (column == null) {
				return null;
			}
			extend(basis, column);
		}
		double[] target = new double[points.length];
		for (int p = 0; p < points.length; p++) {
			target[p] = values[p];
		}
		double tolerance = 1e-12 * (1 + dot(target, target));
		double[] rest = orthogonal(target, basis);
		double[][] columns = freshColumns.computeIfAbsent(fresh, list -> new double[list.size()][]);
		Parts parts = new Parts(fresh, columns, basis);
		// Where the budget cannot screen every candidate, the first PLAINEST only, and the search
		// ends with them: many points and no plain answer cost little (NPB BT asks hundreds).
		boolean beyondBudget = (long) points.length * basis.size() * fresh.size() > budget;
		int tried = beyondBudget ? Math.min(fresh.size(), PLAINEST) : fresh.size();
		DepthExpr found = searchPairs(stepping, fresh, added, Math.min(firsts, tried), tried, parts, rest, tolerance);
		if (beyondBudget) {
			budget = Math.min(budget, -1);
		}
		return found;
	}

	/** {@link #searchFresh} over the first {@code tried} candidates, their parts apart from the basis in {@code parts}. */
	private @Nullable DepthExpr searchPairs(List<Residue> stepping, List<Residue> fresh, int added, int firsts, int tried, Parts parts,
			double[] rest, double tolerance) {
		// With one new residue, of the numbers found the plainest (4*mod(3+j,4), not 20-8*j-4*mod(2+j,4)).
		DepthExpr plainest = null;
		for (int a = 0; a < firsts && budget >= 0; a++) {
			double[] first = parts.of(a);
			if (first == null) {
				continue;
			}
			double[] afterFirst = orthogonal(rest, List.of(first));
			if (added == 1) {
				DepthExpr found = dot(afterFirst, afterFirst) <= tolerance ? solve(with(stepping, fresh.get(a))) : null;
				if (found != null && (plainest == null || found.weight() < plainest.weight())) {
					plainest = found;
				}
				continue;
			}
			budget -= (long) points.length * (tried - a);
			// What remains of the values once the second part (its part apart from the first) is
			// projected out too, from dot products alone: no vector is built for each pair.
			double firstSquare = dot(first, first);
			double afterFirstSquare = dot(afterFirst, afterFirst);
			double afterFirstOnFirst = dot(afterFirst, first);
			for (int b = a + 1; b < tried && budget >= 0; b++) {
				double[] part = parts.of(b);
				if (part == null) {
					continue;
				}
				double onFirst = dot(part, first);
				double secondSquare = dot(part, part) - 2 * onFirst * onFirst + onFirst * onFirst * firstSquare;
				if (secondSquare < 1e-12) {
					continue;
				}
				double onSecond = dot(afterFirst, part) - onFirst * afterFirstOnFirst;
				double afterBothSquare = afterFirstSquare - onSecond * onSecond / secondSquare;
				DepthExpr found = afterBothSquare <= tolerance ? solve(with(with(stepping, fresh.get(a)), fresh.get(b))) : null;
				if (found != null) {
					return found;
				}
			}
		}
		return plainest;
	}

	private static List<Residue> with(List<Residue> residues, Residue more) {
		List<Residue> result = new ArrayList<>(residues);
		result.add(more);
		return result;
	}

	/** The residue's values at the points, or null on overflow. */
	private long @Nullable [] remainders(Residue residue) {
		long[] remainders = new long[points.length];
		try {
			for (int p = 0; p < points.length; p++) {
				remainders[p] = Math.floorMod(DepthExpr.dot(residue.argument(), points[p]), residue.modulus());
			}
		} catch (ArithmeticException overflow) {
			return null;
		}
		return remainders;
	}

	/**
	 * The parts of the new residues' columns apart from the basis, each made when first asked for
	 * and paid from the budget then; a column, once made, is kept for the searches with the
	 * copies' residues at other steps.
	 */
	private final class Parts {
		/** A column that overflowed. */
		private static final double[] NONE = {};
		private final List<Residue> fresh;
		private final double[][] columns;
		private final List<double[]> basis;
		private final double[][] parts;
		private final boolean[] made;

		Parts(List<Residue> fresh, double[][] columns, List<double[]> basis) {
			this.fresh = fresh;
			this.columns = columns;
			this.basis = basis;
			this.parts = new double[fresh.size()][];
			this.made = new boolean[fresh.size()];
		}

		/** The unit part of candidate c's column apart from the basis, or null when it has none. */
		double @Nullable [] of(int c) {
			if (!made[c]) {
				made[c] = true;
				budget -= (long) points.length * basis.size();
				if (columns[c] == null) {
					double[] column = column(fresh.get(c));
					columns[c] = column == null ? NONE : column;
				}
				parts[c] = columns[c] == NONE ? null : unit(orthogonal(columns[c], basis));
			}
			return parts[c];
		}
	}

	/** {@link #remainders} in floating point, for the screening. */
	private double @Nullable [] column(Residue residue) {
		long[] remainders = remainders(residue);
		if (remainders == null) {
			return null;
		}
		double[] column = new double[remainders.length];
		for (int p = 0; p < column.length; p++) {
			column[p] = remainders[p];
		}
		return column;
	}

	/** Adds to the orthonormal basis the part of the column it does not span, if any. */
	private static void extend(List<double[]> basis, double[] column) {
		double[] part = unit(orthogonal(column, basis));
		if (part != null) {
			basis.add(part);
		}
	}

	/** The vector less its projections on the orthonormal vectors (Gram–Schmidt). */
	private static double[] orthogonal(double[] vector, List<double[]> orthonormal) {
		double[] rest = vector.clone();
		for (double[] unit : orthonormal) {
			double projection = dot(rest, unit);
			for (int p = 0; p < rest.length; p++) {
				rest[p] -= projection * unit[p];
			}
		}
		return rest;
	}

	/** The vector scaled to length 1; null when it is (nearly) zero. */
	private static double @Nullable [] unit(double[] vector) {
		double norm = Math.sqrt(dot(vector, vector));
		if (norm < 1e-6) {
			return null;
		}
		double[] unit = new double[vector.length];
		for (int p = 0; p < vector.length; p++) {
			unit[p] = vector[p] / norm;
		}
		return unit;
	}

	private static double dot(double[] a, double[] b) {
		double sum = 0;
		for (int p = 0; p < a.length; p++) {
			sum += a[p] * b[p];
		}
		return sum;
	}

	/**
	 * The number c + Σ βₜ·iₜ + Σ γᵣ·residueᵣ (the residues' own coefficients ignored) that takes
	 * the values at every point, its coefficients solved for; null if there is none.
	 */
	private @Nullable DepthExpr solve(List<Residue> residues) {
		int unknowns = 1 + indices.length + residues.size();
		budget -= (long) points.length * unknowns * unknowns;
		long[][] columns = new long[unknowns][];
		columns[0] = new long[points.length];
		Arrays.fill(columns[0], 1);
		for (int d = 0; d < indices.length; d++) {
			columns[1 + d] = new long[points.length];
			for (int p = 0; p < points.length; p++) {
				columns[1 + d][p] = points[p][indices[d]];
			}
		}
		for (int r = 0; r < residues.size(); r++) {
			columns[1 + indices.length + r] = remainders(residues.get(r));
			if (columns[1 + indices.length + r] == null) {
				return null;
			}
		}
		long[] x = integerSolution(columns, values);
		if (x == null) {
			return null;
		}
		long[] vector = new long[width];
		vector[0] = x[0];
		for (int d = 0; d < indices.length; d++) {
			vector[1 + indices[d]] = x[1 + d];
		}
		List<Residue> kept = new ArrayList<>();
		for (int r = 0; r < residues.size(); r++) {
			long coefficient = x[1 + indices.length + r];
			if (coefficient != 0) {
				Residue residue = residues.get(r);
				long[] argument = residue.argument().clone();
				argument[0] = Math.floorMod(argument[0], residue.modulus());
				kept.add(new Residue(coefficient, argument, residue.modulus()));
			}
		}
		DepthExpr found = DepthExpr.of(vector, kept);
		return takesEveryValue(found) ? found : null;
	}

	/** Whether the number takes the copies' values at every point of the box, not only at those searched. */
	private boolean takesEveryValue(DepthExpr number) {
		Points box = whole;
		if (box == null) {
			return true;
		}
		budget -= box.count();
		try {
			return box.visitAll((point, value) -> number.evaluate(point) == value);
		} catch (ArithmeticException overflow) {
			return false;
		}
	}

	/**
	 * Integers x with Σᵤ xᵤ·columns[u][p] = values[p] at every point p (Gauss–Jordan elimination
	 * in floating point, free unknowns 0, then rounded and checked exactly), or null.
	 */
	private static long @Nullable [] integerSolution(long[][] columns, long[] values) {
		int unknowns = columns.length;
		int rows = values.length;
		double[][] a = new double[rows][unknowns + 1];
		for (int p = 0; p < rows; p++) {
			for (int u = 0; u < unknowns; u++) {
				a[p][u] = columns[u][p];
			}
			a[p][unknowns] = values[p];
		}
		int[] pivotRows = new int[unknowns];
		int rank = 0;
		for (int u = 0; u < unknowns; u++) {
			pivotRows[u] = -1;
			if (rank == rows) {
				continue;
			}
			int best = rank;
			for (int r = rank + 1; r < rows; r++) {
				if (Math.abs(a[r][u]) > Math.abs(a[best][u])) {
					best = r;
				}
			}
			if (Math.abs(a[best][u]) < 1e-9) {
				continue;
			}
			double[] swapped = a[best];
			a[best] = a[rank];
			a[rank] = swapped;
			double pivot = swapped[u];
			for (int c = u; c <= unknowns; c++) {
				swapped[c] /= pivot;
			}
			for (int r = 0; r < rows; r++) {
				double factor = a[r][u];
				if (r != rank && factor != 0) {
					for (int c = u; c <= unknowns; c++) {
						a[r][c] -= factor * swapped[c];
					}
				}
			}
			pivotRows[u] = rank++;
		}
		long[] x = new long[unknowns];
		for (int u = 0; u < unknowns; u++) {
			if (pivotRows[u] >= 0) {
				double value = a[pivotRows[u]][unknowns];
				if (!(Math.abs(value) < 1e15)) {
					return null;
				}
				x[u] = Math.round(value);
			}
		}
		try {
			for (int p = 0; p < rows; p++) {
				long sum = 0;
				for (int u = 0; u < unknowns; u++) {
					sum = Math.addExact(sum, Math.multiplyExact(x[u], columns[u][p]));
				}
				if (sum != values[p]) {
					return null;
				}
			}
		} catch (ArithmeticException overflow) {
			return null;
		}
		return x;
	}
}
