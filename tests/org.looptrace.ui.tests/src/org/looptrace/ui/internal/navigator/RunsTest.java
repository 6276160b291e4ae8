// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.navigator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Item;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.navigator.CommonNavigator;
import org.eclipse.ui.navigator.CommonViewer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.generate.Patterns;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.ui.LoopTraceUi;
import org.looptrace.ui.internal.ModelTracesJob;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * A trace folder in the Project Explorer is one run: its label gives its ranks, events, size and the
 * state of its model; its children are its model, the user's files and one group of its rank files
 * in the order of ranks; revealing a trace file finds it in that group. A folder holding an OTF2
 * archive is a run as well.
 */
class RunsTest {

	private static final long WAIT_MILLIS = 60_000;
	/** More than ten ranks: text order would put data.10 before data.2. */
	private static final int RANKS = 12;

	private final IProject project = TestProjects.project("runs");
	private final CommonViewer viewer = explorer();

	@BeforeEach
	void createProject() throws Exception {
		TestProjects.create(project);
	}

	/** The viewer of the Project Explorer, opened. */
	private static CommonViewer explorer() {
		try {
			return ((CommonNavigator) Workbench.page().showView(IPageLayout.ID_PROJECT_EXPLORER)).getCommonViewer();
		} catch (PartInitException e) {
			throw new AssertionError("the Project Explorer does not open", e);
		}
	}

	@AfterEach
	void deleteProject() throws Exception {
		Job.getJobManager().join(LoopTraceUi.MODEL_JOB_FAMILY, null);
		TestProjects.delete(project);
	}

	@Test
	void aTraceFolderIsOneRunWithItsRankFilesGroupedInTheOrderOfRanks() throws Exception {
		IFolder run = TestProjects.traceFolder(project, "halo",
				folder -> Patterns.write(Patterns.create("halo", RANKS, 3, 7), folder, Progress.NONE));
		TestProjects.write(run, "notes.txt", "the user's own file");
		IFolder plain = project.getFolder("plain");
		plain.create(true, true, null);
		TestProjects.write(plain, "data.1", "a data trace without its event trace");
		project.getFolder("other").create(true, true, null);
		TestProjects.write(project.getFolder("other"), "a.txt", "x");

		TreeItem folder = expanded(run);
		List<Object> children = Arrays.stream(folder.getItems()).map(Item::getData).toList();
		assertTrue(children.contains(new RankFiles(run)), children::toString);
		assertTrue(children.contains(run.getFile("notes.txt")), children::toString);
		assertFalse(children.stream().anyMatch(child -> child instanceof IResource resource && resource.getName().startsWith("trace.")),
				"no loose trace file beside the group: " + children);

		List<String> expected = new ArrayList<>();
		for (String kind : List.of("data.", "trace.")) {
			for (int rank = 0; rank < RANKS; rank++) {
				if (run.getFile(kind + rank).exists()) {
					expected.add(kind + rank);
				}
			}
		}
		assertTrue(expected.contains("data.10") && expected.contains("trace.11"), expected::toString);
		TreeItem group = expanded(new RankFiles(run));
		assertEquals(expected, Arrays.stream(group.getItems()).map(TreeItem::getText).toList());
		assertEquals("Rank files (" + expected.size() + ")", group.getText());

		// the label counts the events of every trace (in a job) and says there is no model yet
		long events = 0;
		for (int rank = 0; rank < RANKS; rank++) {
			try (Stream<String> lines = Files.lines(run.getFile("trace." + rank).getLocation().toPath())) {
				events += lines.filter(line -> !line.isBlank()).count();
			}
		}
		String counted = String.format(Locale.ROOT, "%,d events", events);
		Workbench.waitUntil(WAIT_MILLIS, () -> label(run).contains(counted), () -> "no " + counted + " in " + label(run));
		assertTrue(label(run).startsWith("halo  " + RANKS + " ranks \u00b7 "), label(run));
		assertTrue(label(run).contains(RunLabels.size(bytes(run))), label(run));
		assertTrue(label(run).endsWith("no model yet"), label(run));
		assertEquals("plain", label(plain), "a folder without event traces is no run");
		assertEquals("other", label(project.getFolder("other")));

		// modelled: the model is a child to open and current, until a trace changes
		ModelTracesJob job = new ModelTracesJob(run, false);
		job.schedule();
		job.join();
		assertTrue(run.getFile(LoopTraceUi.MODEL_FILE).exists());
		Workbench.waitUntil(WAIT_MILLIS, () -> label(run).endsWith("model current"), () -> label(run));
		viewer.refresh(run);
		assertTrue(Arrays.stream(expanded(run).getItems()).anyMatch(item -> run.getFile(LoopTraceUi.MODEL_FILE).equals(item.getData())),
				"the model is a child of its run");
		IFile trace0 = run.getFile("trace.0");
		trace0.setLocalTimeStamp(run.getFile(LoopTraceUi.MODEL_FILE).getLocalTimeStamp() + 1000);
		trace0.touch(null);
		Workbench.waitUntil(WAIT_MILLIS, () -> label(run).endsWith("model older than the traces"), () -> label(run));

		// revealing a trace file (link with editor, Show In) finds it in the group
		viewer.setSelection(new StructuredSelection(run.getFile("trace.10")), true);
		assertEquals(run.getFile("trace.10"), viewer.getStructuredSelection().getFirstElement());
		TreeItem revealed = (TreeItem) viewer.testFindItem(run.getFile("trace.10"));
		assertNotNull(revealed);
		assertEquals(new RankFiles(run), revealed.getParentItem().getData());
	}

	/** The folder refreshed (as the workspace's changes refresh it), a run file added later is in the group. */
	@Test
	void runFilesAddedLaterJoinTheGroup() throws Exception {
		IFolder run = TestProjects.traceFolder(project, "ring",
				folder -> Patterns.write(Patterns.create("ring", 3, 2, 1), folder, Progress.NONE));
		expanded(new RankFiles(run));
		Path trace3 = run.getLocation().toPath().resolve("trace.3");
		Files.writeString(trace3, "3 send 0 1\n");
		run.refreshLocal(IResource.DEPTH_ONE, null);
		viewer.refresh(run);
		assertTrue(Arrays.stream(expanded(new RankFiles(run)).getItems()).anyMatch(item -> item.getText().equals("trace.3")),
				"trace.3 joins the group");
		assertFalse(Arrays.stream(expanded(run).getItems()).anyMatch(item -> item.getText().equals("trace.3")), "not beside it");
		Workbench.waitUntil(WAIT_MILLIS, () -> label(run).startsWith("ring  4 ranks"), () -> "the label counts the new rank: " + label(run));
	}

	/**
	 * A folder holding an OTF2 archive is a run too: its ranks from the archive's definitions, its
	 * events the records of its ranks' event files (each message one OTF2 event, each collective two: begin and end; the worker thread
	 * the writer adds is no rank's), its size the archive's files, read in a job and again when they
	 * change; its model a child, current once written.
	 */
	@Test
	void aFolderHoldingAnOtf2ArchiveIsOneRun() throws Exception {
		List<List<TraceEvent>> program = RandomPrograms.traces(5, 4);
		Path source = Files.createTempDirectory("looptrace-archive").resolve("scorep");
		Otf2Archives.Written written = Otf2Archives.program(program, source);
		IFolder run = project.getFolder("scorep");
		run.createLink(IPath.fromPath(source), IResource.NONE, null);
		long events = 0;
		for (List<TraceEvent> rank : program) {
			for (TraceEvent event : rank) {
				events += event.kind() == EventKind.LOCAL ? 0 : event.kind() == EventKind.SYNC ? 2 : 1;
			}
		}
		long bytes = 0;
		for (Path file : Otf2Archive.files(written.anchor())) {
			bytes += Files.size(file);
		}
		String counted = String.format(Locale.ROOT, "scorep  5 ranks \u00b7 %,d OTF2 events \u00b7 %s \u00b7 no model yet", events,
				RunLabels.size(bytes));
		Workbench.waitUntil(WAIT_MILLIS, () -> label(run).equals(counted), () -> "not '" + counted + "': " + label(run));
		List<Object> children = Arrays.stream(expanded(run).getItems()).map(Item::getData).toList();
		assertTrue(children.contains(run.getFile(Otf2Archive.ANCHOR)), children::toString);

		// the archive's files are listed by the job, not where the label is asked for (the UI thread)
		RunLabels labels = new RunLabels();
		try {
			assertEquals("scorep  OTF2 archive, reading it\u2026", labels.getText(run));
			Job.getJobManager().join(RunLabels.COUNT_FAMILY, null);
			assertEquals(counted, labels.getText(run));
		} finally {
			labels.dispose();
		}
		// a file added under the archive's folder: the archive is read again
		Files.write(written.anchor().resolveSibling("traces").resolve("notes.txt"), new byte[1000]);
		run.refreshLocal(IResource.DEPTH_INFINITE, null);
		String grown = String.format(Locale.ROOT, "scorep  5 ranks \u00b7 %,d OTF2 events \u00b7 %s \u00b7 no model yet", events,
				RunLabels.size(bytes + 1000));
		Workbench.waitUntil(WAIT_MILLIS, () -> label(run).equals(grown), () -> "not '" + grown + "': " + label(run));
		assertFalse(children.contains(new RankFiles(run)), "no group of rank files: " + children);

		ModelTracesJob job = new ModelTracesJob(run, false);
		job.schedule();
		job.join();
		assertTrue(job.getResult().isOK(), job.getResult().toString());
		Workbench.waitUntil(WAIT_MILLIS, () -> label(run).endsWith("model current"), () -> label(run));
		viewer.refresh(run);
		assertTrue(Arrays.stream(expanded(run).getItems()).anyMatch(item -> run.getFile(LoopTraceUi.MODEL_FILE).equals(item.getData())),
				"the model is a child of its run");
	}

	/**
	 * The label of an archive whose records were counted before (by an earlier session, or a
	 * conversion) comes from the counts saved under its stamp: its event files and definitions,
	 * spoiled with their sizes and times kept, are not read.
	 */
	@Test
	void anArchiveCountedBeforeIsLabelledWithoutReadingIt() throws Exception {
		Path source = Files.createTempDirectory("looptrace-archive").resolve("counted");
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(3, 7), source);
		long events = Otf2Archive.open(source).records(Progress.NONE);
		Otf2Archives.spoil(written.anchor(), ".evt");
		Otf2Archives.spoil(written.anchor(), ".def");
		long bytes = 0;
		for (Path file : Otf2Archive.files(written.anchor())) {
			bytes += Files.size(file);
		}
		IFolder run = project.getFolder("counted");
		run.createLink(IPath.fromPath(source), IResource.NONE, null);
		String counted = String.format(Locale.ROOT, "counted  3 ranks \u00b7 %,d OTF2 events \u00b7 %s \u00b7 no model yet", events,
				RunLabels.size(bytes));
		Workbench.waitUntil(WAIT_MILLIS, () -> label(run).equals(counted), () -> "not '" + counted + "': " + label(run));
	}

	/** The item of an element, expanded, its parents expanded first. */
	private TreeItem expanded(Object element) {
		viewer.reveal(element);
		viewer.expandToLevel(element, 1);
		TreeItem item = (TreeItem) viewer.testFindItem(element);
		assertNotNull(item, "no item for " + element);
		return item;
	}

	private String label(IResource folder) {
		viewer.reveal(folder);
		TreeItem item = (TreeItem) viewer.testFindItem(folder);
		assertNotNull(item, "no item for " + folder);
		return item.getText();
	}

	private static long bytes(IFolder run) throws IOException {
		long bytes = 0;
		for (IFile file : new RankFiles(run).files()) {
			bytes += Files.size(file.getLocation().toPath());
		}
		return bytes;
	}
}
