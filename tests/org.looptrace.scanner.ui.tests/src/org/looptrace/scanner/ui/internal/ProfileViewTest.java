// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.scanner.Positions;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.scanner.profile.TimeText;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.DataTraceWriter;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The Profile view in a real workbench: on the model of an example run, on models with random data
 * traces and on the model of an OTF2 archive, its tree holds every construct of the model with the
 * figures of the headless {@link TimeProfile}; its columns sort; it follows the editor's caret and
 * the Outline; a folder without data traces and a data trace that does not fit are messages in the view.
 */
class ProfileViewTest {

	private static final long WAIT_MILLIS = 60_000;

	private final IProject project = TestProjects.project("profile view");
	private final IWorkbenchPage page = Workbench.page();

	@BeforeEach
	void createProject() throws Exception {
		TestProjects.create(project);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		TestProjects.delete(project, ProfileView.ID);
	}

	@Test
	void theExampleRunShowsEveryConstructWithTheTimesOfTheProfile() throws Exception {
		IFile model = exampleRun("wavefront-16");
		ProfileView view = open(model);
		assertShowsProfile(view, model, model.getParent().getLocation().toPath());
		assertTrue(view.statusText().contains("16 ranks"), view.statusText());
	}

	@Test
	void randomDataTracesInTheFolderOfTheTracesLineGiveTheHeadlessProfile() throws Exception {
		for (long seed = 1; seed <= 3; seed++) {
			ScanProject random = ScanProject.create("profile random " + seed, 2 + (int) seed, 1 + (int) seed, seed);
			try {
				ProfileView view = open(random.model);
				assertShowsProfile(view, random.model, random.traces.getLocation().toPath());
			} finally {
				page.closeAllEditors(false);
				random.delete();
			}
		}
	}

	/**
	 * The model of an OTF2 archive in a folder of the project, made from a conversion elsewhere: the
	 * view converts the archive in its job and shows the times of its data, naming the archive.
	 */
	@Test
	void anArchivesModelShowsTheTimesOfTheArchivesData(@TempDir Path dir) throws Exception {
		Path run = dir.resolve("scorep-run"); // outside the workspace: the writer takes no blank in a path
		Otf2Archives.program(RandomPrograms.shaped(4, 4), run);
		IFolder folder = project.getFolder("scorep-run");
		folder.createLink(IPath.fromPath(run), IResource.NONE, null);
		Path apart = dir.resolve("apart");
		Otf2Archive.open(run).convert(apart, false, 1, Progress.NONE);
		Model model = Pipeline.model(TraceFolder.open(apart), NlrOptions.DEFAULTS, new MergeOptions(1), Progress.NONE);
		IFile file = TestProjects.write(folder, "model.loops", ModelPrinter.print(model));
		ProfileView view = open(file);
		assertShowsProfile(view, file, apart);
		assertTrue(view.statusText().contains(folder.getFile(Otf2Archive.ANCHOR).getFullPath().toString()), view.statusText());
	}

	/**
	 * A model opened from outside the workspace (File &gt; Open File): the view profiles it with the
	 * data traces beside it, names it by its path in the file system, and a double click on a construct
	 * selects it in that same editor.
	 */
	@Test
	void aModelOutsideTheWorkspaceIsProfiledAndADoubleClickSelectsInItsEditor(@TempDir Path outside) throws Exception {
		Path model = modelledRun("wavefront-16", outside);
		ITextEditor editor = (ITextEditor) Workbench.openOutsideWorkspace(model);
		assertNull(editor.getEditorInput().getAdapter(IFile.class), "the model is no workspace file");
		ProfileView view = (ProfileView) page.showView(ProfileView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		Workbench.waitUntil(WAIT_MILLIS, () -> !view.busy() && view.statusText().contains(model.toString()) && view.data() != null,
				() -> "the view does not show " + model + ": " + view.statusText());
		String text = Files.readString(model);
		assertShowsProfile(view, text, outside);
		assertTrue(view.statusText().contains("16 ranks"), view.statusText());

		TreeViewer viewer = Objects.requireNonNull(view.viewer());
		TreeItem loop = viewer.getTree().getItem(0);
		ProfileData.Row row = (ProfileData.Row) loop.getData();
		page.activate(view);
		viewer.getTree().setSelection(loop);
		Event event = new Event();
		event.item = loop;
		viewer.getTree().notifyListeners(SWT.DefaultSelection, event);
		Workbench.waitUntil(WAIT_MILLIS, () -> page.getActiveEditor() == editor, "the model's editor is not active");
		assertEquals(List.of(editor), Arrays.stream(page.getEditorReferences()).map(reference -> reference.getEditor(false))
				.filter(ITextEditor.class::isInstance).toList(), "the construct is selected in the editor open, no other");
		EditorServices.TextRange range = Objects.requireNonNull(EditorServices.constructRanges(text).get(row.path()), row.path());
		ITextSelection selection = (ITextSelection) editor.getSelectionProvider().getSelection();
		assertEquals(range.offset(), selection.getOffset(), row.path());
		assertEquals(range.length(), selection.getLength(), row.path());
	}

	@Test
	void theColumnsSortTheConstructsOfEachLevel() throws Exception {
		ProfileView view = open(exampleRun("wavefront-16"));
		TreeViewer viewer = Objects.requireNonNull(view.viewer());
		viewer.expandAll();
		List<String> modelOrder = paths(viewer.getTree().getItems());

		clickHeader(viewer, ProfileView.Column.TIME);
		assertEquals(SWT.DOWN, viewer.getTree().getSortDirection());
		assertSorted(viewer.getTree().getItems(), row -> total(row), false);
		clickHeader(viewer, ProfileView.Column.TIME);
		assertEquals(SWT.UP, viewer.getTree().getSortDirection());
		assertSorted(viewer.getTree().getItems(), row -> total(row), true);
		clickHeader(viewer, ProfileView.Column.IMBALANCE);
		assertSorted(viewer.getTree().getItems(), row -> row.time() == null ? 0 : Objects.requireNonNull(row.time()).imbalance(), false);
		clickHeader(viewer, ProfileView.Column.CONSTRUCT);
		assertEquals(modelOrder, paths(viewer.getTree().getItems()), "the construct column sorts in model order");
	}

	@Test
	void theViewFollowsTheCaretAndTheOutline() throws Exception {
		IFile model = exampleRun("wavefront-16");
		ProfileView view = open(model);
		ITextEditor editor = (ITextEditor) Objects.requireNonNull(page.getActiveEditor());
		String text = TestProjects.text(model);
		Map<String, EditorServices.TextRange> ranges = EditorServices.constructRanges(text);
		List<Map.Entry<String, EditorServices.TextRange>> constructs = List.copyOf(ranges.entrySet());
		for (var construct : constructs.subList(0, Math.min(12, constructs.size()))) {
			editor.selectAndReveal(construct.getValue().offset(), 0);
			String path = construct.getKey();
			Workbench.waitUntil(WAIT_MILLIS, () -> path.equals(selectedPath(view)),
					() -> "caret on " + path + ", the view selects " + selectedPath(view));
		}
		List<String> outlined = new ArrayList<>();
		for (String path : ranges.keySet()) {
			if (path.chars().filter(c -> c == '.').count() <= 1 && outlined.size() < 4) {
				outlined.add(path); // the Outline's first two levels
			}
		}
		for (String path : outlined.reversed()) {
			Workbench.selectInOutline(path, WAIT_MILLIS);
			Workbench.waitUntil(WAIT_MILLIS, () -> path.equals(selectedPath(view)),
					() -> path + " selected in the Outline, the view selects " + selectedPath(view));
		}
	}

	@Test
	void aModelWithoutDataTracesSaysSo() throws Exception {
		IFile model = TestProjects.copy(TestProjects.examples().resolve("models").resolve("ring.loops"), project);
		ProfileView view = open(model);
		// the example names its traces (// traces: ../ring-8), which the project does not hold
		assertTrue(view.statusText().startsWith("No data traces for /profile view/ring.loops: ")
				&& view.statusText().contains("ring-8 holds no data.<rank> file"), view.statusText());
		assertEquals(0, Objects.requireNonNull(view.viewer()).getTree().getItemCount());
	}

	@Test
	void aShortDataTraceIsNamedInTheView() throws Exception {
		ScanProject random = ScanProject.create("profile short", 3, 2, 7);
		try {
			Path data = random.traces.getLocation().toPath().resolve("data.1");
			long records = Positions.of(random.parsed).events(1);
			try (DataTraceWriter writer = DataTraceWriter.create(data, List.of("time", "end"))) {
				for (long record = 0; record < records - 1; record++) {
					writer.write(record * 10, record * 10 + 5);
				}
			}
			random.traces.refreshLocal(IResource.DEPTH_ONE, null);
			ProfileView view = open(random.model);
			assertTrue(view.statusText().contains("data.1") && view.statusText().contains("too short"), view.statusText());
			assertEquals(0, Objects.requireNonNull(view.viewer()).getTree().getItemCount());
		} finally {
			page.closeAllEditors(false);
			random.delete();
		}
	}

	/** Opens a model in its editor and the view, which follows it; waits until the view shows it. */
	private ProfileView open(IFile model) throws Exception {
		IDE.openEditor(page, model);
		ProfileView view = (ProfileView) page.showView(ProfileView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		Workbench.waitUntil(WAIT_MILLIS, () -> !view.busy() && view.statusText().contains(model.getFullPath().toString())
				&& !view.statusText().startsWith("Reading"), () -> "the view does not show " + model + ": " + view.statusText());
		return view;
	}

	/** The view's tree: a row per construct of the model, the figures of the headless profile in its cells. */
	private static void assertShowsProfile(ProfileView view, IFile model, Path folder) throws Exception {
		assertShowsProfile(view, TestProjects.text(model), folder);
	}

	private static void assertShowsProfile(ProfileView view, String text, Path folder) throws Exception {
		Model parsed = ModelText.parse(text, "model.loops");
		TimeProfile expected = TimeProfile.of(parsed, folder, Progress.NONE);
		TreeViewer viewer = Objects.requireNonNull(view.viewer());
		viewer.expandAll();
		Map<String, TreeItem> items = new LinkedHashMap<>();
		collect(viewer.getTree().getItems(), items);
		assertEquals(List.copyOf(EditorServices.constructRanges(text).keySet()), List.copyOf(items.keySet()),
				"a row per construct, in model order");
		int timed = 0;
		for (ConstructTime construct : expected.constructs()) {
			TreeItem item = items.get(construct.path());
			assertNotNull(item, construct.path());
			ProfileData.Row row = (ProfileData.Row) item.getData();
			ConstructTime shown = Objects.requireNonNull(row.time(), construct.path());
			assertEquals(construct.ranks(), shown.ranks(), construct.path());
			assertEquals(TimeText.of(construct.totalTime()), item.getText(ProfileView.Column.TIME.ordinal()), construct.path());
			assertEquals(String.format(Locale.ROOT, "%.1f%%", 100 * expected.share(construct)),
					item.getText(ProfileView.Column.SHARE.ordinal()), construct.path());
			assertEquals(TimeText.of(construct.mpiTime()), item.getText(ProfileView.Column.MPI.ordinal()), construct.path());
			assertEquals(String.format(Locale.ROOT, "%.2f", construct.imbalance()), item.getText(ProfileView.Column.IMBALANCE.ordinal()),
					construct.path());
			assertEquals(Integer.toString(construct.busiest().rank()), item.getText(ProfileView.Column.BUSIEST.ordinal()),
					construct.path());
			timed++;
		}
		long withTimes = items.values().stream().filter(item -> ((ProfileData.Row) item.getData()).time() != null).count();
		assertEquals(timed, withTimes, "constructs no rank runs have no time");
		assertFalse(items.isEmpty());
		assertEquals(expected.runTimes().keySet().stream().toList(), Objects.requireNonNull(view.data()).ranks());
		try (Stream<Path> files = Files.list(folder)) {
			assertEquals(files.filter(file -> file.getFileName().toString().startsWith("data.")).count(), expected.runTimes().size());
		}
	}

	private static void collect(TreeItem[] level, Map<String, TreeItem> items) {
		for (TreeItem item : level) {
			items.put(((ProfileData.Row) item.getData()).path(), item);
			collect(item.getItems(), items);
		}
	}

	private static List<String> paths(TreeItem[] level) {
		Map<String, TreeItem> items = new LinkedHashMap<>();
		collect(level, items);
		return List.copyOf(items.keySet());
	}

	private static void clickHeader(TreeViewer viewer, ProfileView.Column column) {
		viewer.getTree().getColumn(column.ordinal()).notifyListeners(SWT.Selection, new Event());
		viewer.expandAll();
		assertEquals(viewer.getTree().getColumn(column.ordinal()), viewer.getTree().getSortColumn());
	}

	/** Every level of the tree in the order of a figure (ties in any order). */
	private static void assertSorted(TreeItem[] level, ToDoubleFunction<ProfileData.Row> figure, boolean ascending) {
		for (int i = 1; i < level.length; i++) {
			double before = figure.applyAsDouble((ProfileData.Row) level[i - 1].getData());
			double after = figure.applyAsDouble((ProfileData.Row) level[i].getData());
			assertTrue(ascending ? before <= after : before >= after, level[i - 1].getText() + " then " + level[i].getText());
		}
		for (TreeItem item : level) {
			assertSorted(item.getItems(), figure, ascending);
		}
	}

	private static double total(ProfileData.Row row) {
		ConstructTime time = row.time();
		return time == null ? -1 : time.totalTime();
	}

	private static String selectedPath(ProfileView view) {
		TreeViewer viewer = Objects.requireNonNull(view.viewer());
		return viewer.getStructuredSelection() instanceof IStructuredSelection selection
				&& selection.getFirstElement() instanceof ProfileData.Row row ? row.path() : "nothing";
	}

	/** An example run in a folder of the project, with the model of its traces beside them. */
	private IFile exampleRun(String name) throws Exception {
		IFolder folder = project.getFolder(name);
		folder.create(true, true, null);
		modelledRun(name, folder.getLocation().toPath());
		folder.refreshLocal(IResource.DEPTH_ONE, null);
		return folder.getFile("model.loops");
	}

	/** An example run copied into a folder of the file system, with the model of its traces beside them ({@code model.loops}). */
	private static Path modelledRun(String name, Path folder) throws Exception {
		try (Stream<Path> files = Files.list(TestProjects.examples().resolve(name))) {
			for (Path file : files.filter(TraceFolder::isRunFile).toList()) {
				Files.copy(file, folder.resolve(file.getFileName()));
			}
		}
		Model model = Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(1), Progress.NONE);
		return Files.writeString(folder.resolve("model.loops"), ModelPrinter.print(model));
	}
}
