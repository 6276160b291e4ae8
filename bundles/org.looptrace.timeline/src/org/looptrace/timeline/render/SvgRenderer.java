// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.render;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.looptrace.model.core.Progress;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.Drawing.Arrow;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.timeline.Drawing.Bracket;
import org.looptrace.timeline.Drawing.Collective;
import org.looptrace.timeline.Drawing.EventKind;
import org.looptrace.timeline.Drawing.Label;
import org.looptrace.timeline.Drawing.Mark;
import org.looptrace.timeline.Drawing.Point;
import org.looptrace.timeline.Drawing.RankLine;
import org.looptrace.timeline.Drawing.TagColor;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.internal.Geometry;

/**
 * A drawing as an SVG document. Elements carry classes: {@code loop} on each loop box (with
 * {@code data-count}, {@code data-depth}, {@code data-path}), {@code message} on each arrow (with
 * {@code data-tag}), {@code collective}, {@code rank-line} (with {@code data-rank}), {@code bracket},
 * {@code event}, {@code count} and {@code rank} on texts (a count over a {@code count-background}),
 * {@code legend} on the tag legend.
 */
public final class SvgRenderer {

	private final StringBuilder svg = new StringBuilder(1 << 16);
	private final TimeColours fills;
	private final RenderSteps steps;

	private SvgRenderer(Drawing drawing, TimeColours fills, Progress progress) {
		this.fills = fills;
		this.steps = new RenderSteps(drawing, progress);
	}

	/** The SVG text of a drawing. */
	public static String render(Drawing drawing) {
		return render(drawing, TimeColours.NONE);
	}

	/** The SVG text of a drawing, its loop boxes filled with their colours by time. */
	public static String render(Drawing drawing, TimeColours fills) {
		return render(drawing, fills, Progress.NONE);
	}

	/**
	 * The SVG text of a drawing, its loop boxes filled with their colours by time, reporting the
	 * elements written to {@code progress}.
	 *
	 * @throws java.util.concurrent.CancellationException when {@code progress} is cancelled
	 */
	public static String render(Drawing drawing, TimeColours fills, Progress progress) {
		return new SvgRenderer(drawing, fills, progress).document(drawing);
	}

	private String document(Drawing drawing) {
		svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
		svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(number(drawing.width())).append("\" height=\"")
				.append(number(drawing.height())).append("\" viewBox=\"0 0 ").append(number(drawing.width())).append(' ')
				.append(number(drawing.height())).append("\" font-family=\"sans-serif\" font-size=\"").append(number(Geometry.FONT))
				.append("\">\n");
		svg.append("<style>\n.rank-line { stroke: ").append(Style.hex(Style.RANK_LINE)).append("; fill: none; }\n")
				.append(".loop { stroke: ").append(Style.hex(Style.BOX_STROKE)).append("; stroke-width: 0.8; }\n")
				.append(".collective { stroke: ").append(Style.hex(Style.COLLECTIVE)).append("; stroke-dasharray: 3 2; }\n")
				.append(".message { stroke-width: 1.2; }\n")
				.append(".bracket { stroke: ").append(Style.hex(Style.BRACKET)).append("; fill: none; }\n")
				.append("text { fill: ").append(Style.hex(Style.TEXT)).append("; }\n</style>\n");
		Map<Integer, Integer> heads = new HashMap<>();
		svg.append("<defs>\n");
		for (TagColor colour : drawing.legend()) {
			if (heads.putIfAbsent(colour.rgb(), heads.size()) == null) {
				svg.append("<marker id=\"head").append(heads.get(colour.rgb()))
						.append("\" viewBox=\"0 0 6 6\" refX=\"6\" refY=\"3\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\">")
						.append("<path d=\"M0,0 L6,3 L0,6 z\" fill=\"").append(Style.hex(colour.rgb())).append("\"/></marker>\n");
			}
		}
		svg.append("</defs>\n");
		svg.append("<rect width=\"100%\" height=\"100%\" fill=\"").append(Style.hex(Style.BACKGROUND)).append("\"/>\n");
		for (Box box : drawing.boxes()) {
			steps.step();
			box(box);
		}
		for (RankLine line : drawing.rankLines()) {
			steps.step();
			svg.append("<polyline class=\"rank-line\" data-rank=\"").append(line.rank()).append("\" points=\"");
			List<Point> points = line.points();
			for (int i = 0; i < points.size(); i++) {
				svg.append(i == 0 ? "" : " ").append(number(points.get(i).x())).append(',').append(number(points.get(i).y()));
			}
			svg.append("\"/>\n");
		}
		for (Collective collective : drawing.collectives()) {
			steps.step();
			svg.append("<line class=\"collective\" data-path=\"").append(escape(String.join(" ", collective.paths())))
					.append("\" data-name=\"").append(escape(collective.name())).append("\" x1=\"").append(number(collective.x()))
					.append("\" y1=\"").append(number(collective.y1())).append("\" x2=\"").append(number(collective.x())).append("\" y2=\"")
					.append(number(collective.y2())).append("\"/>\n");
		}
		for (Mark mark : drawing.marks()) {
			steps.step();
			if (mark.kind() == EventKind.SEND || mark.kind() == EventKind.RECV) {
				svg.append("<circle class=\"event\" data-path=\"").append(mark.path()).append("\" cx=\"").append(number(mark.x()))
						.append("\" cy=\"").append(number(mark.y())).append("\" r=\"1.5\"/>\n");
			}
		}
		for (Arrow arrow : drawing.arrows()) {
			steps.step();
			svg.append("<line class=\"message\" data-tag=\"").append(escape(arrow.tag())).append("\" data-path=\"")
					.append(arrow.recvPath()).append("\" x1=\"").append(number(arrow.x1())).append("\" y1=\"").append(number(arrow.y1()))
					.append("\" x2=\"").append(number(arrow.x2())).append("\" y2=\"").append(number(arrow.y2())).append("\" stroke=\"")
					.append(Style.hex(arrow.rgb())).append("\" marker-end=\"url(#head").append(heads.get(arrow.rgb())).append(")\"/>\n");
		}
		for (Bracket bracket : drawing.brackets()) {
			steps.step();
			svg.append("<path class=\"bracket\" data-path=\"").append(bracket.path()).append("\" d=\"").append(bracketPath(bracket))
					.append("\"><title>").append(escape(bracket.text())).append("</title></path>\n");
		}
		// the counts over the lines and marks, on a background of their box's colour
		for (Box box : drawing.boxes().stream().filter(Box::countShown).toList()) {
			svg.append("<rect class=\"count-background\" x=\"").append(number(box.countX() - 1)).append("\" y=\"").append(number(box.countY()))
					.append("\" width=\"").append(number(box.countText().length() * Geometry.CHAR + 2)).append("\" height=\"")
					.append(number(Geometry.FONT + 2)).append("\" fill=\"").append(Style.hex(fills.fill(box))).append("\" fill-opacity=\"")
					.append(number(Style.COUNT_BACKGROUND_OPACITY)).append("\"/>");
			svg.append("<text class=\"count\" x=\"").append(number(box.countX())).append("\" y=\"").append(number(box.countY() + Geometry.FONT))
					.append("\">").append(box.countText()).append("</text>\n");
		}
		for (Label label : drawing.labels()) {
			steps.step();
			svg.append("<text class=\"rank\" x=\"").append(number(label.x() + 1)).append("\" y=\"")
					.append(number(label.y() + label.height() - 3)).append("\">").append(escape(label.text())).append("</text>\n");
		}
		legend(drawing);
		svg.append("</svg>\n");
		return svg.toString();
	}

	private void box(Box box) {
		svg.append("<rect class=\"loop\" data-path=\"").append(box.path()).append("\" data-count=\"").append(box.count())
				.append("\" data-depth=\"").append(box.depth()).append('"');
		if (box.overRanks()) {
			svg.append(" data-over=\"ranks\"");
		}
		if (box.collapsed()) {
			svg.append(" data-collapsed=\"true\"");
		}
		svg.append(" x=\"").append(number(box.x())).append("\" y=\"").append(number(box.y())).append("\" width=\"")
				.append(number(box.width())).append("\" height=\"").append(number(box.height())).append("\" fill=\"")
				.append(Style.hex(fills.fill(box))).append("\"/>\n");
	}

	private void legend(Drawing drawing) {
		if (drawing.legend().isEmpty()) {
			return;
		}
		svg.append("<g class=\"legend\">\n");
		for (TagColor colour : drawing.legend()) {
			steps.step();
			svg.append("<rect class=\"legend-swatch\" x=\"").append(number(colour.x())).append("\" y=\"").append(number(colour.y() + 2))
					.append("\" width=\"").append(number(Style.SWATCH_WIDTH)).append("\" height=\"").append(number(Style.SWATCH_HEIGHT))
					.append("\" fill=\"").append(Style.hex(colour.rgb())).append("\"/>");
			svg.append("<text x=\"").append(number(colour.x() + Style.SWATCH_WIDTH + 4)).append("\" y=\"").append(number(colour.y() + 10))
					.append("\">tag ")
					.append(escape(colour.text())).append("</text>\n");
		}
		svg.append("</g>\n");
	}

	private static String bracketPath(Bracket bracket) {
		double x = bracket.x();
		double top = bracket.y() - Style.BRACKET_HALF;
		double bottom = bracket.y() + Style.BRACKET_HALF;
		return switch (bracket.kind()) {
		case CALL -> "M" + number(x + 2) + "," + number(top) + " H" + number(x) + " V" + number(bottom) + " H" + number(x + 2);
		case RETURN -> "M" + number(x - 2) + "," + number(top) + " H" + number(x) + " V" + number(bottom) + " H" + number(x - 2);
		case OTHER -> "M" + number(x) + "," + number(bracket.y() - 3) + " V" + number(bracket.y() + 3);
		};
	}

	/** One decimal, without the cost of String.format (models have tens of thousands of elements). */
	static String number(double value) {
		long tenths = Math.round(value * 10);
		String sign = tenths < 0 ? "-" : "";
		tenths = Math.abs(tenths);
		return tenths % 10 == 0 ? sign + tenths / 10 : sign + tenths / 10 + "." + tenths % 10;
	}

	static String escape(String text) {
		StringBuilder escaped = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
			case '<' -> escaped.append("&lt;");
			case '>' -> escaped.append("&gt;");
			case '&' -> escaped.append("&amp;");
			case '"' -> escaped.append("&quot;");
			default -> escaped.append(c < 0x20 && c != '\t' ? ' ' : c);
			}
		}
		return escaped.toString();
	}
}
