// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.looptrace.lang.ui.internal.EditorFixture.waitUntil;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.jface.text.source.projection.ProjectionAnnotationModel;
import org.eclipse.jface.text.source.projection.ProjectionViewer;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.eclipse.xtext.util.CancelIndicator;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.lang.internal.ide.EditorServices.HighlightedRange;
import org.looptrace.lang.internal.ide.LoopsSemanticHighlighting;
import org.looptrace.trace.DataTraceWriter;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The {@code .loops} editor in a real workbench: its lexical and semantic highlighting, its
 * errors while typing and the markers of the file as saved, its completion, its folding.
 */
class ModelEditorTest {

	private static final String MODEL = EditorFixture.RING;

	/** Every kind of token the semantic highlighting knows. */
	private static final String ANNOTATED_MODEL = """
			for i0 = 0 to 9
			  for i1 = 0 to 6
			    i1 send 1+i1 tag
			    i1 recv 1+i1 tag
			  done
			  get "step" {0}.time ->
			  0 sync MPI_Barrier 0-7
			done
			""";

	private final IProject project = TestProjects.project("models");
	private final IFile file = project.getFile("ring.loops");

	@BeforeEach
	void createFile() throws CoreException {
		TestProjects.create(project);
		TestProjects.write(file, MODEL);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		TestProjects.delete(project);
	}

	@Test
	void aTypoGetsAnErrorAnnotationThatGoesWhenFixed() throws Exception {
		ITextEditor editor = open();
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		int typo = MODEL.indexOf("done\n  0");
		document.replace(typo, "done".length(), "dnoe");
		// Some error with its text range (the test once took the first problem of several).
		ISourceViewer viewer = EditorFixture.viewer(editor);
		waitUntil(() -> EditorFixture.problems(editor).stream().anyMatch(problem -> ValidationStrategy.ERROR.equals(problem.getType())
				&& viewer.getAnnotationModel().getPosition(problem).getOffset() >= typo - 1), "no error with a text range on the typo");

		document.replace(typo, "dnoe".length(), "done");
		waitUntil(() -> EditorFixture.problems(editor).isEmpty(), "the error stays after the fix");
	}

	/**
	 * Markers describe the file on disk: an edit the user does not save leaves none, while the editor
	 * shows its text's errors as annotations; a model written outside the editor gets its markers from
	 * the builder, without being opened.
	 */
	@Test
	void markersAreThoseOfTheFileAsSaved() throws Exception {
		try (EditorFixture fixture = new EditorFixture("saved", MODEL)) {
			EditorFixture.waitForBuild();
			assertEquals(0, EditorFixture.markers(fixture.file).length, "markers on a valid model");
			ITextEditor editor = fixture.open();
			IDocument document = EditorFixture.document(editor);
			document.replace(MODEL.indexOf("send"), "send".length(), "snd");
			waitUntil(() -> EditorFixture.problems(editor).stream().anyMatch(problem -> problem.getText().contains("snd")),
					"the editor shows no error of its text");
			EditorFixture.waitForBuild();
			assertEquals(0, EditorFixture.markers(fixture.file).length, "markers of text that is not saved");

			assertTrue(Workbench.page().closeEditor(editor, false)); // Don't Save
			EditorFixture.waitForBuild();
			Workbench.runEventLoop(500); // what the editor's reconciler had left for the UI thread
			assertEquals(0, EditorFixture.markers(fixture.file).length, "markers of the text dropped");

			TestProjects.write(fixture.file, MODEL.replace("send", "snd")); // outside the editor
			EditorFixture.waitForBuild();
			IMarker[] markers = EditorFixture.markers(fixture.file);
			assertTrue(Arrays.stream(markers).anyMatch(marker -> marker.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR
					&& marker.getAttribute(IMarker.MESSAGE, "").contains("snd") && marker.getAttribute(IMarker.CHAR_START, -1) >= 0),
					"no marker on the model written outside the editor");

			TestProjects.write(fixture.file, MODEL);
			EditorFixture.waitForBuild();
			assertEquals(0, EditorFixture.markers(fixture.file).length, "markers stay once the file is valid again");
		}
	}

	@Test
	void keywordsNumbersStringsAndCommentsAreHighlighted() throws Exception {
		ITextEditor editor = open();
		StyledText text = (StyledText) editor.getAdapter(Control.class);
		String content = text.getText();
		StyleRange keyword = text.getStyleRangeAtOffset(content.indexOf("for"));
		StyleRange comment = text.getStyleRangeAtOffset(content.indexOf("ring"));
		StyleRange string = text.getStyleRangeAtOffset(content.indexOf("\"done\"") + 1);
		StyleRange number = text.getStyleRangeAtOffset(content.indexOf("9"));
		StyleRange identifier = text.getStyleRangeAtOffset(content.indexOf("i0"));
		assertEquals(SWT.BOLD, keyword.fontStyle, "for is not bold");
		assertEquals(SWT.ITALIC, comment.fontStyle, "the comment is not italic");
		List<StyleRange> coloured = List.of(keyword, comment, string, number);
		assertEquals(4, coloured.stream().map(range -> range.foreground).distinct().count(),
				"keywords, comments, strings and numbers share colours");
		assertTrue(identifier == null || identifier.foreground == null, "an identifier is coloured like a token");
	}

	@Test
	void indicesRanksTagsCollectivesAndLabelsAreHighlightedByMeaning() throws Exception {
		ITextEditor editor = open();
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		document.set(ANNOTATED_MODEL);
		StyledText text = (StyledText) editor.getAdapter(Control.class);
		Map<String, Integer> expected = new LinkedHashMap<>();
		expected.put(LoopsSemanticHighlighting.INDEX, ANNOTATED_MODEL.indexOf("i1 send") + 1);
		expected.put(LoopsSemanticHighlighting.RANK, ANNOTATED_MODEL.indexOf("0 sync"));
		expected.put(LoopsSemanticHighlighting.TAG, ANNOTATED_MODEL.indexOf("tag"));
		expected.put(LoopsSemanticHighlighting.COLLECTIVE, ANNOTATED_MODEL.indexOf("MPI_Barrier") + 4);
		expected.put(LoopsSemanticHighlighting.LABEL, ANNOTATED_MODEL.indexOf("\"step\"") + 2);
		expected.forEach((style, offset) -> waitUntil(
				() -> EditorPreferences.colour(style).equals(foregroundAt(text, offset)),
				"no " + style + " highlighting at " + offset));
		StyleRange bound = text.getStyleRangeAtOffset(ANNOTATED_MODEL.indexOf("6"));
		assertEquals(SWT.NORMAL, bound.fontStyle, "a loop bound is highlighted as an index");
		assertEquals(SWT.BOLD, text.getStyleRangeAtOffset(ANNOTATED_MODEL.indexOf("for")).fontStyle,
				"the semantic highlighting hides the keywords");
	}

	/**
	 * A stray character typed into a line breaks the parse (a loop less, its folding gone) and the text
	 * is presented again before the next highlighting comes: the loop indices of the later lines stay
	 * on their tokens, then and once the highlighting of the new text is drawn.
	 */
	@Test
	void aStrayCharacterLeavesTheHighlightingOfLaterLinesOnTheirTokens() throws Exception {
		String wavefront = """
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    4*i0+i1 send 1+4*i0+i1 tag2
				  done
				done
				for i0 = 0 to 11
				  i0 send 4+i0 tag4
				done
				for i0 = 0 to 11
				  4+i0 recv i0 tag3
				done
				""";
		ITextEditor editor = open();
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		document.set(wavefront);
		StyledText text = (StyledText) editor.getAdapter(Control.class);
		List<HighlightedRange> before = EditorServices.highlight(wavefront, CancelIndicator.NullImpl);
		waitUntil(() -> offIndices(text, wavefront, before, 0).isEmpty(), "the indices are not highlighted");
		int stray = wavefront.indexOf("1+4*i0");
		document.replace(stray, 0, "#");
		String edited = document.get();
		int later = edited.indexOf('\n', stray) + 1;
		// as when folding changes: the whole text presented with the highlighting kept so far, moved with the text
		EditorFixture.viewer(editor).invalidateTextPresentation();
		List<HighlightedRange> moved = before.stream().map(range -> range.offset() < stray ? range
				: new HighlightedRange(range.offset() + 1, range.length(), range.style())).toList();
		assertEquals(List.of(), offIndices(text, edited, moved, later), "the kept highlighting is drawn off its tokens");
		List<HighlightedRange> after = EditorServices.highlight(edited, CancelIndicator.NullImpl);
		waitUntil(() -> offIndices(text, edited, after, 0).isEmpty(),
				"the highlighting of the edited text is drawn off its tokens");
	}

	/**
	 * The offsets from {@code from} on where the text is italic and no loop index of the ranges is, or
	 * the other way round.
	 */
	private static List<Integer> offIndices(StyledText text, String content, List<HighlightedRange> ranges, int from) {
		boolean[] index = new boolean[content.length()];
		for (HighlightedRange range : ranges) {
			if (range.style().equals(LoopsSemanticHighlighting.INDEX)) {
				Arrays.fill(index, range.offset(), range.offset() + range.length(), true);
			}
		}
		List<Integer> off = new ArrayList<>();
		for (int offset = from; offset < content.length(); offset++) {
			StyleRange range = text.getStyleRangeAtOffset(offset);
			if (index[offset] != (range != null && (range.fontStyle & SWT.ITALIC) != 0)) {
				off.add(offset);
			}
		}
		return off;
	}

	@Test
	void modGetsItsMarkersAndStaysAKeywordInsideARank() throws Exception {
		String periodic = """
				for i0 = 0 to 7
				  i0 send 4*i0+mod(3+i0,8) 5
				  i0 recv 4*i0+mod(3+i0,8) 5
				done
				""";
		ITextEditor editor = open();
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		document.set(periodic.replace(",8) 5\n  i0 recv", ",0) 5\n  i0 recv"));
		waitUntil(() -> EditorFixture.problems(editor).stream().anyMatch(problem -> problem.getText().contains("modulus")),
				"no error on the modulus 0");
		document.set(periodic);
		waitUntil(() -> EditorFixture.problems(editor).isEmpty(), "the error stays on a valid model with mod");
		StyledText text = (StyledText) editor.getAdapter(Control.class);
		int mod = periodic.indexOf("mod");
		// the semantic highlighting has run once the rank around the mod has the rank colour
		waitUntil(() -> EditorPreferences.colour(LoopsSemanticHighlighting.RANK).equals(foregroundAt(text, mod + "mod(".length())),
				"no rank highlighting inside the mod");
		StyleRange keyword = text.getStyleRangeAtOffset(mod);
		assertEquals(SWT.BOLD, keyword.fontStyle, "mod is not bold");
		assertEquals(EditorPreferences.colour(EditorPreferences.KEYWORD), keyword.foreground, "mod is not coloured as a keyword");
	}

	@Test
	void completionProposesIndicesInScopeTemplatesAndTheAttributesOfTheDataHeaders() throws Exception {
		IFolder traces = project.getFolder("traces");
		traces.create(true, true, null);
		try (DataTraceWriter data = DataTraceWriter.create(traces.getLocation().toPath().resolve("data.0"),
				List.of("time", "end", "size", "flops"))) {
			data.write(1, 2, 3, 4);
		}
		ITextEditor editor = open();
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		String model = "// traces: traces\n" + ANNOTATED_MODEL;
		document.set(model);
		ITextViewer viewer = (ITextViewer) editor.getAdapter(ITextOperationTarget.class);

		List<String> inner = proposals(viewer, model.indexOf("i1 send"));
		assertTrue(inner.contains("i1 - loop index") && inner.contains("i0 - loop index"), "indices in scope: " + inner);
		List<String> top = proposals(viewer, model.indexOf("for i0"));
		assertFalse(top.stream().anyMatch(proposal -> proposal.startsWith("i0")), "an index out of its loop: " + top);
		assertTrue(top.stream().anyMatch(proposal -> proposal.startsWith("for … done")), "no loop template: " + top);
		List<String> attributes = proposals(viewer, model.indexOf("time ->"));
		assertTrue(attributes.contains("flops - data attribute"), "attributes of data.0: " + attributes);
		List<String> collectives = proposals(viewer, model.indexOf("MPI_Barrier"));
		assertTrue(collectives.contains("MPI_Barrier - collective"), "collectives of the model: " + collectives);
	}

	/** Inside the arguments of a call, where the parser has no context, the word typed is completed. */
	@Test
	void completionInsideTheArgumentsOfACallCompletesTheWordTyped() throws Exception {
		ITextEditor editor = open();
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		ITextViewer viewer = (ITextViewer) editor.getAdapter(ITextOperationTarget.class);
		String mask = "for i0 = 0 to 3\n  0 send xor(i0,po\ndone\n";
		document.set(mask);
		apply(viewer, mask.indexOf("po\n") + 2, "pow2(");
		assertEquals("for i0 = 0 to 3\n  0 send xor(i0,pow2(\ndone\n", document.get());
		String argument = "for i0 = 0 to 3\n  for step = 0 to 2\n    0 send 1+mod(2*i0+s\n  done\ndone\n";
		document.set(argument);
		apply(viewer, argument.indexOf("+s\n") + 2, "step");
		assertEquals("for i0 = 0 to 3\n  for step = 0 to 2\n    0 send 1+mod(2*i0+step\n  done\ndone\n", document.get());
	}

	/** Applies the proposal at the offset whose text is the given one. */
	private static void apply(ITextViewer viewer, int offset, String text) {
		ICompletionProposal[] proposals = new LoopsContentAssistProcessor().computeCompletionProposals(viewer, offset);
		assertNotNull(proposals);
		ICompletionProposal proposal = Arrays.stream(proposals).filter(candidate -> candidate.getDisplayString().startsWith(text + " - "))
				.findFirst().orElseThrow(() -> new AssertionError("no " + text + " among "
						+ Arrays.stream(proposals).map(ICompletionProposal::getDisplayString).toList()));
		proposal.apply(viewer.getDocument());
	}

	@Test
	void eachLoopFoldsFromItsForLineToItsDoneLine() throws Exception {
		ITextEditor editor = open();
		ProjectionViewer viewer = (ProjectionViewer) editor.getAdapter(ITextOperationTarget.class);
		int outer = MODEL.indexOf("for i0");
		int inner = MODEL.indexOf("  for i1");
		int innerEnd = MODEL.indexOf("  done\n") + "  done\n".length();
		Set<Position> expected = Set.of(new Position(outer, MODEL.length() - outer), new Position(inner, innerEnd - inner));
		waitUntil(() -> expected.equals(foldedRegions(viewer)), "loops not folded as expected");
	}

	private static Set<Position> foldedRegions(ProjectionViewer viewer) {
		ProjectionAnnotationModel model = viewer.getProjectionAnnotationModel();
		Set<Position> regions = new HashSet<>();
		if (model != null) {
			model.getAnnotationIterator().forEachRemaining(annotation -> regions.add(model.getPosition(annotation)));
		}
		return regions;
	}

	private static List<String> proposals(ITextViewer viewer, int offset) {
		ICompletionProposal[] proposals = new LoopsContentAssistProcessor().computeCompletionProposals(viewer, offset);
		assertNotNull(proposals);
		return Arrays.stream(proposals).map(ICompletionProposal::getDisplayString).toList();
	}

	private static @Nullable Color foregroundAt(StyledText text, int offset) {
		StyleRange range = text.getStyleRangeAtOffset(offset);
		return range == null ? null : range.foreground;
	}

	private ITextEditor open() throws CoreException {
		return EditorFixture.open(file);
	}

}
