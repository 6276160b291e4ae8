// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline;

import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;

/**
 * What a layout shows.
 *
 * @param ranks    the ranks to draw, null for every rank of the model; the horizontal positions
 *                 are those of the whole model either way, so subsets of one model line up
 * @param collapse loops nested deeper than this are drawn closed (0: every loop is a closed box);
 *                 {@link Integer#MAX_VALUE} opens them all
 * @param width    the width of the picture in pixels
 * @param closed   loops drawn closed whatever their depth, by construct path (the loops a user
 *                 closed one by one)
 */
public record LayoutOptions(@Nullable RankSet ranks, int collapse, int width, Set<String> closed) {

	/** Every rank, every loop open, 1200 pixels wide. */
	public static final LayoutOptions DEFAULTS = new LayoutOptions(null, Integer.MAX_VALUE, 1200);

	/** The narrowest picture: the margins and a few ticks. */
	public static final int MIN_WIDTH = 200;

	/** Options that close loops by depth only. */
	public LayoutOptions(@Nullable RankSet ranks, int collapse, int width) {
		this(ranks, collapse, width, Set.of());
	}

	public LayoutOptions {
		closed = Set.copyOf(closed);
		if (collapse < 0) {
			throw new IllegalArgumentException("the collapse depth must be 0 or more, not " + collapse);
		}
		if (width < MIN_WIDTH) {
			throw new IllegalArgumentException("the width must be at least " + MIN_WIDTH + " pixels, not " + width);
		}
	}
}
