// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.fold.internal.DepthExpr.Residue;

/**
 * Numbers that wrap around: two runs of one step joined past a wrap-around, and copies that
 * walk around a cycle, as residues {@code c * mod(index + o, M)}.
 */
final class Wrapping {

	/** Residues of the index of one loop a number may hold: more would be unreadable. */
	private static final int MAX_WRAPS = 2;

	private Wrapping() {
	}

	/**
	 * One number over a loop of {@code first + second} iterations at {@code depth} made of two
	 * runs: {@code a} for the first iterations, {@code b} (index counted from 0 again) for the rest.
	 * Both are bodies, the index at {@code depth} their own; a run that is a single copy takes its
	 * steps from the other run. The second run either continues the first, or is the first's
	 * continuation moved by some w: the value then wraps around, {@code c * mod(index + o, M)} with
	 * {@code c * M = -w}, as the neighbours of a periodic grid do. c is the step of the first run
	 * when it divides w (a value running through M multiples of its step), else M is the whole
	 * cycle ({@code cycle}, the count of the loop the runs are part of). Null when neither holds,
	 * or when the runs are constant and {@code constants} keeps them apart.
	 */
	static @Nullable DepthExpr joined(DepthExpr a, Run first, DepthExpr b, Run second, int depth, long cycle, Constants constants) {
		// asked at every push of the periodic rules, where most numbers have no xor
		if (a.hasXors() || b.hasXors()) {
			DepthExpr[] settled = Butterflies.settled(a, b);
			if (settled == null) {
				return null; // a butterfly's stages step, they do not wrap around
			}
			a = settled[0];
			b = settled[1];
		}
		try {
			Continuation continuation = continuation(a, first, b, second, depth);
			if (continuation == null || continuation.wrap() == 0) {
				return continuation == null ? null : continuation.line();
			}
			if (constants == Constants.APART && !continuation.line().readsIndex(depth)) {
				return null;
			}
			return wrapped(continuation.line(), continuation.wrap(), first.iterations(), second.iterations(), depth, cycle);
		} catch (ArithmeticException overflow) {
			return null;
		}
	}

	/** Whether two runs of different constant values join, their value jumping once (see {@link #joined}). */
	enum Constants {
		/** They join, the value jumping from the first constant to the second. */
		JUMPING,
		/** They stay apart. */
		APART
	}

	/** As {@link #joined}, where the second run continues the first without a wrap-around (loop bounds). */
	static @Nullable DepthExpr continued(DepthExpr a, Run first, DepthExpr b, Run second, int depth) {
		if (a.hasXors() || b.hasXors()) {
			DepthExpr[] settled = Butterflies.settled(a, b);
			if (settled == null) {
				return null;
			}
			a = settled[0];
			b = settled[1];
		}
		try {
			Continuation continuation = continuation(a, first, b, second, depth);
			return continuation == null || continuation.wrap() != 0 ? null : continuation.line();
		} catch (ArithmeticException overflow) {
			return null;
		}
	}

	/** The line of the first run over the whole loop, and how far the second run is moved from it (0: none). */
	private record Continuation(DepthExpr line, long wrap) {
	}

	/** Null when the second run is not the first's line moved by a constant. */
	private static @Nullable Continuation continuation(DepthExpr a, Run first, DepthExpr b, Run second, int depth) {
		if (first.isSingleCopy()) {
			DepthExpr start = b.shift(depth, -1);
			long moved = DepthExpr.difference(a, start.instantiate(depth, 0).lifted(depth));
			return moved == DepthExpr.NO_DIFFERENCE ? null : new Continuation(start.plus(moved), -moved);
		}
		long wrap = DepthExpr.difference(b,
				second.isSingleCopy() ? a.instantiate(depth, first.iterations()).lifted(depth) : a.shift(depth, first.iterations()));
		return wrap == DepthExpr.NO_DIFFERENCE ? null : new Continuation(a, wrap);
	}

	/** The line for the first {@code first} iterations, moved by {@code wrap} after; see {@link #joined}. */
	private static @Nullable DepthExpr wrapped(DepthExpr line, long wrap, long first, long second, int depth, long cycle) {
		if (Arrays.stream(line.residues).filter(residue -> DepthExpr.coefficient(residue.argument(), depth) != 0).count() >= MAX_WRAPS) {
			return null;
		}
		long step = DepthExpr.coefficient(line.vector, depth);
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
		long[] x = Arrays.copyOf(line.vector, Math.max(line.vector.length, 2 + depth));
		x[0] = Math.subtractExact(x[0], Math.multiplyExact(c, offset));
		x[1 + depth] = Math.subtractExact(step, c);
		long[] argument = new long[2 + depth];
		argument[0] = offset;
		argument[1 + depth] = 1;
		List<Residue> result = new ArrayList<>(List.of(line.residues));
		int same = -1;
		for (int r = 0; r < result.size(); r++) {
			if (result.get(r).modulus() == whole && Arrays.equals(result.get(r).argument(), argument)) {
				same = r;
			}
		}
		if (same < 0) {
			result.add(new Residue(c, argument, whole));
		} else if (result.get(same).coefficient() + c == 0) {
			result.remove(same);
		} else {
			result.set(same, new Residue(Math.addExact(result.get(same).coefficient(), c), argument, whole));
		}
		return new DepthExpr(x, result.isEmpty() ? DepthExpr.NONE : result.toArray(DepthExpr.NONE));
	}

	/**
	 * The k copies {@code values} (the same place of consecutive blocks) as one function of a new
	 * loop index at {@code depth} over 0..k−1, where the values run by one step D but for at most
	 * two jumps that are multiples of k: a walk around a cycle of k ranks that does not start at
	 * the cycle's lowest rank (0, 7, 10, 13 = {@code 3+4*j-mod(3+j,4)}). Each jump e after copy t
	 * adds {@code (e/k) * (j+k-1-t) - (e/k) * mod(j+k-1-t, k)}: 0 up to copy t, e after. Null when
	 * the values do not fit.
	 */
	static @Nullable DepthExpr cycle(DepthExpr[] values, int depth) {
		return cycle(values, depth, Jumps.ALLOWED);
	}

	/** As {@link #cycle(DepthExpr[], int)} with a plain step only: loop bounds hold no residue. */
	static @Nullable DepthExpr cycleWithoutJumps(DepthExpr[] values, int depth) {
		return cycle(values, depth, Jumps.NONE);
	}

	/** Whether the values of a cycle may jump (a residue), or take one step only. */
	private enum Jumps {
		ALLOWED, NONE
	}

	private static @Nullable DepthExpr cycle(DepthExpr[] values, int depth, Jumps jumps) {
		DepthExpr[] settled = Butterflies.settled(values);
		if (settled == null) {
			return null;
		}
		values = settled;
		int k = values.length;
		long[] constants = new long[k];
		try {
			for (int j = 1; j < k; j++) {
				constants[j] = DepthExpr.difference(values[j], values[0]);
				if (constants[j] == DepthExpr.NO_DIFFERENCE) {
					return null;
				}
			}
			long step = commonStep(constants, k);
			if (step == DepthExpr.NO_DIFFERENCE) {
				return null;
			}
			DepthExpr lifted = values[0].lifted(depth);
			long[] vector = DepthExpr.at(values[0].vector, 0, step, depth);
			List<Residue> residues = new ArrayList<>(List.of(lifted.residues));
			for (int t = 0; t + 1 < k; t++) {
				long jump = Math.subtractExact(Math.subtractExact(constants[t + 1], constants[t]), step);
				if (jump == 0) {
					continue;
				}
				if (jumps == Jumps.NONE || jump % k != 0 || residues.size() - lifted.residues.length == MAX_WRAPS) {
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
			return new DepthExpr(vector, residues.isEmpty() ? DepthExpr.NONE : residues.toArray(DepthExpr.NONE));
		} catch (ArithmeticException overflow) {
			return null;
		}
	}

	/**
	 * The step between consecutive constants that most of them take, of those the others differ
	 * from by multiples of k (the jumps of a cycle); on a tie the one with the smallest jumps, so
	 * that 13, 0, 7, 10 steps by 3. DepthExpr.NO_DIFFERENCE when none, or when they take more than three
	 * steps (a cycle has one step and at most two jumps).
	 */
	private static long commonStep(long[] constants, int k) {
		long[] steps = new long[3];
		int distinct = 0;
		for (int t = 0; t + 1 < constants.length; t++) {
			long step = Math.subtractExact(constants[t + 1], constants[t]);
			if (Arrays.stream(steps, 0, distinct).noneMatch(known -> known == step)) {
				if (distinct == steps.length) {
					return DepthExpr.NO_DIFFERENCE;
				}
				steps[distinct++] = step;
			}
		}
		long best = DepthExpr.NO_DIFFERENCE;
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
}
