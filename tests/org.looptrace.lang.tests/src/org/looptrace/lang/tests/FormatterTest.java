// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;

/** The formatter lays text out as the printer does and keeps comments. */
class FormatterTest {

	private static final Pattern COMMENT = Pattern.compile("//[^\n]*");

	@Test
	void formatsAsThePrinterPrints() throws Exception {
		String messy = """

				for   i0 = 0 to  248
				      for i1=0 to 159
				0   send 1 "2"
				\t0 recv 1 tag2\t
				  done


				get "before" { 0,1,5 }.time ->
				    i0+1 send (2*i0 - 1) 7
				  0 sync "MPI_Allreduce" 0-15
				  0 local call "foo.c:12" ( -1 ) 3
				done""";
		String expected = """
				for i0 = 0 to 248
				  for i1 = 0 to 159
				    0 send 1 "2"
				    0 recv 1 tag2
				  done
				  get "before" {0,1,5}.time ->
				  1+i0 send -1+2*i0 7
				  0 sync MPI_Allreduce 0-15
				  0 local call "foo.c:12" (-1) 3
				done
				""";
		assertEquals(expected, ModelText.format(messy));
		assertEquals(ModelPrinter.print(Texts.parseSyntax(messy)), expected);
	}

	@Test
	void keepsResiduesReadableAndTheirMeaning() throws Exception {
		String messy = """
				for i1 = 0 to 3
				  for i2 = 0 to 3
				    4 * i1 + mod ( 3 + i2 , 4 )  send  -mod( i2-1,4 )+4 mod(i1,2) // left
				    0 local 2*mod(i2+1,4) ( - mod(i1,4) )
				  done
				done
				""";
		String expected = """
				for i1 = 0 to 3
				  for i2 = 0 to 3
				    4*i1+mod(3+i2,4) send 4-mod(3+i2,4) mod(i1,2) // left
				    0 local 2*mod(1+i2,4) (-mod(i1,4))
				  done
				done
				""";
		String formatted = ModelText.format(messy);
		assertEquals(expected, formatted);
		assertEquals(ModelText.format(formatted), formatted);
		assertEquals(ModelPrinter.print(Texts.parseSyntax(messy)), ModelPrinter.print(Texts.parseSyntax(formatted)));
	}

	@Test
	void keepsComments() throws Exception {
		String text = """
				// header
				for i0 = 0 to 3   // outer loop   \s
				// before the body
				    0 send i0 2//tight

				  // between
				  0 recv 1 2
				    // before done
				done // end
				// trailer
				""";
		assertEquals("""
				// header
				for i0 = 0 to 3 // outer loop
				  // before the body
				  0 send i0 2 //tight
				  // between
				  0 recv 1 2
				  // before done
				done // end
				// trailer
				""", ModelText.format(text));
	}

	@Test
	void formattingRandomTextGivesThePrintedTextAndKeepsEveryComment() throws Exception {
		RandomModels models = new RandomModels(7);
		Random random = new Random(11);
		for (int i = 0; i < 500; i++) {
			Model model = models.next();
			String printed = ModelPrinter.print(model);
			assertEquals(printed, ModelText.format(printed), "formatting printed text changes it");
			if (printed.contains("//")) {
				continue; // a symbol holding "//" would confuse the comment matching of this test
			}
			List<String> comments = new ArrayList<>();
			String messy = mess(printed, random, comments);
			String formatted = ModelText.format(messy);
			assertEquals(comments, comments(formatted), "comments lost or moved in:\n" + messy);
			assertEquals(printed, COMMENT.matcher(formatted).replaceAll("").replaceAll(" *\n", "\n").replaceAll("(?m)^ *\n", ""),
					"formatting without its comments differs from printing, for:\n" + messy);
			assertEquals(formatted, ModelText.format(formatted), "formatting is not idempotent");
		}
	}

	@Test
	void refusesTextThatDoesNotParse() {
		ModelTextException e = assertThrows(ModelTextException.class, () -> ModelText.format("0 send 1\n", "bad.loops"));
		assertTrue(e.getMessage().startsWith("bad.loops:1:"), e.getMessage());
	}

	/** Re-indents every line at random, adds blank lines, blanks at line ends and comments. */
	private static String mess(String printed, Random random, List<String> comments) {
		StringBuilder messy = new StringBuilder();
		for (String line : printed.split("\n")) {
			if (random.nextInt(5) == 0) {
				messy.append(" ".repeat(random.nextInt(3))).append('\n');
			}
			if (random.nextInt(6) == 0) {
				String comment = "// own line " + comments.size();
				comments.add(comment);
				messy.append(" ".repeat(random.nextInt(5))).append(comment).append('\n');
			}
			messy.append(random.nextBoolean() ? "\t" : " ".repeat(random.nextInt(6))).append(line.strip());
			messy.append(" ".repeat(random.nextInt(3)));
			if (random.nextInt(4) == 0) {
				String comment = "// trailing " + comments.size();
				comments.add(comment);
				messy.append(comment);
			}
			messy.append('\n');
		}
		return messy.toString();
	}

	private static List<String> comments(String text) {
		List<String> found = new ArrayList<>();
		Matcher matcher = COMMENT.matcher(text);
		while (matcher.find()) {
			found.add(matcher.group());
		}
		return found;
	}
}
