// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IExtension;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.texteditor.MarkerAnnotation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.analysis.collectives.Occurrence;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.CollectivePrograms;
import org.looptrace.testsupport.CollectivePrograms.Program;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The pattern markers of models: one info marker on the line of each send of each occurrence, with
 * the message naming what it resembles, put when an editor opens the model or the Patterns view
 * analyses it; kept when the editor closes (in the Problems view, and in the editor when reopened);
 * gone as soon as the model's file changes (then those of the new text when it is open), and when
 * switched off.
 */
class PatternMarkersTest {

	private final IProject project = TestProjects.project("pattern markers");
	private final IWorkbenchPage page = Workbench.page();

	@BeforeEach
	void createProject() throws Exception {
		TestProjects.create(project);
		PatternPreferences.set(PatternPreferences.EDITOR_MARKERS, true);
		PatternPreferences.set(PatternPreferences.USE_CONTEXT, true);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		TestProjects.delete(project, PatternsView.ID);
		PatternPreferences.set(PatternPreferences.EDITOR_MARKERS, true);
		PatternPreferences.set(PatternPreferences.USE_CONTEXT, true);
	}

	@Test
	void anOpenModelHasAMarkerOnTheLineOfEverySendOfEveryOccurrence() throws Exception {
		IFile model = model("bcast-reduce", PatternsViewTest.BCAST_REDUCE);
		assertEquals(Set.of(), markers(model), "no markers before an editor opens the model");
		IDE.openEditor(page, model);
		Set<String> expected = expected(model);
		assertFalse(expected.isEmpty());
		waitForMarkers(model, expected);
		assertTrue(expected.stream().anyMatch(m -> m.contains("resemble MPI_Bcast from rank 3 over ranks 0-11 (7 times in the run)")),
				expected.toString());
		assertTrue(expected.stream().anyMatch(m -> m.contains("resemble MPI_Reduce from rank 5 over ranks 0-11")), expected.toString());

		for (IMarker marker : model.findMarkers(PatternMarkers.MARKER, true, IResource.DEPTH_ZERO)) {
			assertEquals(IMarker.SEVERITY_INFO, marker.getAttribute(IMarker.SEVERITY, -1));
			assertTrue(marker.isSubtypeOf(IMarker.PROBLEM) && marker.isSubtypeOf(IMarker.TEXT));
		}
	}

	@Test
	void onEveryGeneratedProgramTheMarkersAreThoseOfTheHeadlessPatterns() throws Exception {
		for (long seed = 10; seed < 14; seed++) {
			Program program = CollectivePrograms.random(seed, seed % 2 == 0, false);
			IFile model = model("program-" + seed, program);
			Set<String> expected = openWithMarkers(model);
			page.closeAllEditors(false);
			waitForMarkerJobs();
			assertEquals(expected, markers(model), "the markers outlast the editor");
			// changed while closed: those of the old text go, none come
			TestProjects.write(model, ModelViews.read(model) + "\n");
			waitForMarkers(model, Set.of());
		}
	}

	/**
	 * Closed, the model keeps its markers: problems of severity info, what the Problems view lists
	 * under Infos; reopened, the editor shows them.
	 */
	@Test
	void closedTheMarkersStayAsInfosAndComeBackInTheEditor() throws Exception {
		IFile model = model("bcast-reduce", PatternsViewTest.BCAST_REDUCE);
		Set<String> expected = openWithMarkers(model);
		page.closeAllEditors(false);
		waitForMarkerJobs();
		assertEquals(expected, markers(model));
		Set<String> infos = new TreeSet<>();
		for (IMarker problem : model.findMarkers(IMarker.PROBLEM, true, IResource.DEPTH_ZERO)) {
			if (problem.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_INFO) {
				infos.add(describe(problem.getAttribute(IMarker.LINE_NUMBER), problem.getAttribute(IMarker.CHAR_START),
						problem.getAttribute(IMarker.CHAR_END), problem.getAttribute(PatternMarkers.CONSTRUCT),
						problem.getAttribute(IMarker.MESSAGE)));
			}
		}
		assertEquals(expected, infos);

		// reopened: the editor shows every marker where it is, without computing them again
		ITextEditor editor = (ITextEditor) IDE.openEditor(page, model);
		IAnnotationModel annotations = editor.getDocumentProvider().getAnnotationModel(editor.getEditorInput());
		PatternsViewTest.waitUntil(() -> expected.equals(annotated(annotations)),
				() -> "the editor shows " + annotated(annotations) + " instead of " + expected);
		waitForMarkerJobs();
		assertEquals(expected, markers(model));
	}

	@Test
	void theAnalysisOfTheViewPutsTheMarkersOfAClosedModel() throws Exception {
		IFile model = model("bcast-reduce", PatternsViewTest.BCAST_REDUCE);
		assertEquals(Set.of(), markers(model));
		PatternsView view = (PatternsView) page.showView(PatternsView.ID);
		view.show(model);
		PatternsViewTest.waitForData(view, model);
		waitForMarkers(model, expected(model));
	}

	@Test
	void markersOfAnotherTextGoWhenTheMarkersAreBroughtUpToDate() throws Exception {
		IFile model = model("bcast-reduce", PatternsViewTest.BCAST_REDUCE);
		PatternsView view = (PatternsView) page.showView(PatternsView.ID);
		view.show(model);
		Set<String> expected = expected(model);
		waitForMarkers(model, expected);
		page.hideView(view);
		// markers of an older text (a model changed while the workbench was closed) are stale
		for (IMarker marker : model.findMarkers(PatternMarkers.MARKER, false, IResource.DEPTH_ZERO)) {
			marker.setAttribute(PatternMarkers.STAMP, Long.toString(model.getModificationStamp() - 1));
		}
		// what the markers do at start: brought up to date, as when an option changes
		PatternPreferences.set(PatternPreferences.USE_CONTEXT, false);
		waitForMarkers(model, Set.of());
	}

	@Test
	void theMarkersArePersistent() {
		IExtension markerType = Platform.getExtensionRegistry().getExtension(ResourcesPlugin.PI_RESOURCES,
				ResourcesPlugin.PT_MARKERS, PatternMarkers.MARKER);
		assertTrue(Arrays.stream(markerType.getConfigurationElements())
				.anyMatch(element -> "persistent".equals(element.getName()) && "true".equals(element.getAttribute("value"))));
	}

	/** Opens a model in its editor and waits for its markers; the markers, as {@link #markers(IFile)} describes them. */
	private Set<String> openWithMarkers(IFile model) throws Exception {
		IDE.openEditor(page, model);
		Set<String> expected = expected(model);
		waitForMarkers(model, expected);
		return expected;
	}

	private static void waitForMarkerJobs() {
		Workbench.runEventLoop(200); // the listeners' asynchronous updates
		PatternsViewTest.waitUntil(() -> Job.getJobManager().find(PatternMarkers.JOB_FAMILY).length == 0,
				() -> "pattern marker jobs still running");
	}

	/** The pattern markers an editor shows, described as {@link #markers(IFile)} does, with the editor's ranges. */
	private static Set<String> annotated(IAnnotationModel annotations) {
		Set<String> shown = new TreeSet<>();
		annotations.getAnnotationIterator().forEachRemaining(annotation -> {
			Position position = annotations.getPosition(annotation);
			IMarker marker = annotation instanceof MarkerAnnotation shownMarker ? shownMarker.getMarker() : null;
			if (marker != null && position != null && marker.getAttribute(PatternMarkers.CONSTRUCT, null) != null) {
				shown.add(describe(marker.getAttribute(IMarker.LINE_NUMBER, -1), position.getOffset(),
						position.getOffset() + position.getLength(), marker.getAttribute(PatternMarkers.CONSTRUCT, ""),
						marker.getAttribute(IMarker.MESSAGE, "")));
			}
		});
		return shown;
	}

	@Test
	void editedAndSavedTheMarkersOfTheOldTextGoAndThoseOfTheNewOneCome() throws Exception {
		IFile model = model("bcast-reduce", PatternsViewTest.BCAST_REDUCE);
		ITextEditor editor = (ITextEditor) IDE.openEditor(page, model);
		Set<String> before = expected(model);
		waitForMarkers(model, before);
		String text = ModelViews.read(model);

		// two lines more at the top: every marker two lines lower
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		document.replace(0, 0, "\n\n");
		editor.doSave(null);
		Set<String> after = expected(model);
		assertFalse(after.equals(before));
		waitForMarkers(model, after);
		assertEquals(shifted(before, 2), after);

		// a bad model: none, and no error
		document.set("for i0 = 0 to\n  0 send 1 7\ndone\n");
		editor.doSave(null);
		waitForMarkers(model, Set.of());

		// a model without patterns: none
		document.set(text);
		editor.doSave(null);
		waitForMarkers(model, before);
		document.set("0 send 1 7\n1 recv 0 7\n");
		editor.doSave(null);
		waitForMarkers(model, Set.of());
	}

	@Test
	void switchedOffTheMarkersGoAndSwitchedOnTheyCome() throws Exception {
		IFile model = model("bcast-reduce", PatternsViewTest.BCAST_REDUCE);
		Set<String> expected = openWithMarkers(model);
		PatternPreferences.set(PatternPreferences.EDITOR_MARKERS, false);
		waitForMarkers(model, Set.of());
		PatternPreferences.set(PatternPreferences.EDITOR_MARKERS, true);
		waitForMarkers(model, expected);
	}

	/** The markers the model's saved text should have: line, characters, construct and message. */
	private static Set<String> expected(IFile model) throws Exception {
		PatternsData patterns = PatternsData.ofModel(ModelViews.read(model), model.getName(), true, Progress.NONE);
		Set<String> markers = new TreeSet<>();
		for (Map<String, Object> marker : PatternMarkers.markers(patterns)) {
			markers.add(describe(marker.get(IMarker.LINE_NUMBER), marker.get(IMarker.CHAR_START), marker.get(IMarker.CHAR_END),
					marker.get(PatternMarkers.CONSTRUCT), marker.get(IMarker.MESSAGE)));
		}
		// one marker per send of each occurrence, on the line of the send's text
		long sends = patterns.found().occurrences().stream().mapToLong(o -> o.constructs().size()).sum();
		assertEquals(sends, PatternMarkers.markers(patterns).size());
		String text = ModelViews.read(model);
		for (Occurrence occurrence : patterns.found().occurrences()) {
			for (String path : occurrence.constructs()) {
				int start = patterns.ranges().get(path).offset();
				String line = text.lines().toList().get(PatternMarkers.line(text, start) - 1);
				assertTrue(line.contains("send"), line);
			}
		}
		return markers;
	}

	private static Set<String> markers(IFile model) throws CoreException {
		Set<String> markers = new TreeSet<>();
		for (IMarker marker : model.findMarkers(PatternMarkers.MARKER, false, IResource.DEPTH_ZERO)) {
			markers.add(describe(marker.getAttribute(IMarker.LINE_NUMBER), marker.getAttribute(IMarker.CHAR_START),
					marker.getAttribute(IMarker.CHAR_END), marker.getAttribute(PatternMarkers.CONSTRUCT),
					marker.getAttribute(IMarker.MESSAGE)));
		}
		return markers;
	}

	private static String describe(Object line, Object start, Object end, Object construct, Object message) {
		return String.format("%05d %s-%s %s %s", (Integer) line, start, end, construct, message);
	}

	/** The markers of a text with {@code lines} more lines at the top. */
	private static Set<String> shifted(Set<String> markers, int lines) {
		List<String> moved = new ArrayList<>();
		for (String marker : markers) {
			String[] parts = marker.split(" ", 3);
			String[] range = parts[1].split("-");
			moved.add(String.format("%05d %d-%d %s", Integer.parseInt(parts[0]) + lines, Integer.parseInt(range[0]) + lines,
					Integer.parseInt(range[1]) + lines, parts[2]));
		}
		return new TreeSet<>(moved);
	}

	private void waitForMarkers(IFile model, Set<String> expected) {
		PatternsViewTest.waitUntil(() -> {
			try {
				return expected.equals(markers(model));
			} catch (CoreException e) {
				return false;
			}
		}, () -> {
			try {
				return "markers of " + model.getName() + ": expected " + expected + " but " + markers(model);
			} catch (CoreException e) {
				return e.getMessage();
			}
		});
	}

	private IFile model(String name, Program program) throws Exception {
		return PatternsViewTest.modelled(project, name, program);
	}
}
