// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.render;

/** Colours and sizes every renderer shares (also the IDE's timeline view), colours as 0xRRGGBB. */
public final class Style {

	/** The background, the stroke of loop boxes, rank lines, collectives, texts and brackets. */
	public static final int BACKGROUND = 0xffffff;
	public static final int BOX_STROKE = 0x555555;
	public static final int RANK_LINE = 0x999999;
	public static final int COLLECTIVE = 0x000000;
	public static final int TEXT = 0x222222;
	public static final int BRACKET = 0x333333;
	/** Half the height of a bracket, the length of an arrow head. */
	public static final double BRACKET_HALF = 5;
	public static final double HEAD = 5;
	/** Half the size of an event's mark where it is drawn largest (the view's dot): what labels keep clear of. */
	public static final double MARK_RADIUS = 2.5;
	/** The colour swatch of a tag in the legend. */
	public static final double SWATCH_WIDTH = 14;
	public static final double SWATCH_HEIGHT = 8;
	/**
	 * The opacity of the background in its box's colour behind a count, drawn over the lines and marks:
	 * the count reads over a rank line or an event, which still show through.
	 */
	public static final double COUNT_BACKGROUND_OPACITY = 0.8;

	private Style() {
	}

	/** The gray of a loop box: lighter outside, darker for each level of nesting (figure 5). */
	public static int gray(int depth) {
		int level = Math.max(150, 236 - 16 * (depth - 1));
		return level << 16 | level << 8 | level;
	}

	static String hex(int rgb) {
		return String.format("#%06x", rgb & 0xffffff);
	}
}
