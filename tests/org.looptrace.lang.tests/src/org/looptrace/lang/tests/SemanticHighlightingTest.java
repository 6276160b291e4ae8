// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.lang.internal.ide.EditorServices.HighlightedRange;
import org.looptrace.lang.internal.ide.LoopsSemanticHighlighting;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;

/** Semantic highlighting of the .ide bundle: what each token means. */
class SemanticHighlightingTest {

	private static String styled(String text, String style) {
		return EditorServices.highlight(text, CancelIndicator.NullImpl).stream()
				.filter(range -> range.style().equals(style))
				.map(range -> text.substring(range.offset(), range.offset() + range.length()))
				.collect(Collectors.joining(" "));
	}

	@Test
	void highlightsIndicesRanksTagsCollectivesAndLabels() {
		String text = """
				for i = 0 to 3
				  i send 1+i halo
				  get "before" {0-3}.time ->
				  0 sync MPI_Barrier 0-3
				  0 local compute i x
				done
				""";
		assertEquals("i i i i", styled(text, LoopsSemanticHighlighting.INDEX));
		assertEquals("1+ 0-3 0 0-3 0", styled(text, LoopsSemanticHighlighting.RANK));
		assertEquals("halo", styled(text, LoopsSemanticHighlighting.TAG));
		assertEquals("MPI_Barrier", styled(text, LoopsSemanticHighlighting.COLLECTIVE));
		assertEquals("\"before\"", styled(text, LoopsSemanticHighlighting.LABEL));
	}

	@Test
	void aCommunicatorIsPartOfTheTagAndNeverAnIndex() {
		String text = "for i = 0 to 3\n  i send 1 c33.3000+4*i\n  i send 1 i.5\ndone\n";
		assertEquals("i i i i", styled(text, LoopsSemanticHighlighting.INDEX)); // for i, i send, 4*i, i send
		assertEquals("c33. 3000+4* i. 5", styled(text, LoopsSemanticHighlighting.TAG));
	}

	@Test
	void modKeepsTheKeywordStyleInsideARank() {
		String text = "for i = 0 to 3\n  i send 2*mod(1+i,4) mod(i,2)\ndone\n";
		assertEquals("i i i i", styled(text, LoopsSemanticHighlighting.INDEX));
		assertEquals("2* (1+ ,4)", styled(text, LoopsSemanticHighlighting.RANK));
		assertEquals("( ,2)", styled(text, LoopsSemanticHighlighting.TAG));
	}

	@Test
	void xorAndPow2KeepTheKeywordStyleInsideARank() {
		String text = "for i = 0 to 3\n  i send 2*xor(i,pow2(1+i)) xor(i,3)\ndone\n";
		assertEquals("i i i i i", styled(text, LoopsSemanticHighlighting.INDEX));
		assertEquals("2* ( , (1+ ))", styled(text, LoopsSemanticHighlighting.RANK));
		assertEquals("( ,3)", styled(text, LoopsSemanticHighlighting.TAG));
	}

	@Test
	void rangesOfRandomModelsAreOrderedDisjointAndDeclareEveryIndex() {
		RandomModels models = new RandomModels(8);
		for (int i = 0; i < 200; i++) {
			Model model = models.next();
			String text = ModelPrinter.print(model);
			List<HighlightedRange> ranges = EditorServices.highlight(text, CancelIndicator.NullImpl);
			int end = 0;
			for (HighlightedRange range : ranges) {
				assertTrue(range.offset() >= end && range.length() > 0, () -> "overlapping ranges " + ranges + " in\n" + text);
				end = range.offset() + range.length();
			}
			assertTrue(end <= text.length(), text);
			long loops = loops(model);
			long declared = ranges.stream().filter(range -> range.style().equals(LoopsSemanticHighlighting.INDEX)
					&& text.startsWith("for ", range.offset() - 4) && text.startsWith(" = ", range.offset() + range.length()))
					.count();
			assertEquals(loops, declared, () -> "loops whose index is not highlighted in\n" + text);
		}
	}

	@Test
	void everyLoopRangeRunsFromItsForToItsDone() {
		RandomModels models = new RandomModels(9);
		for (int i = 0; i < 200; i++) {
			Model model = models.next();
			String text = ModelPrinter.print(model);
			List<EditorServices.TextRange> loops = EditorServices.loops(text, CancelIndicator.NullImpl);
			assertEquals(loops(model), loops.size(), text);
			for (EditorServices.TextRange loop : loops) {
				String loopText = text.substring(loop.offset(), loop.offset() + loop.length());
				assertTrue(loopText.startsWith("for ") && loopText.endsWith("done"), loopText);
			}
		}
	}

	/** The tokens of model text as its lexer reads them: words, numbers, strings, comments, one character otherwise. */
	private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*|[0-9]+|\"(\\\\.|[^\"\\\\])*\"|//[^\n]*|\\S");

	/**
	 * A stray character typed into a line of each example (a syntax error there): every range
	 * highlighted on the later lines starts where a token starts and ends where one ends, as read by a
	 * lexer of its own here, so a range off by a character is seen (what the ranges mean may change
	 * with the parse: an index whose loop header broke is a rank).
	 */
	@Test
	void aSyntaxErrorLeavesTheRangesOfLaterLinesOnTheirTokens() throws Exception {
		for (Path example : Texts.examples()) {
			String text = Files.readString(example);
			for (int lineStart = 0, lineEnd; (lineEnd = text.indexOf('\n', lineStart)) >= 0; lineStart = lineEnd + 1) {
				for (String stray : List.of("#", "x", "=", "7 ")) {
					int at = lineStart + (lineEnd - lineStart) / 2;
					String edited = text.substring(0, at) + stray + text.substring(at);
					int later = lineEnd + stray.length() + 1;
					boolean[] starts = new boolean[edited.length() + 1];
					boolean[] ends = new boolean[edited.length() + 1];
					for (Matcher token = TOKEN.matcher(edited); token.find();) {
						starts[token.start()] = true;
						ends[token.end()] = true;
					}
					for (HighlightedRange range : EditorServices.highlight(edited, CancelIndicator.NullImpl)) {
						int end = range.offset() + range.length();
						assertTrue(range.offset() < later || starts[range.offset()] && ends[end], () -> example.getFileName() + ": '" + stray
								+ "' at " + at + ": " + range + " '" + edited.substring(range.offset(), end) + "' is off its tokens in\n" + edited);
					}
				}
			}
		}
	}

	private static long loops(Model model) {
		long loops = 0;
		for (var contents = model.eAllContents(); contents.hasNext();) {
			loops += contents.next() instanceof Loop ? 1 : 0;
		}
		return loops;
	}
}
