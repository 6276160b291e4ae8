// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.fold.internal.DepthExpr.Residue;

/**
 * NLR's unification of numbers: two or three copies at the same place of consecutive blocks as
 * one number over a new loop, where they move by one constant step (the arguments of their
 * residues too, or modulo their modulus, after writing a plain term as a residue).
 */
final class StepUnification {

	/** How the arguments of counterpart residues may step from copy to copy. */
	private enum ArgumentSteps {
		/** By a constant. */
		CONSTANT,
		/** By a constant modulo the modulus. */
		MODULO
	}

	/** The largest modulus a plain term is compared with, value by value ({@link #writtenAs}). */
	private static final long MAX_WRITTEN_MODULUS = 256;

	private StepUnification() {
	}

	/**
	 * x, y and z (copies at the same place of consecutive blocks; z null when there are two) as a
	 * function of a new loop index at {@code depth}: null unless the copies differ by one constant
	 * step. Indices at that depth and deeper move one level down.
	 */
	static @Nullable DepthExpr unify(DepthExpr x, DepthExpr y, @Nullable DepthExpr z, int depth) {
		if (x.hasXors() || y.hasXors() || z != null && z.hasXors()) {
			return Butterflies.unify(x, y, z, depth);
		}
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
		return stepping(x, y, z, depth, ArgumentSteps.CONSTANT);
	}

	/**
	 * The copies as one number over a new loop at {@code depth}, residues matched by coefficient,
	 * modulus and indices, their arguments stepping by a constant, or by one that holds modulo the
	 * modulus (mod(3+i,4) then mod(i,4) is a step of 1).
	 */
	private static @Nullable DepthExpr stepping(DepthExpr x, DepthExpr y, @Nullable DepthExpr z, int depth, ArgumentSteps steps) {
		if (x.hasXors() || y.hasXors() || z != null && z.hasXors()) {
			return Butterflies.unify(x, y, z, depth);
		}
		if (x.residues.length != y.residues.length || z != null && z.residues.length != x.residues.length) {
			return null;
		}
		long[] vector = unify(x.vector, y.vector, z == null ? null : z.vector, depth);
		if (vector == null) {
			return null;
		}
		Residue[] residues = x.residues.length == 0 ? DepthExpr.NONE : new Residue[x.residues.length];
		boolean[] takenOfY = new boolean[residues.length];
		boolean[] takenOfZ = new boolean[residues.length];
		for (int r = 0; r < residues.length; r++) {
			Residue first = x.residues[r];
			Residue second = counterpart(first, y.residues, takenOfY);
			Residue third = z == null ? null : counterpart(first, z.residues, takenOfZ);
			if (second == null || z != null && third == null) {
				return null;
			}
			long[] argument = steps == ArgumentSteps.MODULO ? moduloStep(first, second, third, depth)
					: unify(first.argument(), second.argument(), third == null ? null : third.argument(), depth);
			if (argument == null) {
				return null;
			}
			residues[r] = new Residue(first.coefficient(), argument, first.modulus());
		}
		return new DepthExpr(vector, residues);
	}

	/** The argument of counterpart residues as a function of the new loop's index, stepping modulo the modulus. */
	private static long @Nullable [] moduloStep(Residue first, Residue second, @Nullable Residue third, int depth) {
		long step = Interpolation.residueStep(second.argument()[0] - first.argument()[0], 1, first.modulus());
		if (third != null && Math.floorMod(third.argument()[0] - second.argument()[0] - step, first.modulus()) != 0) {
			return null;
		}
		return DepthExpr.at(first.argument(), 0, step, depth);
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
		if (unified != null || x.hasXors() || y.hasXors() || z != null && z.hasXors()) {
			return unified;
		}
		DepthExpr[] copies = z == null ? new DepthExpr[] { x, y } : new DepthExpr[] { x, y, z };
		boolean lifted = false;
		for (int c = 0; c < copies.length; c++) {
			for (int o = 0; o < copies.length; o++) {
				for (Residue residue : o == c ? DepthExpr.NONE : copies[o].residues) {
					DepthExpr written = hasCounterpart(copies[c], residue) ? null : writtenAs(copies[c], residue, ranges);
					if (written != null) {
						copies[c] = written;
						lifted = true;
					}
				}
			}
		}
		return lifted ? stepping(copies[0], copies[1], z == null ? null : copies[2], depth, ArgumentSteps.MODULO) : null;
	}

	/** Whether a residue has the coefficient, modulus and indices of {@code residue}. */
	private static boolean hasCounterpart(DepthExpr number, Residue residue) {
		return counterpart(residue, number.residues, new boolean[number.residues.length]) != null;
	}

	/**
	 * The number with its term v·i of the index that {@code like}'s argument reads (one index, any
	 * coefficient a) written as {@code like}'s residue c·mod(k+a·i,m) plus a constant, where the
	 * two take the same values on the index's range: c·(k+i) while k+i stays in 0..m−1, or a range
	 * of two values over which the remainder wraps (−12·i is −4·mod(−i,4) for i in 0..1). Null
	 * when no k does; the k of {@code like} is tried first, so that the argument need not step.
	 */
	private static @Nullable DepthExpr writtenAs(DepthExpr number, Residue like, List<long @Nullable []> ranges) {
		long[] vector = number.vector;
		Residue[] residues = number.residues;
		int p = 0;
		for (int k = 1; k < like.argument().length; k++) {
			if (like.argument()[k] != 0) {
				if (p != 0) {
					return null;
				}
				p = k;
			}
		}
		long a = p == 0 ? 0 : like.argument()[p];
		long[] range = p == 0 || p > ranges.size() ? null : ranges.get(p - 1);
		long m = like.modulus();
		if (range == null || a == 0 || p >= vector.length || vector[p] == 0 || range[1] - range[0] >= m
				|| m > MAX_WRITTEN_MODULUS) {
			return null;
		}
		for (long j = 0; j <= m; j++) {
			long k = j == 0 ? like.argument()[0] : j - 1;
			long shift;
			boolean equal = true;
			try {
				shift = Math.subtractExact(Math.multiplyExact(vector[p], range[0]),
						Math.multiplyExact(like.coefficient(), Math.floorMod(k + a * range[0], m)));
				for (long i = range[0] + 1; i <= range[1] && equal; i++) {
					equal = Math.multiplyExact(vector[p], i) == Math.addExact(Math.multiplyExact(like.coefficient(),
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
				written[residues.length] = new Residue(like.coefficient(), argument, m);
				return new DepthExpr(plain, written);
			}
		}
		return null;
	}

	/** Affine vectors that step by a constant, as one over a new loop at {@code depth}; else null. */
	static long @Nullable [] unify(long[] x, long[] y, long @Nullable [] z, int depth) {
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
		return DepthExpr.at(x, 0, step, depth);
	}

	/**
	 * The first residue of {@code others} not yet taken with the coefficient, modulus and indices
	 * of {@code residue} (residues of a number are in no canonical order), marked taken; else null.
	 */
	private static @Nullable Residue counterpart(Residue residue, Residue[] others, boolean[] taken) {
		for (int r = 0; r < others.length; r++) {
			Residue other = others[r];
			if (!taken[r] && other.coefficient() == residue.coefficient() && other.modulus() == residue.modulus()
					&& Arrays.equals(other.argument(), 1, other.argument().length, residue.argument(), 1, residue.argument().length)) {
				taken[r] = true;
				return other;
			}
		}
		return null;
	}
}
