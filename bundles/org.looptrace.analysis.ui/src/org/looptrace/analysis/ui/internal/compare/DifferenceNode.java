// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import org.eclipse.compare.structuremergeviewer.DiffNode;
import org.eclipse.compare.structuremergeviewer.Differencer;
import org.eclipse.compare.structuremergeviewer.IDiffContainer;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.diff.Difference;

/**
 * One difference of {@link org.looptrace.analysis.diff.ModelDiff} in the structure pane: labelled as
 * {@code looptrace diff} prints it, with the lines of its constructs on each side (none on the side a
 * construct added or removed is not in).
 */
final class DifferenceNode extends DiffNode {

	private final Difference difference;
	private final String label;

	DifferenceNode(IDiffContainer parent, Difference difference, String label, @Nullable ConstructRange left,
			@Nullable ConstructRange right) {
		super(parent, kind(difference.kind()), null, left, right);
		this.difference = difference;
		this.label = label;
	}

	/** The difference this node shows. */
	Difference difference() {
		return difference;
	}

	@Override
	public String getName() {
		return label;
	}

	/** As the platform's differencer marks a side missing: a construct of the left model only is a deletion. */
	private static int kind(Difference.Kind kind) {
		return switch (kind) {
			case REMOVED -> Differencer.DELETION;
			case ADDED -> Differencer.ADDITION;
			default -> Differencer.CHANGE;
		};
	}
}
