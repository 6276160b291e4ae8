// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import org.eclipse.compare.structuremergeviewer.DiffNode;
import org.eclipse.compare.structuremergeviewer.Differencer;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.Document;
import org.eclipse.jface.text.IDocument;
import org.eclipse.osgi.util.NLS;
import org.looptrace.analysis.diff.Difference;
import org.looptrace.analysis.diff.ModelDiff;
import org.looptrace.analysis.ui.internal.Messages;
import org.looptrace.lang.LocatedModel;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;

/**
 * The structure pane's tree of two model texts: a root holding one {@link DifferenceNode} per
 * difference of {@link ModelDiff}, in its order, each with the lines of its constructs in copies of
 * the texts.
 */
final class DifferenceTree {

	/** One side of the comparison: its name, for labels and errors, and its text. */
	record Side(String name, String text) {
	}

	private DifferenceTree() {
	}

	/**
	 * The differences of two models as a tree.
	 *
	 * @throws ModelTextException when a side is not a valid model, naming it and the line
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	static DiffNode of(Side left, Side right, Progress progress) throws ModelTextException {
		Parsed a = new Parsed(left);
		Parsed b = new Parsed(right);
		DiffNode root = new DiffNode(Differencer.NO_CHANGE);
		for (Difference difference : ModelDiff.compare(a.located.model(), b.located.model(), false, progress)) {
			String where = where(a, difference.left(), b, difference.right());
			String label = NLS.bind(Messages.ModelCompare_difference,
					new Object[] { difference.kind().label(), where, difference.what() });
			new DifferenceNode(root, difference, label, a.range(difference, difference.left()), b.range(difference, difference.right()));
		}
		return root;
	}

	/** Where a difference is, as {@code looptrace diff} says it: both constructs, or the one side it is in. */
	private static String where(Parsed left, @Nullable Construct a, Parsed right, @Nullable Construct b) {
		if (a == null || b == null) {
			return a != null ? left.where(a) : b != null ? right.where(b) : Messages.ModelCompare_channels;
		}
		String leftWhere = left.where(a);
		String rightWhere = right.where(b);
		return leftWhere.equals(rightWhere) ? leftWhere : NLS.bind(Messages.ModelCompare_bothSides, leftWhere, rightWhere);
	}

	/** A side parsed with the lines of its constructs, and its text as a document. */
	private static final class Parsed {

		final String name;
		final LocatedModel located;
		final IDocument document;

		Parsed(Side side) throws ModelTextException {
			name = side.name();
			located = ModelText.parseLocated(side.text(), side.name());
			document = new Document(side.text());
		}

		String where(Construct construct) {
			return NLS.bind(Messages.ModelCompare_where, ConstructPath.of(construct), Integer.toString(located.line(construct)));
		}

		/**
		 * The lines that differ on this side: a loop's header when its bounds differ, a construct
		 * added or removed whole, an event's line; the whole model for the channels, which are in no
		 * construct; none for a construct of the other side only.
		 */
		@Nullable
		ConstructRange range(Difference difference, @Nullable Construct construct) {
			if (construct == null) {
				return difference.kind() == Difference.Kind.CHANNELS ? new ConstructRange(name, document, 0, document.getLength()) : null;
			}
			int first = located.line(construct);
			int last = construct instanceof Loop && difference.kind() == Difference.Kind.BOUNDS ? first : located.lastLine(construct);
			try {
				int start = document.getLineOffset(first - 1);
				int end = document.getLineOffset(last - 1) + document.getLineLength(last - 1);
				return new ConstructRange(where(construct), document, start, end - start);
			} catch (BadLocationException e) {
				throw new IllegalStateException("the parser's lines are lines of the text it parsed", e); //$NON-NLS-1$
			}
		}
	}
}
