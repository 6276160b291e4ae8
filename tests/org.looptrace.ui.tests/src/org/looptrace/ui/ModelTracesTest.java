// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.eclipse.core.commands.Command;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.commands.ICommandService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.Projection;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.ReplayTags;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Patterns;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.trace.otf2.TraceCheck;
import org.looptrace.trace.otf2.TraceSource;
import org.looptrace.ui.internal.ModelTracesJob;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/** "Model traces" in a real workspace: the model it writes, its markers on bad traces. */
class ModelTracesTest {

	/** A handle only: JUnit makes a new instance for each test, which creates and deletes the project. */
	private final IProject project = TestProjects.project("traces");

	@BeforeEach
	void createProject() throws CoreException {
		TestProjects.create(project);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		TestProjects.delete(project);
	}

	@Test
	void theCommandIsContributed() {
		Command command = PlatformUI.getWorkbench().getService(ICommandService.class)
				.getCommand(LoopTraceUi.MODEL_TRACES_COMMAND);
		assertTrue(command.isDefined(), "command " + LoopTraceUi.MODEL_TRACES_COMMAND + " is not defined");
	}

	/** The command, on a folder of a project without the LoopTrace nature: the model written is validated as saved from then on. */
	@Test
	void theCommandGivesTheProjectTheModelLanguagesBuilder() throws Exception {
		IFolder folder = traceFolder("ring", 3);
		IViewPart explorer = Workbench.page().showView(IPageLayout.ID_PROJECT_EXPLORER);
		((ISetSelectionTarget) explorer).selectReveal(new StructuredSelection(folder));
		PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(LoopTraceUi.MODEL_TRACES_COMMAND, null);
		Job.getJobManager().join(LoopTraceUi.MODEL_JOB_FAMILY, null);
		assertTrue(folder.getFile(LoopTraceUi.MODEL_FILE).exists());
		assertTrue(Arrays.stream(project.getDescription().getBuildSpec())
				.anyMatch(command -> LoopTraceUi.MODEL_BUILDER_ID.equals(command.getBuilderName())));
		assertFalse(project.hasNature(LoopTraceUi.NATURE_ID), "its traces are not modelled by themselves");
	}

	@Test
	void writesTheGlobalModelOfTheFolder() throws Exception {
		IFolder folder = traceFolder("wavefront", 4);
		IStatus status = runJob(folder);
		assertTrue(status.isOK(), status.toString());

		IFile file = folder.getFile(LoopTraceUi.MODEL_FILE);
		assertTrue(file.exists(), "no " + LoopTraceUi.MODEL_FILE + " in the workspace");
		Path traces = folder.getLocation().toPath();
		Model expected = Pipeline.model(TraceFolder.open(traces), NlrOptions.DEFAULTS, new MergeOptions(1), Progress.NONE);
		assertEquals(ModelPrinter.print(expected), contents(file));
		// The model written stands for the traces: projection on every rank.
		Projection.assertProjectsOnEveryRank(expected, TraceFolder.open(traces));
	}

	@Test
	void theWrittenModelOpensInAnEditorOfTheWorkbench() throws Exception {
		IFolder folder = traceFolder("ring", 3);
		assertTrue(runJob(folder).isOK());
		IFile file = folder.getFile(LoopTraceUi.MODEL_FILE);
		assertEquals(LoopTraceUi.MODEL_CONTENT_TYPE, file.getContentDescription().getContentType().getId());
		IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
		IEditorPart editor = IDE.openEditor(page, file);
		try {
			assertEquals("org.eclipse.ui.genericeditor.GenericEditor", editor.getEditorSite().getId());
			ITextEditor text = editor.getAdapter(ITextEditor.class);
			assertEquals(contents(file), text.getDocumentProvider().getDocument(editor.getEditorInput()).get());
		} finally {
			page.closeEditor(editor, false);
		}
	}

	@Test
	void replacingAModelKeepsTheOldOneInTheLocalHistory() throws Exception {
		IFolder folder = traceFolder("ring", 3);
		IFile file = folder.getFile(LoopTraceUi.MODEL_FILE);
		file.create(new java.io.ByteArrayInputStream("// my notes\n".getBytes(StandardCharsets.UTF_8)), true, null);
		assertTrue(runJob(folder).isOK());
		assertTrue(contents(file).contains("send"), contents(file));
		assertEquals(1, file.getHistory(null).length, "the replaced text is not in the local history");
	}

	@Test
	void aMalformedLineBecomesAMarkerAtItsLine() throws Exception {
		assertMarkedAtItsLine(traceFolder("ring", 3), "trace.1", 3, "1 sned 2 0");
	}

	/**
	 * The example of one problem of each kind: a marker per problem {@code looptrace check} reports, on
	 * the file and at the line it names (those about the folder on the folder), in its words and severity.
	 */
	@Test
	void theBrokenExampleHasAMarkerPerProblemCheckReports() throws Exception {
		Path broken = TestProjects.examples().resolve("broken");
		IFolder folder = TestProjects.traceFolder(project, "broken", copy -> {
			try (Stream<Path> files = Files.list(broken)) {
				for (Path file : files.toList()) {
					Files.copy(file, copy.resolve(file.getFileName()));
				}
			}
		});
		assertEquals(IStatus.ERROR, runJob(folder).getSeverity());
		List<String> expected = checked(folder);
		assertEquals(18, expected.stream().filter(problem -> problem.contains(" error: ")).count(), expected::toString);
		assertEquals(expected, markers(folder));
	}

	/**
	 * A run cut short (the last line of a rank torn, its receive left out): the warning about that line
	 * and the error about the message it leaves unmatched, where check puts them, none on the folder.
	 */
	@Test
	void aRunCutShortHasTheWarningOfItsLastLineAndTheErrorItCauses() throws Exception {
		IFolder folder = traceFolder("ring", 3);
		Path trace = folder.getLocation().toPath().resolve("trace.0");
		String text = Files.readString(trace);
		int last = text.lastIndexOf('\n', text.length() - 2) + 1;
		assertTrue(text.substring(last).startsWith("2 recv 0 "), text.substring(last));
		Files.writeString(trace, text.substring(0, last) + "2 re");
		folder.refreshLocal(IResource.DEPTH_INFINITE, null);

		assertEquals(IStatus.ERROR, runJob(folder).getSeverity());
		List<String> markers = markers(folder);
		assertEquals(checked(folder), markers);
		long line = text.substring(0, last).lines().count() + 1;
		assertTrue(markers.contains("trace.0:" + line + ": warning: the last line, '2 re', has no newline and stops inside an event "
				+ "(unknown event kind 're': expected send, recv, sync or local): cut short, as by a rank killed while writing; not read"),
				markers::toString);
		assertTrue(markers.stream().anyMatch(marker -> marker.startsWith("trace.2:") && marker.contains(": error: unmatched send on channel (2, 0, ")),
				markers::toString);
		assertTrue(markers.stream().noneMatch(marker -> marker.startsWith(folder.getName() + ":")), markers::toString);
	}

	/** A huge broken trace: its first problems as markers, then one note of how many more, not a flood. */
	@Test
	void theMarkersOfAFileAreCappedWithANoteOfTheOthers() throws Exception {
		IFolder folder = traceFolder("ring", 3);
		Path trace = folder.getLocation().toPath().resolve("trace.1");
		int bad = 250;
		Files.writeString(trace, Files.readString(trace) + "1 sned 2 0\n".repeat(bad));
		folder.refreshLocal(IResource.DEPTH_INFINITE, null);

		assertEquals(IStatus.ERROR, runJob(folder).getSeverity());
		IMarker[] markers = folder.getFile("trace.1").findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0);
		assertEquals(ModelTracesJob.MARKERS_PER_FILE + 1, markers.length);
		IMarker note = Arrays.stream(markers).filter(marker -> marker.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_INFO)
				.findFirst().orElseThrow();
		assertEquals((bad - ModelTracesJob.MARKERS_PER_FILE) + " more errors and warnings of this file left out (at most "
				+ ModelTracesJob.MARKERS_PER_FILE + " shown per file)", note.getAttribute(IMarker.MESSAGE, ""));
	}

	@Test
	void aFolderHoldingAnOtf2ArchiveIsModelledAsItsRun() throws Exception {
		List<List<TraceEvent>> program = RandomPrograms.shaped(6, 3);
		Path run = Files.createTempDirectory("looptrace-archive").resolve("scorep-run");
		Otf2Archives.Written written = Otf2Archives.program(program, run);
		IFolder folder = archiveFolder(run);
		IStatus status = runJob(folder);
		assertTrue(status.isOK(), status.toString());

		// beside the archive's anchor, the model of its events, as the command line models the archive
		TraceFolder converted = Otf2Archive.open(folder.getLocation().toPath()).traceFolder(false, 1, Progress.NONE);
		Model model = Pipeline.model(converted, NlrOptions.DEFAULTS, new MergeOptions(1), Progress.NONE);
		assertEquals(ModelPrinter.print(model), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));
		Projection.assertProjection(written.expected(), model, "the archive's model");

		// the archive's warnings (the writer gives the last rank a worker thread, left out) on its anchor, once per run
		for (int pass = 0; pass < 2; pass++) {
			IMarker[] warnings = folder.getFile(Otf2Archive.ANCHOR).findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0);
			assertEquals(1, warnings.length, () -> "warnings on the anchor: " + Arrays.toString(warnings));
			assertEquals(IMarker.SEVERITY_WARNING, warnings[0].getAttribute(IMarker.SEVERITY, -1));
			String message = warnings[0].getAttribute(IMarker.MESSAGE, "");
			assertTrue(message.contains("not the master thread") && message.contains("Worker thread"), message);
			assertTrue(runJob(folder).isOK());
		}
	}

	/**
	 * An archive requesting receives it never completes (EZTrace 2.0): a warning on its anchor naming
	 * the rank and the count, and the inconsistency on the folder with that cause and the remedy.
	 */
	@Test
	void receivesAnArchiveNeverCompletesAreAWarningAndTheCauseOfItsInconsistency() throws Exception {
		Path run = Files.createTempDirectory("looptrace-archive").resolve("eztrace-run");
		Otf2Archives.write(run, Otf2Archives.UNCOMPLETED_RECEIVES);
		IFolder folder = archiveFolder(run);
		IStatus status = runJob(folder);
		assertEquals(IStatus.ERROR, status.getSeverity(), status.toString());
		IMarker[] warnings = folder.getFile(Otf2Archive.ANCHOR).findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0);
		assertEquals(1, warnings.length, () -> "warnings on the anchor: " + Arrays.toString(warnings));
		assertEquals(IMarker.SEVERITY_WARNING, warnings[0].getAttribute(IMarker.SEVERITY, -1));
		String warning = warnings[0].getAttribute(IMarker.MESSAGE, "");
		assertTrue(warning.startsWith("2 nonblocking receives of rank 1 are requested but never completed in the archive"), warning);
		IMarker[] causes = folder.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0);
		assertEquals(1, causes.length, () -> "markers on the folder: " + Arrays.toString(causes));
		String cause = causes[0].getAttribute(IMarker.MESSAGE, "");
		assertTrue(cause.startsWith("rank 1 requests 2 nonblocking receives that "), cause);
		assertTrue(cause.endsWith("trace the run with Score-P or LoopTrace's tracer, which record them"), cause);
		// the unmatched messages are errors as check reports them, on the event file of the location
		assertEquals(checked(folder), markers(folder));
	}

	@Test
	void anArchiveCutShortBecomesAMarkerOnItsEventFile() throws Exception {
		Path run = Files.createTempDirectory("looptrace-archive").resolve("cut-run");
		Otf2Archives.program(RandomPrograms.traces(4, 5), run);
		IFolder folder = archiveFolder(run);
		IFolder events = folder.getFolder("traces");
		IFile evt = List.of(events.members()).stream().filter(member -> member.getName().endsWith(".evt")).map(IFile.class::cast)
				.findFirst().orElseThrow();
		Path file = evt.getLocation().toPath();
		byte[] bytes = Files.readAllBytes(file);
		Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));
		folder.refreshLocal(IResource.DEPTH_INFINITE, null);

		IStatus status = runJob(folder);
		assertEquals(IStatus.ERROR, status.getSeverity(), status.toString());
		IMarker[] markers = evt.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0);
		assertEquals(1, markers.length, () -> "markers on " + evt.getName() + "; the job said " + status);
		assertTrue(markers[0].getAttribute(IMarker.MESSAGE, "").contains("location"), markers[0].getAttribute(IMarker.MESSAGE, ""));

		// mended, the archive is modelled and the marker on its event file goes
		Files.write(file, bytes);
		folder.refreshLocal(IResource.DEPTH_INFINITE, null);
		IStatus mended = runJob(folder);
		assertTrue(mended.isOK(), mended.toString());
		assertEquals(0, evt.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0).length, "the marker of the cut is gone");
	}

	/**
	 * The traces of a replay (numbers for the model's symbolic tags) beside its table of tags: the model
	 * is that of the traces with the model's tags, and the folder keeps only the user's files.
	 */
	@Test
	void aReplaysTracesAreModelledWithTheTagsOfItsTable() throws Exception {
		Path original = Files.createTempDirectory("looptrace-symbolic");
		Map<String, Long> numbers = new TreeMap<>();
		IFolder folder = replayedFolder(original, numbers);
		assertFalse(numbers.isEmpty(), "the pattern sends no message");
		IStatus status = runJob(folder);
		assertTrue(status.isOK(), status.toString());

		Model expected = Pipeline.model(TraceFolder.open(original), NlrOptions.DEFAULTS, new MergeOptions(1), Progress.NONE);
		assertEquals(ModelPrinter.print(expected), contents(folder.getFile(LoopTraceUi.MODEL_FILE)));
		assertTrue(contents(folder.getFile(LoopTraceUi.MODEL_FILE)).contains(numbers.keySet().iterator().next()), "no symbolic tag");
		assertFalse(Files.exists(folder.getLocation().toPath().resolve(ReplayTags.RESTORED)), "restored traces in the user's folder");

		// a table that cannot be read: the job fails naming its file and line
		Path tags = folder.getLocation().toPath().resolve(ReplayTags.FILE);
		Files.writeString(tags, "1000 t0\n1001\n");
		IStatus bad = runJob(folder);
		assertEquals(IStatus.ERROR, bad.getSeverity(), bad.toString());
		assertTrue(bad.getMessage().contains(tags + ":2:"), bad.getMessage());
	}

	/**
	 * A problem in a replay's trace is marked on that trace at its line, as in any trace folder, and
	 * the job's message names it: the copy with the model's tags that was read is the job's, not the user's.
	 */
	@Test
	void aBadLineInAReplaysTraceIsMarkedAtItsLine() throws Exception {
		assertMarkedAtItsLine(replayedFolder(Files.createTempDirectory("looptrace-symbolic"), new TreeMap<>()), "trace.2", 4,
				"2 sned 3 1000");
	}

	/**
	 * Puts a malformed line ({@code sned}) into a trace of the folder: the job fails naming the file
	 * and line, and its one marker is on that file at that line, none on the folder.
	 */
	private static void assertMarkedAtItsLine(IFolder folder, String name, int line, String malformed) throws Exception {
		Path trace = folder.getLocation().toPath().resolve(name);
		List<String> lines = new ArrayList<>(Files.readAllLines(trace));
		lines.set(line - 1, malformed);
		Files.write(trace, lines);
		folder.refreshLocal(IResource.DEPTH_INFINITE, null);

		IStatus status = runJob(folder);
		assertEquals(IStatus.ERROR, status.getSeverity(), status.toString());
		assertTrue(status.getMessage().startsWith(trace + ":" + line + ":"), status.getMessage());
		assertEquals(0, folder.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, IResource.DEPTH_ZERO).length,
				"a marker on the folder");
		IMarker[] markers = folder.getFile(name).findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, 0);
		assertEquals(1, markers.length, "markers on " + name);
		assertEquals(line, markers[0].getAttribute(IMarker.LINE_NUMBER, -1));
		assertTrue(markers[0].getAttribute(IMarker.MESSAGE, "").contains("sned"), markers[0].getAttribute(IMarker.MESSAGE, ""));
	}

	/**
	 * A folder of the project with the traces of a replay of a wavefront at 4 ranks: its tags are the
	 * numbers of its {@link ReplayTags#FILE}, and {@code original} gets the same traces with the symbolic
	 * tags {@code t<tag>} that the numbers stand for ({@code numbers}, filled).
	 */
	private IFolder replayedFolder(Path original, Map<String, Long> numbers) throws CoreException, IOException {
		Patterns.write(Patterns.create("wavefront", 4, 6, 1), original, Progress.NONE);
		ReplayTags.Builder table = new ReplayTags.Builder();
		return TestProjects.traceFolder(project, "replayed", replayed -> {
			for (int rank = 0; rank < 4; rank++) {
				List<String> symbolic = new ArrayList<>();
				List<String> sent = new ArrayList<>();
				for (String line : Files.readAllLines(original.resolve("trace." + rank))) {
					String[] fields = line.split(" ");
					boolean message = fields.length == 4 && (fields[1].equals("send") || fields[1].equals("recv"));
					String symbol = message ? "t" + fields[3] : "";
					long number = message ? numbers.computeIfAbsent(symbol, s -> 1000L + numbers.size()) : 0;
					symbolic.add(message ? String.join(" ", fields[0], fields[1], fields[2], symbol) : line);
					sent.add(message ? String.join(" ", fields[0], fields[1], fields[2], Long.toString(number)) : line);
				}
				Files.write(original.resolve("trace." + rank), symbolic);
				Files.write(replayed.resolve("trace." + rank), sent);
			}
			numbers.forEach((symbol, number) -> table.symbol(number, symbol));
			Files.writeString(replayed.resolve(ReplayTags.FILE), table.build().text());
		});
	}

	/** A folder of the project linked to an archive's folder, as a user links a run of a cluster's file system. */
	private IFolder archiveFolder(Path run) throws CoreException {
		IFolder folder = project.getFolder(run.getFileName().toString());
		folder.createLink(IPath.fromPath(run), IResource.NONE, null);
		return folder;
	}

	private IFolder traceFolder(String pattern, int ranks) throws CoreException, IOException {
		return TestProjects.traceFolder(project, pattern,
				folder -> Patterns.write(Patterns.create(pattern, ranks, 6, 1), folder, Progress.NONE));
	}

	/**
	 * What {@code looptrace check} reports about a folder of the project (the check the command line runs,
	 * as many problems per file as the IDE marks), each as {@link #markers} writes a marker.
	 */
	private static List<String> checked(IFolder folder) throws IOException {
		Path location = folder.getLocation().toPath();
		TraceCheck check = TraceCheck.of(TraceSource.open(location, false, 1, Progress.NONE), ModelTracesJob.MARKERS_PER_FILE,
				Progress.NONE);
		List<String> problems = new ArrayList<>();
		for (Diagnostic diagnostic : check.all()) {
			String name = diagnostic.file().equals(location) ? folder.getName() : diagnostic.file().getFileName().toString();
			problems.add(name + (diagnostic.line() > 0 ? ":" + diagnostic.line() : "") + ": " + diagnostic.severity().word() + ": "
					+ diagnostic.message());
		}
		check.missingReceives().ifPresent(cause -> problems.add(folder.getName() + ": note: " + cause));
		problems.sort(null);
		return problems;
	}

	/** The trace problem markers of a folder and what it holds as {@code name[:line]: severity: message}, sorted. */
	private static List<String> markers(IFolder folder) throws CoreException {
		List<String> markers = new ArrayList<>();
		for (IMarker marker : folder.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, IResource.DEPTH_INFINITE)) {
			int line = marker.getAttribute(IMarker.LINE_NUMBER, 0);
			String severity = switch (marker.getAttribute(IMarker.SEVERITY, -1)) {
			case IMarker.SEVERITY_ERROR -> "error";
			case IMarker.SEVERITY_WARNING -> "warning";
			default -> "note";
			};
			markers.add(marker.getResource().getName() + (line > 0 ? ":" + line : "") + ": " + severity + ": "
					+ marker.getAttribute(IMarker.MESSAGE, ""));
		}
		markers.sort(null);
		return markers;
	}

	private static IStatus runJob(IFolder folder) throws InterruptedException {
		ModelTracesJob job = new ModelTracesJob(folder, true);
		job.setUser(false);
		job.schedule();
		job.join(60_000, new NullProgressMonitor());
		return job.getResult();
	}

	private static String contents(IFile file) throws CoreException, IOException {
		return TestProjects.text(file);
	}
}
