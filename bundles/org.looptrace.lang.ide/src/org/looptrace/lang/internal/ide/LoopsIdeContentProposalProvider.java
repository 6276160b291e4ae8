// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IIdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.looptrace.lang.internal.services.LoopsGrammarAccess;
import org.looptrace.model.Loop;

import com.google.inject.Inject;

/**
 * Completion: keywords (by default), the indices of the enclosing loops where an expression or
 * value may name one, and the data attributes after {@code }.} in an annotation.
 */
public class LoopsIdeContentProposalProvider extends IdeContentProposalProvider {

	/** Attributes every data trace has (docs/FORMATS.md). */
	static final List<String> ATTRIBUTES = List.of("time", "end", "size");

	@Inject
	private LoopsGrammarAccess grammar;

	@Override
	protected void _createProposals(Assignment assignment, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
		if (assignment == grammar.getAnnotationAccess().getAttributeAssignment_6()) {
			ATTRIBUTES.forEach(attribute -> propose(attribute, "data attribute", context, acceptor));
		} else if (isIndexPosition(assignment)) {
			indicesInScope(context).forEach(index -> propose(index, "loop index", context, acceptor));
		} else {
			super._createProposals(assignment, context, acceptor);
		}
	}

	/** An expression (a bound, rank, peer, tag or local word), where an index may be named. */
	private boolean isIndexPosition(Assignment assignment) {
		return GrammarUtil.containingRule(assignment) == grammar.getExprRule();
	}

	private void propose(String text, String description, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
		ContentAssistEntry entry = getProposalCreator().createProposal(text, context);
		if (entry != null) {
			entry.setDescription(description);
			acceptor.accept(entry, getProposalPriorities().getDefaultPriority(entry));
		}
	}

	/**
	 * The indices of the loops around the cursor, innermost first: a loop counts when the cursor is
	 * past its header (its own bounds cannot use its index).
	 */
	private static Set<String> indicesInScope(ContentAssistContext context) {
		Set<String> indices = new LinkedHashSet<>();
		for (EObject object = context.getCurrentModel(); object != null; object = object.eContainer()) {
			if (object instanceof Loop loop && loop.getIndex() != null && pastHeader(loop, context.getOffset())) {
				indices.add(loop.getIndex());
			}
		}
		return indices;
	}

	private static boolean pastHeader(Loop loop, int offset) {
		ICompositeNode upper = loop.getUpper() == null ? null : NodeModelUtils.findActualNodeFor(loop.getUpper());
		return upper != null && offset > upper.getEndOffset();
	}
}
