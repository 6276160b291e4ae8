// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.timeline.Drawing;

/**
 * A loop placed on the clock, or the model's top (depth 0, path empty): its ranks, its ticks and the
 * loops of its body; {@link Geometry} gives it rows.
 */
final class PlacedLoop {

	final String path;
	final int depth;
	final long count;
	final boolean overRanks;
	/** Sorted. */
	final int[] ranks;
	final @Nullable PlacedLoop parent;
	final List<PlacedLoop> children = new ArrayList<>();
	final long start;
	long end;

	// Set by Geometry: the row of every rank drawn inside it (-1: not drawn), its first row and row count.
	int[] rows = new int[0];
	int top;
	int rowCount;
	boolean hidden;
	/** Where its count is written (left, right, bottom), set when its box is drawn. */
	double countLeft;
	double countRight;
	double countBottom;
	/** Its box among the boxes drawn, -1 until drawn. */
	int box = -1;
	/** Its count as written, null when it is not written. */
	Drawing.@Nullable Label countLabel;
	/** The loop around it whose count stands for its own too (its box too low to write it below), null when none. */
	@Nullable
	PlacedLoop countedBy;

	PlacedLoop(String path, int depth, long count, boolean overRanks, int[] ranks, @Nullable PlacedLoop parent, long start) {
		this.path = path;
		this.depth = depth;
		this.count = count;
		this.overRanks = overRanks;
		this.ranks = ranks;
		this.parent = parent;
		this.start = start;
		this.end = start;
	}

	/** The row of a rank inside this loop, -1 when it is not drawn here. */
	int rowOf(int rank) {
		int at = Arrays.binarySearch(ranks, rank);
		return at < 0 || at >= rows.length ? -1 : rows[at];
	}
}
