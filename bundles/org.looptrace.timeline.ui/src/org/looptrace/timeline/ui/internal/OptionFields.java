// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.fieldassist.ControlDecoration;
import org.eclipse.jface.fieldassist.FieldDecorationRegistry;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.looptrace.model.core.RankSet;

/**
 * The rank filter and collapse depth fields of the Timeline view. A field whose value is not valid
 * is marked and its last valid value stands for it (none at first: all ranks, no loop collapsed), so
 * that a model opened meanwhile is drawn all the same while the user sees what to correct.
 */
final class OptionFields {

	private final Text ranksField;
	private final Text collapseField;
	private final ControlDecoration ranksMark;
	private final ControlDecoration collapseMark;
	private @Nullable RankSet ranks;
	private int collapse = Integer.MAX_VALUE;

	/** Adds the two fields (label, text) to {@code parent}; {@code changed} runs when the user confirms or leaves one. */
	OptionFields(Composite parent, Runnable changed) {
		ranksField = field(parent, Messages.TimelineView_ranks, Messages.TimelineView_ranksTooltip, 90, changed);
		collapseField = field(parent, Messages.TimelineView_collapse, Messages.TimelineView_collapseTooltip, 40, changed);
		ranksMark = mark(ranksField);
		collapseMark = mark(collapseField);
	}

	private static Text field(Composite parent, String label, String tooltip, int width, Runnable changed) {
		Label name = new Label(parent, SWT.NONE);
		name.setText(label);
		Text text = new Text(parent, SWT.BORDER | SWT.SINGLE);
		text.setToolTipText(tooltip);
		name.setToolTipText(tooltip);
		GridDataFactory.fillDefaults().hint(width, SWT.DEFAULT).align(SWT.FILL, SWT.CENTER)
				.indent(FieldDecorationRegistry.getDefault().getMaximumDecorationWidth(), 0).applyTo(text);
		text.addListener(SWT.DefaultSelection, event -> changed.run());
		text.addListener(SWT.FocusOut, event -> changed.run());
		return text;
	}

	private static ControlDecoration mark(Text field) {
		ControlDecoration mark = new ControlDecoration(field, SWT.LEFT | SWT.CENTER);
		mark.setImage(FieldDecorationRegistry.getDefault().getFieldDecoration(FieldDecorationRegistry.DEC_ERROR).getImage());
		mark.hide();
		return mark;
	}

	/**
	 * Reads both fields: each valid value becomes the one {@link #ranks()} or {@link #collapse()}
	 * gives, each field not valid gets its mark. Returns what is wrong, a line per field, or null.
	 */
	@Nullable
	String read() {
		String set = ranksField.getText().strip();
		String depth = collapseField.getText().strip();
		String ranksProblem = null;
		try {
			ranks = set.isEmpty() ? null : RankSet.valueOf(set);
		} catch (IllegalArgumentException e) {
			ranksProblem = NLS.bind(Messages.TimelineView_badRanks, set, e.getMessage());
		}
		String collapseProblem = null;
		int read = -1;
		try {
			read = depth.isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(depth);
		} catch (NumberFormatException e) {
			// not a number: the same message as a negative one
		}
		if (read < 0) {
			collapseProblem = NLS.bind(Messages.TimelineView_badCollapse, depth);
		} else {
			collapse = read;
		}
		show(ranksMark, ranksProblem);
		show(collapseMark, collapseProblem);
		return ranksProblem == null ? collapseProblem : collapseProblem == null ? ranksProblem : ranksProblem + "\n" + collapseProblem;
	}

	private static void show(ControlDecoration mark, @Nullable String problem) {
		mark.setDescriptionText(problem);
		if (problem == null) {
			mark.hide();
		} else {
			mark.show();
		}
	}

	/** The ranks of the last valid filter, null for all ranks. */
	@Nullable
	RankSet ranks() {
		return ranks;
	}

	/** The last valid collapse depth, {@link Integer#MAX_VALUE} for none. */
	int collapse() {
		return collapse;
	}

	/** Sets the texts of the fields (empty: none); {@link #read()} takes them. */
	void set(String ranksText, String collapseText) {
		ranksField.setText(ranksText);
		collapseField.setText(collapseText);
	}

	/** Whether the rank filter field is marked as not valid. */
	boolean ranksMarked() {
		return ranksMark.isVisible();
	}
}
