// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.IFigure;
import org.eclipse.draw2d.SWTGraphics;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPartReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.lang.ModelText;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.TimelineLayout;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The Timeline view on a model of 4,096 ranks (a halo exchange on a grid of 64 × 64 ranks: 16,128
 * messages, tens of thousands of elements drawn), and the Communication Matrix view on a million
 * pairs (every one of 1,024 ranks sending to every one of 1,024 others): their exports run in a job
 * while the workbench handles its events, and a cancelled export leaves no file and the file it was
 * to replace as it was. Zoomed out, the timeline's figures are added a slice at a time between the
 * workbench's events; figures added in slices are drawn exactly as figures added at once, on every
 * example model.
 */
class TimelineExportTest {

	private static final long WAIT_MILLIS = 120_000;
	/** The ranks that send, and those that receive, in the matrix exported. */
	private static final int SIDE = 1024;

	private final IProject project = TestProjects.project("timeline export");
	private final IWorkbenchPage page = Workbench.page();

	@BeforeEach
	void createProject() throws Exception {
		TestProjects.create(project);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		Job.getJobManager().cancel(TimelineExport.FAMILY);
		TestProjects.delete(project, TimelineView.ID, MatrixView.ID);
	}

	/** Waits until an export job ends, running the event loop meanwhile. */
	static void finish(@Nullable Job export) {
		Job job = Objects.requireNonNull(export, "the view shows nothing to export");
		Workbench.waitUntil(WAIT_MILLIS, () -> job.getResult() != null, "the export does not end");
	}

	@Test
	void theExportOfAHugeModelRunsInAJobWhileTheWorkbenchHandlesItsEvents(@TempDir Path dir) throws Exception {
		TimelineView view = showHalo();
		Drawing drawing = Objects.requireNonNull(view.data()).drawing();
		Path png = dir.resolve("halo.png");
		assertEventsHandledDuring(Objects.requireNonNull(view.export(png)));
		assertEquals(Math.round(drawing.width()), ImageIO.read(png.toFile()).getWidth());
		assertEquals(List.of(png), files(dir), "no temporary file is left");
	}

	@Test
	void aCancelledExportLeavesNoFileAndTheFileItWasToReplaceAsItWas(@TempDir Path dir) throws Exception {
		TimelineView view = showHalo();
		for (String name : List.of("halo.png", "halo.svg")) {
			Path target = dir.resolve(name);
			byte[] older = ("an older picture, " + name).getBytes(StandardCharsets.UTF_8);
			Files.write(target, older);
			Workbench.cancelAtOnce(() -> view.export(target), WAIT_MILLIS);
			assertArrayEquals(older, Files.readAllBytes(target), name + " is as it was");
			assertEquals(List.of(target), files(dir), "no temporary file is left beside " + name);
			Files.delete(target);

			Job whole = Objects.requireNonNull(view.export(target));
			finish(whole);
			assertEquals(IStatus.OK, whole.getResult().getSeverity(), whole.getResult()::toString);
			assertTrue(Files.size(target) > 100_000, name + " is written when not cancelled");
			Files.delete(target);
		}
	}

	@Test
	void theCsvExportOfAMillionPairsRunsInAJobWhileTheWorkbenchHandlesItsEvents(@TempDir Path dir) throws Exception {
		MatrixView view = showAllToAll();
		Path csv = dir.resolve("all.csv");
		assertEventsHandledDuring(Objects.requireNonNull(view.export(csv)));
		try (Stream<String> lines = Files.lines(csv)) {
			assertEquals(1 + (long) SIDE * SIDE, lines.count(), "the header and a row per pair");
		}
		assertEquals(List.of(csv), files(dir), "no temporary file is left");
	}

	@Test
	void aCancelledCsvExportLeavesTheFileItWasToReplaceAsItWas(@TempDir Path dir) throws Exception {
		MatrixView view = showAllToAll();
		Path csv = dir.resolve("all.csv");
		byte[] older = "an older export\n".getBytes(StandardCharsets.UTF_8);
		Files.write(csv, older);
		Workbench.cancelAtOnce(() -> view.export(csv), WAIT_MILLIS);
		assertArrayEquals(older, Files.readAllBytes(csv), "the older export is as it was");
		assertEquals(List.of(csv), files(dir), "no temporary file is left");

		Job whole = Objects.requireNonNull(view.export(csv));
		finish(whole);
		assertEquals(IStatus.OK, whole.getResult().getSeverity(), whole.getResult()::toString);
		assertEquals("source,destination,messages", Files.readAllLines(csv).get(0), "the export is written when not cancelled");
	}

	/** Asserts that an event posted once {@code export} is scheduled is handled before it ends, and that it ends well. */
	private static void assertEventsHandledDuring(Job export) {
		AtomicBoolean handled = new AtomicBoolean();
		AtomicBoolean exportRunning = new AtomicBoolean();
		Display.getCurrent().asyncExec(() -> {
			exportRunning.set(export.getResult() == null);
			handled.set(true);
		});
		Workbench.waitUntil(WAIT_MILLIS, handled::get, "the event posted is not handled");
		assertTrue(exportRunning.get(), "an event posted after the export started is handled before the export ends");
		finish(export);
		assertEquals(IStatus.OK, export.getResult().getSeverity(), export.getResult()::toString);
	}

	@Test
	void theFiguresOfAHugeModelAreAddedASliceAtATimeBetweenTheWorkbenchsEvents() throws Exception {
		TimelineView view = showHalo();
		IWorkbenchPartReference reference = page.getReference(view);
		page.setPartState(reference, IWorkbenchPage.STATE_MAXIMIZED);
		try {
			FigureCanvas canvas = Objects.requireNonNull(view.canvas());
			Workbench.waitUntil(WAIT_MILLIS, () -> view.drawn() && Objects.requireNonNull(view.data()).options().width() == canvas.getClientArea().width,
					"maximized, the picture is not laid out again");
			// zoomed out as far as figures are made, the overview beside: laid out again for its width
			view.zoom(TimelineView.FIGURES_MIN_ZOOM);
			Workbench.waitUntil(WAIT_MILLIS, () -> view.drawn() && Objects.requireNonNull(view.data()).options().width() == canvas.getClientArea().width,
					"zoomed out, the picture is not laid out again");
			// tens of thousands of figures in a region not in view yet
			canvas.scrollToY(canvas.getViewport().getVerticalRangeModel().getMaximum() / 2);
			assertFalse(view.drawn(), "the first slice of the figures is added with the scroll");
			slicesBetweenEvents(view);
		} finally {
			page.setPartState(reference, IWorkbenchPage.STATE_RESTORED);
		}
	}

	/** Checks that the figures being made are added a slice at a time between events, in the order of a whole build. */
	private static void slicesBetweenEvents(TimelineView view) {
		AtomicBoolean handled = new AtomicBoolean();
		AtomicBoolean drawnThen = new AtomicBoolean();
		Display.getCurrent().asyncExec(() -> {
			drawnThen.set(view.drawn());
			handled.set(true);
		});
		Workbench.waitUntil(WAIT_MILLIS, handled::get, "the event posted is not handled");
		assertFalse(drawnThen.get(), "an event posted after the first slice is handled before the last slice");
		Workbench.waitUntil(WAIT_MILLIS, view::drawn, "the figures are not all added");

		TimelineData data = Objects.requireNonNull(view.data());
		TimelineFigures figures = Objects.requireNonNull(view.figures());
		// the last slice laid out, as the canvas does before it paints
		Objects.requireNonNull(view.canvas()).getLightweightSystem().getUpdateManager().performValidation();
		assertTrue(figures.figureCount() > 3_000, figures.figureCount() + " figures");
		TimelineFigures atOnce = atOnce(data.drawing(), figures.layer().getFont());
		layOut(atOnce, data.drawing());
		List<String> whole = outline(atOnce.layer());
		List<String> made = outline(figures.layer());
		int next = 0;
		for (String figure : made) {
			while (next < whole.size() && !whole.get(next).equals(figure)) {
				next++;
			}
			assertTrue(next < whole.size(), figure + " is not drawn in the order of the whole build");
			next++;
		}
	}

	@Test
	void everyExampleModelIsDrawnTheSameWhetherItsFiguresAreAddedInSlicesOrAtOnce() throws Exception {
		try (Stream<Path> models = Files.list(TestProjects.examples().resolve("models"))) {
			for (Path path : models.filter(file -> file.toString().endsWith(".loops")).sorted().toList()) {
				Drawing drawing = TimelineLayout.layout(ModelText.parse(path), LayoutOptions.DEFAULTS);
				if (drawing.isEmpty()) {
					continue;
				}
				Font font = Display.getCurrent().getSystemFont();
				TimelineFigures sliced = figures(drawing, font);
				int slices = 0;
				while (!sliced.build(1)) {
					slices++;
				}
				assertTrue(slices > 1, path + " is added in " + slices + " slices");
				ImageData expected = picture(atOnce(drawing, font), drawing);
				ImageData actual = picture(sliced, drawing);
				assertArrayEquals(expected.data, actual.data, path + ": the same pixels");
			}
		}
	}

	/** The class and bounds of each figure of a layer, in the order they are drawn (the figures of a group in its place). */
	static List<String> outline(IFigure layer) {
		List<String> outline = new ArrayList<>();
		for (Object child : layer.getChildren()) { // a raw list in draw2d 3.2
			IFigure figure = (IFigure) child;
			if (figure.getChildren().isEmpty() && !figure.getClass().getSimpleName().equals("GroupFigure")) {
				outline.add(figure.getClass().getSimpleName() + figure.getBounds());
			} else {
				outline.addAll(outline(figure));
			}
		}
		return outline;
	}

	static TimelineFigures figures(Drawing drawing, Font font) {
		return new TimelineFigures(new PictureBands(drawing), Map.of(), new TimelineFigures.ColorCache(), font, TimeColours.NONE, Map.of());
	}

	private static TimelineFigures atOnce(Drawing drawing, Font font) {
		TimelineFigures figures = figures(drawing, font);
		assertTrue(figures.build(Integer.MAX_VALUE));
		return figures;
	}

	/** Lays out a layer of figures, as a canvas does, over the whole picture. */
	private static void layOut(TimelineFigures figures, Drawing drawing) {
		figures.layer().setBounds(new Rectangle(0, 0, (int) Math.ceil(drawing.width()), (int) Math.ceil(drawing.height())));
		figures.layer().validate();
	}

	/** What a layer of figures paints, laid out over the whole picture. */
	private static ImageData picture(TimelineFigures figures, Drawing drawing) {
		int width = (int) Math.ceil(drawing.width());
		int height = (int) Math.ceil(drawing.height());
		IFigure layer = figures.layer();
		layOut(figures, drawing);
		Image image = new Image(Display.getCurrent(), width, height);
		GC gc = new GC(image);
		try {
			SWTGraphics graphics = new SWTGraphics(gc);
			layer.paint(graphics);
			graphics.dispose();
			return image.getImageData();
		} finally {
			gc.dispose();
			image.dispose();
		}
	}

	/** The view showing the halo exchange on 4,096 ranks, every figure added. */
	private TimelineView showHalo() throws Exception {
		IFile model = TestProjects.write(project, "halo.loops", halo(64));
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		view.show(model);
		Workbench.waitUntil(WAIT_MILLIS, () -> view.data() != null && view.drawn(), () -> "no layout: " + view.statusText());
		return view;
	}

	/** The Communication Matrix view, its heat map hidden, showing every one of {@link #SIDE} ranks sending to every one of {@link #SIDE} others. */
	private MatrixView showAllToAll() throws Exception {
		String model = """
				for i0 = 0 to %1$d
				  for i1 = 0 to %1$d
				    i0 send %2$d+i1 tag1
				  done
				done
				""".formatted(SIDE - 1, SIDE);
		IFile file = TestProjects.write(project, "all.loops", model);
		MatrixView view = (MatrixView) page.showView(MatrixView.ID);
		view.show(file);
		Workbench.waitUntil(WAIT_MILLIS, () -> view.data() != null, () -> "no matrix: " + view.statusText());
		while (Display.getCurrent().readAndDispatch()) {
			// handles every event pending
		}
		return view;
	}

	private static List<Path> files(Path dir) throws Exception {
		try (Stream<Path> files = Files.list(dir)) {
			return files.sorted().toList();
		}
	}

	/**
	 * The model {@code looptrace model} makes of {@code looptrace generate halo --iterations 3} on a
	 * grid of {@code side} × {@code side} ranks: messages to the four neighbours, not periodic.
	 */
	static String halo(int side) {
		return """
				for i0 = 0 to 2
				  for i1 = 0 to %1$d
				    %2$d+i1 send i1 tag3
				  done
				  for i1 = 0 to %1$d
				    i1 send %2$d+i1 tag4
				  done
				  for i1 = 0 to %3$d
				    for i2 = 0 to %4$d
				      1+%2$d*i1+i2 send %2$d*i1+i2 tag1
				    done
				  done
				  for i1 = 0 to %3$d
				    for i2 = 0 to %4$d
				      %2$d*i1+i2 send 1+%2$d*i1+i2 tag2
				    done
				  done
				  for i1 = 0 to %1$d
				    i1 recv %2$d+i1 tag4
				  done
				  for i1 = 0 to %1$d
				    %2$d+i1 recv i1 tag3
				  done
				  for i1 = 0 to %3$d
				    for i2 = 0 to %4$d
				      %2$d*i1+i2 recv 1+%2$d*i1+i2 tag2
				    done
				  done
				  for i1 = 0 to %3$d
				    for i2 = 0 to %4$d
				      1+%2$d*i1+i2 recv %2$d*i1+i2 tag1
				    done
				  done
				done
				""".formatted(side * side - side - 1, side, side - 1, side - 2);
	}
}
