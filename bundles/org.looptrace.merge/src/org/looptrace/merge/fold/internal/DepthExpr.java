// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Exprs;

/**
 * A number of a construct during folding, over loop depths instead of index names: an affine
 * vector (element 0 the constant, element 1 + k the coefficient of the index of the enclosing loop
 * at depth k, printed {@code ik}) plus residues {@code coefficient * mod(argument, modulus)} and
 * xors {@code coefficient * xor(argument, mask * 2^shift)} whose arguments and shifts are such
 * vectors. Two copies of a construct at the same depth then have equal numbers,
 * without renaming any index. Immutable; vectors carry no trailing zero, so equal functions are
 * equal objects. The algorithms over numbers are apart: {@link StepUnification},
 * {@link Wrapping}, {@link Interpolation}, {@link ValueFit}, and {@link DepthExprConversion} from
 * and to the model's expressions.
 */
final class DepthExpr {

	/** No residue: the residues of an affine number. */
	static final Residue[] NONE = {};
	/** No xor: the xors of a number without butterfly (before the constants made with it). */
	static final Xor[] NO_XORS = {};
	static final DepthExpr ZERO = constant(0);
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

	/**
	 * {@code coefficient * xor(argument, mask * 2^shift)}, the peer of a butterfly's stage; made by
	 * {@link #of} with a constant shift moved into the mask and an odd mask beside a shift that
	 * reads an index, so that equal functions are equal records.
	 */
	record Xor(long coefficient, long[] argument, long mask, long[] shift) {

		static Xor of(long coefficient, long[] argument, long mask, long[] shift) {
			long[] trimmed = trim(shift);
			if (trimmed.length == 1) {
				return new Xor(coefficient, trim(argument), Exprs.shiftedMask(mask, trimmed[0]), new long[] { 0 });
			}
			long odd = mask;
			long[] moved = trimmed.clone();
			for (; (odd & 1) == 0; odd >>= 1) {
				moved[0] = Math.addExact(moved[0], 1);
			}
			return new Xor(coefficient, trim(argument), odd, moved);
		}

		/** {@code xor(argument, mask * 2^shift)} at the given value of argument and shift. */
		long valueAt(long argumentValue, long shiftValue) {
			return Math.multiplyExact(coefficient, argumentValue ^ Exprs.shiftedMask(mask, shiftValue));
		}

		Xor lifted(int depth) {
			return new Xor(coefficient, lift(argument, depth), mask, lift(shift, depth));
		}

		boolean reads(int depth) {
			return DepthExpr.coefficient(argument, depth) != 0 || DepthExpr.coefficient(shift, depth) != 0;
		}

		@Override
		public boolean equals(@Nullable Object obj) {
			return obj instanceof Xor other && coefficient == other.coefficient && mask == other.mask
					&& Arrays.equals(argument, other.argument) && Arrays.equals(shift, other.shift);
		}

		@Override
		public int hashCode() {
			return (Long.hashCode(coefficient) * 31 + Arrays.hashCode(argument) * 7 + Long.hashCode(mask)) * 5 + Arrays.hashCode(shift);
		}

		@Override
		public String toString() {
			return coefficient + "*xor(" + Arrays.toString(argument) + "," + mask + "*2^" + Arrays.toString(shift) + ")";
		}
	}

	/** Read by the algorithms of this package, never written. */
	final long[] vector;
	final Residue[] residues;
	final Xor[] xors;

	DepthExpr(long[] vector, Residue[] residues) {
		this(vector, residues, NO_XORS);
	}

	DepthExpr(long[] vector, Residue[] residues, Xor[] xors) {
		this.vector = trim(vector);
		this.residues = residues;
		this.xors = xors;
	}

	/** Whether the number holds a xor: only the algorithms that know xors may rewrite it. */
	boolean hasXors() {
		return xors.length != 0;
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
		for (Xor xor : xors) {
			if (xor.reads(k)) {
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
		for (Xor xor : xors) {
			weight += Math.abs(xor.coefficient);
			for (int k = 1; k < xor.argument.length; k++) {
				weight += Math.abs(xor.argument[k]);
			}
			for (int k = 1; k < xor.shift.length; k++) {
				weight += Math.abs(xor.shift[k]);
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
		for (Xor xor : xors) {
			deepest = Math.max(deepest, Math.max(xor.argument.length, xor.shift.length) - 2);
		}
		return deepest;
	}

	/** Whether the value is the same at every iteration of every enclosing loop. */
	boolean isConstant() {
		return vector.length == 1 && residues.length == 0 && xors.length == 0;
	}

	/** The constant term (the whole value when {@link #isConstant}). */
	long constantTerm() {
		return vector[0];
	}

	DepthExpr plus(long value) {
		long[] moved = vector.clone();
		moved[0] = Math.addExact(moved[0], value);
		return new DepthExpr(moved, residues, xors);
	}

	/** The expression plus the index at {@code depth}. */
	DepthExpr plusIndex(int depth) {
		long[] moved = Arrays.copyOf(vector, Math.max(vector.length, 2 + depth));
		moved[1 + depth] = Math.addExact(moved[1 + depth], 1);
		return new DepthExpr(moved, residues, xors);
	}

	/** The expression inside a new loop at {@code depth} that it does not depend on. */
	DepthExpr lifted(int depth) {
		if (vector.length <= 1 + depth && residues.length == 0 && xors.length == 0) {
			return this;
		}
		Residue[] moved = new Residue[residues.length];
		for (int r = 0; r < moved.length; r++) {
			moved[r] = residues[r].lifted(depth);
		}
		Xor[] movedXors = new Xor[xors.length];
		for (int x = 0; x < movedXors.length; x++) {
			movedXors[x] = xors[x].lifted(depth);
		}
		return new DepthExpr(lift(vector, depth), residues.length == 0 ? NONE : moved, xors.length == 0 ? NO_XORS : movedXors);
	}

	/** The vector with a zero coefficient inserted at {@code depth}: deeper indices move down. */
	static long[] lift(long[] vector, int depth) {
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
		if (vector.length <= 1 + depth && residues.length == 0 && xors.length == 0) {
			return this;
		}
		long[] result = instantiate(vector, depth, n);
		List<Xor> keptXors = new ArrayList<>(xors.length);
		for (Xor xor : xors) {
			long[] argument = instantiate(xor.argument, depth, n);
			long[] shift = instantiate(xor.shift, depth, n);
			// kept when constant too, as the copies it is compared with hold it (Butterflies.hinted)
			keptXors.add(Xor.of(xor.coefficient, argument, xor.mask, shift));
		}
		Xor[] instantiatedXors = keptXors.isEmpty() ? NO_XORS : keptXors.toArray(NO_XORS);
		if (residues.length == 0) {
			return new DepthExpr(result, NONE, instantiatedXors);
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
		return new DepthExpr(result, kept.isEmpty() ? NONE : kept.toArray(NONE), instantiatedXors);
	}

	/**
	 * Whether {@code instantiate(depth, n)} equals {@code other}, found without building it when
	 * there is no residue (NLR asks this of every loop and the copy above it at every step).
	 *
	 * @throws ArithmeticException on overflow, as {@link #instantiate(int, long)}
	 */
	boolean instantiatesTo(int depth, long n, DepthExpr other) {
		if (xors.length != 0 || other.xors.length != 0) {
			// a xor of constants is the constant it may stand beside (Butterflies.hinted)
			return Butterflies.settled(instantiate(depth, n)).equals(Butterflies.settled(other));
		}
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

	/** x - y when they differ by a constant, else NO_DIFFERENCE. */
	static long difference(DepthExpr x, DepthExpr y) {
		if (!Arrays.equals(x.residues, y.residues) || !Arrays.equals(x.xors, y.xors)) {
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
		if (x.residues.length != 0 || y.residues.length != 0 || x.xors.length != 0 || y.xors.length != 0) {
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

	/** Whether a residue reads the index at {@code depth}: the value wraps around in that loop. */
	boolean wraps(int depth) {
		return Arrays.stream(residues).anyMatch(residue -> coefficient(residue.argument, depth) != 0);
	}

	/** The vector lifted to a new index at depth with the given step, equal to v at iteration n. */
	static long[] at(long[] v, long n, long step, int depth) {
		long[] result = lift(v, depth);
		if (result.length < 2 + depth) {
			result = Arrays.copyOf(result, 2 + depth);
		}
		result[1 + depth] = step;
		result[0] = Math.subtractExact(result[0], Math.multiplyExact(n, step));
		return result;
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
		for (Xor xor : xors) {
			if (reads(xor.argument, depth) || reads(xor.shift, depth)) {
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
		for (Xor xor : xors) {
			value = Math.addExact(value, xor.valueAt(dot(xor.argument, indices), dot(xor.shift, indices)));
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
		Xor[] shiftedXors = xors.clone();
		for (int x = 0; x < shiftedXors.length; x++) {
			Xor xor = xors[x];
			long[] argument = xor.argument.clone();
			argument[0] = Math.addExact(argument[0], Math.multiplyExact(coefficient(argument, depth), k));
			long[] shift = xor.shift.clone();
			shift[0] = Math.addExact(shift[0], Math.multiplyExact(coefficient(shift, depth), k));
			shiftedXors[x] = Xor.of(xor.coefficient, argument, xor.mask, shift);
		}
		return new DepthExpr(moved, shifted, shiftedXors);
	}

	/**
	 * The expression, inside a new loop at {@code depth + 1} that it does not read yet (see
	 * {@link #lifted}), with the index at {@code depth} replaced by {@code size * index + inner}:
	 * a loop's iterations taken {@code size} at a time.
	 */
	DepthExpr grouped(int depth, long size) {
		Residue[] residues = this.residues.clone();
		for (int r = 0; r < residues.length; r++) {
			Residue residue = residues[r];
			long[] argument = grouped(residue.argument, depth, size);
			argument[1 + depth] = Math.floorMod(argument[1 + depth], residue.modulus);
			residues[r] = new Residue(residue.coefficient, argument, residue.modulus);
		}
		Xor[] xors = this.xors.clone();
		for (int x = 0; x < xors.length; x++) {
			Xor xor = xors[x];
			xors[x] = Xor.of(xor.coefficient, grouped(xor.argument, depth, size), xor.mask, grouped(xor.shift, depth, size));
		}
		return new DepthExpr(grouped(vector, depth, size), residues, xors);
	}

	private static long[] grouped(long[] vector, int depth, long size) {
		long coefficient = coefficient(vector, depth);
		long[] result = Arrays.copyOf(vector, Math.max(vector.length, 3 + depth));
		result[1 + depth] = Math.multiplyExact(coefficient, size);
		result[2 + depth] = Math.addExact(result[2 + depth], coefficient);
		return result;
	}

	static long coefficient(long[] vector, int depth) {
		return 1 + depth < vector.length ? vector[1 + depth] : 0;
	}

	/** Without trailing zero coefficients, so that equal functions have equal vectors. */
	static long[] trim(long[] vector) {
		int length = vector.length;
		while (length > 1 && vector[length - 1] == 0) {
			length--;
		}
		return length == vector.length ? vector : Arrays.copyOf(vector, length);
	}

	/** Whether the two are one sum, its residues and xors perhaps in another order. */
	boolean sameSum(DepthExpr other) {
		return Arrays.equals(vector, other.vector) && sameElements(residues, other.residues) && sameElements(xors, other.xors);
	}

	private static boolean sameElements(Object[] a, Object[] b) {
		if (a.length != b.length) {
			return false;
		}
		Map<Object, Integer> counts = new HashMap<>();
		for (Object element : a) {
			counts.merge(element, 1, Integer::sum);
		}
		for (Object element : b) {
			if (counts.merge(element, -1, Integer::sum) < 0) {
				return false;
			}
		}
		return true;
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return obj instanceof DepthExpr other && Arrays.equals(vector, other.vector) && Arrays.equals(residues, other.residues)
				&& Arrays.equals(xors, other.xors);
	}

	@Override
	public int hashCode() {
		return (Arrays.hashCode(vector) * 31 + Arrays.hashCode(residues)) * 31 + Arrays.hashCode(xors);
	}

	@Override
	public String toString() {
		return Arrays.toString(vector) + (residues.length == 0 ? "" : Arrays.toString(residues)) + (xors.length == 0 ? "" : Arrays.toString(xors));
	}
}
