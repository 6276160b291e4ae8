// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.lang.internal.validation.LoopsIssueCodes;

/** Each rule of the validation, on text that breaks it and text that keeps it. */
class ValidationTest {

	/** The one issue of the text, checked for code, severity and line. */
	private static Issue single(String text, String code, Severity severity, int line) {
		List<Issue> issues = Texts.issues(text);
		assertEquals(1, issues.size(), () -> "expected one issue, found " + issues + " in:\n" + text);
		Issue issue = issues.get(0);
		assertEquals(code, issue.getCode(), issue::getMessage);
		assertEquals(severity, issue.getSeverity(), issue::getMessage);
		assertEquals(line, issue.getLineNumber(), issue::getMessage);
		return issue;
	}

	private static void valid(String text) {
		assertEquals(List.of(), Texts.issues(text), text);
	}

	@Test
	void indicesMustBeBound() {
		Issue issue = single("for i0 = 0 to 3\n  0 send 1+i1 2\ndone\n", LoopsIssueCodes.UNBOUND_INDEX, Severity.ERROR, 2);
		assertEquals("unbound index 'i1' in 1+i1: the enclosing loops bind i0", issue.getMessage());
		assertEquals(10, issue.getColumn());
		single("0 send 2*k 1\n", LoopsIssueCodes.UNBOUND_INDEX, Severity.ERROR, 1);
		// a loop's own index is not bound in its bounds
		single("for i0 = 0 to i0\n  0 send 1 2\ndone\n", LoopsIssueCodes.UNBOUND_INDEX, Severity.ERROR, 1);
		valid("for i0 = 0 to 3\n  for i1 = 0 to i0\n    0 send 1+i1 i0\n  done\ndone\n");
	}

	@Test
	void aCommunicatorsTagIsANumberOrAnExpressionOfBoundIndices() {
		valid("for i0 = 0 to 3\n  0 send 1 c33.3000+4*i0\n  1 recv 0 c33.(3000+4*i0)\n  0 send 1 h2.7\ndone\n");
		single("0 send 1 c33.x\n", LoopsIssueCodes.UNBOUND_INDEX, Severity.ERROR, 1);
		for (String tag : List.of("c33.\"x\"", "c33.")) {
			String problem = syntaxError("0 send 1 " + tag + "\n");
			assertTrue(problem.startsWith("s.loops:1:14: error: unexpected ") && problem.contains(
					"after 'c33.': expected the number of the tag on communicator c33, e.g. c33.3000 or c33.3000+4*i0"), problem);
		}
	}

	@Test
	void indicesMustNotShadow() {
		Issue issue = single("for i = 0 to 3\n  for i = 0 to 1\n    0 send 1 2\n  done\ndone\n",
				LoopsIssueCodes.SHADOWED_INDEX, Severity.ERROR, 2);
		assertTrue(issue.getMessage().contains("index 'i' is already the index of an enclosing loop"), issue.getMessage());
		valid("for i = 0 to 3\n  0 send 1 2\ndone\nfor i = 0 to 1\n  0 send 1 2\ndone\n");
	}

	@Test
	void loopBodiesMustHoldAConstruct() {
		single("for i0 = 0 to 3\ndone\n", LoopsIssueCodes.EMPTY_LOOP, Severity.ERROR, 1);
		// annotations are no constructs (and this one has nothing to attach to)
		assertEquals(List.of(LoopsIssueCodes.EMPTY_LOOP, LoopsIssueCodes.DANGLING_ANNOTATION),
				Texts.issues("for i0 = 0 to 3\n  get \"x\" {0}.time ->\ndone\n").stream().map(Issue::getCode).toList());
	}

	@Test
	void loopsThatNeverRunAreWarnedAbout() {
		Issue issue = single("for i0 = 5 to 4\n  0 send 1 2\ndone\n", LoopsIssueCodes.ZERO_TRIP_LOOP, Severity.WARNING, 1);
		assertEquals("the loop over 'i0' never runs: its upper bound 4 is below its lower bound 5", issue.getMessage());
		single("for i0 = 0 to 3\n  for i1 = 1+i0 to i0\n    0 send 1 2\n  done\ndone\n", LoopsIssueCodes.ZERO_TRIP_LOOP,
				Severity.WARNING, 2);
		valid("for i0 = 0 to 3\n  for i1 = 0 to i0\n    0 send 1 2\n  done\ndone\n");
	}

	@Test
	void ranksMustNotBeNegative() {
		Issue issue = single("-1 send 1 2\n", LoopsIssueCodes.NEGATIVE_RANK, Severity.ERROR, 1);
		assertEquals("the rank -1 is negative: ranks count from 0", issue.getMessage());
		single("0 recv -2 2\n", LoopsIssueCodes.NEGATIVE_RANK, Severity.ERROR, 1);
		Issue maybe = single("for i0 = 0 to 3\n  2*i0-1 send 1 2\ndone\n", LoopsIssueCodes.NEGATIVE_RANK, Severity.WARNING, 2);
		assertTrue(maybe.getMessage().contains("can be negative (as low as -1"), maybe.getMessage());
		valid("for i0 = 1 to 3\n  2*i0-1 send i0-1 2\ndone\n");
	}

	@Test
	void annotationsNeedAConstructToAttachTo() {
		single("0 send 1 2\nget \"t\" {0}.time ->\n", LoopsIssueCodes.DANGLING_ANNOTATION, Severity.ERROR, 2);
		single("get \"t\" {0}.time <-\n0 send 1 2\n", LoopsIssueCodes.DANGLING_ANNOTATION, Severity.ERROR, 1);
		single("for i0 = 0 to 1\n  0 send 1 2\n  get \"t\" {0}.time ->\ndone\n", LoopsIssueCodes.DANGLING_ANNOTATION,
				Severity.ERROR, 3);
		valid("get \"a\" {0}.time ->\nget \"b\" {0}.size ->\n0 send 1 2\nget \"c\" {0}.end <-\n");
	}

	@Test
	void annotationRanksMustBeCoveredByTheConstruct() {
		Issue issue = single("for i0 = 0 to 3\n  get \"t\" {0-5}.time ->\n  i0 send 1 2\ndone\n",
				LoopsIssueCodes.UNCOVERED_RANKS, Severity.ERROR, 2);
		assertEquals("the annotation asks for ranks 0-5 but the construct it is attached to has events only on ranks 0-3"
				+ " (missing: 4,5)", issue.getMessage());
		// a recv belongs to its receiver
		valid("get \"t\" {1}.time ->\n0 recv 1 2\n");
		valid("get \"t\" {0-3}.time ->\nfor i0 = 0 to 3\n  for i1 = 0 to i0\n    i1 send 9 2\n  done\ndone\n");
	}

	@Test
	void syntaxErrorsSayWhatWasExpected() {
		assertEquals("s.loops:1:1: error: unknown event kind 'snd': expected send, recv, sync or local after the rank",
				syntaxError("0 snd 1 2\n"));
		// The loop then has no body: that is reported too, after the syntax error.
		assertTrue(syntaxError("for i0 = 0 to 3\n1+i0 sent 1 2\ndone\n").contains(
				"s.loops:2:1: error: unknown event kind 'sent': expected send, recv, sync or local after the rank"),
				syntaxError("for i0 = 0 to 3\n1+i0 sent 1 2\ndone\n"));
		assertTrue(syntaxError("0 send 1 2 3\n").startsWith("s.loops:1:12: error: unexpected '3': expected the end of the line"),
				syntaxError("0 send 1 2 3\n"));
		assertTrue(syntaxError("for i0 = 0 3\n0 send 1 2\ndone\n").contains("expected 'to'"),
				syntaxError("for i0 = 0 3\n0 send 1 2\ndone\n"));
		assertTrue(syntaxError("for i0 = 0 to 3\n0 send 1 2\n").contains("expected 'done'"),
				syntaxError("for i0 = 0 to 3\n0 send 1 2\n"));
		assertTrue(syntaxError("send 1 2\n").contains("expected an event (rank send|recv|sync|local ...)"),
				syntaxError("send 1 2\n"));
		// a collective's ranks as in traces, not in braces as in annotations
		String braces = syntaxError("0 sync MPI_Barrier {0,1}\n");
		assertTrue(braces.startsWith("s.loops:1:20: error: unexpected '{' after 'sync MPI_Barrier': expected the ranks of the collective"
				+ " as in traces, without braces or spaces, e.g. 0-15 or 0,2,4-7"), braces);
		assertFalse(braces.contains("(...)"), braces);
		String after = syntaxError("0 sync MPI_Barrier 0-3 }\n");
		assertTrue(after.startsWith("s.loops:1:24: error: unexpected '}': expected the end of the line"), after);
	}

	@Test
	void residuesNameWhatIsWrong() {
		// unbound index inside a mod: the whole field is reported, the index named
		Issue unbound = single("for i0 = 0 to 3\n  i0 send mod(i1+1,4) 2\ndone\n", LoopsIssueCodes.UNBOUND_INDEX, Severity.ERROR, 2);
		assertEquals("unbound index 'i1' in mod(1+i1,4): the enclosing loops bind i0", unbound.getMessage());
		// mod in a loop bound
		Issue bound = single("for i0 = 0 to 3\n  for i1 = 0 to 2*mod(i0,2)\n    0 send 1 2\n  done\ndone\n",
				LoopsIssueCodes.RESIDUE_IN_BOUND, Severity.ERROR, 2);
		assertEquals("the bound 2*mod(i0,2) of the loop over 'i1' holds a mod(...): loop bounds are affine"
				+ " (mod is for ranks, peers and numbers of events)", bound.getMessage());
		// a residue of a constant is a constant: a bound may hold one
		valid("for i0 = 0 to mod(7,4)\n  0 send 1 2\ndone\n");
		// modulus 0
		assertEquals("s.loops:2:11: error: mod(i0,0): the modulus of mod(...) is 0: it must be a number of at least 1",
				syntaxError("for i0 = 0 to 3\n  i0 send mod(i0,0) 2\ndone\n"));
		// mod inside mod: one error on the inner mod, none from reading the cut-short field
		String nested = syntaxError("for i0 = 0 to 3\n  i0 send mod(mod(i0,2)+1,4) 2\ndone\n");
		assertTrue(nested.startsWith("s.loops:2:15: error: a mod(...) inside a mod(...): the argument of mod is affine"), nested);
		assertFalse(nested.contains("in mod(argument, modulus)"), nested);
		// a coefficient after the mod, or an index times a mod: syntax errors, never a hang
		String after = syntaxError("for i0 = 0 to 3\n  i0 send mod(i0,4)*2 1\ndone\n");
		assertTrue(after.startsWith("s.loops:2:20: error: unexpected '*' after a mod(...): its coefficient goes before it"), after);
		String index = syntaxError("for i0 = 0 to 3\n  i0 send i0*mod(i0,4) 1\ndone\n");
		assertTrue(index.startsWith("s.loops:2:13: error: unexpected '*' after the index i0: coefficients are numbers"), index);
		// a rank with a mod before a misspelt verb
		String verb = syntaxError("for i0 = 0 to 3\n  mod(1+i0,4) sned 1 2\ndone\n");
		assertTrue(verb.contains("s.loops:2:3: error: unknown event kind 'sned': expected send, recv, sync or local after the rank"), verb);
		// ranks with residues are never negative when their affine part is not
		valid("for i0 = 0 to 7\n  i0 send mod(1+i0,8) 5\n  i0 recv mod(7+i0,8) 5\ndone\n");
		Issue negative = single("for i0 = 0 to 7\n  i0 send mod(1+i0,8)-1 5\ndone\n", LoopsIssueCodes.NEGATIVE_RANK, Severity.WARNING, 2);
		assertTrue(negative.getMessage().contains("can be negative (as low as -1"), negative.getMessage());
		// evaluated on the indices' box, not summand by summand: a peer of NPB BT's folded model
		valid("for i0 = 0 to 3\n  1+i0 send 1+2*i0-mod(1+i0,4) 5\ndone\n");
		Issue low = single("for i0 = 0 to 3\n  0 send 2*i0-mod(1+i0,4) 5\ndone\n", LoopsIssueCodes.NEGATIVE_RANK, Severity.WARNING, 2);
		assertTrue(low.getMessage().contains("can be negative (as low as -1 "), low.getMessage());
	}

	@Test
	void xorsNameWhatIsWrong() {
		// a butterfly: peers never negative, shifts in range
		valid("for s = 0 to 2\n  for r = 0 to 7\n    r send xor(r,pow2(s)) s\n    xor(r,pow2(s)) recv r s\n  done\ndone\n");
		Issue unbound = single("for i0 = 0 to 3\n  i0 send xor(i0,pow2(k)) 2\ndone\n", LoopsIssueCodes.UNBOUND_INDEX, Severity.ERROR, 2);
		assertEquals("unbound index 'k' in xor(i0,pow2(k)): the enclosing loops bind i0", unbound.getMessage());
		Issue bound = single("for i0 = 0 to 3\n  for i1 = 0 to xor(i0,1)\n    0 send 1 2\n  done\ndone\n",
				LoopsIssueCodes.RESIDUE_IN_BOUND, Severity.ERROR, 2);
		assertEquals("the bound xor(i0,1) of the loop over 'i1' holds a xor(...): loop bounds are affine"
				+ " (xor is for ranks, peers and numbers of events)", bound.getMessage());
		assertEquals("s.loops:2:11: error: xor(i0,0): the mask of xor(...) is 0: it must be a number of at least 1",
				syntaxError("for i0 = 0 to 3\n  i0 send xor(i0,0) 2\ndone\n"));
		assertEquals("s.loops:2:11: error: xor(i0,pow2(63)): xor(...) shifts its mask 1 by 63: the shift must keep it between 1 and 2^62",
				syntaxError("for i0 = 0 to 3\n  i0 send xor(i0,pow2(63)) 2\ndone\n"));
		// a shift that leaves the range over its loop: an error with the range and what was expected
		Issue negative = single("for s = 0 to 2\n  for r = 0 to 7\n    r send xor(r,pow2(s-1)) s\n  done\ndone\n",
				LoopsIssueCodes.XOR_SHIFT_RANGE, Severity.ERROR, 3);
		assertEquals("the shift -1+s of the mask 1 in xor(r,pow2(-1+s)) goes from -1 to 1 within the bounds of the enclosing loops:"
				+ " expected a shift between 0 and 62", negative.getMessage());
		assertEquals("s.loops:2:10: error: the shift 60+s of the mask 3 in xor(s,3*pow2(60+s)) goes from 60 to 62 within the bounds"
				+ " of the enclosing loops: expected a shift between 0 and 61 (the mask's highest bit stays below 2^63)",
				syntaxError("for s = 0 to 2\n  s send xor(s,3*pow2(60+s)) 2\ndone\n"));
		// in a triangular nest interval arithmetic may be wrong: a warning
		single("for i = 0 to 3\n  for j = i to 3\n    0 send xor(1,pow2(j-i)) 2\n  done\ndone\n", LoopsIssueCodes.XOR_SHIFT_RANGE,
				Severity.WARNING, 3);
		// ranks with xors: negative only when the rest can make them so
		Issue low = single("for s = 0 to 2\n  for r = 0 to 7\n    r send xor(r,pow2(s))-1 s\n  done\ndone\n", LoopsIssueCodes.NEGATIVE_RANK,
				Severity.WARNING, 3);
		assertTrue(low.getMessage().contains("can be negative (as low as -1 "), low.getMessage());
		// syntax: a call inside a call, pow2 alone, a coefficient after a xor
		String nested = syntaxError("for i0 = 0 to 3\n  i0 send mod(xor(i0,1),4) 2\ndone\n");
		assertTrue(nested.startsWith("s.loops:2:15: error: a xor(...) inside a mod(...): the argument of mod is affine"), nested);
		String inXor = syntaxError("for i0 = 0 to 3\n  i0 send xor(mod(i0,2),1) 2\ndone\n");
		assertTrue(inXor.startsWith("s.loops:2:15: error: a mod(...) inside a xor(...): the argument of xor and the shift of pow2"), inXor);
		String powerInArgument = syntaxError("for i0 = 0 to 3\n  i0 send xor(pow2(i0),1) 2\ndone\n");
		assertTrue(powerInArgument.startsWith("s.loops:2:15: error: a pow2(...) inside a xor(...): the argument of xor"), powerInArgument);
		String after = syntaxError("for i0 = 0 to 3\n  i0 send xor(i0,1)*2 1\ndone\n");
		assertTrue(after.startsWith("s.loops:2:20: error: unexpected '*' after a xor(...): its coefficient goes before it"), after);
	}

	@Test
	void powersOfTwoNameWhatIsWrong() {
		valid("for s = 0 to 2\n  for r = 0 to 7\n    r send pow2(s)+r s\n    0 send 3*pow2(s) s\n  done\ndone\n");
		Issue bound = single("for i0 = 0 to 3\n  for i1 = 0 to pow2(i0)\n    0 send 1 2\n  done\ndone\n",
				LoopsIssueCodes.RESIDUE_IN_BOUND, Severity.ERROR, 2);
		assertEquals("the bound pow2(i0) of the loop over 'i1' holds a pow2(...): loop bounds are affine"
				+ " (pow2 is for ranks, peers and numbers of events)", bound.getMessage());
		Issue unbound = single("for i0 = 0 to 3\n  i0 send 1+pow2(k) 2\ndone\n", LoopsIssueCodes.UNBOUND_INDEX, Severity.ERROR, 2);
		assertEquals("unbound index 'k' in 1+pow2(k): the enclosing loops bind i0", unbound.getMessage());
		Issue negative = single("for s = 0 to 2\n  0 send pow2(s-1) s\ndone\n", LoopsIssueCodes.XOR_SHIFT_RANGE, Severity.ERROR, 2);
		assertEquals("the shift -1+s of the mask 1 in pow2(-1+s) goes from -1 to 1 within the bounds of the enclosing loops:"
				+ " expected a shift between 0 and 62", negative.getMessage());
		assertEquals("s.loops:2:11: error: pow2(63): pow2(...) shifts its mask 1 by 63: the shift must keep it between 1 and 2^62",
				syntaxError("for i0 = 0 to 3\n  i0 send pow2(63) 2\ndone\n"));
		assertEquals("s.loops:2:11: error: 5*pow2(i0-i0-1): pow2(...) shifts its mask 5 by -1: the shift must keep it between 1 and 2^62",
				syntaxError("for i0 = 0 to 3\n  i0 send 5*pow2(i0-i0-1) 2\ndone\n"));
		String nested = syntaxError("for i0 = 0 to 3\n  i0 send pow2(mod(i0,2)) 2\ndone\n");
		assertTrue(nested.startsWith("s.loops:2:16: error: a mod(...) inside a pow2(...): the argument of xor and the shift of pow2"),
				nested);
		String after = syntaxError("for i0 = 0 to 3\n  i0 send pow2(i0)*2 1\ndone\n");
		assertTrue(after.startsWith("s.loops:2:19: error: unexpected '*' after a pow2(...): its coefficient goes before it, as in 2*pow2(i1)"),
				after);
	}

	/** Every problem of the text, one per line, syntax errors first. */
	private static String syntaxError(String text) {
		ModelTextException e = assertThrows(ModelTextException.class, () -> ModelText.parse(text, "s.loops"));
		return String.join("\n", e.problems().stream().sorted((a, b) -> Boolean.compare(a.contains("empty body"),
				b.contains("empty body"))).toList());
	}

	@Test
	void theApiListsEveryErrorWithFileLineAndColumn() {
		ModelTextException e = assertThrows(ModelTextException.class,
				() -> ModelText.parse("for i0 = 0 to 3\n  0 send 1+k 2\ndone\n0 sned 1 2\n", "m.loops"));
		assertEquals(2, e.problems().size(), e.getMessage());
		assertEquals("m.loops:2:10: error: unbound index 'k' in 1+k: the enclosing loops bind i0", e.problems().get(0));
		assertEquals("m.loops:4:1: error: unknown event kind 'sned': expected send, recv, sync or local after the rank",
				e.problems().get(1));
		assertEquals(String.join("\n", e.problems()), e.getMessage());
		ModelTextException range = assertThrows(ModelTextException.class,
				() -> ModelText.parse("0 local 9223372036854775807+1\n", "big.loops"));
		assertEquals("big.loops:1:9: error: 9223372036854775807+1 is out of range: numbers and sums must lie between "
				+ "-9223372036854775808 and 9223372036854775807", range.getMessage());
		ModelTextException escape = assertThrows(ModelTextException.class, () -> ModelText.parse("0 local \"a\\tb\"\n", "e.loops"));
		assertTrue(escape.getMessage().startsWith("e.loops:1:9: error: unknown escape \\t"), escape.getMessage());
		ModelTextException ranks = assertThrows(ModelTextException.class, () -> ModelText.parse("0 sync X 5-2\n", "r.loops"));
		assertTrue(ranks.getMessage().startsWith("r.loops:1:10: error: expected a rank range"), ranks.getMessage());
	}
}
