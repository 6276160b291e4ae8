// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;

import javax.imageio.ImageIO;

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
 * A drawing as a PNG image, drawn with java.awt on a {@link BufferedImage}: no display is needed
 * (the CLI runs with {@code java.awt.headless=true}). Same elements, order and colours as
 * {@link SvgRenderer}.
 */
public final class PngRenderer {

	/** The tallest image drawn: beyond, the rows are cut (an image of 2^31 pixels is not possible). */
	private static final int MAX_HEIGHT = 32_000;

	private PngRenderer() {
	}

	/** The PNG bytes of a drawing, as wide as the drawing. */
	public static byte[] render(Drawing drawing) throws IOException {
		return render(drawing, TimeColours.NONE);
	}

	/** The PNG bytes of a drawing, as wide as the drawing, its loop boxes filled with their colours by time. */
	public static byte[] render(Drawing drawing, TimeColours fills) throws IOException {
		BufferedImage image = image(drawing, fills);
		ByteArrayOutputStream png = new ByteArrayOutputStream();
		if (!ImageIO.write(image, "png", png)) {
			throw new IOException("no PNG writer in this Java runtime");
		}
		return png.toByteArray();
	}

	/** The drawing as an image, its loop boxes filled with their colours by time. */
	public static BufferedImage image(Drawing drawing, TimeColours fills) {
		int width = (int) Math.ceil(drawing.width());
		int height = (int) Math.min(MAX_HEIGHT, Math.ceil(drawing.height()));
		BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
		Graphics2D g = image.createGraphics();
		try {
			g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
			g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
			g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) Geometry.FONT));
			g.setColor(new Color(Style.BACKGROUND));
			g.fillRect(0, 0, width, height);
			draw(drawing, fills, g);
		} finally {
			g.dispose();
		}
		return image;
	}

	private static void draw(Drawing drawing, TimeColours fills, Graphics2D g) {
		drawBoxes(drawing, fills, g);
		drawRankLines(drawing, g);
		drawCollectives(drawing, g);
		drawArrows(drawing, g);
		drawBrackets(drawing, g);
		drawLabels(drawing, g);
	}

	/** Loops as boxes shaded by depth (or coloured by time), their counts over them. */
	private static void drawBoxes(Drawing drawing, TimeColours fills, Graphics2D g) {
		for (Box box : drawing.boxes()) {
			Rectangle2D rect = new Rectangle2D.Double(box.x(), box.y(), box.width(), box.height());
			g.setColor(new Color(fills.fill(box)));
			g.fill(rect);
			g.setColor(new Color(Style.BOX_STROKE));
			g.setStroke(new BasicStroke(0.8f));
			g.draw(rect);
		}
		g.setColor(new Color(Style.TEXT));
		for (Box box : drawing.boxes()) {
			if (box.countShown()) {
				g.drawString(box.countText(), (float) box.countX(), (float) (box.y() + Geometry.FONT));
			}
		}
	}

	private static void drawRankLines(Drawing drawing, Graphics2D g) {
		g.setStroke(new BasicStroke(1f));
		g.setColor(new Color(Style.RANK_LINE));
		for (RankLine line : drawing.rankLines()) {
			List<Point> points = line.points();
			Path2D path = new Path2D.Double();
			for (int i = 0; i < points.size(); i++) {
				if (i == 0) {
					path.moveTo(points.get(i).x(), points.get(i).y());
				} else {
					path.lineTo(points.get(i).x(), points.get(i).y());
				}
			}
			g.draw(path);
		}
	}

	/** Collectives as dashed vertical lines, and the marks of sends and receives in the same colour. */
	private static void drawCollectives(Drawing drawing, Graphics2D g) {
		g.setColor(new Color(Style.COLLECTIVE));
		g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] { 3f, 2f }, 0f));
		for (Collective collective : drawing.collectives()) {
			g.draw(new Line2D.Double(collective.x(), collective.y1(), collective.x(), collective.y2()));
		}
		g.setStroke(new BasicStroke(1f));
		for (Mark mark : drawing.marks()) {
			if (mark.kind() == EventKind.SEND || mark.kind() == EventKind.RECV) {
				g.fill(new Rectangle2D.Double(mark.x() - 1, mark.y() - 1, 2, 2));
			}
		}
	}

	/** Messages as arrows coloured by tag. */
	private static void drawArrows(Drawing drawing, Graphics2D g) {
		g.setStroke(new BasicStroke(1.2f));
		for (Arrow arrow : drawing.arrows()) {
			g.setColor(new Color(arrow.rgb()));
			g.draw(new Line2D.Double(arrow.x1(), arrow.y1(), arrow.x2(), arrow.y2()));
			double angle = Math.atan2(arrow.y2() - arrow.y1(), arrow.x2() - arrow.x1());
			Path2D head = new Path2D.Double();
			head.moveTo(arrow.x2(), arrow.y2());
			head.lineTo(arrow.x2() - Style.HEAD * Math.cos(angle - 0.45), arrow.y2() - Style.HEAD * Math.sin(angle - 0.45));
			head.lineTo(arrow.x2() - Style.HEAD * Math.cos(angle + 0.45), arrow.y2() - Style.HEAD * Math.sin(angle + 0.45));
			head.closePath();
			g.fill(head);
		}
	}

	/** Calls and returns as brackets opening towards the call, other local events as ticks. */
	private static void drawBrackets(Drawing drawing, Graphics2D g) {
		g.setColor(new Color(Style.BRACKET));
		g.setStroke(new BasicStroke(1f));
		for (Bracket bracket : drawing.brackets()) {
			double x = bracket.x();
			double top = bracket.y() - Style.BRACKET_HALF;
			double bottom = bracket.y() + Style.BRACKET_HALF;
			Path2D path = new Path2D.Double();
			switch (bracket.kind()) {
			case CALL, RETURN -> {
				double lip = bracket.kind() == Drawing.BracketKind.CALL ? 2 : -2;
				path.moveTo(x + lip, top);
				path.lineTo(x, top);
				path.lineTo(x, bottom);
				path.lineTo(x + lip, bottom);
			}
			case OTHER -> {
				path.moveTo(x, bracket.y() - 3);
				path.lineTo(x, bracket.y() + 3);
			}
			}
			g.draw(path);
		}
	}

	/** Rank labels, then the legend of tag colours. */
	private static void drawLabels(Drawing drawing, Graphics2D g) {
		g.setColor(new Color(Style.TEXT));
		for (Label label : drawing.labels()) {
			g.drawString(label.text(), (float) label.x() + 1, (float) (label.y() + label.height() - 3));
		}
		for (TagColor colour : drawing.legend()) {
			g.setColor(new Color(colour.rgb()));
			g.fill(new Rectangle2D.Double(colour.x(), colour.y() + 2, Style.SWATCH_WIDTH, Style.SWATCH_HEIGHT));
			g.setColor(new Color(Style.TEXT));
			g.drawString("tag " + colour.text(), (float) (colour.x() + Style.SWATCH_WIDTH + 4), (float) colour.y() + 10);
		}
	}
}
