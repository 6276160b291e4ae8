// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Expr;
import org.looptrace.model.Term;
import org.looptrace.model.core.Exprs;

/**
 * A number of a construct during folding, over loop depths instead of index names: an affine
 * vector (element 0 the constant, element 1 + k the coefficient of the index of the enclosing loop
 * at depth k, printed {@code ik}) plus residues {@code coefficient * mod(argument, modulus)} whose
 * arguments are such vectors. Two copies of a construct at the same depth then have equal numbers,
 * without renaming any index. Immutable; vectors carry no trailing zero, so equal functions are
 * equal objects.
 */
final class DepthExpr {

	private static final Residue[] NONE = {};
	static final DepthExpr ZERO = constant(0);
	/** Residues of the index of one loop a number may hold: more would be unreadable. */
	private static final int MAX_WRAPS = 2;
	/** The largest modulus a plain term is compared with, value by value ({@link #writtenAs}). */
	private static final long MAX_WRITTEN_MODULUS = 256;
	/** What {@link #step} answers for numbers that differ by more than a constant. */
	static final long NO_DIFFERENCE = Long.MIN_VALUE;

	/** {@code coefficient * mod(argument, modulus)}, the argument affine (trimmed as vectors are). */
	record Residue(long coefficient, long[] argument, long modulus) {

		Residue {
			argument = trim(argument);
		}

		/** The residue inside a new loop at {@code depth} that it does not depend on. */
		Residue lifted(int depth) {
			return new Residue(coefficient, lift(argument, depth), modulus);
		}

		@Override
		public boolean equals(@Nullable Object obj) {
			return obj instanceof Residue other && coefficient == other.coefficient && modulus == other.modulus
					&& Arrays.equals(argument, other.argument);
		}

		@Override
		public int hashCode() {
			return Long.hashCode(coefficient) * 31 + Arrays.hashCode(argument) * 7 + Long.hashCode(modulus);
		}

		@Override
		public String toString() {
			return coefficient + "*mod(" + Arrays.toString(argument) + "," + modulus + ")";
		}
	}

	private final long[] vector;
	private final Residue[] residues;

	private DepthExpr(long[] vector, Residue[] residues) {
		this.vector = trim(vector);
		this.residues = residues;
	}

	static DepthExpr constant(long value) {
		return new DepthExpr(new long[] { value }, NONE);
	}

	/** The affine vector plus the residues (none with a zero coefficient). */
	static DepthExpr of(long[] vector, List<Residue> residues) {
		return new DepthExpr(vector, residues.isEmpty() ? NONE : residues.toArray(NONE));
	}

	List<Residue> residues() {
		return List.of(residues);
	}

	/** Whether the value depends on the index at depth k (its coefficient or a residue's). */
	boolean readsIndex(int k) {
		if (coefficient(vector, k) != 0) {
			return true;
		}
		for (Residue residue : residues) {
			if (coefficient(residue.argument, k) != 0) {
				return true;
			}
		}
		return false;
	}

	/**
	 * How much there is to read: the absolute values of the coefficients of the indices and of the
	 * residues, and the residues' arguments', the constant terms left out.
	 */
	long weight() {
		long weight = 0;
		for (int k = 1; k < vector.length; k++) {
			weight += Math.abs(vector[k]);
		}
		for (Residue residue : residues) {
			weight += Math.abs(residue.coefficient);
			for (int k = 1; k < residue.argument.length; k++) {
				weight += Math.abs(residue.argument[k]);
			}
		}
		return weight;
	}

	/** The index of the deepest loop the value reads, -1 for a constant. */
	int deepestIndex() {
		int deepest = vector.length - 2;
		for (Residue residue : residues) {
			deepest = Math.max(deepest, residue.argument.length - 2);
		}
		return deepest;
	}

	/** The expression with its indices replaced by the depths of the loops that bind them. */
	static DepthExpr of(Expr expr, Map<String, Integer> depths) {
		Residue[] residues = new Residue[expr.getResidues().size()];
		for (int r = 0; r < residues.length; r++) {
			org.looptrace.model.Residue residue = expr.getResidues().get(r);
			residues[r] = new Residue(residue.getCoefficient(), vector(residue.getArgument(), depths), residue.getModulus());
		}
		return new DepthExpr(vector(expr, depths), residues.length == 0 ? NONE : residues);
	}

	private static long[] vector(Expr expr, Map<String, Integer> depths) {
		long[] vector = new long[1 + depths.size()];
		vector[0] = expr.getConstant();
		for (Term term : expr.getTerms()) {
			Integer depth = depths.get(term.getIndex());
			if (depth == null) {
				throw new IllegalArgumentException("loop index '" + term.getIndex() + "' is not bound");
			}
			vector[1 + depth] = Math.addExact(vector[1 + depth], term.getCoefficient());
		}
		return vector;
	}

	/** The expression over the index names of {@code scope} (depth k is {@code scope.get(k)}). */
	Expr toExpr(List<String> scope) {
		List<org.looptrace.model.Residue> residueList = new ArrayList<>(residues.length);
		for (Residue residue : residues) {
			residueList.add(Exprs.residue(residue.coefficient, canonical(residue.argument, scope), residue.modulus));
		}
		return Exprs.canonical(vector[0], coefficients(vector, scope), residueList, scope);
	}

	private static Expr canonical(long[] vector, List<String> scope) {
		return Exprs.canonical(vector[0], coefficients(vector, scope), scope);
	}

	private static Map<String, Long> coefficients(long[] vector, List<String> scope) {
		Map<String, Long> coefficients = new TreeMap<>();
		for (int k = 1; k < vector.length; k++) {
			if (vector[k] != 0) {
				coefficients.put(scope.get(k - 1), vector[k]);
			}
		}
		return coefficients;
	}

	/** Whether the value is the same at every iteration of every enclosing loop. */
	boolean isConstant() {
		return vector.length == 1 && residues.length == 0;
	}

	/** The constant term (the whole value when {@link #isConstant}). */
	long constantTerm() {
		return vector[0];
	}

	DepthExpr plus(long value) {
		long[] moved = vector.clone();
		moved[0] = Math.addExact(moved[0], value);
		return new DepthExpr(moved, residues);
	}

	/** The expression plus the index at {@code depth}. */
	DepthExpr plusIndex(int depth) {
		long[] moved = Arrays.copyOf(vector, Math.max(vector.length, 2 + depth));
		moved[1 + depth] = Math.addExact(moved[1 + depth], 1);
		return new DepthExpr(moved, residues);
	}

	/**
	 * x, y and z (copies at the same place of consecutive blocks; z null when there are two) as a
	 * function of a new loop index at {@code depth}: null unless the copies differ by one constant
	 * step. Indices at that depth and deeper move one level down.
	 */
	static @Nullable DepthExpr unify(DepthExpr x, DepthExpr y, @Nullable DepthExpr z, int depth) {
		if (!Arrays.equals(x.residues, y.residues) || z != null && !Arrays.equals(x.residues, z.residues)) {
			return null;
		}
		long[] vector = unify(x.vector, y.vector, z == null ? null : z.vector, depth);
		return vector == null ? null : new DepthExpr(vector, x.lifted(depth).residues);
	}

	/**
	 * As {@link #unify}, the arguments of residues moving by constant steps too: mod(1+i3,4) and
	 * mod(3+i3,4) are mod(1+2*i+i3,4) exactly, since the argument takes the copies' values before
	 * the mod.
	 */
	static @Nullable DepthExpr unifyStepping(DepthExpr x, DepthExpr y, @Nullable DepthExpr z, int depth) {
		return stepping(x, y, z, depth, false);
	}

	/**
	 * The copies as one number over a new loop at {@code depth}, residues matched by coefficient,
	 * modulus and indices, their arguments stepping by a constant (with {@code modulo}, by one that
	 * holds modulo the modulus: mod(3+i,4) then mod(i,4) is a step of 1).
	 */
	private static @Nullable DepthExpr stepping(DepthExpr x, DepthExpr y, @Nullable DepthExpr z, int depth, boolean modulo) {
		if (x.residues.length != y.residues.length || z != null && z.residues.length != x.residues.length) {
			return null;
		}
		long[] vector = unify(x.vector, y.vector, z == null ? null : z.vector, depth);
		if (vector == null) {
			return null;
		}
		Residue[] residues = x.residues.length == 0 ? NONE : new Residue[x.residues.length];
		boolean[] takenOfY = new boolean[residues.length];
		boolean[] takenOfZ = new boolean[residues.length];
		for (int r = 0; r < residues.length; r++) {
			Residue first = x.residues[r];
			Residue second = counterpart(first, y.residues, takenOfY);
			Residue third = z == null ? null : counterpart(first, z.residues, takenOfZ);
			if (second == null || z != null && third == null) {
				return null;
			}
			long[] argument = modulo ? moduloStep(first, second, third, depth)
					: unify(first.argument, second.argument, third == null ? null : third.argument, depth);
			if (argument == null) {
				return null;
			}
			residues[r] = new Residue(first.coefficient, argument, first.modulus);
		}
		return new DepthExpr(vector, residues);
	}

	/** The argument of counterpart residues as a function of the new loop's index, stepping modulo the modulus. */
	private static long @Nullable [] moduloStep(Residue first, Residue second, @Nullable Residue third, int depth) {
		long step = residueStep(second.argument[0] - first.argument[0], 1, first.modulus);
		if (third != null && Math.floorMod(third.argument[0] - second.argument[0] - step, first.modulus) != 0) {
			return null;
		}
		return at(first.argument, 0, step, depth);
	}

	/**
	 * As {@link #unifyStepping}, after writing in a copy a plain term of an index as the residue
	 * another copy holds, where the two take the same values on the index's range ({@link #writtenAs}):
	 * row 0 of a 4×4 grid reads 4*i0 where row 1 reads 4*mod(1+i0,4) (NPB SP's copy_faces). Residue
	 * arguments then step modulo their modulus. {@code ranges.get(k)}: {lower, upper} of the index at depth k when both
	 * are constant, else null.
	 */
	static @Nullable DepthExpr unifySteppingLifted(DepthExpr x, DepthExpr y, @Nullable DepthExpr z, int depth,
			List<long @Nullable []> ranges) {
		DepthExpr unified = unifyStepping(x, y, z, depth);
		if (unified != null) {
			return unified;
		}
		DepthExpr[] copies = z == null ? new DepthExpr[] { x, y } : new DepthExpr[] { x, y, z };
		boolean lifted = false;
		for (int c = 0; c < copies.length; c++) {
			for (int o = 0; o < copies.length; o++) {
				for (Residue residue : o == c ? NONE : copies[o].residues) {
					DepthExpr written = copies[c].hasCounterpart(residue) ? null : copies[c].writtenAs(residue, ranges);
					if (written != null) {
						copies[c] = written;
						lifted = true;
					}
				}
			}
		}
		return lifted ? stepping(copies[0], copies[1], z == null ? null : copies[2], depth, true) : null;
	}

	/** Whether a residue has the coefficient, modulus and indices of {@code residue}. */
	private boolean hasCounterpart(Residue residue) {
		return counterpart(residue, residues, new boolean[residues.length]) != null;
	}

	/**
	 * This number with its term v·i of the index that {@code like}'s argument reads (one index, any
	 * coefficient a) written as {@code like}'s residue c·mod(k+a·i,m) plus a constant, where the
	 * two take the same values on the index's range: c·(k+i) while k+i stays in 0..m−1, or a range
	 * of two values over which the remainder wraps (−12·i is −4·mod(−i,4) for i in 0..1). Null
	 * when no k does; the k of {@code like} is tried first, so that the argument need not step.
	 */
	private @Nullable DepthExpr writtenAs(Residue like, List<long @Nullable []> ranges) {
		int p = 0;
		for (int k = 1; k < like.argument.length; k++) {
			if (like.argument[k] != 0) {
				if (p != 0) {
					return null;
				}
				p = k;
			}
		}
		long a = p == 0 ? 0 : like.argument[p];
		long[] range = p == 0 || p > ranges.size() ? null : ranges.get(p - 1);
		long m = like.modulus;
		if (range == null || a == 0 || p >= vector.length || vector[p] == 0 || range[1] - range[0] >= m
				|| m > MAX_WRITTEN_MODULUS) {
			return null;
		}
		for (long j = 0; j <= m; j++) {
			long k = j == 0 ? like.argument[0] : j - 1;
			long shift;
			boolean equal = true;
			try {
				shift = Math.subtractExact(Math.multiplyExact(vector[p], range[0]),
						Math.multiplyExact(like.coefficient, Math.floorMod(k + a * range[0], m)));
				for (long i = range[0] + 1; i <= range[1] && equal; i++) {
					equal = Math.multiplyExact(vector[p], i) == Math.addExact(Math.multiplyExact(like.coefficient,
							Math.floorMod(k + a * i, m)), shift);
				}
			} catch (ArithmeticException overflow) {
				return null;
			}
			if (equal) {
				long[] plain = vector.clone();
				plain[p] = 0;
				plain[0] = Math.addExact(plain[0], shift);
				long[] argument = new long[p + 1];
				argument[0] = k;
				argument[p] = a;
				Residue[] written = Arrays.copyOf(residues, residues.length + 1);
				written[residues.length] = new Residue(like.coefficient, argument, m);
				return new DepthExpr(plain, written);
			}
		}
		return null;
	}

	private static long @Nullable [] unify(long[] x, long[] y, long @Nullable [] z, int depth) {
		if (x.length != y.length || z != null && z.length != x.length) {
			return null; // vectors are trimmed: equal coefficients mean equal lengths
		}
		for (int k = 1; k < x.length; k++) {
			if (y[k] != x[k] || z != null && z[k] != x[k]) {
				return null;
			}
		}
		long step;
		try {
			step = Math.subtractExact(y[0], x[0]);
			if (z != null && Math.subtractExact(z[0], y[0]) != step) {
				return null;
			}
		} catch (ArithmeticException overflow) {
			return null;
		}
		return at(x, 0, step, depth);
	}

	/**
	 * The first residue of {@code others} not yet taken with the coefficient, modulus and indices
	 * of {@code residue} (residues of a number are in no canonical order), marked taken; else null.
	 */
	private static @Nullable Residue counterpart(Residue residue, Residue[] others, boolean[] taken) {
		for (int r = 0; r < others.length; r++) {
			Residue other = others[r];
			if (!taken[r] && other.coefficient == residue.coefficient && other.modulus == residue.modulus
					&& Arrays.equals(other.argument, 1, other.argument.length, residue.argument, 1, residue.argument.length)) {
				taken[r] = true;
				return other;
			}
		}
		return null;
	}

	/** The expression inside a new loop at {@code depth} that it does not depend on. */
	DepthExpr lifted(int depth) {
		if (vector.length <= 1 + depth && residues.length == 0) {
			return this;
		}
		Residue[] moved = new Residue[residues.length];
		for (int r = 0; r < moved.length; r++) {
			moved[r] = residues[r].lifted(depth);
		}
		return new DepthExpr(lift(vector, depth), residues.length == 0 ? NONE : moved);
	}

	/** The vector with a zero coefficient inserted at {@code depth}: deeper indices move down. */
	private static long[] lift(long[] vector, int depth) {
		if (vector.length <= 1 + depth) {
			return vector.clone();
		}
		long[] result = new long[vector.length + 1];
		System.arraycopy(vector, 0, result, 0, 1 + depth);
		System.arraycopy(vector, 1 + depth, result, 2 + depth, vector.length - 1 - depth);
		return result;
	}

	/** The expression with the index at {@code depth} set to n; deeper indices move one level up. */
	DepthExpr instantiate(int depth, long n) {
		if (vector.length <= 1 + depth && residues.length == 0) {
			return this;
		}
		long[] result = instantiate(vector, depth, n);
		if (residues.length == 0) {
			return new DepthExpr(result, NONE);
		}
		List<Residue> kept = new ArrayList<>(residues.length);
		for (Residue residue : residues) {
			long[] argument = instantiate(residue.argument, depth, n);
			if (argument.length == 1) {
				long remainder = Math.floorMod(argument[0], residue.modulus);
				result[0] = Math.addExact(result[0], Math.multiplyExact(residue.coefficient, remainder));
			} else {
				kept.add(new Residue(residue.coefficient, argument, residue.modulus));
			}
		}
		return new DepthExpr(result, kept.isEmpty() ? NONE : kept.toArray(NONE));
	}

	/**
	 * Whether {@code instantiate(depth, n)} equals {@code other}, found without building it when
	 * there is no residue (NLR asks this of every loop and the copy above it at every step).
	 *
	 * @throws ArithmeticException on overflow, as {@link #instantiate(int, long)}
	 */
	boolean instantiatesTo(int depth, long n, DepthExpr other) {
		if (residues.length != 0 || other.residues.length != 0) {
			return instantiate(depth, n).equals(other);
		}
		if (vector.length <= 1 + depth) {
			return Arrays.equals(vector, other.vector);
		}
		if (Math.addExact(vector[0], Math.multiplyExact(vector[1 + depth], n)) != other.vector[0]) {
			return false;
		}
		// The coefficients of the indices above depth stay, those below move one level up.
		int length = Math.max(vector.length - 1, other.vector.length);
		for (int j = 1; j < length; j++) {
			long expected = j - 1 < depth ? vector[j] : j + 1 < vector.length ? vector[j + 1] : 0;
			if (expected != (j < other.vector.length ? other.vector[j] : 0)) {
				return false;
			}
		}
		return true;
	}

	private static long[] instantiate(long[] vector, int depth, long n) {
		if (vector.length <= 1 + depth) {
			return vector.clone();
		}
		long[] result = new long[vector.length - 1];
		result[0] = Math.addExact(vector[0], Math.multiplyExact(coefficient(vector, depth), n));
		for (int k = 0; 1 + k < vector.length; k++) {
			if (k != depth) {
				result[1 + (k < depth ? k : k - 1)] = vector[1 + k];
			}
		}
		return trim(result);
	}

	/**
	 * One expression over a loop of {@code first + second} iterations at {@code depth} made of two
	 * runs: {@code a} for the first iterations, {@code b} (index counted from 0 again) for the rest.
	 * Both are bodies, the index at {@code depth} their own; a run of one iteration
	 * ({@code aSingle}, {@code bSingle}) takes its steps from the other run. The second run either
	 * continues the first, or (when {@code periodic}) is the first's continuation moved by some w:
	 * the value then wraps around, {@code c * mod(index + o, M)} with {@code c * M = -w}, as the
	 * neighbours of a periodic grid do. c is the step of the first run when it divides w (a value
	 * running through M multiples of its step), else M is the whole cycle ({@code cycle}, the count
	 * of the loop the runs are part of). Null when neither holds.
	 */
	static @Nullable DepthExpr concatenate(DepthExpr a, boolean aSingle, long first, DepthExpr b, boolean bSingle, long second,
			int depth, boolean periodic, long cycle) {
		try {
			DepthExpr line;
			long wrap;
			if (aSingle) {
				DepthExpr start = b.shift(depth, -1);
				long moved = difference(a, start.instantiate(depth, 0).lifted(depth));
				if (moved == NO_DIFFERENCE) {
					return null;
				}
				line = start.plus(moved);
				wrap = -moved;
			} else {
				line = a;
				wrap = difference(b, bSingle ? a.instantiate(depth, first).lifted(depth) : a.shift(depth, first));
				if (wrap == NO_DIFFERENCE) {
					return null;
				}
			}
			if (wrap == 0) {
				return line;
			}
			return periodic ? line.wrapped(wrap, first, second, depth, cycle) : null;
		} catch (ArithmeticException overflow) {
			return null;
		}
	}

	/** x - y when they differ by a constant, else NO_DIFFERENCE. */
	private static long difference(DepthExpr x, DepthExpr y) {
		if (!Arrays.equals(x.residues, y.residues)) {
			return NO_DIFFERENCE;
		}
		int length = Math.max(x.vector.length, y.vector.length);
		for (int k = 1; k < length; k++) {
			if (coefficient(x.vector, k - 1) != coefficient(y.vector, k - 1)) {
				return NO_DIFFERENCE;
			}
		}
		return Math.subtractExact(x.vector[0], y.vector[0]); // NO_DIFFERENCE itself counts as none
	}

	/** This line for the first {@code first} iterations, moved by {@code wrap} after; see concatenate. */
	private @Nullable DepthExpr wrapped(long wrap, long first, long second, int depth, long cycle) {
		if (Arrays.stream(residues).filter(residue -> coefficient(residue.argument, depth) != 0).count() >= MAX_WRAPS) {
			return null;
		}
		long step = coefficient(vector, depth);
		long c;
		long whole;
		if (step != 0 && wrap % step == 0 && -wrap / step >= Math.max(first, second)) {
			c = step;
			whole = -wrap / step;
		} else if (wrap % cycle == 0 && cycle >= first + second) {
			c = -wrap / cycle;
			whole = cycle;
		} else {
			return null;
		}
		if (whole < 2) {
			return null;
		}
		long offset = whole - first; // the wrap comes after the first run
		long[] x = Arrays.copyOf(vector, Math.max(vector.length, 2 + depth));
		x[0] = Math.subtractExact(x[0], Math.multiplyExact(c, offset));
		x[1 + depth] = Math.subtractExact(step, c);
		long[] argument = new long[2 + depth];
		argument[0] = offset;
		argument[1 + depth] = 1;
		List<Residue> result = new ArrayList<>(List.of(residues));
		int same = -1;
		for (int r = 0; r < result.size(); r++) {
			if (result.get(r).modulus == whole && Arrays.equals(result.get(r).argument, argument)) {
				same = r;
			}
		}
		if (same < 0) {
			result.add(new Residue(c, argument, whole));
		} else if (result.get(same).coefficient + c == 0) {
			result.remove(same);
		} else {
			result.set(same, new Residue(Math.addExact(result.get(same).coefficient, c), argument, whole));
		}
		return new DepthExpr(x, result.isEmpty() ? NONE : result.toArray(NONE));
	}

	/**
	 * The k copies {@code values} (the same place of consecutive blocks) as one function of a new
	 * loop index at {@code depth} over 0..k−1, where the values run by one step D but for at most
	 * two jumps that are multiples of k: a walk around a cycle of k ranks that does not start at
	 * the cycle's lowest rank (0, 7, 10, 13 = {@code 3+4*j-mod(3+j,4)}). Each jump e after copy t
	 * adds {@code (e/k) * (j+k-1-t) - (e/k) * mod(j+k-1-t, k)}: 0 up to copy t, e after. With {@code arithmetic}, only a plain step (loop bounds
	 * hold no residue). Null when the values do not fit.
	 */
	static @Nullable DepthExpr cycle(DepthExpr[] values, int depth, boolean arithmetic) {
		int k = values.length;
		long[] constants = new long[k];
		try {
			for (int j = 1; j < k; j++) {
				constants[j] = difference(values[j], values[0]);
				if (constants[j] == NO_DIFFERENCE) {
					return null;
				}
			}
			long step = commonStep(constants, k);
			if (step == NO_DIFFERENCE) {
				return null;
			}
			DepthExpr lifted = values[0].lifted(depth);
			long[] vector = at(values[0].vector, 0, step, depth);
			List<Residue> residues = new ArrayList<>(List.of(lifted.residues));
			for (int t = 0; t + 1 < k; t++) {
				long jump = Math.subtractExact(Math.subtractExact(constants[t + 1], constants[t]), step);
				if (jump == 0) {
					continue;
				}
				if (arithmetic || jump % k != 0 || residues.size() - lifted.residues.length == MAX_WRAPS) {
					return null;
				}
				long c = jump / k;
				long offset = k - 1 - t;
				vector[0] = Math.addExact(vector[0], Math.multiplyExact(c, offset));
				vector[1 + depth] = Math.addExact(vector[1 + depth], c);
				long[] argument = new long[2 + depth];
				argument[0] = offset;
				argument[1 + depth] = 1;
				residues.add(new Residue(-c, argument, k));
			}
			return new DepthExpr(vector, residues.isEmpty() ? NONE : residues.toArray(NONE));
		} catch (ArithmeticException overflow) {
			return null;
		}
	}

	/** y − x when they differ by a constant, else {@link #NO_DIFFERENCE} (also on overflow). */
	static long step(DepthExpr x, DepthExpr y) {
		try {
			return difference(y, x);
		} catch (ArithmeticException overflow) {
			return NO_DIFFERENCE;
		}
	}

	/**
	 * {@link #step(DepthExpr, DepthExpr)} of x with the index at {@code depth} set to nx and y with
	 * it set to ny (a negative n: the number as it is), without building them when neither has
	 * residues.
	 */
	static long step(DepthExpr x, long nx, DepthExpr y, long ny, int depth) {
		if (x.residues.length != 0 || y.residues.length != 0) {
			try {
				return step(nx < 0 ? x : x.instantiate(depth, nx), ny < 0 ? y : y.instantiate(depth, ny));
			} catch (ArithmeticException overflow) {
				return NO_DIFFERENCE;
			}
		}
		try {
			int length = Math.max(x.vector.length, y.vector.length);
			for (int j = 1; j < length; j++) {
				if (element(x.vector, depth, nx, j) != element(y.vector, depth, ny, j)) {
					return NO_DIFFERENCE;
				}
			}
			return Math.subtractExact(element(y.vector, depth, ny, 0), element(x.vector, depth, nx, 0));
		} catch (ArithmeticException overflow) {
			return NO_DIFFERENCE;
		}
	}

	/** Element j of the vector with the index at depth set to n (n < 0: as it is), 0 past its end. */
	private static long element(long[] vector, int depth, long n, int j) {
		if (n < 0) {
			return j < vector.length ? vector[j] : 0;
		}
		if (j == 0) {
			return Math.addExact(vector[0], Math.multiplyExact(coefficient(vector, depth), n));
		}
		int source = j - 1 < depth ? j : j + 1; // indices below depth move one level up
		return source < vector.length ? vector[source] : 0;
	}

	/**
	 * The step between consecutive constants that most of them take, of those the others differ
	 * from by multiples of k (the jumps of a cycle); on a tie the one with the smallest jumps, so
	 * that 13, 0, 7, 10 steps by 3. NO_DIFFERENCE when none, or when they take more than three
	 * steps (a cycle has one step and at most two jumps).
	 */
	private static long commonStep(long[] constants, int k) {
		long[] steps = new long[3];
		int distinct = 0;
		for (int t = 0; t + 1 < constants.length; t++) {
			long step = Math.subtractExact(constants[t + 1], constants[t]);
			if (Arrays.stream(steps, 0, distinct).noneMatch(known -> known == step)) {
				if (distinct == steps.length) {
					return NO_DIFFERENCE;
				}
				steps[distinct++] = step;
			}
		}
		long best = NO_DIFFERENCE;
		int most = 0;
		long smallest = Long.MAX_VALUE;
		for (int d = 0; d < distinct; d++) {
			long step = steps[d];
			int count = 0;
			long jumps = 0;
			for (int u = 0; u + 1 < constants.length && jumps != Long.MAX_VALUE; u++) {
				long jump = Math.subtractExact(Math.subtractExact(constants[u + 1], constants[u]), step);
				count += jump == 0 ? 1 : 0;
				jumps = jump % k == 0 ? Math.addExact(jumps, Math.abs(jump)) : Long.MAX_VALUE;
			}
			if (jumps != Long.MAX_VALUE && (count > most || count == most && jumps < smallest)) {
				best = step;
				most = count;
				smallest = jumps;
			}
		}
		return best;
	}

	/** Whether a residue reads the index at {@code depth}: the value wraps around in that loop. */
	boolean wraps(int depth) {
		return Arrays.stream(residues).anyMatch(residue -> coefficient(residue.argument, depth) != 0);
	}

	/**
	 * The function of a new loop index at {@code depth} that is x at iteration nx and y at
	 * iteration ny (nx < ny): constant terms, and the constants inside residues modulo their
	 * modulus, move by equal steps; everything else equal. Null when there is none.
	 */
	static @Nullable DepthExpr interpolate(DepthExpr x, long nx, DepthExpr y, long ny, int depth) {
		long distance = ny - nx;
		if (x.residues.length != y.residues.length || !Arrays.equals(x.vector, 1, x.vector.length, y.vector, 1, y.vector.length)) {
			return null;
		}
		try {
			long moved = Math.subtractExact(y.vector[0], x.vector[0]);
			if (moved % distance != 0) {
				return null;
			}
			long[] vector = at(x.vector, nx, moved / distance, depth);
			Residue[] residues = new Residue[x.residues.length];
			for (int r = 0; r < residues.length; r++) {
				Residue a = x.residues[r];
				Residue b = y.residues[r];
				if (a.coefficient != b.coefficient || a.modulus != b.modulus
						|| !Arrays.equals(a.argument, 1, a.argument.length, b.argument, 1, b.argument.length)) {
					return null;
				}
				long step = residueStep(Math.subtractExact(b.argument[0], a.argument[0]), distance, a.modulus);
				if (step == NO_DIFFERENCE) {
					return null;
				}
				long[] argument = at(a.argument, nx, step, depth);
				argument[0] = Math.floorMod(argument[0], a.modulus);
				residues[r] = new Residue(a.coefficient, argument, a.modulus);
			}
			return new DepthExpr(vector, residues.length == 0 ? NONE : residues);
		} catch (ArithmeticException overflow) {
			return null;
		}
	}

	/** The vector lifted to a new index at depth with the given step, equal to v at iteration n. */
	private static long[] at(long[] v, long n, long step, int depth) {
		long[] result = lift(v, depth);
		if (result.length < 2 + depth) {
			result = Arrays.copyOf(result, 2 + depth);
		}
		result[1 + depth] = step;
		result[0] = Math.subtractExact(result[0], Math.multiplyExact(n, step));
		return result;
	}

	/**
	 * The step s of smallest size (the positive one on a tie) with s · distance ≡ moved (mod m),
	 * for a distance of 1 or 2 (copies next to each other, or the first and the third); else
	 * NO_DIFFERENCE.
	 */
	private static long residueStep(long moved, long distance, long m) {
		long r = Math.floorMod(moved, m);
		if (distance == 1) {
			return centered(r, m);
		}
		if (distance != 2) {
			return NO_DIFFERENCE;
		}
		if (m % 2 == 1) {
			// 2s ≡ r: s = r / 2 when r is even, (r + m) / 2 when odd
			return centered(r % 2 == 0 ? r / 2 : (r + m) / 2, m);
		}
		if (r % 2 == 1) {
			return NO_DIFFERENCE;
		}
		long s = centered(r / 2, m);
		long other = centered(r / 2 + m / 2, m);
		return Math.abs(other) < Math.abs(s) || Math.abs(other) == Math.abs(s) && other > s ? other : s;
	}

	/** The representative of r (in 0..m−1) modulo m in (−m/2, m/2]. */
	private static long centered(long r, long m) {
		return r > m / 2 ? r - m : r;
	}

	/** Whether the value reads an index of a loop at a depth below {@code depth}. */
	boolean readsBelow(int depth) {
		if (reads(vector, depth)) {
			return true;
		}
		for (Residue residue : residues) {
			if (reads(residue.argument, depth)) {
				return true;
			}
		}
		return false;
	}

	private static boolean reads(long[] v, int depth) {
		for (int k = 0; k < depth && 1 + k < v.length; k++) {
			if (v[1 + k] != 0) {
				return true;
			}
		}
		return false;
	}

	/** The value when the index at depth k is {@code indices[k]} (indices not read may be anything). */
	long evaluate(long[] indices) {
		long value = dot(vector, indices);
		for (Residue residue : residues) {
			value = Math.addExact(value, Math.multiplyExact(residue.coefficient, Math.floorMod(dot(residue.argument, indices), residue.modulus)));
		}
		return value;
	}

	/** v's value when the index at depth k is {@code indices[k]}. */
	static long dot(long[] v, long[] indices) {
		long value = v[0];
		for (int k = 1; k < v.length; k++) {
			if (v[k] != 0) {
				value = Math.addExact(value, Math.multiplyExact(v[k], indices[k - 1]));
			}
		}
		return value;
	}

	/** The expression with the index at {@code depth} replaced by {@code index + k}. */
	DepthExpr shift(int depth, long k) {
		long[] moved = vector.clone();
		moved[0] = Math.addExact(moved[0], Math.multiplyExact(coefficient(vector, depth), k));
		Residue[] shifted = residues.clone();
		for (int r = 0; r < shifted.length; r++) {
			Residue residue = residues[r];
			long[] argument = residue.argument.clone();
			argument[0] = Math.floorMod(Math.addExact(argument[0], Math.multiplyExact(coefficient(argument, depth), k)), residue.modulus);
			shifted[r] = new Residue(residue.coefficient, argument, residue.modulus);
		}
		return new DepthExpr(moved, shifted);
	}

	private static long coefficient(long[] vector, int depth) {
		return 1 + depth < vector.length ? vector[1 + depth] : 0;
	}

	/** Without trailing zero coefficients, so that equal functions have equal vectors. */
	private static long[] trim(long[] vector) {
		int length = vector.length;
		while (length > 1 && vector[length - 1] == 0) {
			length--;
		}
		return length == vector.length ? vector : Arrays.copyOf(vector, length);
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return obj instanceof DepthExpr other && Arrays.equals(vector, other.vector) && Arrays.equals(residues, other.residues);
	}

	@Override
	public int hashCode() {
		return Arrays.hashCode(vector) * 31 + Arrays.hashCode(residues);
	}

	@Override
	public String toString() {
		return Arrays.toString(vector) + (residues.length == 0 ? "" : Arrays.toString(residues));
	}
}
