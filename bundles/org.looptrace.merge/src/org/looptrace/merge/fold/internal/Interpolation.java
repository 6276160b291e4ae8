// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.fold.internal.DepthExpr.Residue;
import org.looptrace.merge.fold.internal.DepthExpr.Xor;

/** A number over a new loop taken from two copies, constants and residues' constants moving by equal steps. */
final class Interpolation {

	private Interpolation() {
	}

	/**
	 * The function of a new loop index at {@code depth} that is x at iteration nx and y at
	 * iteration ny (nx < ny): constant terms, and the constants inside residues modulo their
	 * modulus, move by equal steps; everything else equal. Null when there is none.
	 */
	static @Nullable DepthExpr interpolate(DepthExpr x, long nx, DepthExpr y, long ny, int depth) {
		long distance = ny - nx;
		if (x.residues.length != y.residues.length || !Arrays.equals(x.vector, 1, x.vector.length, y.vector, 1, y.vector.length)
				|| x.xors.length != y.xors.length) {
			return null;
		}
		try {
			long moved = Math.subtractExact(y.vector[0], x.vector[0]);
			if (moved % distance != 0) {
				return null;
			}
			long[] vector = DepthExpr.at(x.vector, nx, moved / distance, depth);
			Residue[] residues = new Residue[x.residues.length];
			for (int r = 0; r < residues.length; r++) {
				Residue a = x.residues[r];
				Residue b = y.residues[r];
				if (a.coefficient() != b.coefficient() || a.modulus() != b.modulus()
						|| !Arrays.equals(a.argument(), 1, a.argument().length, b.argument(), 1, b.argument().length)) {
					return null;
				}
				long step = residueStep(Math.subtractExact(b.argument()[0], a.argument()[0]), distance, a.modulus());
				if (step == DepthExpr.NO_DIFFERENCE) {
					return null;
				}
				long[] argument = DepthExpr.at(a.argument(), nx, step, depth);
				argument[0] = Math.floorMod(argument[0], a.modulus());
				residues[r] = new Residue(a.coefficient(), argument, a.modulus());
			}
			Xor[] xors = new Xor[x.xors.length];
			for (int j = 0; j < xors.length; j++) {
				Xor a = x.xors[j];
				Xor b = y.xors[j];
				long[] argument = moved(a.argument(), nx, b.argument(), distance, depth);
				long[] shift = moved(a.shift(), nx, b.shift(), distance, depth);
				if (a.coefficient() != b.coefficient() || a.mask() != b.mask() || argument == null || shift == null) {
					return null;
				}
				xors[j] = Xor.of(a.coefficient(), argument, a.mask(), shift);
			}
			return new DepthExpr(vector, residues.length == 0 ? DepthExpr.NONE : residues, xors.length == 0 ? DepthExpr.NO_XORS : xors);
		} catch (ArithmeticException overflow) {
			return null;
		}
	}

	/**
	 * The step s of smallest size (the positive one on a tie) with s · distance ≡ moved (mod m),
	 * for a distance of 1 or 2 (copies next to each other, or the first and the third); else
	 * DepthExpr.NO_DIFFERENCE.
	 */
	static long residueStep(long moved, long distance, long m) {
		long r = Math.floorMod(moved, m);
		if (distance == 1) {
			return centered(r, m);
		}
		if (distance != 2) {
			return DepthExpr.NO_DIFFERENCE;
		}
		if (m % 2 == 1) {
			// 2s ≡ r: s = r / 2 when r is even, (r + m) / 2 when odd
			return centered(r % 2 == 0 ? r / 2 : (r + m) / 2, m);
		}
		if (r % 2 == 1) {
			return DepthExpr.NO_DIFFERENCE;
		}
		long s = centered(r / 2, m);
		long other = centered(r / 2 + m / 2, m);
		return Math.abs(other) < Math.abs(s) || Math.abs(other) == Math.abs(s) && other > s ? other : s;
	}

	/** The representative of r (in 0..m−1) modulo m in (−m/2, m/2]. */
	private static long centered(long r, long m) {
		return r > m / 2 ? r - m : r;
	}

	/** The affine a at iteration na and b {@code distance} iterations later, as one vector over the new loop; else null. */
	private static long @Nullable [] moved(long[] a, long na, long[] b, long distance, int depth) {
		if (!Arrays.equals(a, 1, a.length, b, 1, b.length)) {
			return null;
		}
		long moved = Math.subtractExact(b[0], a[0]);
		return moved % distance != 0 ? null : DepthExpr.at(a, na, moved / distance, depth);
	}
}
