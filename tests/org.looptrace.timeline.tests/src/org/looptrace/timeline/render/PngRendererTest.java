// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.model.core.Progress;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.Drawing.Arrow;
import org.looptrace.timeline.Drawing.Point;
import org.looptrace.timeline.Drawing.RankLine;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.TimelineLayout;

/**
 * The PNG of a drawing taller than an image can be; progress and cancellation of drawing and encoding,
 * and of writing the SVG.
 */
class PngRendererTest {

	/** A ring of {@code ranks} ranks, each sending to the next, folded over the ranks: a line per rank. */
	private static Drawing ring(int ranks) throws Exception {
		String text = """
				for i0 = 0 to %1$d
				  i0 send 1+i0 t
				done
				for i0 = 0 to %1$d
				  1+i0 recv i0 t
				done
				""".formatted(ranks - 2);
		return TimelineLayout.layout(ModelText.parse(text, "ring.loops"), LayoutOptions.DEFAULTS);
	}

	private static long elements(Drawing drawing) {
		return drawing.boxes().size() + drawing.rankLines().size() + drawing.collectives().size() + drawing.marks().size()
				+ drawing.arrows().size() + drawing.brackets().size() + drawing.labels().size() + drawing.legend().size();
	}

	private static BufferedImage read(byte[] png) throws Exception {
		return ImageIO.read(new ByteArrayInputStream(png));
	}

	@Test
	void aDrawingTallerThanAnImageIsDrawnDownToTheCut() throws Exception {
		Drawing drawing = ring(2_000);
		assertTrue(drawing.height() > 32_000, () -> "taller than an image: " + drawing.height());
		BufferedImage image = read(PngRenderer.render(drawing));
		assertEquals(32_000, image.getHeight());
		int background = 0xff000000 | Style.BACKGROUND;
		int lines = 0;
		for (RankLine line : drawing.rankLines()) {
			Point start = line.points().isEmpty() ? null : line.points().get(0);
			if (start != null && start.y() < image.getHeight() - 2) {
				assertNotEquals(background, image.getRGB((int) start.x() + 4, (int) Math.round(start.y())), () -> "rank line " + line.rank());
				lines++;
			}
		}
		assertTrue(lines > 1_000, "the lines in the image: " + lines);
		// random arrows wholly inside: their middle is drawn
		List<Arrow> inside = new ArrayList<>(drawing.arrows().stream().filter(arrow -> Math.max(arrow.y1(), arrow.y2()) < image.getHeight() - 2).toList());
		assertTrue(inside.size() > 1_000, "arrows in the image: " + inside.size());
		Random random = new Random(11);
		for (int i = 0; i < 100; i++) {
			Arrow arrow = inside.get(random.nextInt(inside.size()));
			int x = (int) Math.round((arrow.x1() + arrow.x2()) / 2);
			int y = (int) Math.round((arrow.y1() + arrow.y2()) / 2);
			assertNotEquals(background, image.getRGB(x, y), arrow::toString);
		}
	}

	@Test
	void progressCountsTheElementsThenThePercentEncoded() throws Exception {
		Drawing drawing = ring(300);
		List<String> tasks = new ArrayList<>();
		List<Long> totals = new ArrayList<>();
		List<Long> worked = new ArrayList<>();
		byte[] png = PngRenderer.render(drawing, TimeColours.NONE, new Progress() {
			@Override
			public void begin(String task, long totalWork) {
				tasks.add(task);
				totals.add(totalWork);
				worked.add(0L);
			}

			@Override
			public void worked(long work) {
				worked.set(worked.size() - 1, worked.getLast() + work);
			}

			@Override
			public boolean isCancelled() {
				return false;
			}
		});
		assertEquals(List.of("Drawing the timeline", "Encoding the PNG image (percent)"), tasks);
		long elements = elements(drawing);
		assertEquals(List.of(elements, 100L), totals);
		assertTrue(worked.get(0) > 0 && worked.get(0) <= elements && elements - worked.get(0) < 1024, worked::toString);
		assertTrue(worked.get(1) > 0 && worked.get(1) <= 100, worked::toString);
		assertArrayEquals(PngRenderer.render(drawing), png, "the same picture with or without progress");
	}

	@Test
	void cancellingStopsTheDrawingAndTheEncoding() throws Exception {
		Drawing drawing = ring(300);
		assertThrows(CancellationException.class, () -> PngRenderer.render(drawing, TimeColours.NONE, Progress.cancelledWhen(() -> true)));
		// cancelled once encoding has begun (the drawing asks every 1,024 elements, the encoder every row):
		// the encoder is aborted rather than asked for each of its thousands of rows
		long drawingChecks = elements(drawing) / 1024;
		AtomicInteger asked = new AtomicInteger();
		assertThrows(CancellationException.class,
				() -> PngRenderer.render(drawing, TimeColours.NONE, Progress.cancelledWhen(() -> asked.incrementAndGet() > drawingChecks + 20)));
		assertTrue(drawing.height() > 1_000 && asked.get() < drawingChecks + 40, () -> "asked " + asked + " times");
	}

	@Test
	void theSvgCountsTheElementsWrittenAndStopsWhenCancelled() throws Exception {
		Drawing drawing = ring(3_000);
		List<Long> totals = new ArrayList<>();
		AtomicInteger checks = new AtomicInteger();
		long[] worked = { 0 };
		String svg = SvgRenderer.render(drawing, TimeColours.NONE, new Progress() {
			@Override
			public void begin(String task, long totalWork) {
				totals.add(totalWork);
			}

			@Override
			public void worked(long work) {
				worked[0] += work;
			}

			@Override
			public boolean isCancelled() {
				checks.incrementAndGet();
				return false;
			}
		});
		long elements = elements(drawing);
		assertEquals(List.of(elements), totals);
		assertTrue(worked[0] > 0 && elements - worked[0] < 1024, () -> worked[0] + " of " + elements);
		assertEquals(SvgRenderer.render(drawing), svg, "the same text with or without progress");
		// cancelled half-way: the rest is not written
		AtomicInteger asked = new AtomicInteger();
		assertThrows(CancellationException.class,
				() -> SvgRenderer.render(drawing, TimeColours.NONE, Progress.cancelledWhen(() -> asked.incrementAndGet() > checks.get() / 2)));
		assertEquals(checks.get() / 2 + 1, asked.get(), "no check after the cancellation");
	}
}
