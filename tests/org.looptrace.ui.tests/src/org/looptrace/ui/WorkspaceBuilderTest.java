// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.resources.ProjectScope;
import org.eclipse.swt.widgets.Display;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.ReplayTags;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.trace.generate.Patterns;
import org.looptrace.ui.internal.LoopTraceNature;
import org.looptrace.ui.internal.ModellingPreferences;
import org.looptrace.ui.testsupport.TestProjects;

/**
 * The LoopTrace builder in a real workspace: trace folders of a project with the nature are
 * modelled when their traces change, only changed ranks are modelled again, problems become
 * markers, models the user edited are kept, and the preferences are the options used.
 */
class WorkspaceBuilderTest {

	private static final int RANKS = 4;

	private final IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("built");
	/** The results of the model jobs that ended, in order. */
	private final List<IStatus> results = Collections.synchronizedList(new ArrayList<>());
	private final IJobChangeListener listener = new JobChangeAdapter() {
		@Override
		public void done(@Nullable IJobChangeEvent event) {
			if (event == null) {
				return;
			}
			if (event.getJob().belongsTo(LoopTraceUi.MODEL_JOB_FAMILY)) {
				results.add(event.getResult());
			}
		}
	};

	@BeforeEach
	void listen() {
		Job.getJobManager().addJobChangeListener(listener);
	}

	@AfterEach
	void cleanUp() throws CoreException {
		Job.getJobManager().removeJobChangeListener(listener);
		if (project.exists()) {
			project.delete(true, true, null);
		}
	}

	@ParameterizedTest(name = "a project with nature {0}")
	@ValueSource(strings = { "org.eclipse.ptp.rdt.core.remoteNature", "org.eclipse.ptp.rdt.core.remoteMakeNature",
			"org.eclipse.ptp.rdt.sync.core.remoteSyncNature" })
	void ptpProjectsGetTheirTraceFoldersModelled(String ptpNature) throws Exception {
		IProjectDescription description = ResourcesPlugin.getWorkspace().newProjectDescription(project.getName());
		description.setNatureIds(new String[] { ptpNature });
		project.create(description, null);
		project.open(null);
		IFolder folder = traceFolder("halo");
		LoopTraceNature.addTo(project, null);
		waitForModels();
		List<String> natures = List.of(project.getDescription().getNatureIds());
		assertTrue(natures.contains(ptpNature) && natures.contains(LoopTraceUi.NATURE_ID), natures.toString());
		assertEquals(expectedModel(folder, NlrOptions.DEFAULTS), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));
		assertTrue(folder.getFile(LoopTraceUi.MODEL_FILE).isDerived(), "the built model is a derived resource");
	}

	@Test
	void touchingOneRankModelsOnlyThatRankAgain() throws Exception {
		IFolder folder = builtProject("ring");
		IFile trace = folder.getFile("trace.2");
		trace.appendContents(new ByteArrayInputStream("# touched\n".getBytes(StandardCharsets.UTF_8)), true, false, null);
		waitForModels();
		assertEquals("local models: " + (RANKS - 1) + " reused, 1 computed", lastResult().getMessage());
		assertEquals(expectedModel(folder, NlrOptions.DEFAULTS), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));
	}

	@Test
	void aBadLineBecomesAMarkerAndFixingItRemovesIt() throws Exception {
		IFolder folder = builtProject("ring");
		IFile trace = folder.getFile("trace.1");
		String good = contents(trace);
		List<String> lines = new ArrayList<>(good.lines().toList());
		lines.set(1, "1 sned 2 0");
		trace.setContents(new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8)), true,
				false, null);
		waitForModels();
		IMarker[] markers = trace.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0);
		assertEquals(1, markers.length);
		assertEquals(2, markers[0].getAttribute(IMarker.LINE_NUMBER, -1));
		trace.setContents(new ByteArrayInputStream(good.getBytes(StandardCharsets.UTF_8)), true, false, null);
		waitForModels();
		assertEquals(0, trace.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0).length);
		assertTrue(lastResult().isOK(), lastResult().toString());
	}

	@Test
	void aModelTheUserEditedIsKeptAndTheNewOneWrittenBesideIt() throws Exception {
		IFolder folder = builtProject("ring");
		IFile model = folder.getFile(LoopTraceUi.MODEL_FILE);
		String annotated = contents(model) + "// the time step: 12 ms per iteration\n";
		model.setContents(new ByteArrayInputStream(annotated.getBytes(StandardCharsets.UTF_8)), true, true, null);
		folder.getFile("trace.0").appendContents(new ByteArrayInputStream("# again\n".getBytes(StandardCharsets.UTF_8)),
				true, false, null);
		waitForModels();
		assertEquals(annotated, contents(model), "the edited model was changed");
		IFile fresh = folder.getFile(LoopTraceUi.NEW_MODEL_FILE);
		assertEquals(expectedModel(folder, NlrOptions.DEFAULTS), contents(fresh));
		IMarker[] markers = model.findMarkers(LoopTraceUi.MODEL_KEPT_MARKER, false, 0);
		assertEquals(1, markers.length);
		assertTrue(markers[0].getAttribute(IMarker.MESSAGE, "").contains(LoopTraceUi.NEW_MODEL_FILE));
	}

	@Test
	void aModelNobodyEditedIsReplaced() throws Exception {
		IFolder folder = builtProject("ring");
		folder.getFile("trace.0").appendContents(new ByteArrayInputStream("# again\n".getBytes(StandardCharsets.UTF_8)),
				true, false, null);
		waitForModels();
		assertFalse(folder.getFile(LoopTraceUi.NEW_MODEL_FILE).exists());
		assertEquals(0, folder.getFile(LoopTraceUi.MODEL_FILE).findMarkers(LoopTraceUi.MODEL_KEPT_MARKER, false, 0).length);
	}

	@Test
	void theProjectsPreferencesAreTheOptionsUsed() throws Exception {
		TestProjects.create(project);
		IEclipsePreferences preferences = new ProjectScope(project).getNode(LoopTraceUi.BUNDLE_ID);
		preferences.putBoolean(ModellingPreferences.PROJECT_SPECIFIC, true);
		preferences.putInt(ModellingPreferences.MAX_BODY, 1);
		preferences.putBoolean(ModellingPreferences.CACHE, false);
		preferences.flush();
		IFolder folder = traceFolder("wavefront");
		LoopTraceNature.addTo(project, null);
		waitForModels();
		NlrOptions small = NlrOptions.DEFAULTS.withMaxBody(1);
		assertEquals(expectedModel(folder, small), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));
		assertFalse(expectedModel(folder, small).equals(expectedModel(folder, NlrOptions.DEFAULTS)),
				"the options make no difference on this run: the test proves nothing");
		assertEquals("local models: 0 reused, " + RANKS + " computed", lastResult().getMessage());
	}

	@Test
	void aFolderHoldingAnOtf2ArchiveIsBuiltAsARun() throws Exception {
		TestProjects.create(project);
		Path run = Files.createTempDirectory("looptrace-archive").resolve("archive");
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(RANKS, 2), run);
		IFolder folder = project.getFolder("archive");
		folder.createLink(IPath.fromPath(run), IResource.NONE, null);
		LoopTraceNature.addTo(project, null);
		waitForModels();
		assertTrue(lastResult().isOK(), lastResult().toString());
		TraceFolder converted = Otf2Archive.open(run).traceFolder(false, 1, Progress.NONE);
		assertEquals(ModelPrinter.print(Merger.merge(Nlr.modelFolder(converted, NlrOptions.DEFAULTS, 1, Progress.NONE),
				new MergeOptions(1), Progress.NONE)), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));
		assertEquals(RANKS, written.expected().size());
		IMarker[] warnings = folder.getFile(Otf2Archive.ANCHOR).findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0);
		assertEquals(1, warnings.length, "the archive's warning (a worker thread left out) on its anchor");
		assertEquals(IMarker.SEVERITY_WARNING, warnings[0].getAttribute(IMarker.SEVERITY, -1));
	}

	/**
	 * The table of a replay's tags names the tags of its folder's model: a change of the table models
	 * the folder again, as a change of a trace does; a replay program's folder, which holds a table but
	 * no trace, gets no model and no marker.
	 */
	@Test
	void editingAReplaysTableOfTagsModelsItsFolderAgain() throws Exception {
		IFolder folder = builtProject("ring");
		Path traces = folder.getLocation().toPath();
		IFile table = folder.getFile(ReplayTags.FILE);
		table.create(new ByteArrayInputStream(tagTable(traces, "t").text().getBytes(StandardCharsets.UTF_8)), true, null);
		waitForModels();
		assertEquals(expectedModel(tagTable(traces, "t"), traces), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));

		table.setContents(new ByteArrayInputStream(tagTable(traces, "u").text().getBytes(StandardCharsets.UTF_8)), true, false,
				null);
		waitForModels();
		assertTrue(lastResult().isOK(), lastResult().toString());
		assertEquals(expectedModel(tagTable(traces, "u"), traces), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));

		table.delete(true, null);
		waitForModels();
		assertEquals(expectedModel(folder, NlrOptions.DEFAULTS), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));

		IFolder program = project.getFolder("program");
		program.create(true, true, null);
		int jobs = results.size();
		program.getFile(ReplayTags.FILE).create(new ByteArrayInputStream(tagTable(traces, "t").text().getBytes(StandardCharsets.UTF_8)),
				true, null);
		waitForModels();
		assertEquals(jobs, results.size(), "a model job for a folder without traces: " + results);
		assertEquals(0, program.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, IResource.DEPTH_INFINITE).length);
	}

	/**
	 * A line of the table of tags that is no entry fails the folder's model with an error marker on
	 * the table at that line, as a bad line of a trace does; fixing the table removes it.
	 */
	@Test
	void aBadLineOfTheTableOfTagsBecomesAMarkerAndFixingItRemovesIt() throws Exception {
		IFolder folder = builtProject("ring");
		Path traces = folder.getLocation().toPath();
		String good = tagTable(traces, "t").text();
		List<String> lines = new ArrayList<>(good.lines().toList());
		assertTrue(lines.size() >= 2 && lines.get(0).startsWith("#"), good);
		lines.set(1, "tag1 " + lines.get(1));
		IFile table = folder.getFile(ReplayTags.FILE);
		table.create(new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8)), true, null);
		waitForModels();
		assertEquals(IStatus.ERROR, lastResult().getSeverity(), lastResult().toString());
		IMarker[] markers = table.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0);
		assertEquals(1, markers.length, "markers on " + ReplayTags.FILE);
		assertEquals(2, markers[0].getAttribute(IMarker.LINE_NUMBER, -1));
		assertEquals(IMarker.SEVERITY_ERROR, markers[0].getAttribute(IMarker.SEVERITY, -1));
		String message = markers[0].getAttribute(IMarker.MESSAGE, "");
		assertTrue(message.endsWith("found '" + lines.get(1) + "'"), message);
		assertEquals(table.getLocation().toOSString() + ":2: error: " + message, lastResult().getMessage(),
				"the job names the table, the line and what the marker says");

		table.setContents(new ByteArrayInputStream(good.getBytes(StandardCharsets.UTF_8)), true, false, null);
		waitForModels();
		assertTrue(lastResult().isOK(), lastResult().toString());
		assertEquals(0, table.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0).length);
		assertEquals(expectedModel(tagTable(traces, "t"), traces), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));
	}

	/** A table giving each numeric tag of the traces the symbol {@code prefix<tag>}. */
	private static ReplayTags tagTable(Path traces, String prefix) throws IOException {
		ReplayTags.Builder table = new ReplayTags.Builder();
		TreeSet<Long> tags = new TreeSet<>();
		for (int rank = 0; rank < RANKS; rank++) {
			for (String line : Files.readAllLines(traces.resolve("trace." + rank))) {
				String[] fields = line.split(" ");
				if (fields.length == 4 && (fields[1].equals("send") || fields[1].equals("recv"))) {
					tags.add(Long.parseLong(fields[3]));
				}
			}
		}
		assertFalse(tags.isEmpty(), "the traces send no message");
		tags.forEach(tag -> table.symbol(tag, prefix + tag));
		return table.build();
	}

	/** The model of traces with their tags restored from a table. */
	private static String expectedModel(ReplayTags table, Path traces) throws IOException, InconsistentTraceException {
		Path restored = table.restoreInto(traces, Files.createTempDirectory("looptrace-restored"));
		return ModelPrinter.print(Merger.merge(Nlr.modelFolder(TraceFolder.open(restored), NlrOptions.DEFAULTS, 1, Progress.NONE),
				new MergeOptions(1), Progress.NONE));
	}

	private IFolder builtProject(String pattern) throws Exception {
		TestProjects.create(project);
		IFolder folder = traceFolder(pattern);
		LoopTraceNature.addTo(project, null);
		waitForModels();
		assertTrue(folder.getFile(LoopTraceUi.MODEL_FILE).exists(), "no model after the first build: " + results);
		return folder;
	}

	private IFolder traceFolder(String pattern) throws CoreException, IOException {
		return TestProjects.traceFolder(project, pattern,
				folder -> Patterns.write(Patterns.create(pattern, RANKS, 6, 1), folder, Progress.NONE));
	}

	/**
	 * Builds, then waits until the model jobs the builder scheduled (and any auto-build) are over,
	 * the UI thread kept running.
	 */
	static void waitForModels() throws InterruptedException, CoreException {
		IWorkspace workspace = ResourcesPlugin.getWorkspace();
		workspace.build(IncrementalProjectBuilder.INCREMENTAL_BUILD, null);
		long deadline = System.currentTimeMillis() + 120_000;
		do {
			while (Display.getCurrent() != null && Display.getCurrent().readAndDispatch()) {
				// the jobs may need the UI thread (markers, decorations)
			}
			Thread.sleep(50);
		} while (System.currentTimeMillis() < deadline
				&& (Job.getJobManager().find(ResourcesPlugin.FAMILY_AUTO_BUILD).length > 0
						|| Job.getJobManager().find(ResourcesPlugin.FAMILY_MANUAL_BUILD).length > 0
						|| Job.getJobManager().find(LoopTraceUi.MODEL_JOB_FAMILY).length > 0));
	}

	private IStatus lastResult() {
		assertFalse(results.isEmpty(), "no model job ran");
		return results.get(results.size() - 1);
	}

	private static String expectedModel(IFolder folder, NlrOptions options) throws IOException, InconsistentTraceException {
		Path traces = folder.getLocation().toPath();
		TraceFolder traceFolder = TraceFolder.open(traces);
		return ModelPrinter.print(Merger.merge(Nlr.modelFolder(traceFolder, options, 1, Progress.NONE),
				new MergeOptions(1), Progress.NONE));
	}

	static String contents(IFile file) throws CoreException, IOException {
		return TestProjects.text(file);
	}
}
