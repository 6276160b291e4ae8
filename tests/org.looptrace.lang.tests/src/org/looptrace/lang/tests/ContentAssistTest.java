// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IIdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.ide.editor.contentassist.antlr.ContentAssistContextFactory;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.TextRegion;
import org.junit.jupiter.api.Test;

/** Completion of the .ide bundle at a cursor marked {@code |}. */
class ContentAssistTest {

	private static List<String> proposals(String textWithCursor) {
		int offset = textWithCursor.indexOf('|');
		String text = textWithCursor.replace("|", "");
		XtextResource resource = Texts.load(text);
		ContentAssistContextFactory factory = Texts.INJECTOR.getInstance(ContentAssistContextFactory.class);
		ExecutorService pool = Executors.newSingleThreadExecutor();
		try {
			factory.setPool(pool);
			ContentAssistContext[] contexts = factory.create(text, new TextRegion(offset, 0), offset, resource);
			List<String> proposals = new ArrayList<>();
			Texts.INJECTOR.getInstance(IdeContentProposalProvider.class).createProposals(List.of(contexts),
					new IIdeContentProposalAcceptor() {
						@Override
						public void accept(@Nullable ContentAssistEntry entry, int priority) {
							// Xtext's own acceptors skip null entries the same way
							if (entry != null) {
								proposals.add(entry.getProposal());
							}
						}

						@Override
						public boolean canAcceptMoreProposals() {
							return true;
						}
					});
			return proposals;
		} finally {
			pool.shutdown();
		}
	}

	@Test
	void proposesKeywordsAtTheStartOfALine() {
		List<String> proposals = proposals("0 send 1 2\n|");
		assertTrue(proposals.containsAll(List.of("for", "get")), proposals::toString);
	}

	@Test
	void proposesTheIndicesInScope() {
		List<String> proposals = proposals("for i0 = 0 to 3\n  for j = 0 to i0\n    0 send |");
		assertTrue(proposals.containsAll(List.of("i0", "j")), proposals::toString);
		List<String> inBound = proposals("for i0 = 0 to 3\n  for j = 0 to |");
		assertTrue(inBound.contains("i0"), inBound::toString);
		assertFalse(inBound.contains("j"), inBound::toString);
	}

	@Test
	void proposesAttributesAfterTheRanks() {
		List<String> proposals = proposals("get \"t\" {0}.|");
		assertTrue(proposals.containsAll(List.of("time", "end", "size")), proposals::toString);
	}
}
