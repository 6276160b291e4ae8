// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.eclipse.draw2d.Figure;
import org.eclipse.draw2d.IFigure;
import org.eclipse.draw2d.geometry.Rectangle;

/**
 * The figures of the elements of a picture, in the order of the elements whatever the order they
 * are added and removed in: consecutive elements share a group figure, so a figure added among
 * those already there shifts only its group's, and a paint skips the groups away from its clip.
 */
final class FigureGroups {

	/** How many consecutive elements share a group figure. */
	private static final int GROUP = 256;

	/** The group figures, in the order of the elements, each holding the figures of its elements. */
	private final List<GroupFigure> groups = new ArrayList<>();
	/** The elements whose figures are added (some add none: a hidden count, a local event's mark). */
	private final BitSet added = new BitSet();
	/** How many figures each element added. */
	private final byte[] figureCounts;
	/** Where the next figure of the element being added goes in its group. */
	private int insertAt;
	/** The element being added. */
	private int adding;
	private int figureCount;

	/** The groups of {@code elements} elements, added to a layer, none of their figures added yet. */
	FigureGroups(IFigure layer, int elements) {
		figureCounts = new byte[elements];
		for (int first = 0; first < elements; first += GROUP) {
			GroupFigure group = new GroupFigure();
			groups.add(group);
			layer.add(group);
		}
	}

	/** Whether the figures of an element are added. */
	boolean added(int element) {
		return added.get(element);
	}

	/** The elements whose figures are added, in their order. */
	int[] addedElements() {
		return added.stream().toArray();
	}

	/** How many figures are added. */
	int figureCount() {
		return figureCount;
	}

	/** Shows or hides every figure. */
	void setVisible(boolean visible) {
		for (GroupFigure group : groups) {
			group.setVisible(visible);
		}
	}

	/** Starts adding the figures of an element ({@link #place}), after those of the elements before it. */
	void begin(int element) {
		int at = 0;
		for (int before = element - element % GROUP; before < element; before++) {
			at += figureCounts[before];
		}
		insertAt = at;
		adding = element;
		added.set(element);
	}

	/** Adds a figure of the element being added, with the bounds it takes. */
	void place(IFigure figure, Rectangle bounds) {
		GroupFigure group = groups.get(adding / GROUP);
		group.add(figure, insertAt++);
		figure.setBounds(bounds);
		group.include(bounds);
		figureCounts[adding]++;
		figureCount++;
	}

	/** Makes the group of the element being added hold new bounds of one of its figures. */
	void include(Rectangle bounds) {
		groups.get(adding / GROUP).include(bounds);
	}

	/**
	 * Removes the figures of some elements, in ascending order, and returns them: a group at a time,
	 * from its last figure to its first, its bounds fitted once.
	 */
	List<IFigure> remove(int[] elements) {
		List<IFigure> removed = new ArrayList<>();
		int next = 0;
		while (next < elements.length) {
			int groupIndex = elements[next] / GROUP;
			GroupFigure group = groups.get(groupIndex);
			int end = next;
			while (end < elements.length && elements[end] / GROUP == groupIndex) {
				end++;
			}
			for (int index = end - 1; index >= next; index--) {
				int element = elements[index];
				int at = 0;
				for (int before = element - element % GROUP; before < element; before++) {
					at += figureCounts[before];
				}
				for (int figure = at + figureCounts[element] - 1; figure >= at; figure--) {
					IFigure child = (IFigure) group.getChildren().get(figure);
					group.remove(child);
					removed.add(child);
				}
				figureCount -= figureCounts[element];
				figureCounts[element] = 0;
				added.clear(element);
			}
			group.fit();
			next = end;
		}
		return removed;
	}

	/**
	 * The figures of consecutive elements, in their order: its bounds are those of the figures it
	 * holds, so a paint or a hit test away from them skips it. Its figures keep the layer's
	 * coordinates.
	 */
	private static final class GroupFigure extends Figure {

		/** Grows the bounds to hold a figure's, without moving the figures held. */
		void include(Rectangle figureBounds) {
			Rectangle before = getBounds();
			Rectangle union = before.isEmpty() ? figureBounds.getCopy() : before.getUnion(figureBounds);
			if (!union.equals(before)) {
				setBounds(union);
			}
		}

		/** Shrinks the bounds to those of the figures held, once some are removed. */
		void fit() {
			Rectangle union = new Rectangle();
			for (Object figure : getChildren()) {
				Rectangle bounds = ((IFigure) figure).getBounds();
				union = union.isEmpty() ? bounds.getCopy() : union.getUnion(bounds);
			}
			if (!union.equals(getBounds())) {
				setBounds(union);
			}
		}

		@Override
		protected void primTranslate(int dx, int dy) {
			bounds.x += dx; // the figures held stay where the layout put them
			bounds.y += dy;
		}
	}
}
