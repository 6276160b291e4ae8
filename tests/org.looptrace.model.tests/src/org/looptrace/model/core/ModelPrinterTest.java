// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.looptrace.model.core.ModelBuilder.a;
import static org.looptrace.model.core.ModelBuilder.c;
import static org.looptrace.model.core.ModelBuilder.local;
import static org.looptrace.model.core.ModelBuilder.loop;
import static org.looptrace.model.core.ModelBuilder.model;
import static org.looptrace.model.core.ModelBuilder.send;
import static org.looptrace.model.core.ModelBuilder.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.looptrace.model.Annotation;
import org.looptrace.model.Direction;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Model;

class ModelPrinterTest {

	@Test
	void printsThePaperSyntax() {
		Annotation before = LooptraceFactory.eINSTANCE.createAnnotation();
		before.setLabel("before");
		before.setRanks(RankSet.of(0, 1, 5));
		before.setAttribute("time");
		before.setDirection(Direction.NEXT);
		Model model = model(loop("i0", 0, 248, loop("i1", 0, 159, send(c(0), c(1), c(2))), before,
				send(c(0), a(1, 1, "i0"), c(7)), sync(c(0), "MPI_Allreduce", "0-15")));
		assertEquals("""
				for i0 = 0 to 248
				  for i1 = 0 to 159
				    0 send 1 2
				  done
				  get "before" {0,1,5}.time ->
				  0 send 1+i0 7
				  0 sync MPI_Allreduce 0-15
				done
				""", ModelPrinter.print(model));
	}

	@Test
	void affineExpressionsHaveOneCanonicalText() {
		List<String> scope = List.of("i0", "i1");
		assertEquals("0", Exprs.toText(Exprs.canonical(0, Map.of(), scope)));
		assertEquals("-i1", Exprs.toText(Exprs.canonical(0, Map.of("i1", -1L), scope)));
		assertEquals("5-2*i0+i1", Exprs.toText(Exprs.canonical(5, Map.of("i1", 1L, "i0", -2L), scope)));
		assertEquals("3", Exprs.toText(Exprs.canonical(3, Map.of("i0", 0L), scope)));
		assertEquals("-9223372036854775808*i0", Exprs.toText(Exprs.canonical(0, Map.of("i0", Long.MIN_VALUE), scope)));
		assertEquals("9223372036854775807*i0", Exprs.toText(Exprs.canonical(0, Map.of("i0", Long.MAX_VALUE), scope)));
	}

	@Test
	void wordsThatWouldReadBackDifferentlyAreQuotedOrParenthesized() {
		Model model = model(loop("i0", 0, 1, local(c(0), Exprs.symbol("i0"), Exprs.symbol("for"), Exprs.symbol("a.c:3"),
				c(1), c(-1), Exprs.symbol("007"), Exprs.symbol("say \"hi\""))));
		assertEquals("""
				for i0 = 0 to 1
				  0 local "i0" "for" "a.c:3" 1 (-1) "007" "say \\"hi\\""
				done
				""", ModelPrinter.print(model));
	}

	@Test
	void tagsOnACommunicatorAreWrittenAsInTracesAndExpandBackToTheirTokens() {
		Model model = model(loop("i0", 0, 2, send(c(0), c(1), Exprs.constant(0)), send(c(0), c(1), Exprs.constant(0)),
				send(c(0), c(1), Exprs.constant(0)), send(c(0), c(1), Exprs.constant(0))));
		List<String> tokens = List.of("c33.3014", "h2.0", "for.3", "c1.-2");
		for (int i = 0; i < tokens.size(); i++) {
			Exprs.setTag((Message) ((Loop) model.getItems().get(0)).getItems().get(i), tokens.get(i));
		}
		Message affine = (Message) ((Loop) model.getItems().get(0)).getItems().get(0);
		affine.setTag(a(3000, 4, "i0"));
		assertEquals("""
				for i0 = 0 to 2
				  0 send 1 c33.3000+4*i0
				  0 send 1 h2.0
				  0 send 1 "for.3"
				  0 send 1 c1.(-2)
				done
				""", ModelPrinter.print(model));
		List<String> tags = new ArrayList<>();
		ModelExpander.expand(model).forEachRemaining(event -> tags.add(event.tag()));
		assertEquals(List.of("c33.3000", "h2.0", "for.3", "c1.-2", "c33.3004", "h2.0", "for.3", "c1.-2", "c33.3008", "h2.0",
				"for.3", "c1.-2"), tags);
	}

	@Test
	void aCommunicatorWithoutANumberOrNotAnIdentifierIsRefusedNotPrintedUnreadable() {
		Message symbolic = send(c(0), c(1), Exprs.symbol("t"));
		symbolic.setCommunicator("c33");
		assertThrows(IllegalArgumentException.class, () -> ModelPrinter.print(model(symbolic)));
		Message keyword = send(c(0), c(1), Exprs.constant(3));
		keyword.setCommunicator("for");
		assertThrows(IllegalArgumentException.class, () -> ModelPrinter.print(model(keyword)));
	}

	@Test
	void aCommunicatorIsAnIdentifierOtherThanAKeywordBeforeADotAndANumber() {
		assertEquals(3, Tokens.communicatorEnd("c33.3014"));
		assertEquals(2, Tokens.communicatorEnd("h2.-1"));
		for (String token : List.of("3014", "c33", "c33.", "c33.007", "c33.3.4", "for.3", "3c.4", ".4", "c33.x", "a.c:3")) {
			assertEquals(-1, Tokens.communicatorEnd(token), token);
		}
	}

	@Test
	void numbersAreCanonicalIntegersOnly() {
		for (String number : List.of("0", "7", "-7", "9223372036854775807", "-9223372036854775808")) {
			assertEquals(true, Tokens.isNumber(number), number);
		}
		for (String symbol : List.of("", "-", "007", "-0", "+1", "1e5", "9223372036854775808", "tag2", "1.5")) {
			assertEquals(false, Tokens.isNumber(symbol), symbol);
		}
	}
}
