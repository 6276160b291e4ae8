// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import java.util.List;

import org.eclipse.compare.ITypedElement;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;

/**
 * One side of one difference of {@link org.looptrace.analysis.diff.ModelDiff}: the lines of its
 * construct in that side's document, a child of the side's {@link ModelNode}. Both sides of a
 * difference carry the same id, its index in ModelDiff's list, so the platform's differencer pairs
 * exactly ModelDiff's constructs; a construct added or removed has a node on its side only, to
 * which the structure pane then pairs an empty one on the other side ({@link #emptyOn}), where
 * ModelDiff places the construct in that side's text.
 * Read-only: a difference's lines are shown, not edited, so nothing typed in them can be lost.
 */
final class DifferenceRange extends NamedRange {

	private final int index;
	private final char side;
	private final List<DifferenceRange> body;
	private final int elsewhere;

	/**
	 * @param index     the difference's index in ModelDiff's list, its id
	 * @param label     the difference as {@code looptrace diff} prints it, the same on both sides
	 * @param side      'A' or 'B', which makes the two sides' contents differ whatever their text
	 * @param start     the offset of the range's first character in {@code document}
	 * @param length    the length of the range, its last line delimiter included
	 * @param body      for a loop of this side only, the constructs of its body, shown under it
	 * @param elsewhere for a construct of this side only, the offset in the other side's document at
	 *                  which it would be ({@link org.looptrace.analysis.diff.Difference#place()}); 0 otherwise
	 */
	DifferenceRange(ModelNode parent, int index, String label, char side, IDocument document, int start, int length,
			List<DifferenceRange> body, int elsewhere) {
		super(parent, Integer.toString(index), label, document, start, length);
		this.index = index;
		this.side = side;
		this.body = body;
		this.elsewhere = elsewhere;
	}

	/**
	 * This difference's empty range on the other side, {@code other}, for a construct of this side
	 * only (added or removed): nothing to show there, but a side, which keeps the content pane's
	 * halves equal (the platform narrows a side that is null to a tenth of the pane), at the offset
	 * where the construct would be, which the text pane shows and links to this side's lines.
	 */
	DifferenceRange emptyOn(ModelNode other) {
		return new DifferenceRange(other, index, getName(), side == 'A' ? 'B' : 'A', other.getDocument(), elsewhere, 0, List.of(), 0);
	}

	/**
	 * For a loop of this side only, the constructs of its body, each with its own body: the structure
	 * pane shows them under the loop, as the platform's Java compare shows a class removed with its
	 * members under it, not beside it.
	 */
	List<DifferenceRange> body() {
		return body;
	}

	/** The difference's index in ModelDiff's list: the order of the structure pane. */
	int index() {
		return index;
	}

	/**
	 * What the differencer compares: ModelDiff found the two sides different (an index renamed may
	 * leave their text equal), so the side is part of it.
	 */
	String contents() {
		try {
			return side + getDocument().get(getRange().getOffset(), getRange().getLength());
		} catch (BadLocationException e) {
			// the range was deleted by an edit: the next comparison, which the edit starts, replaces it
			return Character.toString(side);
		}
	}

	/** Text: the lines of a construct are no model to compare again, only lines to show. */
	@Override
	public String getType() {
		return ITypedElement.TEXT_TYPE;
	}

	@Override
	public boolean isEditable() {
		return false;
	}

	@Override
	public boolean isReadOnly() {
		return true;
	}
}
