// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.fold.internal.DepthExpr.Xor;
import org.looptrace.model.core.EventKind;

/**
 * The numbers of butterflies: at stage s of a recursive doubling, rank r exchanges with
 * {@code r xor 2^s}. Residues write one stage, affinely in the ranks, but not a loop over the
 * stages: each stage then stays a construct of its own and the model grows with the log of the
 * ranks. With {@link Capability#XOR_PEERS}, the peer p of a message owned by rank r is read as
 * {@code xor(r, r xor p)} ({@link #hinted}): copies over consecutive ranks then unify as
 * {@code xor(i, m)}, and stages, whose masks are powers of two, as {@code xor(r, pow2(s))}
 * ({@link #unify}). Numbers that stay constant are written back as such ({@link #settled}).
 */
final class Butterflies {

	private Butterflies() {
	}

	/**
	 * Whether some rank exchanges messages with peers across two adjacent bits (rank xor 1 and rank
	 * xor 2, say), as two consecutive stages of a butterfly do. Without, a xor over one bit stands
	 * where the nests over rank bits of {@link RuleSet#RANK_SHIFTS} do, a construct smaller at most;
	 * and the neighbours of a grid of 2^k columns differ from a rank in bits 1 and 2^k, not adjacent
	 * but on grids of two columns: a third folding of the model, costly on thousands of ranks (five
	 * times the folding of a wavefront on 4,096), is not run for them.
	 */
	static boolean exchanged(List<Node> items) {
		return exchanged(items, new HashMap<>());
	}

	private static boolean exchanged(List<Node> items, Map<Long, Long> bitsOfRanks) {
		for (Node item : items) {
			if (item instanceof LoopNode loop) {
				if (exchanged(List.of(loop.body), bitsOfRanks)) {
					return true;
				}
				continue;
			}
			EventNode event = (EventNode) item;
			if (event.kind == EventKind.SEND || event.kind == EventKind.RECV) {
				int owner = event.kind == EventKind.RECV ? 1 : 0;
				DepthExpr rank = event.numbers[owner];
				DepthExpr peer = event.numbers[1 - owner];
				long bit = rank.constantTerm() ^ peer.constantTerm();
				if (rank.isConstant() && peer.isConstant() && Long.bitCount(bit) == 1) {
					long bits = bitsOfRanks.merge(rank.constantTerm(), bit, (a, b) -> a | b);
					if ((bits & bits << 1) != 0) {
						return true;
					}
				}
			}
		}
		return false;
	}

	/**
	 * The constructs with the peer of every message of constant owner and peer read as a xor of
	 * the owner ({@code 5 send 4} as {@code 5 send xor(5,1)}); the same values.
	 */
	static List<Node> hinted(List<Node> items) {
		List<Node> result = new ArrayList<>(items.size());
		for (Node item : items) {
			result.add(hinted(item));
		}
		return result;
	}

	private static Node hinted(Node item) {
		if (item instanceof LoopNode loop) {
			Node[] body = hinted(List.of(loop.body)).toArray(new Node[0]);
			return new LoopNode(loop.lower, loop.upper, body, loop.ranks);
		}
		EventNode event = (EventNode) item;
		if (event.kind != EventKind.SEND && event.kind != EventKind.RECV) {
			return event;
		}
		int owner = event.kind == EventKind.RECV ? 1 : 0;
		DepthExpr rank = event.numbers[owner];
		DepthExpr peer = event.numbers[1 - owner];
		long flipped = rank.constantTerm() ^ peer.constantTerm();
		if (!rank.isConstant() || !peer.isConstant() || rank.constantTerm() < 0 || peer.constantTerm() < 0 || flipped == 0) {
			return event;
		}
		DepthExpr[] numbers = event.numbers.clone();
		numbers[1 - owner] = new DepthExpr(new long[] { 0 }, DepthExpr.NONE,
				new Xor[] { Xor.of(1, new long[] { rank.constantTerm() }, flipped, new long[] { 0 }) });
		return event.withNumbers(numbers, event.ranks);
	}

	/**
	 * The step a construct takes, as {@link Orders#relative} gives it, but a message whose rank
	 * flips one bit to reach its peer read as that bit: every rank of one stage of a butterfly takes
	 * the same step, the ranks sending up and those sending down alike. Other peers keep their
	 * distance (a transpose's peers are no xor of one mask, but lie on diagonals).
	 */
	static Node flippingStep(Node item) {
		if (item instanceof EventNode event && (event.kind == EventKind.SEND || event.kind == EventKind.RECV)) {
			int owner = event.kind == EventKind.RECV ? 1 : 0;
			DepthExpr rank = event.numbers[owner];
			DepthExpr peer = event.numbers[1 - owner];
			if (rank.isConstant() && peer.isConstant() && rank.constantTerm() >= 0 && peer.constantTerm() >= 0
					&& Long.bitCount(rank.constantTerm() ^ peer.constantTerm()) == 1) {
				DepthExpr[] numbers = event.numbers.clone();
				numbers[owner] = DepthExpr.ZERO;
				numbers[1 - owner] = DepthExpr.constant(rank.constantTerm() ^ peer.constantTerm());
				return event.withNumbers(numbers);
			}
		}
		return Orders.relative(item, false);
	}

	/** The constructs with every number whose xors are constant written as its constant. */
	static List<Node> settled(List<Node> items) {
		List<Node> result = new ArrayList<>(items.size());
		for (Node item : items) {
			result.add(settled(item));
		}
		return result;
	}

	private static Node settled(Node item) {
		if (item instanceof LoopNode loop) {
			Node[] body = settled(List.of(loop.body)).toArray(new Node[0]);
			return new LoopNode(loop.lower, loop.upper, body, loop.ranks);
		}
		EventNode event = (EventNode) item;
		DepthExpr[] numbers = event.numbers.clone();
		boolean changed = false;
		for (int k = 0; k < numbers.length; k++) {
			DepthExpr number = settled(numbers[k]);
			changed |= number != numbers[k];
			numbers[k] = number;
		}
		return changed ? event.withNumbers(numbers, event.ranks) : event;
	}

	/** The numbers {@link #settled(DepthExpr) settled}; null when one still holds a xor. */
	static DepthExpr @Nullable [] settled(DepthExpr... numbers) {
		DepthExpr[] settled = new DepthExpr[numbers.length];
		for (int n = 0; n < numbers.length; n++) {
			settled[n] = settled(numbers[n]);
			if (settled[n].hasXors()) {
				return null;
			}
		}
		return settled;
	}

	/** The number with its constant xors added to its constant; itself when it has none. */
	static DepthExpr settled(DepthExpr number) {
		if (!number.hasXors()) {
			return number; // as almost every number: asked on the paths of every rule set
		}
		List<Xor> kept = new ArrayList<>(number.xors.length);
		long[] vector = number.vector.clone();
		for (Xor xor : number.xors) {
			if (xor.argument().length == 1 && xor.shift().length == 1) {
				vector[0] = Math.addExact(vector[0], xor.valueAt(xor.argument()[0], xor.shift()[0]));
			} else {
				kept.add(xor);
			}
		}
		return kept.size() == number.xors.length ? number
				: new DepthExpr(vector, number.residues, kept.isEmpty() ? DepthExpr.NO_XORS : kept.toArray(DepthExpr.NO_XORS));
	}

	/**
	 * x, y and z (z null when there are two) as one number over a new loop at {@code depth}:
	 * constant steps of the affine part, equal residues, and xors matched in order whose arguments
	 * and powers of their masks step by constants (the ranks of a butterfly's stage, or its
	 * stages). Failing that, numbers whose xors are all constant unify as their values do. Null
	 * otherwise.
	 */
	static @Nullable DepthExpr unify(DepthExpr x, DepthExpr y, @Nullable DepthExpr z, int depth) {
		DepthExpr stepped = stepping(x, y, z, depth);
		if (stepped != null) {
			return stepped;
		}
		DepthExpr a = settled(x);
		DepthExpr b = settled(y);
		DepthExpr c = z == null ? null : settled(z);
		boolean constant = !a.hasXors() && !b.hasXors() && (c == null || !c.hasXors());
		return constant ? StepUnification.unify(a, b, c, depth) : null;
	}

	private static @Nullable DepthExpr stepping(DepthExpr x, DepthExpr y, @Nullable DepthExpr z, int depth) {
		if (!Arrays.equals(x.residues, y.residues) || z != null && !Arrays.equals(x.residues, z.residues)
				|| x.xors.length != y.xors.length || z != null && z.xors.length != x.xors.length) {
			return null;
		}
		long[] vector = StepUnification.unify(x.vector, y.vector, z == null ? null : z.vector, depth);
		if (vector == null) {
			return null;
		}
		Xor[] xors = new Xor[x.xors.length];
		for (int j = 0; j < xors.length; j++) {
			Xor a = x.xors[j];
			Xor b = y.xors[j];
			Xor c = z == null ? null : z.xors[j];
			long odd = oddPart(a.mask());
			if (b.coefficient() != a.coefficient() || oddPart(b.mask()) != odd
					|| c != null && (c.coefficient() != a.coefficient() || oddPart(c.mask()) != odd)) {
				return null;
			}
			long[] argument = StepUnification.unify(a.argument(), b.argument(), c == null ? null : c.argument(), depth);
			long[] shift = StepUnification.unify(power(a), power(b), c == null ? null : power(c), depth);
			if (argument == null || shift == null) {
				return null;
			}
			try {
				xors[j] = Xor.of(a.coefficient(), argument, odd, shift);
			} catch (ArithmeticException overflow) {
				return null;
			}
		}
		return new DepthExpr(vector, x.lifted(depth).residues, xors);
	}

	private static long oddPart(long mask) {
		return mask >> Long.numberOfTrailingZeros(mask);
	}

	/** The exponent of the mask's power of two: the shift plus the mask's trailing zero bits. */
	private static long[] power(Xor xor) {
		long[] shift = xor.shift().clone();
		shift[0] += Long.numberOfTrailingZeros(xor.mask());
		return shift;
	}
}
