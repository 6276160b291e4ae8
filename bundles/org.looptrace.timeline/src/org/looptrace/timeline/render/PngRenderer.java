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
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CancellationException;

import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.event.IIOWriteProgressListener;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

import org.eclipse.jdt.annotation.NonNullByDefault;
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
		return render(drawing, fills, Progress.NONE);
	}

	/**
	 * The PNG bytes of a drawing, its loop boxes filled with their colours by time, reporting the
	 * drawing (in elements) and the encoding (in percent) to {@code progress}.
	 *
	 * @throws CancellationException when {@code progress} is cancelled
	 */
	public static byte[] render(Drawing drawing, TimeColours fills, Progress progress) throws IOException {
		return encode(image(drawing, fills, progress), progress);
	}

	/** The drawing as an image, its loop boxes filled with their colours by time. */
	public static BufferedImage image(Drawing drawing, TimeColours fills) {
		return image(drawing, fills, Progress.NONE);
	}

	private static BufferedImage image(Drawing drawing, TimeColours fills, Progress progress) {
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
			draw(drawing, fills, new RenderSteps(drawing, progress), g);
		} finally {
			g.dispose();
		}
		return image;
	}

	/** Encodes the image as PNG with the JDK's writer, which reports its progress by rows and stops when aborted. */
	private static byte[] encode(BufferedImage image, Progress progress) throws IOException {
		Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
		if (!writers.hasNext()) {
			throw new IOException("no PNG writer in this Java runtime");
		}
		ImageWriter writer = writers.next();
		ByteArrayOutputStream png = new ByteArrayOutputStream();
		progress.begin("Encoding the PNG image (percent)", 100);
		// cached in memory, where the bytes go anyway: ImageIO's default caches tens of MB in a temporary file
		try (ImageOutputStream stream = new MemoryCacheImageOutputStream(png)) {
			writer.setOutput(stream);
			writer.addIIOWriteProgressListener(new EncodingProgress(progress));
			writer.write(image);
		} finally {
			writer.dispose();
		}
		progress.checkCancelled();
		return png.toByteArray();
	}

	private static void draw(Drawing drawing, TimeColours fills, RenderSteps steps, Graphics2D g) {
		drawBoxes(drawing, fills, steps, g);
		drawRankLines(drawing, steps, g);
		drawCollectives(drawing, steps, g);
		drawArrows(drawing, steps, g);
		drawBrackets(drawing, steps, g);
		drawCounts(drawing, fills, g);
		drawLabels(drawing, steps, g);
	}

	/** Loops as boxes shaded by depth (or coloured by time). */
	private static void drawBoxes(Drawing drawing, TimeColours fills, RenderSteps steps, Graphics2D g) {
		for (Box box : drawing.boxes()) {
			steps.step();
			Rectangle2D rect = new Rectangle2D.Double(box.x(), box.y(), box.width(), box.height());
			g.setColor(new Color(fills.fill(box)));
			g.fill(rect);
			g.setColor(new Color(Style.BOX_STROKE));
			g.setStroke(new BasicStroke(0.8f));
			g.draw(rect);
		}
	}

	/** The counts of the boxes, over the lines and marks, on a background of their box's colour. */
	private static void drawCounts(Drawing drawing, TimeColours fills, Graphics2D g) {
		int alpha = (int) Math.round(255 * Style.COUNT_BACKGROUND_OPACITY);
		for (Box box : drawing.boxes()) {
			if (box.countShown()) {
				int fill = fills.fill(box);
				g.setColor(new Color(fill >> 16 & 0xff, fill >> 8 & 0xff, fill & 0xff, alpha));
				g.fill(new Rectangle2D.Double(box.countX() - 1, box.countY(), g.getFontMetrics().stringWidth(box.countText()) + 2,
						Geometry.FONT + 2));
				g.setColor(new Color(Style.TEXT));
				g.drawString(box.countText(), (float) box.countX(), (float) (box.countY() + Geometry.FONT));
			}
		}
	}

	private static void drawRankLines(Drawing drawing, RenderSteps steps, Graphics2D g) {
		g.setStroke(new BasicStroke(1f));
		g.setColor(new Color(Style.RANK_LINE));
		for (RankLine line : drawing.rankLines()) {
			steps.step();
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
	private static void drawCollectives(Drawing drawing, RenderSteps steps, Graphics2D g) {
		g.setColor(new Color(Style.COLLECTIVE));
		g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] { 3f, 2f }, 0f));
		for (Collective collective : drawing.collectives()) {
			steps.step();
			g.draw(new Line2D.Double(collective.x(), collective.y1(), collective.x(), collective.y2()));
		}
		g.setStroke(new BasicStroke(1f));
		for (Mark mark : drawing.marks()) {
			steps.step();
			if (mark.kind() == EventKind.SEND || mark.kind() == EventKind.RECV) {
				g.fill(new Rectangle2D.Double(mark.x() - 1, mark.y() - 1, 2, 2));
			}
		}
	}

	/** Messages as arrows coloured by tag. */
	private static void drawArrows(Drawing drawing, RenderSteps steps, Graphics2D g) {
		g.setStroke(new BasicStroke(1.2f));
		for (Arrow arrow : drawing.arrows()) {
			steps.step();
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
	private static void drawBrackets(Drawing drawing, RenderSteps steps, Graphics2D g) {
		g.setColor(new Color(Style.BRACKET));
		g.setStroke(new BasicStroke(1f));
		for (Bracket bracket : drawing.brackets()) {
			steps.step();
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
	private static void drawLabels(Drawing drawing, RenderSteps steps, Graphics2D g) {
		g.setColor(new Color(Style.TEXT));
		for (Label label : drawing.labels()) {
			steps.step();
			g.drawString(label.text(), (float) label.x() + 1, (float) (label.y() + label.height() - 3));
		}
		for (TagColor colour : drawing.legend()) {
			steps.step();
			g.setColor(new Color(colour.rgb()));
			g.fill(new Rectangle2D.Double(colour.x(), colour.y() + 2, Style.SWATCH_WIDTH, Style.SWATCH_HEIGHT));
			g.setColor(new Color(Style.TEXT));
			g.drawString("tag " + colour.text(), (float) (colour.x() + Style.SWATCH_WIDTH + 4), (float) colour.y() + 10);
		}
	}

	/** The encoder's percent of rows written as progress; it aborts the encoder when the progress is cancelled. */
	@NonNullByDefault({}) // implements the JDK's listener as it is
	private static final class EncodingProgress implements IIOWriteProgressListener {

		private final Progress progress;
		private int reported;

		EncodingProgress(Progress progress) {
			this.progress = progress;
		}

		@Override
		public void imageProgress(ImageWriter source, float percentageDone) {
			int percent = (int) percentageDone;
			if (percent > reported) {
				progress.worked(percent - reported);
				reported = percent;
			}
			if (progress.isCancelled()) {
				source.abort();
			}
		}

		@Override
		public void imageStarted(ImageWriter source, int imageIndex) {
		}

		@Override
		public void imageComplete(ImageWriter source) {
		}

		@Override
		public void thumbnailStarted(ImageWriter source, int imageIndex, int thumbnailIndex) {
		}

		@Override
		public void thumbnailProgress(ImageWriter source, float percentageDone) {
		}

		@Override
		public void thumbnailComplete(ImageWriter source) {
		}

		@Override
		public void writeAborted(ImageWriter source) {
		}
	}
}
