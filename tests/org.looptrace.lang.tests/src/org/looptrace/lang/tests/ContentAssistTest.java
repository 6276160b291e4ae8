// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.internal.ide.EditorServices;

/** Completion of the .ide bundle at a cursor marked {@code |}. */
class ContentAssistTest {

	private static List<String> proposals(String textWithCursor) {
		int offset = textWithCursor.indexOf('|');
		return EditorServices.proposals(textWithCursor.replace("|", ""), offset, "test.loops").stream()
				.map(ContentAssistEntry::getProposal).toList();
	}

	@Test
	void proposesTemplatesForALoopAndAnAnnotationWithTheIndexOfTheirDepth() {
		List<String> proposals = proposals("for i0 = 0 to 3\n  |");
		assertTrue(proposals.contains("for i1 = 0 to 9\n\ndone"), proposals::toString);
		assertTrue(proposals.contains("get \"label\" {0}.time ->"), proposals::toString);
	}

	@Test
	void proposesTheTagsAndCollectivesTheModelUses() {
		List<String> tags = proposals("0 send 1 halo\n1 recv 0 |");
		assertTrue(tags.contains("halo"), tags::toString);
		List<String> communicators = proposals("0 send 1 c33.3014\n1 recv 0 |");
		assertTrue(communicators.contains("c33."), communicators::toString);
		List<String> afterDot = proposals("for i = 0 to 3\n  0 send 1 halo\n  0 send 1 c33.3014\n  1 recv 0 c33.|");
		assertTrue(afterDot.contains("i") && !afterDot.contains("c33.") && !afterDot.contains("halo"), afterDot::toString);
		List<String> collectives = proposals("0 sync MPI_Allreduce 0-3\n1 sync |");
		assertTrue(collectives.contains("MPI_Allreduce"), collectives::toString);
	}

	@Test
	void proposesKeywordsAtTheStartOfALine() {
		List<String> proposals = proposals("0 send 1 2\n|");
		assertTrue(proposals.containsAll(List.of("for", "get")), proposals::toString);
	}

	/** Calls are proposed after what the expression holds so far, which the proposal replaces. */
	@Test
	void proposesModAndXorInExpressionsAndPow2AsAMask() {
		List<String> peer = proposals("for i0 = 0 to 3\n  0 send |");
		assertTrue(peer.containsAll(List.of("i0", "mod(", "xor(", "pow2(")), peer::toString);
		List<String> mask = proposals("for i0 = 0 to 3\n  0 send 1+xor(i0,|");
		assertTrue(mask.contains("1+xor(i0,pow2("), mask::toString);
		assertFalse(mask.stream().anyMatch(proposal -> proposal.endsWith(",xor(") || proposal.endsWith(",mod(")), mask::toString);
		List<String> argument = proposals("for i0 = 0 to 3\n  0 send 1 2*mod(|");
		assertFalse(argument.stream().anyMatch(proposal -> proposal.endsWith("xor(") || proposal.endsWith("pow2(")), argument::toString);
		List<String> bound = proposals("for i0 = 0 to 3\n  for j = 0 to |");
		assertFalse(bound.contains("mod(") || bound.contains("xor("), bound::toString);
	}

	/**
	 * Inside the arguments of calls: the indices in scope, and pow2( as a xor's mask, as the word
	 * typed goes on. A proposal holds what the expression holds before the word, or only the word.
	 */
	@Test
	void proposesIndicesInArgumentsAndPow2AsAMaskWhileAWordIsTyped() {
		String loops = "for i0 = 0 to 3\n  for j = 0 to i0\n    0 send ";
		for (String typed : List.of("xor(|", "mod(|", "1+mod(2*|", "xor(i0,pow2(|", "xor(i0,pow2(1+|", "pow2(|", "3*pow2(|")) {
			List<String> proposals = proposals(loops + typed);
			assertTrue(endsWith(proposals, "i0") && endsWith(proposals, "j"), () -> typed + ": " + proposals);
			assertFalse(endsWith(proposals, "mod(") || endsWith(proposals, "xor(") || endsWith(proposals, "pow2("),
					() -> typed + ": " + proposals);
		}
		for (String typed : List.of("xor(i|", "mod(1+i|", "pow2(i|")) {
			List<String> proposals = proposals(loops + typed);
			assertTrue(endsWith(proposals, "i0") && !endsWith(proposals, "j"), () -> typed + ": " + proposals);
		}
		for (String typed : List.of("xor(i0,po|", "1+xor(j,p|", "xor(i0,|")) {
			List<String> proposals = proposals(loops + typed);
			assertTrue(endsWith(proposals, "pow2("), () -> typed + ": " + proposals);
			assertFalse(endsWith(proposals, "i0") || endsWith(proposals, "mod("), () -> typed + ": " + proposals);
		}
		List<String> modulus = proposals(loops + "mod(i0,|");
		assertFalse(endsWith(modulus, "i0") || endsWith(modulus, "("), modulus::toString);
	}

	private static boolean endsWith(List<String> proposals, String end) {
		return proposals.stream().anyMatch(proposal -> proposal.endsWith(end));
	}

	@Test
	void proposesTheIndicesInScope() {
		List<String> proposals = proposals("for i0 = 0 to 3\n  for j = 0 to i0\n    0 send |");
		assertTrue(proposals.containsAll(List.of("i0", "j")), proposals::toString);
		List<String> inBound = proposals("for i0 = 0 to 3\n  for j = 0 to |");
		assertTrue(inBound.contains("i0"), inBound::toString);
		assertFalse(inBound.contains("j"), inBound::toString);
	}

	/** An attribute being typed gets attributes, not the directions that may follow a whole one. */
	@Test
	void proposesAttributesWhileOneIsTypedAndDirectionsAfterAWholeOne() {
		for (String typed : List.of("get \"x\" {0}.t|", "get \"x\" {0}.si|", "for i = 0 to 3\n  get \"x\" {0-3}.e|\n  0 send 1 2\ndone\n")) {
			List<String> proposals = proposals(typed);
			assertTrue(proposals.stream().anyMatch(List.of("time", "end", "size")::contains), () -> typed + ": " + proposals);
			assertFalse(proposals.contains("->") || proposals.contains("<-"), () -> typed + ": " + proposals);
		}
		for (String whole : List.of("get \"x\" {0}.time |", "get \"x\" {0}.time|", "get \"x\" {0}.\"my attr\"|")) {
			List<String> proposals = proposals(whole);
			assertTrue(proposals.containsAll(List.of("->", "<-")), () -> whole + ": " + proposals);
		}
	}

	@Test
	void proposesAttributesAfterTheRanks() {
		List<String> proposals = proposals("get \"t\" {0}.|");
		assertTrue(proposals.containsAll(List.of("time", "end", "size")), proposals::toString);
	}
}
