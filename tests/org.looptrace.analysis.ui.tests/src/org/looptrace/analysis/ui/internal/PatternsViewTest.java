// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.swt.widgets.TreeItem;
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
import org.looptrace.analysis.collectives.CollectivePatterns;
import org.looptrace.analysis.collectives.GroupPattern;
import org.looptrace.analysis.collectives.Occurrence;
import org.looptrace.cli.Main;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.lang.internal.ide.EditorServices.TextRange;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.CollectivePrograms;
import org.looptrace.testsupport.CollectivePrograms.Algorithm;
import org.looptrace.testsupport.CollectivePrograms.Program;
import org.looptrace.testsupport.CollectivePrograms.Step;
import org.looptrace.trace.TraceFolder;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.testsupport.CliOutput;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The Patterns view in a real workbench: its rows are what {@link CollectivePatterns} finds on the
 * example runs, their models and generated labelled programs; its CSV export is what
 * {@code looptrace patterns --csv} prints; a double click on an occurrence selects its send in the
 * model editor; a bad model or trace folder is a message in the view.
 */
class PatternsViewTest {

	private static final long WAIT_MILLIS = 120_000;
	/** A broadcast (binomial, from rank 3) then a reduce (linear, to rank 5) over 12 ranks, in a time loop of 7 iterations. */
	static final Program BCAST_REDUCE = new Program(12, List.of(),
			List.of(new Step(Algorithm.BCAST_BINOMIAL, 3, 0, 12), new Step(Algorithm.REDUCE_LINEAR, 5, 0, 12)), 7, false, false);

	private final IProject project = TestProjects.project("patterns view");
	private final IWorkbenchPage page = Workbench.page();

	@BeforeEach
	void createProject() throws Exception {
		TestProjects.create(project);
		PatternPreferences.set(PatternPreferences.USE_CONTEXT, true);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		TestProjects.delete(project, PatternsView.ID);
		PatternPreferences.set(PatternPreferences.USE_CONTEXT, true);
	}

	@Test
	void onEveryExampleRunAndItsModelTheRowsAreThoseOfTheHeadlessAnalysis() throws Exception {
		PatternsView view = (PatternsView) page.showView(PatternsView.ID);
		List<Path> runs;
		try (Stream<Path> examples = Files.list(TestProjects.examples())) {
			runs = examples.filter(run -> Files.isRegularFile(run.resolve("trace.0")) && !run.getFileName().toString().equals("broken"))
					.sorted().toList();
		}
		assertFalse(runs.isEmpty(), "no example runs in " + TestProjects.examples());
		for (Path run : runs) {
			IFolder folder = project.getFolder(run.getFileName().toString());
			folder.createLink(IPath.fromPath(run), IResource.NONE, null);
			Model model = Pipeline.model(TraceFolder.open(run), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
			view.show(folder);
			// a folder's message sizes are read, as `looptrace patterns FOLDER` reads them
			assertRows(CollectivePatterns.find(model, true, run, Progress.NONE), waitForData(view, folder), view);

			// the model of the run, as looptrace model writes it
			IFile file = project.getFile(run.getFileName() + ".loops");
			TestProjects.write(file, ModelText.print(model));
			view.show(file);
			assertRows(CollectivePatterns.find(ModelText.parse(ModelText.print(model), file.getName()), true, Progress.NONE),
					waitForData(view, file), view);
		}
	}

	@Test
	void onGeneratedLabelledProgramsTheRowsAreThoseOfTheHeadlessAnalysisWithAndWithoutContext() throws Exception {
		PatternsView view = (PatternsView) page.showView(PatternsView.ID);
		List<Program> programs = new ArrayList<>(List.of(BCAST_REDUCE));
		for (long seed = 0; seed < 4; seed++) {
			programs.add(CollectivePrograms.random(seed, seed % 2 == 0, seed % 3 == 0));
		}
		int n = 0;
		for (Program program : programs) {
			IFolder folder = run("program-" + n++, program);
			Model model = Pipeline.model(TraceFolder.open(folder.getLocation().toPath()), NlrOptions.DEFAULTS,
					MergeOptions.defaults(), Progress.NONE);
			for (boolean context : List.of(true, false)) {
				view.useContext(context);
				view.show(folder);
				PatternsData data = waitForData(view, folder);
				assertEquals(context, data.useContext());
				assertRows(CollectivePatterns.find(model, context, Progress.NONE), data, view);
			}
		}
		// the labels of the hand-written program
		view.show(project.getFolder("program-0"));
		waitForData(view, project.getFolder("program-0"));
		List<List<String>> rows = rows(view);
		assertTrue(rows.contains(List.of("bcast", "3", "0-11", "", "7")), rows.toString());
		assertTrue(rows.contains(List.of("reduce", "5", "0-11", "", "7")), rows.toString());
	}

	@Test
	void theViewFollowsTheProjectExplorerAndTheModelEditor() throws Exception {
		IFolder folder = run("bcast-reduce", BCAST_REDUCE);
		IFile model = model(folder);
		PatternsView view = (PatternsView) page.showView(PatternsView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		ISetSelectionTarget explorer = (ISetSelectionTarget) page.showView(IPageLayout.ID_PROJECT_EXPLORER);
		explorer.selectReveal(new StructuredSelection(folder));
		waitForData(view, folder);
		explorer.selectReveal(new StructuredSelection(model));
		waitForData(view, model);

		IFile other = project.getFile("other.loops");
		TestProjects.write(other, ModelViews.read(model));
		ITextEditor editor = (ITextEditor) IDE.openEditor(page, other);
		PatternsData data = waitForData(view, other);
		assertEquals(editor.getDocumentProvider().getDocument(editor.getEditorInput()).get(), data.text());
		assertFalse(data.patterns().isEmpty());
	}

	@Test
	void showPatternsOpensTheViewOnTheSelectionAndTheLoopTracePerspectiveOffersIt() throws Exception {
		IFolder folder = run("bcast-reduce", BCAST_REDUCE);
		page.setPerspective(PlatformUI.getWorkbench().getPerspectiveRegistry().findPerspectiveWithId("org.looptrace.ui.perspective"));
		assertTrue(Arrays.asList(page.getShowViewShortcuts()).contains(PatternsView.ID), "Show View > Patterns");
		ISetSelectionTarget explorer = (ISetSelectionTarget) page.showView(IPageLayout.ID_PROJECT_EXPLORER);
		explorer.selectReveal(new StructuredSelection(folder));
		PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand("org.looptrace.analysis.ui.showPatterns", null);
		PatternsView view = (PatternsView) page.findView(PatternsView.ID);
		assertNotNull(view, "the command opens the view");
		assertFalse(waitForData(view, folder).patterns().isEmpty());
	}

	@Test
	void everyColumnStaysInSightInTheLoopTracePerspectiveAtCommonWindowSizes() throws Exception {
		page.setPerspective(PlatformUI.getWorkbench().getPerspectiveRegistry().findPerspectiveWithId("org.looptrace.ui.perspective"));
		PatternsView view = (PatternsView) page.showView(PatternsView.ID);
		Tree tree = Objects.requireNonNull(view.viewer()).getTree();
		Shell window = page.getWorkbenchWindow().getShell();
		Point size = window.getSize();
		try {
			for (Point windowSize : List.of(new Point(1024, 740), new Point(1280, 800), new Point(1600, 1000))) {
				window.setSize(windowSize);
				Workbench.waitUntil(WAIT_MILLIS, () -> columnsWidth(tree) <= tree.getClientArea().width && tree.getClientArea().width > 0,
						() -> "at " + windowSize + " the columns take " + columnsWidth(tree) + " px of a tree " + tree.getClientArea().width
								+ " px wide");
				for (TreeColumn column : tree.getColumns()) {
					assertTrue(column.getWidth() >= 40, () -> column.getText() + " is " + column.getWidth() + " px wide at " + windowSize);
				}
			}
		} finally {
			window.setSize(size);
		}
	}

	private static int columnsWidth(Tree tree) {
		return Arrays.stream(tree.getColumns()).mapToInt(TreeColumn::getWidth).sum();
	}

	@Test
	void theCsvExportIsWhatTheCommandLinePrints(@TempDir Path dir) throws Exception {
		IFolder folder = run("bcast-reduce", BCAST_REDUCE);
		IFolder random = run("random", CollectivePrograms.random(7, true, false));
		PatternsView view = (PatternsView) page.showView(PatternsView.ID);
		Path csv = dir.resolve("patterns.csv");
		for (IContainer input : List.of(folder, random)) {
			for (IResource shown : List.of(input, model(input))) {
				for (boolean context : List.of(true, false)) {
					view.useContext(context);
					view.show(shown);
					waitForData(view, shown);
					Job export = Objects.requireNonNull(view.export(csv));
					finish(export);
					assertEquals(IStatus.OK, export.getResult().getSeverity(), export.getResult()::toString);
					String expected = context ? cli("patterns", shown.getLocation().toOSString(), "--csv")
							: cli("patterns", shown.getLocation().toOSString(), "--csv", "--no-context");
					assertEquals(expected, Files.readString(csv), shown + (context ? "" : " --no-context"));
				}
			}
		}
	}

	@Test
	void aCancelledCsvExportLeavesTheFileItWasToReplaceAsItWas(@TempDir Path dir) throws Exception {
		IFolder folder = run("bcast-reduce", BCAST_REDUCE);
		PatternsView view = (PatternsView) page.showView(PatternsView.ID);
		view.show(folder);
		waitForData(view, folder);
		Path csv = dir.resolve("patterns.csv");
		byte[] older = "an older export\n".getBytes(StandardCharsets.UTF_8);
		Files.write(csv, older);
		Job export = Workbench.cancelAtOnce(() -> view.export(csv), WAIT_MILLIS);
		assertTrue(export.isUser(), "the export is a job of the user's, with progress and Cancel");
		assertArrayEquals(older, Files.readAllBytes(csv), "the older export is as it was");
		try (Stream<Path> files = Files.list(dir)) {
			assertEquals(List.of(csv), files.toList(), "no temporary file is left");
		}

		Job whole = Objects.requireNonNull(view.export(csv));
		finish(whole);
		assertEquals(cli("patterns", folder.getLocation().toOSString(), "--csv"), Files.readString(csv), "written when not cancelled");
	}

	/** Waits until an export job ends, running the event loop meanwhile. */
	private static void finish(Job export) {
		waitUntil(() -> export.getResult() != null, () -> "the export " + export.getName() + " does not end");
	}

	@Test
	void aDoubleClickOnAnOccurrenceSelectsItsSendInTheModelEditor() throws Exception {
		IFolder folder = run("bcast-reduce", BCAST_REDUCE);
		IFile model = model(folder);
		PatternsView view = (PatternsView) page.showView(PatternsView.ID);
		for (IResource shown : List.of(model, folder)) {
			page.closeAllEditors(false);
			view.show(shown);
			PatternsData data = waitForData(view, shown);
			Tree tree = Objects.requireNonNull(view.viewer()).getTree();
			assertEquals(data.patterns().size(), tree.getItemCount());
			for (int row = 0; row < tree.getItemCount(); row++) {
				TreeItem pattern = tree.getItem(row);
				Objects.requireNonNull(view.viewer()).setExpandedState(pattern.getData(), true);
				assertTrue(pattern.getItemCount() > 0, pattern.getText());
				TreeItem occurrence = pattern.getItem(0);
				Occurrence found = ((PatternsView.OccurrenceRow) occurrence.getData()).occurrence();
				doubleClick(tree, occurrence);
				assertSelected(model, found.constructs().get(0));

				// and each of its sends
				Objects.requireNonNull(view.viewer()).setExpandedState(occurrence.getData(), true);
				assertEquals(found.constructs().size(), occurrence.getItemCount());
				TreeItem send = occurrence.getItem(occurrence.getItemCount() - 1);
				doubleClick(tree, send);
				assertSelected(model, found.constructs().get(found.constructs().size() - 1));
				assertTrue(send.getText().startsWith("send " + found.constructs().get(found.constructs().size() - 1)), send.getText());
			}
		}
	}

	/**
	 * A model opened from outside the workspace (File &gt; Open File): the view follows its editor and
	 * a double click on an occurrence selects its send in that same editor.
	 */
	@Test
	void aModelOutsideTheWorkspaceIsFollowedAndADoubleClickSelectsInItsEditor(@TempDir Path outside) throws Exception {
		Path model = TestProjects.modelledRun(TestProjects.examples().resolve("wavefront-16"), outside, Main::run);
		ITextEditor editor = (ITextEditor) Workbench.openOutsideWorkspace(model);
		String text = Files.readString(model);
		PatternsView view = (PatternsView) page.showView(PatternsView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		waitUntil(() -> view.data() instanceof PatternsData data && text.equals(data.text()) && !view.busy(),
				() -> "the view shows no patterns of " + model + ": " + view.statusText());
		PatternsData data = Objects.requireNonNull(view.data());
		assertEquals(PatternsData.ofModel(text, "model.loops", data.useContext(), Progress.NONE).patterns(), data.patterns());
		assertFalse(data.patterns().isEmpty(), view.statusText());
		assertTrue(view.statusText().contains(model.toString()), view.statusText());
		assertNull(view.input(), "no workspace resource");

		Tree tree = Objects.requireNonNull(view.viewer()).getTree();
		TreeItem pattern = tree.getItem(0);
		Objects.requireNonNull(view.viewer()).setExpandedState(pattern.getData(), true);
		TreeItem occurrence = pattern.getItem(0);
		String send = ((PatternsView.OccurrenceRow) occurrence.getData()).occurrence().constructs().get(0);
		doubleClick(tree, occurrence);
		waitUntil(() -> page.getActiveEditor() == editor, () -> "the model's editor is not active");
		assertEquals(List.of(editor), Arrays.stream(page.getEditorReferences()).map(reference -> reference.getEditor(false))
				.filter(ITextEditor.class::isInstance).toList(), "the send is selected in the editor open, no other");
		TextRange range = Objects.requireNonNull(EditorServices.constructRanges(text).get(send), send);
		ITextSelection selection = (ITextSelection) editor.getSelectionProvider().getSelection();
		assertEquals(range.offset(), selection.getOffset(), send);
		assertEquals(range.length(), selection.getLength(), send);
	}

	@Test
	void aBadModelOrTraceFolderIsAMessageInTheViewAndAGoodOneReplacesIt() throws Exception {
		IFile bad = project.getFile("bad.loops");
		TestProjects.write(bad, "for i0 = 0 to\n  0 send 1 7\ndone\n");
		PatternsView view = (PatternsView) page.showView(PatternsView.ID);
		long shells = Workbench.visibleShells();
		view.show(bad);
		waitUntil(() -> view.statusText().contains("not a valid model"), () -> "no message for the bad model: " + view.statusText());
		assertTrue(view.statusText().contains("bad.loops"), view.statusText());
		assertNull(view.data());
		assertEquals(0, Objects.requireNonNull(view.viewer()).getTree().getItemCount());

		IFolder broken = project.getFolder("broken");
		broken.createLink(IPath.fromPath(TestProjects.examples().resolve("broken")), IResource.NONE, null);
		view.show(broken);
		waitUntil(() -> view.statusText().contains("cannot be modelled"), () -> "no message for the broken run: " + view.statusText());
		assertNull(view.data());
		assertEquals(shells, Workbench.visibleShells(), "no dialog");

		IFolder good = run("bcast-reduce", BCAST_REDUCE);
		view.show(good);
		assertFalse(waitForData(view, good).patterns().isEmpty());
	}

	/** The view's rows equal the headless patterns, each with its occurrences. */
	static void assertRows(CollectivePatterns expected, PatternsData data, PatternsView view) {
		assertEquals(expected.patterns(), data.patterns());
		assertEquals(expected.occurrences(), data.found().occurrences());
		List<List<String>> rows = new ArrayList<>();
		for (GroupPattern pattern : expected.patterns()) {
			rows.add(List.of(pattern.kind(), pattern.rootText(), pattern.group().toString(), pattern.context(),
					Long.toString(pattern.occurrences())));
		}
		assertEquals(rows, rows(view));
		Tree tree = Objects.requireNonNull(view.viewer()).getTree();
		for (int row = 0; row < tree.getItemCount(); row++) {
			Objects.requireNonNull(view.viewer()).setExpandedState(tree.getItem(row).getData(), true);
			GroupPattern pattern = expected.patterns().get(row);
			long places = expected.occurrences().stream().filter(o -> PatternsData.samePattern(o.pattern(), pattern)).count();
			long sum = expected.occurrences().stream().filter(o -> PatternsData.samePattern(o.pattern(), pattern))
					.mapToLong(o -> o.pattern().occurrences()).sum();
			assertEquals(places, tree.getItem(row).getItemCount(), pattern.toString());
			assertEquals(pattern.occurrences(), sum, "the occurrences add up to the pattern's");
		}
	}

	/** The cells of the view's top rows. */
	static List<List<String>> rows(PatternsView view) {
		Tree tree = Objects.requireNonNull(view.viewer()).getTree();
		List<List<String>> rows = new ArrayList<>();
		for (TreeItem item : tree.getItems()) {
			List<String> cells = new ArrayList<>();
			for (int column = 0; column < tree.getColumnCount(); column++) {
				cells.add(item.getText(column));
			}
			rows.add(cells);
		}
		return rows;
	}

	private void assertSelected(IFile model, String path) throws Exception {
		waitUntil(() -> page.getActiveEditor() instanceof ITextEditor, () -> "no editor is active");
		ITextEditor editor = (ITextEditor) page.getActiveEditor();
		assertEquals(model, editor.getEditorInput().getAdapter(IFile.class));
		String text = editor.getDocumentProvider().getDocument(editor.getEditorInput()).get();
		TextRange range = Objects.requireNonNull(EditorServices.constructRanges(text).get(path), path);
		ITextSelection selection = (ITextSelection) editor.getSelectionProvider().getSelection();
		assertEquals(range.offset(), selection.getOffset(), path);
		assertEquals(range.length(), selection.getLength(), path);
		assertTrue(selection.getText().contains("send"), selection.getText());
	}

	private static void doubleClick(Tree tree, TreeItem item) {
		tree.setSelection(item);
		Event event = new Event();
		event.item = item;
		tree.notifyListeners(SWT.DefaultSelection, event);
	}

	/** A labelled program's traces in a folder of the project, with the model {@code looptrace model} writes. */
	IFolder run(String name, Program program) throws Exception {
		return (IFolder) modelled(project, name, program).getParent();
	}

	/** A labelled program's traces in a new folder, with the model {@code looptrace model} writes; the model. */
	static IFile modelled(IContainer parent, String name, Program program) throws Exception {
		return TestProjects.modelledRun(parent, name, folder -> CollectivePrograms.write(program.traces(), folder), Main::run);
	}

	static IFile model(IContainer folder) {
		return folder.getFile(IPath.fromOSString("model.loops"));
	}

	/** Runs {@code looptrace} in process; its standard output. */
	static String cli(String... args) {
		return CliOutput.of(Main::run, args);
	}

	/** Waits until the view shows the patterns of an input. */
	static PatternsData waitForData(PatternsView view, IResource input) {
		waitUntil(() -> view.data() != null && input.equals(view.input()) && !view.busy(),
				() -> "the view shows no patterns of " + input + ": " + view.statusText());
		return Objects.requireNonNull(view.data());
	}

	static void waitUntil(BooleanSupplier condition, Supplier<String> failure) {
		Workbench.waitUntil(WAIT_MILLIS, condition, failure);
	}
}
