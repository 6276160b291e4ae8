// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.Stream;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.IFigure;
import org.eclipse.draw2d.geometry.PrecisionPoint;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.text.TextSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CLabel;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.cli.Main;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.ConstructTimeText;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.TimelineLayout;
import org.looptrace.timeline.render.Style;
import org.looptrace.trace.TraceFolder;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The Timeline view in a real workbench, on the shipped examples: opened from the Project Explorer
 * it draws one figure per loop of the model; it zooms; a click on a loop box selects the loop in the
 * model editor and moving the editor's caret (or selecting in the Outline) highlights the figures of the construct there; the
 * rank filter and collapse depth lay out again; its export writes the SVG and PNG of the layout;
 * Colour by Time colours the loops of a run with data traces by the headless profile's times, whose
 * iterations the loop tooltips give; a tooltip stays on the screen.
 */
class TimelineViewTest {

	private static final long WAIT_MILLIS = 60_000;
	private static final String OPEN_TIMELINE = "org.looptrace.timeline.ui.openTimeline";

	private final IProject project = TestProjects.project("timeline view");
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
	void everyExampleModelOpenedFromTheProjectExplorerHasOneFigurePerLoop() throws Exception {
		try (Stream<Path> models = Files.list(examples().resolve("models"))) {
			for (Path path : models.filter(file -> file.toString().endsWith(".loops")).sorted().toList()) {
				IFile model = copy(path);
				ISetSelectionTarget explorer = (ISetSelectionTarget) page.showView(IPageLayout.ID_PROJECT_EXPLORER);
				explorer.selectReveal(new StructuredSelection(model));
				PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(OPEN_TIMELINE, null);
				TimelineView view = (TimelineView) page.findView(TimelineView.ID);
				assertNotNull(view, "the command opens the view");
				TimelineData data = waitForData(view, model);

				Model parsed = ModelText.parse(path);
				long loops = 0;
				for (var contents = parsed.eAllContents(); contents.hasNext();) {
					loops += contents.next() instanceof Loop ? 1 : 0;
				}
				TimelineFigures figures = Objects.requireNonNull(view.figures());
				assertEquals(loops, figures.loops().size(), path.toString());
				assertEquals(data.drawing().arrows().size(), figures.arrows().size(), path.toString());
				assertEquals(TimelineLayout.layout(parsed, data.options()), data.drawing(), "the view draws the headless layout");
				for (TimelineFigures.LoopFigure loop : figures.loops()) {
					Box box = loop.box();
					assertEquals(new Rectangle(TimelineFigures.round(box.x()), TimelineFigures.round(box.y()), TimelineFigures.round(box.width()),
							TimelineFigures.round(box.height())), loop.getBounds(), box.path());
				}
			}
		}
	}

	@Test
	void zoomScalesTheFiguresAndFitShowsTheWholePicture() throws Exception {
		TimelineView view = open("figure8.loops");
		TimelineFigures.LoopFigure loop = Objects.requireNonNull(view.figures()).loops().get(0);
		Rectangle before = absolute(loop);
		double scale = view.scale();
		view.zoom(scale * 2);
		assertEquals(scale * 2, view.scale(), 1e-9);
		Rectangle after = absolute(loop);
		assertEquals(before.width * 2, after.width, 2, "the box is twice as wide");
		assertEquals(before.height * 2, after.height, 2, "the box is twice as high");

		view.fit();
		Drawing drawing = Objects.requireNonNull(view.data()).drawing();
		org.eclipse.swt.graphics.Rectangle area = Objects.requireNonNull(view.canvas()).getClientArea();
		assertTrue(drawing.width() * view.scale() <= area.width + 1 && drawing.height() * view.scale() <= area.height + 1,
				"the picture of " + drawing.width() + " × " + drawing.height() + " fits " + area + " at zoom " + view.scale());
		int scrollBar = 30;
		assertTrue(drawing.width() * view.scale() >= area.width - scrollBar || drawing.height() * view.scale() >= area.height - scrollBar,
				"the picture fills the view in one direction");
	}

	@Test
	void aClickOnEachLoopBoxSelectsItsLoopInTheEditorAtAnyZoom() throws Exception {
		TimelineView view = open("figure8.loops");
		for (double zoom : new double[] { 1, 2.5 }) {
			view.zoom(zoom);
			// zoomed, the overview may come and take the scroll bar's room: the picture is laid out to the new width first
			waitUntil(() -> shows(view, shown -> shown.options().width() == Objects.requireNonNull(view.canvas()).getClientArea().width),
					"the picture takes the view's width");
			TimelineData data = Objects.requireNonNull(view.data());
			TimelineFigures figures = Objects.requireNonNull(view.figures());
			for (TimelineFigures.LoopFigure loop : figures.loops()) {
				Box box = loop.box();
				PrecisionPoint inside = pointOnlyIn(data.drawing(), box);
				Objects.requireNonNull(view.canvas()).scrollTo(0, 0);
				figures.layer().translateToAbsolute(inside);
				click(view, inside.x, inside.y);
				// text editors only: the Welcome page of the first start may be open too
				List<ITextEditor> editors = Arrays.stream(page.getEditorReferences()).map(reference -> reference.getEditor(false))
						.filter(ITextEditor.class::isInstance).map(ITextEditor.class::cast).toList();
				assertEquals(1, editors.size(), "the model's editor is opened once");
				ITextEditor editor = editors.get(0);
				ITextSelection selection = (ITextSelection) editor.getSelectionProvider().getSelection();
				var range = data.ranges().get(box.path());
				assertNotNull(range, box.path());
				assertEquals(range.offset(), selection.getOffset(), box.path());
				assertEquals(range.length(), selection.getLength(), box.path());
				assertTrue(selection.getText().startsWith("for "), selection.getText());
				assertTrue(loop.highlighted(), "the clicked box is highlighted");
			}
		}
	}

	@Test
	void movingTheCaretInTheEditorHighlightsTheFiguresOfTheConstructThere() throws Exception {
		Followed followed = figure8InItsEditor();
		ITextEditor editor = followed.editor();
		TimelineView view = followed.view();
		String text = followed.text();
		String[][] carets = { { "for i1 = 0 to 6", "1.2" }, { "2*i1 send", "1.2.1" }, { "i1 sync", "1.1.1" }, { "for i0", "1" } };
		for (String[] caret : carets) {
			page.activate(editor);
			editor.selectAndReveal(text.indexOf(caret[0]) + 1, 0);
			// the figures drawn now: a resize (the overview coming or going) lays the model out again
			waitUntil(() -> highlights(view, caret[1]), "construct " + caret[1] + " is not highlighted at " + caret[0]);
			assertTrue(Objects.requireNonNull(view.figures()).figures(caret[1]).stream().allMatch(TimelineFigures.ConstructFigure::highlighted));
		}
		editor.selectAndReveal(0, 0); // in the comment before the first construct
		waitUntil(() -> view.figures() instanceof TimelineFigures figures && figures.highlighted().isEmpty(),
				"nothing is highlighted outside constructs");
	}

	/**
	 * A caret moved while the view lays the model out, then a layout again (a resize, other options)
	 * before the first is done: the construct at that caret is highlighted once the last layout is
	 * shown. The event loop runs only at the end, so the jobs' results wait and the order is this one
	 * whatever the machine's load.
	 */
	@Test
	void aCaretMovedWhileTheViewLaysOutIsHighlightedAfterAnotherLayout() throws Exception {
		Followed followed = figure8InItsEditor();
		TimelineView view = followed.view();
		// collapse depths deeper than figure 8's loops: the same picture, laid out again
		view.setOptions("", "8");
		followed.caretSeenIn("2*i1 send");
		view.setOptions("", "9");
		waitUntil(() -> shows(view, data -> data.options().collapse() == 9) && highlights(view, "1.2.1"),
				"the construct at the caret is not highlighted after the second layout");
	}

	/**
	 * A layout cancelled (from the Progress view, maybe before it ran) leaves the view following
	 * the editor: the next caret is highlighted, as no layout is under way any more.
	 */
	@Test
	void afterALayoutIsCancelledTheCaretIsFollowedAgain() throws Exception {
		Followed followed = figure8InItsEditor();
		followed.view().setOptions("", "8");
		Job.getJobManager().cancel(TimelineView.JOB_FAMILY);
		Job.getJobManager().join(TimelineView.JOB_FAMILY, null);
		while (Display.getCurrent().readAndDispatch()) {
			// what the job and its end left for the view
		}
		followed.caretSeenIn("i1 sync");
		waitUntil(() -> highlights(followed.view(), "1.1.1"), "the caret is not followed after a cancelled layout");
	}

	@Test
	void selectingAConstructInTheOutlineHighlightsItsFigures() throws Exception {
		TimelineView view = figure8InItsEditor().view();
		for (String path : new String[] { "1.2", "1.1", "1" }) {
			Workbench.selectInOutline(path, WAIT_MILLIS);
			waitUntil(() -> highlights(view, path), "construct " + path + " selected in the Outline is not highlighted");
		}
	}

	@Test
	void maximizedOrRestoredThePictureTakesTheWidthOfTheView() throws Exception {
		TimelineView view = open("figure8.loops");
		FigureCanvas canvas = Objects.requireNonNull(view.canvas());
		// an overview coming beside the picture narrows it: the picture is laid out again once that settles
		waitUntil(() -> shows(view, data -> data.options().width() == canvas.getClientArea().width),
				"the picture is not laid out to the view's width " + canvas.getClientArea().width);
		int before = Objects.requireNonNull(view.data()).options().width();
		IWorkbenchPartReference reference = page.getReference(view);
		page.setPartState(reference, IWorkbenchPage.STATE_MAXIMIZED);
		int maximized;
		try {
			waitUntil(() -> shows(view, data -> data.options().width() == canvas.getClientArea().width && data.options().width() > before),
					"maximized, the picture is not laid out to the view's width " + canvas.getClientArea().width);
			maximized = Objects.requireNonNull(view.data()).options().width();
			assertEquals(maximized, Objects.requireNonNull(view.data()).drawing().width(), 0.5);
		} finally {
			page.setPartState(reference, IWorkbenchPage.STATE_RESTORED);
		}
		waitUntil(() -> shows(view, data -> data.options().width() == canvas.getClientArea().width && data.options().width() < maximized),
				"restored, the picture is not laid out to the view's width again");
	}

	@Test
	void anOverviewIsShownWhileThePictureIsLargerThanTheView() throws Exception {
		TimelineView view = open("figure8.loops");
		view.fit();
		waitUntil(() -> !view.overviewShown(), "fitted, the picture needs no overview");
		view.zoom(view.scale() * 4);
		waitUntil(view::overviewShown, "zoomed in, the overview shows the whole picture");
		view.fit();
		waitUntil(() -> !view.overviewShown(), "fitted again, the overview goes");
	}

	/**
	 * Fit pressed while the picture is zoomed in beside its overview hides the overview: the view
	 * widens and the model is laid out again to its width. The picture is fitted again once that
	 * layout is shown, not left at the zoom that fitted the narrower picture.
	 */
	@Test
	void fitPressedWhileARelayoutIsPendingFitsThePictureLaidOutAgain() throws Exception {
		IFile model = write("wide.loops", "0 send 1 7\n1 recv 0 7\n1 send 0 8\n0 recv 1 8\n");
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		view.show(model);
		waitForData(view, model);
		FigureCanvas canvas = Objects.requireNonNull(view.canvas());
		view.zoom(view.scale() * 4);
		waitUntil(() -> view.overviewShown() && shows(view, data -> data.options().width() == canvas.getClientArea().width),
				"zoomed in, the picture is not laid out beside its overview");
		int narrow = canvas.getClientArea().width;
		view.fit();
		waitUntil(() -> !view.overviewShown() && shows(view, data -> data.options().width() == canvas.getClientArea().width
				&& canvas.getClientArea().width > narrow), "fitted, the picture is not laid out to the whole view");
		Workbench.runEventLoop(500); // a fit after the layout would come meanwhile
		Drawing drawing = Objects.requireNonNull(view.data()).drawing();
		assertEquals(canvas.getClientArea().width, drawing.width() * view.scale(), 1,
				"the picture of " + drawing.width() + " pixels fits the view at zoom " + view.scale());
	}

	@Test
	void theRankFilterAndCollapseDepthLayOutAgainAndBadValuesAreMessages() throws Exception {
		TimelineView view = open("figure8.loops");
		view.setOptions("0-1,5", "");
		waitUntil(() -> shows(view, data -> data.drawing().rankLines().size() == 3), "the rank filter draws 3 ranks");
		view.setOptions("", "1");
		waitUntil(() -> shows(view, data -> data.options().ranks() == null && data.options().collapse() == 1), "collapse depth 1");
		TimelineFigures figures = Objects.requireNonNull(view.figures());
		assertEquals(16, Objects.requireNonNull(view.data()).drawing().rankLines().size());
		assertTrue(figures.loops().size() > 1);
		assertTrue(figures.loops().stream().allMatch(loop -> loop.box().collapsed() == (loop.box().depth() == 2)));
		view.setOptions("", "0");
		waitUntil(() -> shows(view, data -> data.options().collapse() == 0), "collapse depth 0");
		assertEquals(1, Objects.requireNonNull(view.figures()).loops().size(), "only the outer loop");
		assertTrue(Objects.requireNonNull(view.figures()).loops().get(0).box().collapsed());

		view.setOptions("x", "");
		assertTrue(view.statusText().startsWith("Ranks 'x'"), view.statusText());
		view.setOptions("", "deep");
		assertTrue(view.statusText().startsWith("Collapse depth 'deep'"), view.statusText());
	}

	/**
	 * A bad value left in a field does not keep another model from being drawn: it is drawn with the
	 * fields' last valid values, the bad field marked and its problem above the summary.
	 */
	@Test
	void anotherModelIsDrawnWhileAFieldHoldsABadValue() throws Exception {
		TimelineView view = open("figure8.loops");
		view.setOptions("0-1,5", "");
		waitUntil(() -> shows(view, data -> data.drawing().rankLines().size() == 3), "the rank filter draws 3 ranks");
		view.setOptions("abc", "");
		assertTrue(view.ranksMarked(), "the bad field is not marked");

		IFile other = copy(examples().resolve("models").resolve("figure3.loops"));
		view.show(other);
		TimelineData data = waitForData(view, other);
		assertEquals(RankSet.valueOf("0-1,5"), data.options().ranks(), "the last valid rank filter");
		assertTrue(view.statusText().startsWith("Ranks 'abc'"), view.statusText());
		assertTrue(view.statusText().contains(other.getFullPath().toString()), "no summary of the new model: " + view.statusText());
		assertTrue(view.ranksMarked(), "the bad field is no longer marked");

		view.setOptions("", "");
		waitUntil(() -> shows(view, shown -> shown.options().ranks() == null), "all ranks once the field is emptied");
		assertFalse(view.ranksMarked());
		assertFalse(view.statusText().startsWith("Ranks"), view.statusText());
	}

	@Test
	void theExportWritesTheSvgAndPngOfTheLayout(@TempDir Path dir) throws Exception {
		TimelineView view = open("figure8.loops");
		Drawing drawing = Objects.requireNonNull(view.data()).drawing();
		Path svg = dir.resolve("timeline.svg");
		TimelineExportTest.finish(view.export(svg));
		DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
		Document document = factory.newDocumentBuilder().parse(svg.toFile()); // well-formed, or it throws
		assertEquals("svg", document.getDocumentElement().getTagName());
		assertEquals(drawing.boxes().size(), count(document, "loop"));
		assertEquals(drawing.arrows().size(), count(document, "message"));
		assertEquals(drawing.collectives().size(), count(document, "collective"));
		assertEquals(drawing.rankLines().size(), count(document, "rank-line"));
		assertFalse(drawing.boxes().isEmpty() || drawing.arrows().isEmpty() || drawing.collectives().isEmpty());

		Path png = dir.resolve("timeline.png");
		TimelineExportTest.finish(view.export(png));
		var image = ImageIO.read(png.toFile());
		assertEquals(Math.round(drawing.width()), image.getWidth());
	}

	@Test
	void aBadModelIsAMessageInTheView() throws Exception {
		IFile bad = write("bad.loops", "for i0 = 0 to\n  0 send 1 7\ndone\n");
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		view.show(bad);
		waitUntil(() -> view.statusText().contains("not a valid model"), "no message for the bad model: " + view.statusText());
		assertNull(view.data());
		assertNull(view.figures());
	}

	@Test
	void aModelWithoutEventsIsAMessageInTheView() throws Exception {
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		for (String[] file : new String[][] { { "empty.loops", "" }, { "comment.loops", "// no event yet\n" } }) {
			IFile empty = write(file[0], file[1]);
			view.show(empty);
			waitUntil(() -> view.statusText().startsWith(empty.getFullPath() + " holds no event"),
					"no message for " + file[0] + ": " + view.statusText());
			assertTrue(Objects.requireNonNull(view.data()).drawing().rankLines().isEmpty(), file[0]);
		}
	}

	@Test
	void aDoubleClickOnALoopClosesItAndASecondOneOpensItAgain() throws Exception {
		TimelineView view = open("figure8.loops");
		TimelineData data = Objects.requireNonNull(view.data());
		Box outer = data.drawing().boxes().stream().filter(box -> box.depth() == 1).findFirst().orElseThrow();
		long inside = data.drawing().boxes().stream().filter(box -> box.path().startsWith(outer.path() + ".")).count();
		assertTrue(inside > 0, "figure 8's outer loop holds loops");
		PrecisionPoint point = pointOnlyIn(data.drawing(), outer);
		Objects.requireNonNull(view.figures()).layer().translateToAbsolute(point);
		doubleClick(view, point.x, point.y);
		waitUntil(() -> shows(view, shown -> shown.options().closed().equals(java.util.Set.of(outer.path()))),
				"the double-clicked loop is not closed: " + view.statusText());
		Drawing closed = Objects.requireNonNull(view.data()).drawing();
		assertTrue(closed.boxes().stream().anyMatch(box -> box.path().equals(outer.path()) && box.collapsed()));
		assertEquals(data.drawing().boxes().size() - inside, closed.boxes().size(), "its inner loops are hidden");
		assertEquals(closed.boxes().size(), Objects.requireNonNull(view.figures()).loops().size(), "one figure per box drawn");
		doubleClick(view, point.x, point.y);
		waitUntil(() -> shows(view, shown -> shown.options().closed().isEmpty()), "a second double click does not open it");
		assertEquals(data.drawing().boxes().size(), Objects.requireNonNull(view.data()).drawing().boxes().size());
	}

	@Test
	void colourByTimeColoursTheLoopsAsTheHeadlessProfileAndTheirTooltipsGiveIterations() throws Exception {
		Path example = examples().resolve("wavefront-16");
		IFile model = TestProjects.modelledRun(project, "wavefront-16", folder -> {
			try (Stream<Path> files = Files.list(example)) {
				for (Path file : files.filter(TraceFolder::isRunFile).toList()) {
					Files.copy(file, folder.resolve(file.getFileName()));
				}
			}
		}, Main::run);
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		view.show(model);
		TimelineData data = waitForData(view, model);
		assertTrue(view.canColourByTime(), "the run has data traces: " + view.statusText());
		assertFalse(view.legendShown());
		TimeProfile profile = TimeProfile.of(ModelText.parse(TestProjects.text(model), model.getName()),
				model.getParent().getLocation().toPath(), Progress.NONE);
		Map<String, Long> loops = new HashMap<>();
		for (ConstructTime construct : profile.constructs()) {
			if (construct.iterations() != null) {
				loops.put(construct.path(), construct.totalTime());
				TimelineFigures.LoopFigure figure = loopFigure(view, construct.path());
				String tooltip = Objects.requireNonNull(Objects.requireNonNull(view.figures()).tooltip(figure));
				// the same lines as the editor's hover
				assertTrue(tooltip.contains(ConstructTimeText.of(profile, construct)), tooltip);
			}
		}
		assertEquals(loops, data.times().totals(), "the loops' times are the headless profile's");
		for (TimelineFigures.LoopFigure figure : Objects.requireNonNull(view.figures()).loops()) {
			assertEquals(rgb(Style.gray(figure.box().depth())), rgb(figure), "gray before colouring: " + figure.box().path());
		}

		view.colourByTime(true);
		assertTrue(view.legendShown(), "the legend of the colours is shown");
		TimeColours expected = TimeColours.of(data.drawing(), loops);
		for (TimelineFigures.LoopFigure figure : Objects.requireNonNull(view.figures()).loops()) {
			Integer colour = expected.colour(figure.box().path());
			assertEquals(rgb(colour != null ? colour : Style.gray(figure.box().depth())), rgb(figure), figure.box().path());
		}
		assertTrue(Objects.requireNonNull(view.figures()).loops().stream()
				.anyMatch(figure -> rgb(figure) == TimeColours.SCALE.get(TimeColours.SCALE.size() - 1)), "the longest loop is the deepest");

		view.colourByTime(false);
		assertFalse(view.legendShown());
		for (TimelineFigures.LoopFigure figure : Objects.requireNonNull(view.figures()).loops()) {
			assertEquals(rgb(Style.gray(figure.box().depth())), rgb(figure), "gray again: " + figure.box().path());
		}
	}

	/** A model made from an OTF2 archive: the view converts the archive in its job and shows the times of its data. */
	@Test
	void theLoopsOfAnArchivesModelHaveTheTimesOfTheArchivesData(@TempDir Path dir) throws Exception {
		IFile model = ArchiveRuns.modelled(project, dir.resolve("scorep-run"), 5);
		Model parsed = ModelText.parse(TestProjects.text(model), model.getName());
		TimeProfile profile = TimeProfile.of(parsed, ArchiveRuns.convertedApart(model, dir.resolve("apart")), Progress.NONE);
		Map<String, Long> loops = new HashMap<>();
		for (ConstructTime construct : profile.constructs()) {
			if (construct.iterations() != null) {
				loops.put(construct.path(), construct.totalTime());
			}
		}
		assertFalse(loops.isEmpty(), "the model has loops");
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		view.show(model);
		waitUntil(() -> shows(view, data -> data.times().totals().equals(loops)), "no time of the archive: " + view.statusText());
		assertTrue(view.canColourByTime(), view.statusText());
		for (String path : loops.keySet()) {
			String tooltip = Objects.requireNonNull(Objects.requireNonNull(view.figures()).tooltip(loopFigure(view, path)));
			ConstructTime construct = profile.constructs().stream().filter(c -> c.path().equals(path)).findFirst().orElseThrow();
			assertTrue(tooltip.contains(ConstructTimeText.of(profile, construct)), tooltip);
		}
	}

	@Test
	void aBrokenArchiveIsAMessageNamingItsAnchor(@TempDir Path dir) throws Exception {
		IFile model = ArchiveRuns.broken(project, dir.resolve("broken-run"), 3);
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		view.show(model);
		TimelineData data = waitForData(view, model);
		assertTrue(data.times().totals().isEmpty());
		assertFalse(view.canColourByTime());
		String status = view.statusText();
		assertTrue(status.contains("No time for the loops") && status.contains(ArchiveRuns.anchor(model).toString()), status);
		assertFalse(status.contains("Exception"), status);
	}

	/**
	 * A tooltip placed for random pointers, sizes and monitors (some left of or above the first)
	 * stays inside the monitor's client area, right of and below the pointer where it fits, flipped
	 * beside it where it fits there.
	 */
	@Test
	void aPlacedTooltipStaysInTheAreaAndFlipsAwayFromTheEdgesItWouldCross() {
		Random random = new Random(7);
		for (int i = 0; i < 100_000; i++) {
			org.eclipse.swt.graphics.Rectangle area = new org.eclipse.swt.graphics.Rectangle(random.nextInt(4001) - 2000,
					random.nextInt(2001) - 1000, 200 + random.nextInt(3000), 200 + random.nextInt(2000));
			Point pointer = new Point(area.x + random.nextInt(area.width), area.y + random.nextInt(area.height));
			Point size = new Point(1 + random.nextInt(area.width * 3 / 2), 1 + random.nextInt(area.height * 3 / 2));
			Point placed = FigureToolTip.place(area, pointer, size);
			String where = area + " " + pointer + " " + size + " -> " + placed;
			assertTrue(area.contains(placed), "the top left corner is on the monitor: " + where);
			if (size.x <= area.width && size.y <= area.height) {
				assertTrue(area.contains(placed.x + size.x - 1, placed.y + size.y - 1), "the tooltip is on the monitor: " + where);
			}
			checkSide(area.x + area.width, pointer.x, size.x, placed.x, FigureToolTip.GAP_X, FigureToolTip.GAP_X, area.x, where);
			checkSide(area.y + area.height, pointer.y, size.y, placed.y, FigureToolTip.GAP_BELOW, FigureToolTip.GAP_ABOVE, area.y, where);
		}
	}

	/** Along one axis from {@code start} to {@code end}: after the pointer where there is room, else before it where there is. */
	private static void checkSide(int end, int pointer, int size, int placed, int after, int before, int start, String where) {
		if (pointer + after + size <= end) {
			assertEquals(pointer + after, placed, "not flipped where it fits: " + where);
		} else if (pointer - before - size >= start) {
			assertEquals(pointer - before - size, placed, "flipped, beside the pointer: " + where);
		}
	}

	/**
	 * In a window filling the screen, the tooltip of a loop hovered beside the right edge, where it
	 * would cross that edge, opens on the left of the pointer, inside the display's client area.
	 */
	@Test
	void theTooltipOfALoopHoveredBesideTheRightEdgeOfTheScreenOpensLeftOfThePointer() throws Exception {
		TimelineView view = open("figure8.loops");
		Shell window = page.getWorkbenchWindow().getShell();
		org.eclipse.swt.graphics.Rectangle windowBounds = window.getBounds();
		org.eclipse.swt.graphics.Rectangle screen = window.getMonitor().getClientArea();
		IWorkbenchPartReference reference = page.getReference(view);
		try {
			window.setBounds(screen);
			page.setPartState(reference, IWorkbenchPage.STATE_MAXIMIZED);
			FigureCanvas canvas = Objects.requireNonNull(view.canvas());
			waitUntil(() -> shows(view, data -> data.options().width() == canvas.getClientArea().width)
					&& canvas.getClientArea().width > screen.width / 2, "the picture is not laid out to the maximized view");
			TimelineFigures figures = Objects.requireNonNull(view.figures());
			canvas.getLightweightSystem().getUpdateManager().performValidation(); // the figures placed, as before any hover
			Point hovered = loopBesideTheRightEdge(canvas, figures);
			Point pointer = canvas.toDisplay(hovered);
			List<Shell> before = Arrays.asList(window.getShells());
			Event hover = new Event();
			hover.x = hovered.x;
			hover.y = hovered.y;
			canvas.notifyListeners(SWT.MouseHover, hover);
			Shell[] tip = new Shell[1];
			waitUntil(() -> (tip[0] = Arrays.stream(window.getShells()).filter(shell -> !before.contains(shell) && shell.isVisible())
					.findFirst().orElse(null)) != null, "no tooltip opened");
			org.eclipse.swt.graphics.Rectangle bounds = tip[0].getBounds();
			IFigure loop = Objects.requireNonNull(figures.withTooltipAt(hovered.x, hovered.y));
			assertEquals(figures.tooltip(loop), label(tip[0]).getText(), "the loop's tooltip");
			assertTrue(pointer.x + FigureToolTip.GAP_X + bounds.width > screen.x + screen.width,
					"right of the pointer " + pointer + ", the tooltip " + bounds + " would cross the right edge of the screen " + screen);
			assertEquals(bounds, bounds.intersection(window.getDisplay().getClientArea()), "within the display's client area");
			assertEquals(bounds, bounds.intersection(screen), "within the monitor's client area");
			assertTrue(bounds.x + bounds.width <= pointer.x, "the tooltip opens left of the pointer " + pointer + ": " + bounds);

			Event away = new Event();
			away.x = hovered.x - 50;
			away.y = hovered.y;
			canvas.notifyListeners(SWT.MouseMove, away);
			waitUntil(() -> tip[0].isDisposed() || !tip[0].isVisible(), "the tooltip stays when the pointer moves");
		} finally {
			page.setPartState(reference, IWorkbenchPage.STATE_RESTORED);
			window.setBounds(windowBounds);
		}
	}

	/** A point of the canvas near its right edge where the figure with a tooltip is a loop's box. */
	private static Point loopBesideTheRightEdge(FigureCanvas canvas, TimelineFigures figures) {
		org.eclipse.swt.graphics.Rectangle area = canvas.getClientArea();
		for (int x = area.width - 3; x > area.width - 60; x--) {
			for (int y = 1; y < area.height - 1; y++) {
				if (figures.withTooltipAt(x, y) instanceof TimelineFigures.LoopFigure) {
					return new Point(x, y);
				}
			}
		}
		throw new AssertionError("no loop beside the right edge of the canvas " + area);
	}

	/** The label of a tooltip's shell. */
	private static CLabel label(Shell tip) {
		return Arrays.stream(tip.getChildren()).filter(CLabel.class::isInstance).map(CLabel.class::cast).findFirst()
				.orElseThrow(() -> new AssertionError("the tooltip holds no label"));
	}

	@Test
	void aModelWithoutDataTracesCannotBeColouredByTime() throws Exception {
		TimelineView view = open("figure8.loops");
		assertFalse(view.canColourByTime());
		assertTrue(Objects.requireNonNull(view.data()).times().totals().isEmpty());
	}

	private static TimelineFigures.LoopFigure loopFigure(TimelineView view, String path) {
		return Objects.requireNonNull(view.figures()).loops().stream().filter(figure -> figure.box().path().equals(path)).findFirst()
				.orElseThrow(() -> new AssertionError("no box of loop " + path));
	}

	private static int rgb(TimelineFigures.LoopFigure figure) {
		org.eclipse.swt.graphics.RGB rgb = figure.getBackgroundColor().getRGB();
		return rgb.red << 16 | rgb.green << 8 | rgb.blue;
	}

	private static int rgb(int rgb) {
		return rgb & 0xffffff;
	}

	private static void doubleClick(TimelineView view, int x, int y) {
		Event event = new Event();
		event.type = SWT.MouseDoubleClick;
		event.button = 1;
		event.x = x;
		event.y = y;
		Objects.requireNonNull(view.canvas()).notifyListeners(SWT.MouseDoubleClick, event);
	}

	/** A model open in its editor and in the view, which follows the editor. */
	private record Followed(ITextEditor editor, TimelineView view, String text) {

		/**
		 * Gives the view the editor's caret in the first occurrence of some text of the model, as a
		 * post selection of the editor does, without running the event loop.
		 */
		void caretSeenIn(String part) {
			IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
			view.follow(editor, new TextSelection(document, text.indexOf(part) + 1, 0));
		}
	}

	/** Figure 8 opened in its editor, and the view shown beside it once it shows the model. */
	private Followed figure8InItsEditor() throws Exception {
		IFile model = copy(examples().resolve("models").resolve("figure8.loops"));
		ITextEditor editor = (ITextEditor) IDE.openEditor(page, model);
		TimelineView view = (TimelineView) page.showView(TimelineView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		return new Followed(editor, view, waitForData(view, model).text());
	}

	/** Whether the figures drawn highlight the construct of a path, and only it. */
	private static boolean highlights(TimelineView view, String path) {
		return view.figures() instanceof TimelineFigures figures && !figures.highlighted().isEmpty()
				&& figures.highlighted().equals(figures.figures(path));
	}

	private TimelineView open(String example) throws Exception {
		IFile model = copy(examples().resolve("models").resolve(example));
		TimelineView view = (TimelineView) page.showView(TimelineView.ID);
		view.show(model);
		waitForData(view, model);
		return view;
	}

	private static Rectangle absolute(TimelineFigures.LoopFigure loop) {
		Rectangle bounds = loop.getBounds().getCopy();
		loop.translateToAbsolute(bounds);
		return bounds;
	}

	/** A point of a box where the layout finds that box and nothing else (no inner box, event or arrow). */
	static PrecisionPoint pointOnlyIn(Drawing drawing, Box box) {
		for (double y = box.y() + 1; y < box.y() + box.height(); y += 1) {
			for (double x = box.x() + 1; x < box.x() + box.width(); x += 1) {
				if (box.path().equals(drawing.constructAt(x, y))) {
					return new PrecisionPoint(x, y);
				}
			}
		}
		throw new AssertionError("box " + box.path() + " is covered by what it holds");
	}

	static void click(TimelineView view, int x, int y) {
		var canvas = Objects.requireNonNull(view.canvas());
		for (int type : new int[] { SWT.MouseDown, SWT.MouseUp }) {
			Event event = new Event();
			event.type = type;
			event.button = 1;
			event.x = x;
			event.y = y;
			canvas.notifyListeners(type, event);
		}
		while (Display.getCurrent().readAndDispatch()) {
			// let the editor take the selection
		}
	}

	private static long count(Document document, String cssClass) {
		NodeList all = document.getElementsByTagName("*");
		long count = 0;
		for (int i = 0; i < all.getLength(); i++) {
			if (all.item(i) instanceof Element element && cssClass.equals(element.getAttribute("class"))) {
				count++;
			}
		}
		return count;
	}

	private IFile copy(Path example) throws Exception {
		return TestProjects.copy(example, project);
	}

	private IFile write(String name, String text) throws CoreException {
		return TestProjects.write(project, name, text);
	}

	private static Path examples() {
		return TestProjects.examples();
	}

	/** Waits until the view shows the layout of a model file. */
	private static TimelineData waitForData(TimelineView view, IFile model) throws Exception {
		String text = TestProjects.text(model);
		waitUntil(() -> shows(view, data -> data.text().equals(text)), "the view shows no layout of " + model + ": " + view.statusText());
		return Objects.requireNonNull(view.data());
	}

	/** Whether the view shows a layout that meets a condition, every figure of it added. */
	private static boolean shows(TimelineView view, Predicate<TimelineData> condition) {
		TimelineData data = view.data();
		return data != null && view.drawn() && condition.test(data);
	}

	private static void waitUntil(BooleanSupplier condition, String failure) {
		Workbench.waitUntil(WAIT_MILLIS, condition, failure);
	}
}
