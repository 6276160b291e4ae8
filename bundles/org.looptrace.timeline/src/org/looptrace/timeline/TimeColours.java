// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.timeline.render.Style;

/**
 * The loop boxes of a {@link Drawing} coloured by the time their loops take (docs/TIME.md): on a
 * logarithmic scale from the least time of a box drawn (the palest colour of {@link #SCALE}) to the
 * greatest (the deepest), since loop times span orders of magnitude. Boxes of loops without a time
 * (no rank runs them) keep their gray. The same colours serve the IDE's timeline and its legend.
 */
public final class TimeColours {

	/**
	 * The scale's colours as 0xRRGGBB, from the least time to the greatest (pale yellow to orange):
	 * light enough that the arrows, dots and counts drawn over the boxes stay visible.
	 */
	public static final List<Integer> SCALE = List.of(0xffffd9, 0xfff0a8, 0xfedd84, 0xfdc46a, 0xfca65a, 0xf88a52);

	/** No box coloured by time: every box keeps its gray. */
	public static final TimeColours NONE = new TimeColours(Map.of(), 0, 0);

	private final Map<String, Integer> colours;
	private final long least;
	private final long most;

	private TimeColours(Map<String, Integer> colours, long least, long most) {
		this.colours = Collections.unmodifiableMap(colours);
		this.least = least;
		this.most = most;
	}

	/**
	 * Colours the boxes of a drawing.
	 *
	 * @param times the time of loops by construct path, in ns (loops missing have no time)
	 */
	public static TimeColours of(Drawing drawing, Map<String, Long> times) {
		long least = Long.MAX_VALUE;
		long most = 0;
		for (Drawing.Box box : drawing.boxes()) {
			Long time = times.get(box.path());
			if (time != null) {
				least = Math.min(least, Math.max(1, time));
				most = Math.max(most, Math.max(1, time));
			}
		}
		Map<String, Integer> colours = new HashMap<>();
		for (Drawing.Box box : drawing.boxes()) {
			Long time = times.get(box.path());
			if (time != null) {
				colours.put(box.path(), colour(position(time, least, most)));
			}
		}
		return colours.isEmpty() ? NONE : new TimeColours(colours, least, most);
	}

	/**
	 * Where a time lies between the least and the greatest on a logarithmic scale, from 0 to 1 (times
	 * below 1 ns count as 1 ns; 1 when least and greatest are equal).
	 */
	static double position(long time, long least, long most) {
		if (most <= least) {
			return 1;
		}
		double span = Math.log(most) - Math.log(least);
		return Math.max(0, Math.min(1, (Math.log(Math.max(1, time)) - Math.log(least)) / span));
	}

	/** The colour of a position of the scale, from 0 to 1, interpolated between the colours of {@link #SCALE}. */
	public static int colour(double position) {
		double scaled = Math.max(0, Math.min(1, position)) * (SCALE.size() - 1);
		int low = (int) Math.floor(scaled);
		if (low >= SCALE.size() - 1) {
			return SCALE.get(SCALE.size() - 1);
		}
		double fraction = scaled - low;
		int from = SCALE.get(low);
		int to = SCALE.get(low + 1);
		int rgb = 0;
		for (int shift = 16; shift >= 0; shift -= 8) {
			int a = from >> shift & 0xff;
			int b = to >> shift & 0xff;
			rgb |= (int) Math.round(a + (b - a) * fraction) << shift;
		}
		return rgb;
	}

	/** The colour of a box by its loop's path, or null when its loop has no time. */
	public @Nullable Integer colour(String path) {
		return colours.get(path);
	}

	/** The fill of a box: its colour by time, else its gray by depth ({@link Style#gray}). */
	public int fill(Drawing.Box box) {
		Integer colour = colours.get(box.path());
		return colour != null ? colour : Style.gray(box.depth());
	}

	/** The least time of a box coloured (ns), the palest colour; 0 when no box is coloured. */
	public long least() {
		return least;
	}

	/** The greatest time of a box coloured (ns), the deepest colour; 0 when no box is coloured. */
	public long most() {
		return most;
	}

	/** Whether no box has a time. */
	public boolean isEmpty() {
		return colours.isEmpty();
	}
}
