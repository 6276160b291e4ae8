// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.draw2d.IFigure;
import org.eclipse.draw2d.Label;
import org.eclipse.draw2d.SWTGraphics;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.TimelineLayout;
import org.looptrace.timeline.render.Style;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The Timeline view on pictures of thousands of ranks (the halo exchanges of
 * {@link TimelineExportTest#halo}): only the figures of what is in view and around it are made, so
 * their number does not grow with the model; the figures made as the view scrolls are drawn as a
 * whole build draws them, and those far from the view are removed; Fit fits the width of a tall
 * picture; the overview summarizes the picture; nested counts are written apart, and over the lines.
 */
class TimelineViewportTest {

	private static final long WAIT_MILLIS = 120_000;

	private final IProject project = TestProjects.project("timeline viewport");
	private final IWorkbenchPage page = Workbench.page();

	@BeforeEach
	void createProject() throws Exception {
		TestProjects.create(project);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		TestProjects.delete(project, TimelineView.ID);
	}

	@Test
	void theFiguresMadeFollowTheViewNotTheSizeOfTheModel() throws Exception {
		TimelineView view = showHalo(32);
		int smaller = Objects.requireNonNull(view.figures()).figureCount();
		view = showHalo(64);
		TimelineFigures figures = Objects.requireNonNull(view.figures());
		int larger = figures.figureCount();
		Drawing drawing = Objects.requireNonNull(view.data()).drawing();
		assertTrue(larger <= smaller * 3 / 2, "4,096 ranks make " + larger + " figures, 1,024 ranks " + smaller);
		assertTrue(larger < drawing.arrows().size() / 4, larger + " figures for " + drawing.arrows().size() + " arrows");

		// scrolled to the middle: the figures there are made, still a few
		var canvas = Objects.requireNonNull(view.canvas());
		canvas.scrollTo(0, (int) (drawing.height() * view.scale() / 2));
		Workbench.waitUntil(WAIT_MILLIS, view::drawn, "the figures in view are not made");
		Rectangle middle = new Rectangle(0, (int) (drawing.height() / 2), (int) drawing.width(), canvas.getClientArea().height);
		assertTrue(figures.loops().stream().anyMatch(loop -> loop.getBounds().intersects(middle)), "no loop in view");
		assertTrue(figures.arrows().stream().anyMatch(arrow -> arrow.getBounds().intersects(middle)), "no arrow in view");
		assertTrue(figures.figureCount() < drawing.arrows().size() / 4, figures.figureCount() + " figures once scrolled");
	}

	/**
	 * Scrolled through the whole picture of 4,096 ranks, the view keeps only the figures around what
	 * it shows: their number stays that of a few views, not of everything scrolled through, and the
	 * figures of a part scrolled back to are made again.
	 */
	@Test
	void theFiguresFarFromTheViewAreRemovedAsItScrolls() throws Exception {
		TimelineView view = showHalo(64);
		var canvas = Objects.requireNonNull(view.canvas());
		waitUntilBesideItsOverview(view);
		TimelineFigures figures = Objects.requireNonNull(view.figures());
		int atTop = figures.figureCount();
		Drawing drawing = Objects.requireNonNull(view.data()).drawing();
		int step = canvas.getClientArea().height;
		int most = atTop;
		long start = System.nanoTime();
		int bottom = 0;
		for (int y = step; y < drawing.height() * view.scale(); y += step) {
			scrollAndPaint(view, y);
			most = Math.max(most, figures.figureCount());
			bottom = y;
		}
		long down = System.nanoTime() - start;
		for (int y = bottom - step; y >= 0; y -= step) {
			scrollAndPaint(view, y);
		}
		long back = System.nanoTime() - start - down;
		System.out.printf("timeline, %d ranks, scrolled a view (%d pixels) at a time: top to bottom %d ms, back %d ms, at most %d figures%n",
				drawing.rankLines().size(), step, down / 1_000_000, back / 1_000_000, most);
		// a few views' worth, whatever was scrolled through (a full build makes some 60,000)
		assertTrue(most < drawing.arrows().size() / 4, "scrolled through " + drawing.arrows().size() + " arrows, " + most + " figures");
		canvas.scrollTo(0, 0);
		Workbench.waitUntil(WAIT_MILLIS, view::drawn, "the figures at the top are not made again");
		Rectangle top = new Rectangle(0, 0, (int) drawing.width(), canvas.getClientArea().height);
		assertTrue(figures.loops().stream().anyMatch(loop -> loop.getBounds().intersects(top)), "no loop at the top");
		assertTrue(figures.arrows().stream().allMatch(arrow -> arrow.getBounds().y < drawing.height() / 2), "the figures of the bottom are kept");
		// the view scrolled back keeps the figures of a view or two below it
		assertTrue(figures.figureCount() <= atTop * 2, figures.figureCount() + " figures at the top again, " + atTop + " at first");
		assertSame(figures, view.figures(), "the picture was laid out again meanwhile");
	}

	/**
	 * The caret in the editor on a construct drawn only far below the view, whose figures are not
	 * made: the construct is found in the picture, the view scrolls to it and highlights its
	 * figures once made.
	 */
	@Test
	void theCaretOnAConstructFarBelowTheViewHighlightsIt() throws Exception {
		String text = TimelineExportTest.halo(64) + "4095 send 4094 tag9\n4094 recv 4095 tag9\n";
		IFile model = TestProjects.write(project, "halo-and-last.loops", text);
		ITextEditor editor = (ITextEditor) IDE.openEditor(page, model);
		TimelineView view = (TimelineView) page.showView(TimelineView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		Workbench.waitUntil(WAIT_MILLIS, () -> view.data() instanceof TimelineData data && data.drawing().rankLines().size() == 4096
				&& view.drawn(), () -> "no layout: " + view.statusText());
		TimelineFigures figures = Objects.requireNonNull(view.figures());
		assertTrue(figures.figures("2").isEmpty(), "the last ranks' message has figures at the top");
		page.activate(editor);
		editor.selectAndReveal(text.indexOf("4095 send") + 1, 0);
		Workbench.waitUntil(WAIT_MILLIS, () -> view.figures() instanceof TimelineFigures shown && "2".equals(shown.highlightedPath())
				&& !shown.figures("2").isEmpty() && shown.figures("2").stream().allMatch(TimelineFigures.ConstructFigure::highlighted),
				"the message of the last ranks is not highlighted");
	}

	/**
	 * Figures made region after region, as a view scrolling down then back up makes them, are drawn
	 * in each region exactly as the figures of the whole picture made at once.
	 */
	@Test
	void theFiguresMadeRegionAfterRegionAreDrawnAsAWholeBuild() throws Exception {
		Drawing drawing = TimelineLayout.layout(ModelText.parse(TimelineExportTest.halo(16), "halo.loops"), LayoutOptions.DEFAULTS);
		Font font = Display.getCurrent().getSystemFont();
		TimelineFigures whole = TimelineExportTest.figures(drawing, font);
		assertTrue(whole.build(Integer.MAX_VALUE));
		TimelineFigures scrolled = TimelineExportTest.figures(drawing, font);
		int width = (int) Math.ceil(drawing.width());
		int height = 600;
		int[] tops = { 0, 450, 1_700, 3_000, (int) drawing.height() - height, 2_200, 900 };
		for (int top : tops) {
			Rectangle region = new Rectangle(0, top, width, height);
			assertTrue(scrolled.build(region, Integer.MAX_VALUE));
			assertTrue(scrolled.figureCount() < whole.figureCount(), "only some figures are made");
			assertArrayEquals(paint(whole, drawing, region).data, paint(scrolled, drawing, region).data, "the same pixels at " + region);
		}
	}

	/**
	 * Fit fits the width of a picture of thousands of ranks, its ranks scrolled beside the overview:
	 * wholly fitted, it would be a strip a few pixels wide. Zoomed out as far as it goes, the whole
	 * picture fits, drawn from its layout, no figure made for it; the figures are made again when
	 * zoomed in.
	 */
	@Test
	void fitFitsTheWidthOfAPictureOfThousandsOfRanksAndHidesItsUnreadableText() throws Exception {
		TimelineView view = showHalo(64);
		var canvas = Objects.requireNonNull(view.canvas());
		waitUntilBesideItsOverview(view);
		view.zoom(0.3);
		view.fit();
		waitUntilBesideItsOverview(view);
		Drawing tall = Objects.requireNonNull(view.data()).drawing();
		org.eclipse.swt.graphics.Rectangle beside = canvas.getClientArea();
		assertEquals(beside.width, tall.width() * view.scale(), 2, "the picture's width fits the view's " + beside + " at zoom " + view.scale());
		assertTrue(tall.height() * view.scale() > 100 * beside.height, "the ranks are scrolled: " + tall.height() + " pixels at zoom " + view.scale());
		assertFalse(Objects.requireNonNull(view.figures()).summarized(), "fitted, the picture is drawn from its figures");
		int before = Objects.requireNonNull(view.figures()).figureCount();

		view.zoom(0);
		Drawing drawing = Objects.requireNonNull(view.data()).drawing();
		org.eclipse.swt.graphics.Rectangle area = canvas.getClientArea();
		assertTrue(drawing.height() * view.scale() <= area.height + 1 && drawing.width() * view.scale() <= area.width + 1,
				"the picture of " + drawing.height() + " pixels fits " + area + " at zoom " + view.scale());
		// the overview gone, the picture is laid out again to the wider view
		Workbench.waitUntil(WAIT_MILLIS, () -> view.drawn() && Objects.requireNonNull(view.data()).options().width() == canvas.getClientArea().width,
				"the whole picture is not drawn");
		TimelineFigures fitted = Objects.requireNonNull(view.figures());
		assertTrue(fitted.summarized(), "zoomed out to the whole picture, it is drawn from its layout");
		assertTrue(fitted.figureCount() <= before, "no figure is made for the whole picture");
		TimelineFigures summarized = TimelineExportTest.figures(drawing, Display.getCurrent().getSystemFont());
		summarized.summarize(true);
		Rectangle whole = new Rectangle(0, 0, (int) Math.ceil(drawing.width()), (int) Math.ceil(drawing.height()));
		assertTrue(colours(paint(summarized, drawing, whole, view.scale())).size() > 1, "the fitted picture is not blank");
		view.zoom(1);
		Workbench.waitUntil(WAIT_MILLIS, () -> view.figures() instanceof TimelineFigures figures && !figures.summarized() && view.drawn()
				&& figures.figureCount() > 0, "zoomed in, the figures of the part in view are not made");

		// the rank numbers at the start of the rank lines: drawn where they can be read, hidden where they cannot
		Drawing small = TimelineLayout.layout(ModelText.parse(TimelineExportTest.halo(4), "halo.loops"), LayoutOptions.DEFAULTS);
		TimelineFigures labelled = TimelineExportTest.figures(small, Display.getCurrent().getSystemFont());
		labelled.build(Integer.MAX_VALUE);
		Drawing.Label rank = small.labels().get(0);
		Rectangle label = new Rectangle((int) rank.x(), (int) rank.y(), (int) rank.width(), (int) rank.height());
		assertTrue(colours(paint(labelled, small, label, 1)).size() > 1, "the rank number is drawn at zoom 1");
		assertEquals(Set.of(Style.BACKGROUND & 0xffffff), colours(paint(labelled, small, label, TimelineFigures.MIN_TEXT_SCALE / 2)),
				"no rank number is drawn too small to be read");
	}

	@Test
	void theOverviewSummarizesAPictureOfThousandsOfRanks() throws Exception {
		TimelineView view = showHalo(64);
		Workbench.waitUntil(WAIT_MILLIS, view::overviewShown, "the picture is larger than the view, but no overview");
		TimelineOverview overview = Objects.requireNonNull(view.overview());
		overview.control().redraw();
		Workbench.waitUntil(WAIT_MILLIS, () -> overview.summary() != null, "the overview is not painted");
		Image summary = Objects.requireNonNull(overview.summary());
		Set<Integer> colours = colours(summary.getImageData());
		assertTrue(colours.contains(Style.gray(1)), "the loops are drawn: " + colours);
		assertTrue(Objects.requireNonNull(view.data()).drawing().legend().stream().anyMatch(tag -> colours.contains(tag.rgb() & 0xffffff)),
				"the messages are drawn: " + colours);
	}

	/**
	 * The counts of loops nested at the same corner, each wider in the view's font than the layout
	 * reckons (a count of eight digits), are written apart: none over another.
	 */
	@Test
	void theCountsOfLoopsNestedAtTheSameCornerAreWrittenApart() throws Exception {
		TimelineView view = show("nested.loops", """
				for i0 = 0 to 12345677
				  for i1 = 0 to 87654320
				    for i2 = 0 to 4
				      0 send 1 7
				      2 send 3 7
				      0 recv 1 7
				      2 recv 3 7
				    done
				  done
				done
				""", 4);
		List<Label> counts = new ArrayList<>();
		collectCounts(Objects.requireNonNull(view.figures()).layer(), counts);
		assertEquals(3, counts.size(), "the three counts are written");
		for (int i = 0; i < counts.size(); i++) {
			for (int j = i + 1; j < counts.size(); j++) {
				Rectangle one = counts.get(i).getBounds();
				Rectangle other = counts.get(j).getBounds();
				assertFalse(one.intersects(other), counts.get(i).getText() + " at " + one + " over " + counts.get(j).getText() + " at " + other);
			}
		}
	}

	/**
	 * In the view, the count of a loop is drawn over the first rank line, which crosses its box's
	 * corner, and over the events there: its figure comes after theirs, and the line shows only
	 * faintly through the count's background.
	 */
	@Test
	void aCountIsDrawnOverTheRankLineAndTheEventsUnderIt() throws Exception {
		TimelineView view = show("loop.loops", """
				for i0 = 0 to 63
				  0 send 1 7
				  1 recv 0 7
				done
				""", 2);
		List<IFigure> painted = new ArrayList<>();
		collectInPaintOrder(Objects.requireNonNull(view.figures()).layer(), painted);
		Label count = (Label) painted.stream().filter(figure -> figure instanceof Label label && label.getText().equals("\u00d764"))
				.findFirst().orElseThrow();
		Rectangle corner = count.getBounds();
		List<IFigure> under = painted.stream().filter(figure -> figure instanceof org.eclipse.draw2d.Polyline
				|| figure instanceof TimelineFigures.MarkFigure).filter(figure -> figure.getBounds().intersects(corner)).toList();
		assertTrue(under.stream().anyMatch(org.eclipse.draw2d.Polyline.class::isInstance), "the first rank line crosses the count " + corner);
		for (IFigure figure : under) {
			assertTrue(painted.indexOf(figure) < painted.indexOf(count), figure + " is drawn over the count");
		}
		// the rank line, drawn alone in its colour beside the count, is lighter under it
		Drawing drawing = Objects.requireNonNull(view.data()).drawing();
		TimelineFigures whole = TimelineExportTest.figures(drawing, Objects.requireNonNull(count.getFont()));
		assertTrue(whole.build(Integer.MAX_VALUE));
		int line = (int) Math.round(drawing.rankLines().get(0).points().get(0).y());
		ImageData row = paint(whole, drawing, new Rectangle(corner.x, line, corner.width, 1));
		int inLineColour = 0;
		for (int x = 0; x < row.width; x++) {
			org.eclipse.swt.graphics.RGB rgb = row.palette.getRGB(row.getPixel(x, 0));
			inLineColour += (rgb.red << 16 | rgb.green << 8 | rgb.blue) == Style.RANK_LINE ? 1 : 0;
		}
		// drawn over the count, the line would have its colour all along: only a glyph's edge may have it by chance
		assertTrue(inLineColour < row.width / 2, inLineColour + " of " + row.width + " pixels of the count have the rank line's colour");
	}

	private static void collectInPaintOrder(IFigure figure, List<IFigure> painted) {
		painted.add(figure);
		for (Object child : figure.getChildren()) {
			collectInPaintOrder((IFigure) child, painted);
		}
	}

	private static void collectCounts(IFigure figure, List<Label> counts) {
		for (Object child : figure.getChildren()) {
			if (child instanceof Label label && label.getText().startsWith("\u00d7")) { // a count: ×20
				counts.add(label);
			}
			collectCounts((IFigure) child, counts);
		}
	}

	/**
	 * The longest the workbench waits on one event while a halo exchange is shown, then laid out again
	 * beside its overview (printed for docs/TIMELINE.md; {@code -Dlooptrace.timeline.side=128} for
	 * 16,384 ranks), and the parts of that relayout done in the UI thread, least of 3: the figures
	 * set up for the layout, and the overview drawn.
	 */
	@Test
	void figuresOfTheRelayoutBesideTheOverview() throws Exception {
		int side = Integer.getInteger("looptrace.timeline.side", 64);
		IFile model = TestProjects.write(project, "halo" + side + ".loops", TimelineExportTest.halo(side));
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		view.show(model);
		long first = Workbench.longestDispatchUntil(WAIT_MILLIS, () -> view.data() != null && view.drawn() && view.overviewShown(),
				"the picture is not shown beside its overview");
		var canvas = Objects.requireNonNull(view.canvas());
		TimelineOverview overview = Objects.requireNonNull(view.overview());
		long beside = Workbench.longestDispatchUntil(WAIT_MILLIS, () -> view.drawn() && overview.summary() != null
				&& Objects.requireNonNull(view.data()).options().width() == canvas.getClientArea().width, "the picture is not laid out again");
		TimelineData data = Objects.requireNonNull(view.data());
		long figures = Long.MAX_VALUE;
		long summary = Long.MAX_VALUE;
		TimelineFigures.ColorCache colors = new TimelineFigures.ColorCache();
		org.eclipse.swt.graphics.Rectangle small = overview.control().getClientArea();
		for (int run = 0; run < 3; run++) {
			long start = System.nanoTime();
			new TimelineFigures(data.bands(), Map.of(), colors, canvas.getFont(), TimeColours.NONE, Map.of());
			figures = Math.min(figures, System.nanoTime() - start);
			start = System.nanoTime();
			PictureSummary.draw(Display.getCurrent(), data.drawing(), TimeColours.NONE, colors, small.width, small.height).dispose();
			summary = Math.min(summary, System.nanoTime() - start);
		}
		colors.dispose();
		assertEquals(side * side, data.drawing().rankLines().size(), "every rank is laid out");
		System.out.printf("timeline, %d ranks, %d messages: longest dispatch shown %d ms, laid out again beside the overview %d ms;"
				+ " figures set up %d ms, overview drawn %d ms%n", side * side, data.drawing().arrows().size(), first / 1_000_000,
				beside / 1_000_000, figures / 1_000_000, summary / 1_000_000);
	}

	/** Scrolls the view, waits until the figures in view are made, and paints it. */
	private static void scrollAndPaint(TimelineView view, int y) {
		var canvas = Objects.requireNonNull(view.canvas());
		canvas.scrollTo(0, y);
		Workbench.waitUntil(WAIT_MILLIS, view::drawn, "the figures in view are not made");
		canvas.update();
	}

	/** Waits until the picture is laid out again to the canvas narrowed by the overview beside it, and drawn. */
	private static void waitUntilBesideItsOverview(TimelineView view) {
		var canvas = Objects.requireNonNull(view.canvas());
		Workbench.waitUntil(WAIT_MILLIS, () -> view.overviewShown() && view.drawn()
				&& Objects.requireNonNull(view.data()).options().width() == canvas.getClientArea().width, "the picture is not laid out beside its overview");
	}

	/** The view showing the halo exchange on side × side ranks, the figures in view made. */
	private TimelineView showHalo(int side) throws Exception {
		return show("halo" + side + ".loops", TimelineExportTest.halo(side), side * side);
	}

	/** The view showing a model of some ranks, the figures in view made. */
	private TimelineView show(String name, String text, int ranks) throws Exception {
		IFile model = TestProjects.write(project, name, text);
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		view.show(model);
		Workbench.waitUntil(WAIT_MILLIS, () -> view.data() instanceof TimelineData data && data.drawing().rankLines().size() == ranks
				&& view.drawn(), () -> "no layout: " + view.statusText());
		return view;
	}

	private static ImageData paint(TimelineFigures figures, Drawing drawing, Rectangle region) {
		return paint(figures, drawing, region, 1);
	}

	/** What the figures paint of a region of the picture at a zoom. */
	private static ImageData paint(TimelineFigures figures, Drawing drawing, Rectangle region, double zoom) {
		figures.layer().setBounds(new Rectangle(0, 0, (int) Math.ceil(drawing.width()), (int) Math.ceil(drawing.height())));
		figures.layer().validate();
		Image image = new Image(Display.getCurrent(), (int) Math.ceil(region.width * zoom), (int) Math.ceil(region.height * zoom));
		GC gc = new GC(image);
		try {
			SWTGraphics graphics = new SWTGraphics(gc);
			org.eclipse.draw2d.ScaledGraphics scaled = new org.eclipse.draw2d.ScaledGraphics(graphics);
			scaled.scale(zoom);
			scaled.translate(-region.x, -region.y);
			scaled.clipRect(region);
			figures.layer().paint(scaled);
			scaled.dispose();
			graphics.dispose();
			return image.getImageData();
		} finally {
			gc.dispose();
			image.dispose();
		}
	}

	private static Set<Integer> colours(ImageData image) {
		Set<Integer> colours = new HashSet<>();
		for (int y = 0; y < image.height; y++) {
			for (int x = 0; x < image.width; x++) {
				org.eclipse.swt.graphics.RGB rgb = image.palette.getRGB(image.getPixel(x, y));
				colours.add(rgb.red << 16 | rgb.green << 8 | rgb.blue);
			}
		}
		return colours;
	}
}
