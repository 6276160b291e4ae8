// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.osgi.util.NLS;
import org.looptrace.analysis.diff.Difference;
import org.looptrace.analysis.diff.ModelDiff;
import org.looptrace.analysis.diff.Place;
import org.looptrace.analysis.ui.internal.Messages;
import org.looptrace.lang.LocatedModel;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;

/**
 * One side of the compare editor: its whole document, parsed with the lines of its constructs. Its
 * children are the {@link DifferenceRange}s {@link #compare} gives it, ModelDiff's differences of
 * the two sides; it has none before.
 */
final class ModelNode extends NamedRange {

	private final @Nullable LocatedModel located;
	/** Why the side is not a model, null when it is. */
	private final @Nullable String problem;
	private List<DifferenceRange> differences = List.of();

	ModelNode(String name, IDocument document) {
		super(null, name, name, document, 0, document.getLength());
		LocatedModel model = null;
		String error = null;
		try {
			model = ModelText.parseLocated(document.get(), name);
		} catch (ModelTextException e) {
			error = NLS.bind(Messages.ModelCompare_invalid, e.problems().get(0));
		}
		located = model;
		problem = error;
	}

	/**
	 * Gives {@code a} and {@code b} ModelDiff's differences from {@code a} to {@code b} as children,
	 * each side the lines of its construct; when a side is no model (or the models cannot be
	 * compared), one child on each side naming why, covering the whole texts.
	 *
	 * @param ignoreCounts compare the structure only, as {@code looptrace diff --ignore-counts}
	 *
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	static void compare(ModelNode a, ModelNode b, boolean ignoreCounts, Progress progress) {
		List<DifferenceRange> left = new ArrayList<>();
		List<DifferenceRange> right = new ArrayList<>();
		LocatedModel modelA = a.located;
		LocatedModel modelB = b.located;
		String problem = a.problem != null ? a.problem : b.problem;
		if (problem == null && modelA != null && modelB != null) {
			try {
				List<Difference> found = ModelDiff.compare(modelA.model(), modelB.model(), ignoreCounts, progress);
				for (int i = 0; i < found.size(); i++) {
					Difference difference = found.get(i);
					String where = where(a, difference.left(), b, difference.right());
					String label = where == null ? NLS.bind(Messages.ModelCompare_outside, difference.kind().label(), difference.what())
							: NLS.bind(Messages.ModelCompare_difference, new Object[] { difference.kind().label(), where, difference.what() });
					a.add(left, i, label, 'A', difference, difference.left(), difference.leftLast(), b);
					b.add(right, i, label, 'B', difference, difference.right(), difference.rightLast(), a);
				}
			} catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
				// what looptrace diff reports as bad input: models the comparison cannot take
				problem = NLS.bind(Messages.ModelCompare_failed, e.getMessage());
			}
		}
		if (problem != null) {
			left.clear();
			right.clear();
			left.add(a.whole(0, problem, 'A'));
			right.add(b.whole(0, problem, 'B'));
		}
		a.differences = left;
		b.differences = right;
	}

	/**
	 * Where a difference is, as {@code looptrace diff} says it: both constructs, or the one side it is
	 * in; null for a difference in no construct (the channels).
	 */
	private static @Nullable String where(ModelNode left, @Nullable Construct a, ModelNode right, @Nullable Construct b) {
		if (a == null || b == null) {
			return a != null ? left.where(a) : b != null ? right.where(b) : null;
		}
		String leftWhere = left.where(a);
		String rightWhere = right.where(b);
		return leftWhere.equals(rightWhere) ? leftWhere : NLS.bind(Messages.ModelCompare_bothSides, leftWhere, rightWhere);
	}

	private String where(Construct construct) {
		return NLS.bind(Messages.ModelCompare_where, ConstructPath.of(construct), Integer.toString(parsed().line(construct)));
	}

	/** The side's model: a difference in a construct is only found when both sides parsed. */
	private LocatedModel parsed() {
		LocatedModel model = located;
		if (model == null) {
			throw new IllegalStateException("only a parsed side has constructs"); //$NON-NLS-1$
		}
		return model;
	}

	/**
	 * Adds this side of a difference: a loop's header when its bounds differ, a construct added or
	 * removed whole (a loop with its body's constructs under it), an event's line, the lines of a run
	 * of constructs from {@code construct} to {@code last} (a loop split, wrapped, peeled); the whole
	 * model for the channels, which are in no construct; nothing for a construct of the other side
	 * only, {@code other}.
	 */
	private void add(List<DifferenceRange> to, int index, String label, char side, Difference difference, @Nullable Construct construct,
			@Nullable Construct last, ModelNode other) {
		if (construct == null) {
			if (difference.kind() == Difference.Kind.CHANNELS) {
				to.add(whole(index, label, side));
			}
			return;
		}
		Place place = difference.place();
		if (place == null) {
			boolean header = construct instanceof Loop && difference.kind() == Difference.Kind.BOUNDS;
			to.add(range(index, label, side, construct, last == null ? construct : last, header, List.of(), 0));
		} else {
			int elsewhere = place.offset(other.getDocument().get(), other.parsed()::line, other.parsed()::lastLine);
			to.add(lone(index, label, side, difference.kind(), construct, elsewhere));
		}
	}

	/**
	 * A construct of this side only, added or removed: its lines, and for a loop the constructs of its
	 * body, each in the same way, all placed at {@code elsewhere} in the other side.
	 */
	private DifferenceRange lone(int index, String label, char side, Difference.Kind kind, Construct construct, int elsewhere) {
		List<DifferenceRange> body = new ArrayList<>();
		if (construct instanceof Loop loop) {
			for (Construct inner : ConstructPath.constructs(loop)) {
				Object[] words = { kind.label(), where(inner), ModelDiff.summary(inner) };
				body.add(lone(index, NLS.bind(Messages.ModelCompare_difference, words), side, kind, inner, elsewhere));
			}
		}
		return range(index, label, side, construct, construct, false, body, elsewhere);
	}

	/** The lines of the constructs from {@code construct} to {@code lastConstruct}, or a loop's header line only. */
	private DifferenceRange range(int index, String label, char side, Construct construct, Construct lastConstruct, boolean header,
			List<DifferenceRange> body, int elsewhere) {
		LocatedModel model = parsed();
		int first = model.line(construct);
		int last = header ? first : model.lastLine(lastConstruct);
		IDocument document = getDocument();
		try {
			int start = document.getLineOffset(first - 1);
			int end = document.getLineOffset(last - 1) + document.getLineLength(last - 1);
			return new DifferenceRange(this, index, label, side, document, start, end - start, body, elsewhere);
		} catch (BadLocationException e) {
			throw new IllegalStateException("the parser's lines are lines of the text it parsed", e); //$NON-NLS-1$
		}
	}

	private DifferenceRange whole(int index, String label, char side) {
		return new DifferenceRange(this, index, label, side, getDocument(), 0, getDocument().getLength(), List.of(), 0);
	}

	@Override
	public Object[] getChildren() {
		return differences.toArray();
	}

	@Override
	public String getType() {
		return "loops"; //$NON-NLS-1$
	}
}
