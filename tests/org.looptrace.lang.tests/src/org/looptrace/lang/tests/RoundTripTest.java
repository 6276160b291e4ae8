// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Expr;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.Symbol;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.ModelPrinter;

/** Invariant 4 of the architecture: parse(print(m)) equals m, and printing is byte-stable. */
class RoundTripTest {

	private static final int RANDOM_MODELS = 3000;

	/** A pow2 that is a summand of its own, not the mask of a xor. */
	private static final Pattern POWER = Pattern.compile("(^|[^,*0-9\"])([0-9]+\\*)?pow2\\(", Pattern.MULTILINE);

	@Test
	void everyExampleModelReadsBackAndPrintsStably() throws Exception {
		List<Path> examples = Texts.examples();
		assertTrue(examples.size() >= 4, "examples/models holds the example models");
		for (Path example : examples) {
			Model model = ModelText.parse(example);
			String printed = ModelText.print(model);
			Model again = ModelText.parse(printed, example.toString());
			assertTrue(EcoreUtil.equals(model, again), example + ": parse(print(m)) differs from m");
			assertEquals(printed, ModelText.print(again), example + ": printing is not stable");
			assertEquals(printed, ModelText.format(Files.readString(example).replaceAll("//[^\n]*", "")),
					example + ": formatting without comments differs from printing");
		}
	}

	@Test
	void randomModelsReadBackEqual() {
		RandomModels models = new RandomModels(20261122);
		int powers = 0;
		for (int i = 0; i < RANDOM_MODELS; i++) {
			Model model = models.next();
			String printed = ModelPrinter.print(model);
			powers += POWER.matcher(printed).find() ? 1 : 0;
			Model parsed = Texts.parseSyntax(printed);
			if (!EcoreUtil.equals(model, parsed)) {
				assertEquals(printed, ModelPrinter.print(parsed), "model " + i + " reads back differently");
				throw new AssertionError("model " + i + " reads back with the same text but another structure:\n" + printed);
			}
			assertEquals(printed, ModelPrinter.print(parsed), "model " + i + ": printing is not stable");
		}
		assertTrue(powers > RANDOM_MODELS / 100, powers + " models print a power of two outside a xor");
	}

	@Test
	void expressionsAreReadInCanonicalForm() {
		Model model = Texts.parseSyntax("""
				for i0 = 0 to 3
				  for i1 = 0 to i0
				    0 send i1+2*i0-1+3 (i0)
				    0 local 0*i0 -i1+i0 2*i0-i0-i0 i1-i1 ( 1 + 2 * i1 )
				  done
				done
				""");
		assertEquals("""
				for i0 = 0 to 3
				  for i1 = 0 to i0
				    0 send 2+2*i0+i1 i0
				    0 local i0-i1 0 0 1+2*i1
				  done
				done
				""", ModelPrinter.print(model));
		Loop inner = (Loop) ((Loop) model.getItems().get(0)).getItems().get(0);
		Local local = (Local) inner.getItems().get(1);
		assertTrue(EcoreUtil.equals(Exprs.canonical(0, Map.of("i0", 1L, "i1", -1L), List.of("i0", "i1")), local.getWords().get(0)));
	}

	@Test
	void residuesAreReadInCanonicalForm() {
		Model model = Texts.parseSyntax("""
				for i0 = 0 to 3
				  for i1 = 0 to 3
				    for i2 = 0 to 3
				      4*i1 + mod( i2+7 , 4 ) send 2 * mod(i0+5,4) - mod(i1,4) mod(i0-1,2)
				      0 local mod(2,3) mod(i0,1) mod(i0+1,4)-mod(i0+5,4) (-mod(3*i2,4)) "mod" mod(i1-i0,5)+mod(i0,5)
				    done
				  done
				done
				""");
		String printed = ModelPrinter.print(model);
		assertEquals("""
				for i0 = 0 to 3
				  for i1 = 0 to 3
				    for i2 = 0 to 3
				      4*i1+mod(3+i2,4) send 2*mod(1+i0,4)-mod(i1,4) mod(1+i0,2)
				      0 local 2 0 0 (-mod(-i2,4)) "mod" mod(-i0+i1,5)+mod(i0,5)
				    done
				  done
				done
				""", printed);
		assertTrue(EcoreUtil.equals(model, Texts.parseSyntax(printed)));
	}

	/** A sign after a value continues it: a word starts with a sign only first or after a string. */
	@Test
	void aSignAfterAValueJoinsItAsASum() {
		Model model = Texts.parseSyntax("for i0 = 0 to 1\n  0 local -1 i0 -pow2(i0) -2 \"s\" -mod(i0,2) - 1\ndone\n");
		Local local = (Local) ((Loop) model.getItems().get(0)).getItems().get(0);
		assertEquals(List.of("-1", "-2+i0-pow2(i0)", "s", "-1-mod(i0,2)"),
				local.getWords().stream().map(word -> word instanceof Symbol symbol ? symbol.getName() : Exprs.toText((Expr) word)).toList());
	}

	/** pow2(s) and m*pow2(s) are xors of the argument 0, which print so when their coefficient is 1 or -1. */
	@Test
	void powersOfTwoAreReadAsXorsOfZeroAndPrintedAsPowers() {
		Model model = Texts.parseSyntax("""
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    pow2(i1) send xor(0,pow2(i1)) 3*pow2(i1)
				    0 local -pow2(i1) 1 -pow2(i1) 6*pow2(i1) xor(0,3*pow2(i1))-pow2(i1) 2*xor(0,pow2(i1)) pow2(2) 0*pow2(i1) "x" -5*pow2(1+i0)
				  done
				done
				""");
		String printed = ModelPrinter.print(model);
		assertEquals("""
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    pow2(i1) send pow2(i1) 3*pow2(i1)
				    0 local (-pow2(i1)) 1-pow2(i1) 3*pow2(1+i1) 3*pow2(i1)-pow2(i1) 2*xor(0,pow2(i1)) 4 0 x (-5*pow2(1+i0))
				  done
				done
				""", printed);
		Loop inner = (Loop) ((Loop) model.getItems().get(0)).getItems().get(0);
		Expr peer = ((org.looptrace.model.Send) inner.getItems().get(0)).getPeer();
		assertTrue(EcoreUtil.equals(Exprs.canonical(0, Map.of(), List.of(), List.of(Exprs.xor(1, Exprs.constant(0), 1, Exprs.affine(0, 1, "i1"))),
				List.of("i0", "i1")), peer), Exprs.toText(peer));
		assertTrue(EcoreUtil.equals(model, Texts.parseSyntax(printed)));
		assertEquals(printed, ModelPrinter.print(Texts.parseSyntax(printed)));
	}

	@Test
	void bareIdentifiersAreIndicesOnlyWhereALoopBindsThem() {
		Model model = Texts.parseSyntax("""
				0 send 1 i0
				for i0 = 0 to 1
				  0 send 1 i0
				  0 send 1 "i0"
				  0 local i1 tag "for" "0"
				done
				""");
		assertTrue(((org.looptrace.model.Send) model.getItems().get(0)).getTag() instanceof Symbol);
		Loop loop = (Loop) model.getItems().get(1);
		assertTrue(((org.looptrace.model.Send) loop.getItems().get(0)).getTag() instanceof Expr);
		assertTrue(((org.looptrace.model.Send) loop.getItems().get(1)).getTag() instanceof Symbol);
		Local local = (Local) loop.getItems().get(2);
		assertEquals(List.of("i1", "tag", "for", "0"),
				local.getWords().stream().map(word -> ((Symbol) word).getName()).toList());
	}

	@Test
	void tagsOnACommunicatorReadBackAsCommunicatorAndNumber() {
		Model model = Texts.parseSyntax("""
				for i0 = 0 to 3
				  0 send 1 c33 . 3000 + 4*i0
				  0 send 1 c33.(2-i0)
				  0 send 1 i0.5
				  0 send 1 "c33.3014"
				done
				""");
		assertEquals("""
				for i0 = 0 to 3
				  0 send 1 c33.3000+4*i0
				  0 send 1 c33.2-i0
				  0 send 1 i0.5
				  0 send 1 "c33.3014"
				done
				""", ModelPrinter.print(model));
		Loop loop = (Loop) model.getItems().get(0);
		org.looptrace.model.Send affine = (org.looptrace.model.Send) loop.getItems().get(0);
		assertEquals("c33", affine.getCommunicator());
		assertTrue(EcoreUtil.equals(Exprs.affine(3000, 4, "i0"), affine.getTag()));
		assertEquals("i0", ((org.looptrace.model.Send) loop.getItems().get(2)).getCommunicator(), "a communicator is no index");
		assertTrue(((org.looptrace.model.Send) loop.getItems().get(3)).getTag() instanceof Symbol, "a string stays a symbol");
		List<String> tags = new ArrayList<>();
		ModelExpander.expand(model).forEachRemaining(event -> tags.add(event.tag()));
		assertEquals(List.of("c33.3000", "c33.2", "i0.5", "c33.3014", "c33.3004", "c33.1"), tags.subList(0, 6));
	}

	@Test
	void extremeNumbersReadBack() {
		Model model = Texts.parseSyntax("-9223372036854775808 local 9223372036854775807 (-9223372036854775808)\n");
		assertEquals("-9223372036854775808 local 9223372036854775807 (-9223372036854775808)\n", ModelPrinter.print(model));
		assertFalse(Texts.load("0 local 9223372036854775808\n").getErrors().isEmpty());
		assertFalse(Texts.load("0 local 9223372036854775807+1\n").getErrors().isEmpty());
	}

	@Test
	void theLastLineNeedsNoLineBreakAndBlankLinesAndCommentsAreIgnored() {
		Model model = Texts.parseSyntax("\n\n// header\n0 send 1 2 // trailing\n\n   \n0 recv 1 2");
		assertEquals("0 send 1 2\n0 recv 1 2\n", ModelPrinter.print(model));
		assertEquals("", ModelPrinter.print(Texts.parseSyntax("")));
		assertEquals("", ModelPrinter.print(Texts.parseSyntax("// nothing\n\n")));
	}
}
