// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core.internal;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Residue;
import org.looptrace.model.Term;
import org.looptrace.model.Xor;
import org.looptrace.model.core.Exprs;

/**
 * The iterations of a loop over ranks in which one rank may own events, solved from the owners'
 * expressions rather than found by running every iteration. On P ranks a loop over ranks has up to P
 * iterations and the model is projected onto each of the P ranks: running them all makes the
 * positions of a run quadratic in its ranks, solving them linear.
 * <p>
 * With x the loop's index and the other indices fixed: an owner {@code c·x + rest} is the rank in at
 * most one iteration; {@code rest + k·mod(a·x + d, m)} in those of one residue class modulo
 * m / gcd(a, m); {@code c·x + Σ c_j·y_j + rest}, y_j the indices of loops inside with constant bounds
 * (a row of a 2-D grid), in an interval of x; a residue {@code k·mod(a, m)} whose argument reads such
 * inner indices but not x counts there as a value between 0 and k·(m − 1) (a periodic grid's
 * neighbour in the row), and a xor {@code k·xor(a, mask·2^s)} reading them but not x as a value
 * between 0 and k times the argument's largest value OR'd with the largest shifted mask, all bits
 * below the highest set; {@code rest + k·xor(a·x + d, M)}, M fixed (a butterfly's peer at one
 * stage), is the rank in at most one iteration. An owner that reads x in more than one place, or an
 * index of no such loop, or that can be negative (a model that is not valid), or a xor's shift that
 * reads x, is not solved: every iteration may then hold an event of the rank.
 */
public final class OwnerIterations {

	private final String x;
	private final long lower;
	private final long upper;
	private final int rank;
	private final Map<String, Long> fixed;
	/** The ranges of the indices of the loops inside, those with constant bounds; null for the others. */
	private final Map<String, long @Nullable []> inner = new HashMap<>();
	private final Set<Long> values = new TreeSet<>();

	private OwnerIterations(Loop loop, long lower, long upper, int rank, Map<String, Long> fixed) {
		this.x = loop.getIndex();
		this.lower = lower;
		this.upper = upper;
		this.rank = rank;
		this.fixed = fixed;
	}

	/**
	 * The values of {@code loop}'s index in {@code [lower, upper]} whose iterations may hold events
	 * owned by {@code rank}, ascending (a superset of those that do); null when every value may.
	 *
	 * @param fixed values of the indices of the enclosing unrolled loops
	 */
	public static long @Nullable [] of(Loop loop, long lower, long upper, int rank, Map<String, Long> fixed) {
		OwnerIterations solver = new OwnerIterations(loop, lower, upper, rank, fixed);
		try {
			return solver.solved(loop) ? solver.values.stream().mapToLong(Long::longValue).toArray() : null;
		} catch (ArithmeticException e) {
			return null; // an overflow, or a xor's shift out of range: every iteration runs, and the expansion reports it
		}
	}

	/** Solves for the owners of the events of a block; false when one cannot be solved for. */
	private boolean solved(Block block) {
		for (Item item : block.getItems()) {
			if (item instanceof Event event && !solved(Exprs.owner(event))) {
				return false;
			}
			if (item instanceof Loop loop) {
				long[] range = null;
				if (isFixed(loop.getLower()) && isFixed(loop.getUpper())) {
					range = new long[] { Exprs.evaluate(loop.getLower(), fixed::get), Exprs.evaluate(loop.getUpper(), fixed::get) };
				}
				inner.put(loop.getIndex(), range);
				boolean solved = solved(loop);
				inner.remove(loop.getIndex());
				if (!solved) {
					return false;
				}
			}
		}
		return true;
	}

	private boolean isFixed(Expr expr) {
		return fixed.keySet().containsAll(Exprs.indices(expr));
	}

	/** Adds the values of x where {@code owner} may be the rank; false when they cannot be solved for (or are all of them). */
	private boolean solved(Expr owner) {
		Set<String> indices = Exprs.indices(owner);
		for (String index : indices) {
			if (!index.equals(x) && !fixed.containsKey(index) && inner.get(index) == null) {
				return false;
			}
		}
		Residue wrapping = null;
		long least = 0;
		long most = 0;
		long bounded = 0; // the bounded residues' value with the inner indices at 0, taken out of the rest
		Exprs.IndexEnvironment atZero = index -> fixed.containsKey(index) ? fixed.get(index) : 0;
		for (Residue residue : owner.getResidues()) {
			Set<String> read = Exprs.indices(residue.getArgument());
			boolean readsInner = read.stream().anyMatch(inner::containsKey);
			if (readsInner && read.contains(x) || read.contains(x) && (wrapping != null || coefficient(owner, x) != 0)) {
				return false;
			}
			if (readsInner) {
				long k = residue.getCoefficient();
				long span = Math.multiplyExact(k, residue.getModulus() - 1);
				least = Math.addExact(least, Math.min(0, span));
				most = Math.addExact(most, Math.max(0, span));
				bounded = Math.addExact(bounded,
						Math.multiplyExact(k, Math.floorMod(Exprs.evaluate(residue.getArgument(), atZero), residue.getModulus())));
			}
			wrapping = read.contains(x) ? residue : wrapping;
		}
		Xor flipping = null;
		Expr others = owner; // the owner without the xors that read x or inner indices, copied only when it has xors
		if (!owner.getXors().isEmpty()) {
			others = EcoreUtil.copy(owner);
			others.getXors().clear();
		}
		for (Xor xor : owner.getXors()) {
			Set<String> read = indices(xor);
			boolean readsInner = read.stream().anyMatch(inner::containsKey);
			if (read.contains(x) && (readsInner || flipping != null || wrapping != null || coefficient(owner, x) != 0
					|| Exprs.reads(xor.getShift(), x))) {
				return false;
			}
			if (readsInner) {
				Long largest = largestValue(xor);
				if (largest == null) {
					return false;
				}
				long span = Math.multiplyExact(xor.getCoefficient(), largest);
				least = Math.addExact(least, Math.min(0, span));
				most = Math.addExact(most, Math.max(0, span));
			} else if (read.contains(x)) {
				flipping = xor;
			} else {
				others.getXors().add(EcoreUtil.copy(xor));
			}
		}
		// the rest: owner with x and the inner indices at 0, residues and xors reading x or inner indices taken out
		long rest = Math.subtractExact(Exprs.evaluate(others, atZero), bounded);
		if (flipping != null) {
			return indices.stream().noneMatch(inner::containsKey) && flipped(flipping, rest);
		}
		if (wrapping != null) {
			if (indices.stream().anyMatch(inner::containsKey)) {
				return false;
			}
			long at = Math.floorMod(Exprs.evaluate(wrapping.getArgument(), atZero), wrapping.getModulus());
			long span = Math.multiplyExact(wrapping.getCoefficient(), wrapping.getModulus() - 1);
			if (Math.addExact(Math.subtractExact(rest, Math.multiplyExact(wrapping.getCoefficient(), at)), Math.min(0, span)) < 0) {
				return false; // a negative owner: every iteration runs, and the expansion reports it
			}
			return residueClass(wrapping, Math.subtractExact(rank, Math.subtractExact(rest, Math.multiplyExact(wrapping.getCoefficient(), at))));
		}
		// rest + c·x + Σ c_j·y_j + Σ bounded residues = rank, all but c·x within [least, most]
		for (Term term : owner.getTerms()) {
			long[] range = inner.get(term.getIndex());
			if (range != null) {
				long a = Math.multiplyExact(term.getCoefficient(), range[0]);
				long b = Math.multiplyExact(term.getCoefficient(), range[1]);
				least = Math.addExact(least, Math.min(a, b));
				most = Math.addExact(most, Math.max(a, b));
			}
		}
		long c = coefficient(owner, x);
		if (Math.addExact(Math.addExact(rest, least), Math.min(Math.multiplyExact(c, lower), Math.multiplyExact(c, upper))) < 0) {
			return false; // a negative owner: every iteration runs, and the expansion reports it
		}
		long low = Math.subtractExact(Math.subtractExact(rank, rest), most);
		long high = Math.subtractExact(Math.subtractExact(rank, rest), least);
		if (c == 0) {
			return low > 0 || high < 0; // the same in every iteration: all of them, or none
		}
		long first = Math.max(lower, c > 0 ? Math.ceilDiv(low, c) : Math.ceilDiv(high, c));
		long last = Math.min(upper, c > 0 ? Math.floorDiv(high, c) : Math.floorDiv(low, c));
		if (last >= first && last - first >= (upper - lower) / 2) {
			return false; // half the iterations or more: as quick to run them all
		}
		for (long value = first; value <= last; value++) {
			values.add(value);
		}
		return true;
	}

	/**
	 * Adds the value of x, if any, where {@code rest + k·xor(a·x + d, M)} is the rank, M the xor's
	 * shifted mask at the fixed indices: a·x + d = ((rank − rest) / k) xor M. False when the owner
	 * can be negative (a model that is not valid).
	 */
	private boolean flipped(Xor xor, long rest) {
		Exprs.IndexEnvironment atZero = index -> fixed.containsKey(index) ? fixed.get(index) : 0;
		Expr argument = xor.getArgument();
		long a = coefficient(argument, x);
		long d = Exprs.evaluate(argument, atZero);
		long k = xor.getCoefficient();
		long shift = Exprs.evaluate(xor.getShift(), atZero);
		if (a == 0 || rest < 0 || k < 0 || Math.min(Math.multiplyExact(a, lower), Math.multiplyExact(a, upper)) + d < 0 || shift < 0
				|| shift > Long.numberOfLeadingZeros(xor.getMask()) - 1) {
			return false;
		}
		long wanted = rank - rest;
		if (wanted < 0 || wanted % k != 0) {
			return true;
		}
		long target = Math.subtractExact(wanted / k ^ (xor.getMask() << shift), d);
		if (target % a == 0 && target / a >= lower && target / a <= upper) {
			values.add(target / a);
		}
		return true;
	}

	/** The indices a xor reads, in its argument and its shift. */
	private static Set<String> indices(Xor xor) {
		Set<String> read = new TreeSet<>(Exprs.indices(xor.getArgument()));
		read.addAll(Exprs.indices(xor.getShift()));
		return read;
	}

	/**
	 * A bound on a xor's value over the ranges of the inner indices and the fixed values of the
	 * others (its least is 0): every bit below the highest of its argument's largest value and its
	 * largest shifted mask; null when the argument or the shift can be negative, or the shift too large.
	 */
	private @Nullable Long largestValue(Xor xor) {
		long[] argument = range(xor.getArgument());
		long[] shift = range(xor.getShift());
		if (argument[0] < 0 || shift[0] < 0 || shift[1] > Long.numberOfLeadingZeros(xor.getMask()) - 1) {
			return null;
		}
		return -1L >>> Long.numberOfLeadingZeros(argument[1] | xor.getMask() << shift[1]);
	}

	/** {min, max} of an affine expression over the ranges of the inner indices and the fixed values of the others. */
	private long[] range(Expr affine) {
		long min = affine.getConstant();
		long max = affine.getConstant();
		for (Term term : affine.getTerms()) {
			long[] range = inner.get(term.getIndex());
			if (range == null) {
				range = new long[] { fixed.get(term.getIndex()), fixed.get(term.getIndex()) };
			}
			long a = Math.multiplyExact(term.getCoefficient(), range[0]);
			long b = Math.multiplyExact(term.getCoefficient(), range[1]);
			min = Math.addExact(min, Math.min(a, b));
			max = Math.addExact(max, Math.max(a, b));
		}
		return new long[] { min, max };
	}

	/**
	 * Adds the values of x where {@code k·mod(a·x + d, m)} (d the argument's rest) equals
	 * {@code wanted}: a·x + d ≡ wanted / k (mod m), one class modulo m / g when g = gcd(a, m) divides
	 * the right side.
	 */
	private boolean residueClass(Residue residue, long wanted) {
		long k = residue.getCoefficient();
		long m = residue.getModulus();
		if (k == 0 || wanted % k != 0 || wanted / k < 0 || wanted / k >= m) {
			return k != 0 || wanted != 0;
		}
		Expr argument = residue.getArgument();
		long d = Exprs.evaluate(argument, index -> fixed.containsKey(index) ? fixed.get(index) : 0);
		long a = Math.floorMod(coefficient(argument, x), m);
		long right = Math.floorMod(wanted / k - d, m);
		long g = BigInteger.valueOf(a).gcd(BigInteger.valueOf(m)).longValueExact();
		if (right % g != 0) {
			return true;
		}
		long period = m / g;
		long first = period == 1 ? 0
				: BigInteger.valueOf(a / g).modInverse(BigInteger.valueOf(period)).multiply(BigInteger.valueOf(right / g))
						.mod(BigInteger.valueOf(period)).longValueExact();
		for (long value = lower + Math.floorMod(first - lower, period); value <= upper && value >= lower; value += period) {
			values.add(value);
		}
		return true;
	}

	private static long coefficient(Expr expr, String index) {
		long c = 0;
		for (Term term : expr.getTerms()) {
			if (term.getIndex().equals(index)) {
				c = Math.addExact(c, term.getCoefficient());
			}
		}
		return c;
	}
}
