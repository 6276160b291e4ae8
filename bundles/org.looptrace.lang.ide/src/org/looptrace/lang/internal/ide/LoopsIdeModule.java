// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;

/** IDE services of the language (content assist), for the editor and language servers. */
@NonNullByDefault
public class LoopsIdeModule extends AbstractLoopsIdeModule {

	public Class<? extends IdeContentProposalProvider> bindIdeContentProposalProvider() {
		return LoopsIdeContentProposalProvider.class;
	}

	public Class<? extends ISemanticHighlightingCalculator> bindISemanticHighlightingCalculator() {
		return LoopsSemanticHighlighting.class;
	}
}
