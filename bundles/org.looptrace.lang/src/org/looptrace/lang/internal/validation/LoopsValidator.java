// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.validation;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.xtext.validation.Check;
import org.looptrace.model.Annotation;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Direction;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.LooptracePackage.Literals;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Residue;
import org.looptrace.model.Xor;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/** The rules of model text beyond its syntax; messages name what is wrong and where it comes from. */
@NonNullByDefault
public class LoopsValidator extends AbstractLoopsValidator {

	/**
	 * Beyond this many events the coverage of an annotation's ranks is not checked: expanding the
	 * construct would take too long for an editor.
	 */
	static final long COVERAGE_EVENT_LIMIT = 2_000_000;

	@Check
	public void checkIndicesBound(Expr expr) {
		if (expr.eContainer() instanceof Residue || expr.eContainer() instanceof Xor) {
			return; // checked with the expression that holds the residue or the xor
		}
		List<Loop> loops = enclosingLoops(expr);
		for (String index : Exprs.indices(expr)) {
			if (loops.stream().noneMatch(loop -> index.equals(loop.getIndex()))) {
				String bound = loops.isEmpty() ? "there is no enclosing loop"
						: "the enclosing loops bind " + loops.stream().map(Loop::getIndex).collect(Collectors.joining(", "));
				error("unbound index '" + index + "' in " + Exprs.toText(expr) + ": " + bound, expr, null,
						LoopsIssueCodes.UNBOUND_INDEX);
			}
		}
	}

	@Check
	public void checkIndexNotShadowing(Loop loop) {
		for (Loop outer : enclosingLoops(loop)) {
			if (outer.getIndex().equals(loop.getIndex())) {
				error("index '" + loop.getIndex() + "' is already the index of an enclosing loop: give this loop another name",
						Literals.LOOP__INDEX, LoopsIssueCodes.SHADOWED_INDEX);
				return;
			}
		}
	}

	@Check
	public void checkLoopBody(Loop loop) {
		if (loop.getItems().stream().noneMatch(Construct.class::isInstance)) {
			error("the loop over '" + loop.getIndex() + "' has an empty body: it stands for no event", Literals.LOOP__INDEX,
					LoopsIssueCodes.EMPTY_LOOP);
		}
	}

	@Check
	public void checkBoundsAffine(Loop loop) {
		for (Expr bound : List.of(loop.getLower(), loop.getUpper())) {
			if (bound != null && !Exprs.isAffine(bound)) {
				String call = !bound.getResidues().isEmpty() ? "mod" : bound.getXors().stream().allMatch(Exprs::isPower) ? "pow2" : "xor";
				error("the bound " + Exprs.toText(bound) + " of the loop over '" + loop.getIndex() + "' holds a " + call
						+ "(...): loop bounds are affine (" + call + " is for ranks, peers and numbers of events)", bound, null,
						LoopsIssueCodes.RESIDUE_IN_BOUND);
			}
		}
	}

	/**
	 * The shift of a xor stays in 0 .. 62 minus the mask's bits over the enclosing loops: an error when
	 * interval arithmetic is exact (a shift of one index, or of indices of loops with constant bounds),
	 * a warning when a triangular nest may keep it in range.
	 */
	@Check
	public void checkXorShift(Xor xor) {
		Expr shift = xor.getShift();
		if (shift == null || Exprs.isConstant(shift) || !(xor.eContainer() instanceof Expr expr)) {
			return; // a constant shift is checked when the text is read
		}
		List<Loop> loops = enclosingLoops(expr);
		long @Nullable [] range = IndexRanges.of(loops).range(shift);
		long most = Long.numberOfLeadingZeros(xor.getMask()) - 1;
		if (range == null || range[0] >= 0 && range[1] <= most) {
			return;
		}
		boolean exact = Exprs.indices(shift).size() == 1 || loops.stream().filter(loop -> Exprs.reads(shift, loop.getIndex()))
				.allMatch(loop -> Exprs.isConstant(loop.getLower()) && Exprs.isConstant(loop.getUpper()));
		String message = "the shift " + Exprs.toText(shift) + " of the mask " + xor.getMask() + " in " + Exprs.toText(expr)
				+ (exact ? " goes" : " can go") + " from " + range[0] + " to " + range[1]
				+ " within the bounds of the enclosing loops: expected a shift between 0 and " + most
				+ (most == 62 ? "" : " (the mask's highest bit stays below 2^63)");
		if (exact) {
			error(message, expr, null, LoopsIssueCodes.XOR_SHIFT_RANGE);
		} else {
			warning(message, expr, null, LoopsIssueCodes.XOR_SHIFT_RANGE);
		}
	}

	@Check
	public void checkLoopRuns(Loop loop) {
		Expr span = difference(loop.getUpper(), loop.getLower());
		if (span != null && Exprs.isConstant(span) && span.getConstant() < 0) {
			warning("the loop over '" + loop.getIndex() + "' never runs: its upper bound " + Exprs.toText(loop.getUpper())
					+ " is below its lower bound " + Exprs.toText(loop.getLower()), Literals.LOOP__INDEX,
					LoopsIssueCodes.ZERO_TRIP_LOOP);
		}
	}

	@Check
	public void checkRanks(Event event) {
		checkRank(event.getRank(), "rank", Literals.EVENT__RANK);
		if (event instanceof Message message) {
			checkRank(message.getPeer(), "peer", Literals.MESSAGE__PEER);
		}
	}

	private void checkRank(@Nullable Expr rank, String what, EStructuralFeature feature) {
		if (rank == null) {
			return;
		}
		if (Exprs.isConstant(rank)) {
			if (rank.getConstant() < 0) {
				error("the " + what + " " + rank.getConstant() + " is negative: ranks count from 0", feature,
						LoopsIssueCodes.NEGATIVE_RANK);
			}
			return;
		}
		Long low = IndexRanges.of(enclosingLoops(rank)).minimum(rank);
		if (low != null && low < 0) {
			warning("the " + what + " " + Exprs.toText(rank) + " can be negative (as low as " + low
					+ " within the bounds of the enclosing loops): ranks count from 0", feature, LoopsIssueCodes.NEGATIVE_RANK);
		}
	}

	@Check
	public void checkAnnotation(Annotation annotation) {
		Construct construct = attachedConstruct(annotation);
		if (construct == null) {
			error(annotation.getDirection() == Direction.NEXT
					? "the annotation has no construct to attach to: '->' takes the next construct of its block, and there is none"
					: "the annotation has no construct to attach to: '<-' takes the previous construct of its block, and there is none",
					Literals.ANNOTATION__DIRECTION, LoopsIssueCodes.DANGLING_ANNOTATION);
			return;
		}
		RankSet ranks = annotation.getRanks();
		if (ranks == null || ranks.isEmpty()) {
			return;
		}
		RankSet owners = owners(construct, ranks);
		if (owners != null && !owners.containsAll(ranks)) {
			error("the annotation asks for ranks " + ranks + " but the construct it is attached to has events only on "
					+ (owners.isEmpty() ? "no rank" : "ranks " + owners) + " (missing: " + minus(ranks, owners) + ")",
					Literals.ANNOTATION__RANKS, LoopsIssueCodes.UNCOVERED_RANKS);
		}
	}

	/** The construct an annotation is attached to, skipping other annotations; null when none. */
	public static @Nullable Construct attachedConstruct(Annotation annotation) {
		List<Item> items = ((Block) annotation.eContainer()).getItems();
		int step = annotation.getDirection() == Direction.NEXT ? 1 : -1;
		for (int i = items.indexOf(annotation) + step; i >= 0 && i < items.size(); i += step) {
			if (items.get(i) instanceof Construct construct) {
				return construct;
			}
		}
		return null;
	}

	/**
	 * The owners of the events of the construct over every iteration of its enclosing loops, or
	 * null when that cannot be told cheaply (too many events, or expressions that do not evaluate).
	 * Stops early once every wanted rank is seen.
	 */
	private static @Nullable RankSet owners(Construct construct, RankSet wanted) {
		Model nest = LooptraceFactory.eINSTANCE.createModel();
		Block inner = nest;
		for (Loop loop : enclosingLoops(construct)) {
			Loop copy = LooptraceFactory.eINSTANCE.createLoop();
			copy.setIndex(loop.getIndex());
			copy.setLower(EcoreUtil.copy(loop.getLower()));
			copy.setUpper(EcoreUtil.copy(loop.getUpper()));
			inner.getItems().add(copy);
			inner = copy;
		}
		inner.getItems().add(EcoreUtil.copy(construct));
		RankSet.Builder seen = new RankSet.Builder();
		BitSet found = new BitSet();
		long missing = wanted.size();
		try {
			ModelExpander events = ModelExpander.expand(nest);
			for (long count = 0; events.hasNext(); count++) {
				if (count == COVERAGE_EVENT_LIMIT) {
					return null;
				}
				TraceEvent event = events.next();
				int owner = event.owner();
				if (!found.get(owner)) {
					found.set(owner);
					seen.add(owner);
					if (wanted.contains(owner) && --missing == 0) {
						return wanted;
					}
				}
			}
		} catch (RuntimeException e) {
			return null; // unbound index, overflow, negative rank: reported by the other rules
		}
		return seen.build();
	}

	private static RankSet minus(RankSet set, RankSet removed) {
		RankSet.Builder rest = new RankSet.Builder();
		for (int rank : set) {
			if (!removed.contains(rank)) {
				rest.add(rank);
			}
		}
		return rest.build();
	}

	/** {@code a - b} in canonical form, or null when it overflows or a bound is not affine (reported apart). */
	private static @Nullable Expr difference(@Nullable Expr a, @Nullable Expr b) {
		if (a == null || b == null || !Exprs.isAffine(a) || !Exprs.isAffine(b)) {
			return null;
		}
		try {
			Map<String, Long> coefficients = new HashMap<>();
			a.getTerms().forEach(t -> coefficients.merge(t.getIndex(), t.getCoefficient(), Math::addExact));
			b.getTerms().forEach(t -> coefficients.merge(t.getIndex(), Math.negateExact(t.getCoefficient()), Math::addExact));
			return Exprs.canonical(Math.subtractExact(a.getConstant(), b.getConstant()), coefficients, List.of());
		} catch (ArithmeticException e) {
			return null;
		}
	}

	/**
	 * The loops whose body holds the object, outermost first (a loop's own bounds are outside its
	 * body).
	 */
	static List<Loop> enclosingLoops(EObject object) {
		List<Loop> loops = new ArrayList<>();
		EObject child = object;
		for (EObject parent = object.eContainer(); parent != null; child = parent, parent = parent.eContainer()) {
			if (parent instanceof Loop loop && child.eContainingFeature() == Literals.BLOCK__ITEMS) {
				loops.add(0, loop);
			}
		}
		return loops;
	}
}
