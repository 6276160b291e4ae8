// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.graphics.Point;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.analysis.matrix.CommunicationMatrix;
import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;
import org.looptrace.cli.Main;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.MessageBytes;
import org.looptrace.trace.generate.Patterns;
import org.looptrace.ui.testsupport.CliOutput;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The Communication Matrix view in a real workbench: opened from the Project Explorer on a run's
 * model, it shows the counts of {@link CommunicationMatrix} and the bytes of the data traces;
 * it follows the caret of the model editor and the Outline; its CSV export writes the rows of
 * {@code looptrace matrix --csv}; a bad model is a message in the view.
 */
class MatrixViewTest {

	private static final long WAIT_MILLIS = 60_000;
	private static final String OPEN_MATRIX = "org.looptrace.timeline.ui.openMatrix";
	/** A model written by hand: events outside loops, a loop over ranks inside a loop. */
	private static final String SHIFT = """
			0 send 1 7
			0 recv 1 7
			for i0 = 0 to 9
			  for i1 = 0 to 3
			    i1 send 2+i1 5
			    i1 recv 2+i1 5
			  done
			  4 send 0 9
			  4 recv 0 9
			done
			""";

	private final IProject project = TestProjects.project("matrix view");
	private final IWorkbenchPage page = Workbench.page();

	@BeforeEach
	void createProject() throws Exception {
		TestProjects.create(project);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		TestProjects.delete(project, MatrixView.ID);
	}

	@Test
	void openedFromTheProjectExplorerOnARunItCountsAsTheMatrixAndSumsTheDataTraces() throws Exception {
		IFile model = run("halo", 9, 3);
		ISetSelectionTarget explorer = (ISetSelectionTarget) page.showView(IPageLayout.ID_PROJECT_EXPLORER);
		explorer.selectReveal(new StructuredSelection(model));
		PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(OPEN_MATRIX, null);
		MatrixView view = (MatrixView) page.findView(MatrixView.ID);
		assertNotNull(view, "the command opens the view");
		MatrixData data = waitForData(view, null);

		Model parsed = ModelText.parse(model.getLocation().toPath());
		assertEquals(CommunicationMatrix.of(parsed, Progress.NONE).channels(), data.messages());
		SortedMap<Channel, Long> bytes = new TreeMap<>();
		MessageBytes.perPair(MessageBytes.of(parsed, parsed, model.getParent().getLocation().toPath(), Progress.NONE))
				.forEach((channel, total) -> bytes.put(new Channel(channel.src(), channel.dst()), total));
		assertEquals(bytes, data.bytes());
		assertTrue(view.statusText().contains("bytes"), view.statusText());

		// every cell's tooltip names its pair and its counts
		MatrixCanvas canvas = Objects.requireNonNull(view.canvas());
		for (Map.Entry<Channel, Long> cell : data.messages().entrySet()) {
			Point centre = canvas.centre(cell.getKey().source(), cell.getKey().destination());
			assertNotNull(centre, cell.getKey() + " is not drawn");
			String tooltip = canvas.tooltip(centre.x, centre.y);
			assertEquals(cellTooltip(cell.getKey(), data), tooltip);
		}
	}

	@Test
	void theViewFollowsTheCaretOfTheModelEditor() throws Exception {
		IFile model = write("shift.loops", SHIFT);
		ITextEditor editor = (ITextEditor) IDE.openEditor(page, model);
		MatrixView view = (MatrixView) page.showView(MatrixView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		Model parsed = ModelText.parse(SHIFT, "shift.loops");

		Map<String, @Nullable String> carets = new LinkedHashMap<>();
		carets.put("for i1", "3.1");
		carets.put("4 send 0 9", "3.2");
		carets.put("0 recv 1 7", null);
		carets.put("i1 send", "3.1.1");
		carets.put("for i0", "3");
		for (Map.Entry<String, @Nullable String> caret : carets.entrySet()) {
			page.activate(editor);
			editor.selectAndReveal(SHIFT.indexOf(caret.getKey()) + 1, 0);
			String path = caret.getValue();
			MatrixData data = waitForData(view, path);
			CommunicationMatrix expected = path == null ? CommunicationMatrix.of(parsed, Progress.NONE)
					: CommunicationMatrix.of(parsed, path, Progress.NONE);
			assertEquals(expected.channels(), data.messages(), caret.getKey());
			assertFalse(data.messages().isEmpty(), caret.getKey());
			assertNull(data.bytes(), "no data traces beside the model");
		}

		// the command of the editor's context menu opens the view on the construct at the caret
		page.hideView(view);
		page.activate(editor);
		editor.selectAndReveal(SHIFT.indexOf("i1 send"), 0);
		PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(OPEN_MATRIX, null);
		MatrixView opened = (MatrixView) page.findView(MatrixView.ID);
		assertNotNull(opened, "the command opens the view");
		assertEquals(CommunicationMatrix.of(parsed, "3.1.1", Progress.NONE).channels(), waitForData(opened, "3.1.1").messages());
	}

	@Test
	void theViewFollowsTheOutlineAsItFollowsTheCaret() throws Exception {
		IFile model = write("shift.loops", SHIFT);
		IDE.openEditor(page, model);
		MatrixView view = (MatrixView) page.showView(MatrixView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		Model parsed = ModelText.parse(SHIFT, "shift.loops");
		for (String path : List.of("3.1", "3.2", "3")) {
			Workbench.selectInOutline(path, WAIT_MILLIS);
			assertEquals(CommunicationMatrix.of(parsed, path, Progress.NONE).channels(), waitForData(view, path).messages(), path);
		}
	}

	@Test
	void theCsvExportWritesTheRowsOfTheCommandLine(@TempDir Path dir) throws Exception {
		IFile run = run("ring", 6, 4);
		MatrixView view = (MatrixView) page.showView(MatrixView.ID);
		view.show(run);
		waitForData(view, null);
		Path csv = dir.resolve("ring.csv");
		TimelineExportTest.finish(view.export(csv));
		assertEquals(cli("matrix", run.getLocation().toOSString(), "--bytes", "--csv"), Files.readString(csv));

		IFile shift = write("shift.loops", SHIFT);
		ITextEditor editor = (ITextEditor) IDE.openEditor(page, shift);
		editor.selectAndReveal(SHIFT.indexOf("for i1"), 0);
		waitForData(view, "3.1");
		TimelineExportTest.finish(view.export(csv));
		assertEquals(cli("matrix", shift.getLocation().toOSString(), "--construct", "3.1", "--csv"), Files.readString(csv));
	}

	@Test
	void aBadModelIsAMessageInTheViewAndAGoodOneReplacesIt() throws Exception {
		IFile bad = write("bad.loops", "for i0 = 0 to\n  0 send 1 7\ndone\n");
		MatrixView view = (MatrixView) page.showView(MatrixView.ID);
		long shells = Workbench.visibleShells();
		view.show(bad);
		waitUntil(() -> view.statusText().contains("not a valid model"), "no message for the bad model");
		assertTrue(view.statusText().contains("bad.loops"), view.statusText());
		assertNull(view.data());
		assertEquals(shells, Workbench.visibleShells(), "no dialog");

		view.show(write("good.loops", SHIFT));
		assertEquals(51, waitForData(view, null).total(false));
	}

	/** A generated run (traces and data traces) in a folder of the project, with its model. */
	private IFile run(String pattern, int ranks, long iterations) throws Exception {
		return TestProjects.modelledRun(project, pattern,
				folder -> Patterns.write(Patterns.create(pattern, ranks, iterations, 5), folder, Progress.NONE), Main::run);
	}

	private IFile write(String name, String text) throws CoreException {
		return TestProjects.write(project, name, text);
	}

	/** A model made from an OTF2 archive: the view converts the archive in its job and sums the sizes of its data. */
	@Test
	void theBytesOfAnArchivesModelAreThoseOfTheArchivesData(@TempDir Path dir) throws Exception {
		IFile model = ArchiveRuns.modelled(project, dir.resolve("scorep-run"), 6);
		Model parsed = ModelText.parse(model.getLocation().toPath());
		SortedMap<Channel, Long> bytes = new TreeMap<>();
		MessageBytes.perPair(MessageBytes.of(parsed, parsed, ArchiveRuns.convertedApart(model, dir.resolve("apart")), Progress.NONE))
				.forEach((channel, total) -> bytes.put(new Channel(channel.src(), channel.dst()), total));
		assertFalse(bytes.isEmpty());
		MatrixView view = (MatrixView) page.showView(MatrixView.ID);
		view.show(model);
		assertEquals(bytes, waitForData(view, null).bytes(), view.statusText());
		assertTrue(view.statusText().contains("bytes"), view.statusText());
	}

	@Test
	void aBrokenArchiveIsNoBytesAndAMessageNamingItsAnchor(@TempDir Path dir) throws Exception {
		IFile model = ArchiveRuns.broken(project, dir.resolve("broken-run"), 2);
		MatrixView view = (MatrixView) page.showView(MatrixView.ID);
		view.show(model);
		MatrixData data = waitForData(view, null);
		assertNull(data.bytes());
		assertFalse(data.messages().isEmpty(), "the counts come from the model alone");
		String problem = String.valueOf(data.bytesProblem());
		assertTrue(problem.contains(ArchiveRuns.anchor(model).toString()), problem);
		assertTrue(view.statusText().contains(problem), view.statusText());
	}

	/** Runs {@code looptrace} in process; its standard output. */
	private static String cli(String... args) {
		return CliOutput.of(Main::run, args);
	}

	private static String cellTooltip(Channel channel, MatrixData data) {
		String tip = NLS.bind(Messages.MatrixView_cellTooltip, new Object[] { channel.source(),
				channel.destination(), MatrixCanvas.format(data.messages(channel.source(), channel.destination())) });
		return NLS.bind(Messages.MatrixView_cellTooltipBytes, tip,
				MatrixCanvas.format(data.bytes(channel.source(), channel.destination())));
	}


	/** Waits until the view shows the matrix of a construct (null: the whole model). */
	private static MatrixData waitForData(MatrixView view, @Nullable String construct) {
		waitUntil(() -> {
			MatrixData data = view.data();
			return data != null && Objects.equals(construct, data.construct());
		},
				"the view shows no matrix of " + (construct == null ? "the whole model" : "construct " + construct) + ": "
						+ view.statusText());
		return Objects.requireNonNull(view.data());
	}

	private static void waitUntil(BooleanSupplier condition, String failure) {
		Workbench.waitUntil(WAIT_MILLIS, condition, failure);
	}
}
