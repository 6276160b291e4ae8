// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.ide.editor.syntaxcoloring.IHighlightedPositionAcceptor;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.looptrace.lang.internal.services.LoopsGrammarAccess;
import org.looptrace.model.Annotation;
import org.looptrace.model.Event;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptracePackage.Literals;
import org.looptrace.model.Message;
import org.looptrace.model.Sync;

import com.google.inject.Inject;

/**
 * Semantic highlighting: what a token means, which the lexer cannot tell. Loop indices (where
 * declared and where used), ranks (of events, peers, groups and annotations), tags, collective
 * names and annotation labels, each under one of the style ids of this class.
 */
public class LoopsSemanticHighlighting implements ISemanticHighlightingCalculator {

	/** A loop index, declared or used. */
	public static final String INDEX = "index";
	/** A rank: of an event, a peer, a group, the ranks of an annotation. */
	public static final String RANK = "rank";
	/** The tag of a send or receive. */
	public static final String TAG = "tag";
	/** The name of a collective (sync). */
	public static final String COLLECTIVE = "collective";
	/** The label of an annotation. */
	public static final String LABEL = "label";

	@Inject
	private LoopsGrammarAccess grammar;

	@Override
	public void provideHighlightingFor(XtextResource resource, IHighlightedPositionAcceptor acceptor, CancelIndicator cancel) {
		if (resource == null || resource.getContents().isEmpty()) {
			return;
		}
		for (var contents = resource.getContents().get(0).eAllContents(); contents.hasNext() && !cancel.isCanceled();) {
			EObject object = contents.next();
			if (object instanceof Loop) {
				highlight(object, Literals.LOOP__INDEX, INDEX, acceptor);
				highlight(object, Literals.LOOP__LOWER, null, acceptor);
				highlight(object, Literals.LOOP__UPPER, null, acceptor);
			} else if (object instanceof Event) {
				highlight(object, Literals.EVENT__RANK, RANK, acceptor);
				if (object instanceof Message) {
					highlight(object, Literals.MESSAGE__PEER, RANK, acceptor);
					highlightCommunicator(object, acceptor);
					highlight(object, Literals.MESSAGE__TAG, TAG, acceptor);
				} else if (object instanceof Sync) {
					highlight(object, Literals.SYNC__NAME, COLLECTIVE, acceptor);
					highlight(object, Literals.SYNC__GROUP, RANK, acceptor);
				} else {
					highlight(object, Literals.LOCAL__WORDS, null, acceptor);
				}
			} else if (object instanceof Annotation) {
				highlight(object, Literals.ANNOTATION__LABEL, LABEL, acceptor);
				highlight(object, Literals.ANNOTATION__RANKS, RANK, acceptor);
			}
		}
	}

	/**
	 * Gives the tokens of a feature the style, except the loop indices among them, which get
	 * {@link #INDEX}; a null style highlights only the indices. Adjacent tokens of one style make
	 * one range ({@code 0-3}, {@code 1+}).
	 */
	private void highlight(EObject object, EStructuralFeature feature, String style, IHighlightedPositionAcceptor acceptor) {
		Set<String> indices = null;
		for (INode node : NodeModelUtils.findNodesForFeature(object, feature)) {
			int start = -1;
			int end = -1;
			String pending = null;
			for (ILeafNode leaf : node.getLeafNodes()) {
				if (leaf.isHidden() || leaf.getLength() == 0) {
					continue;
				}
				String leafStyle = style;
				if (isWordKeyword(leaf)) {
					leafStyle = null; // mod inside a rank or tag keeps the keywords' lexical style
				} else if (isIdentifier(leaf)) {
					if (indices == null) {
						indices = indicesInScope(object);
					}
					if (indices.contains(leaf.getText())) {
						leafStyle = INDEX;
					}
				}
				if (pending != null && (!pending.equals(leafStyle) || leaf.getOffset() != end)) {
					acceptor.addPosition(start, end - start, pending);
					pending = null;
				}
				if (leafStyle != null && pending == null) {
					start = leaf.getOffset();
					pending = leafStyle;
				}
				end = leaf.getEndOffset();
			}
			if (pending != null) {
				acceptor.addPosition(start, end - start, pending);
			}
		}
	}

	/**
	 * The communicator of a tag and the dot after it ({@code c33.} of {@code c33.3000+i}) as one
	 * range of the tag's style: the communicator is a name, never an index.
	 */
	private static void highlightCommunicator(EObject message, IHighlightedPositionAcceptor acceptor) {
		List<INode> names = NodeModelUtils.findNodesForFeature(message, Literals.MESSAGE__COMMUNICATOR);
		INode node = NodeModelUtils.getNode(message);
		if (names.size() != 1 || node == null) {
			return;
		}
		int start = names.get(0).getOffset();
		for (ILeafNode leaf : node.getLeafNodes()) {
			if (!leaf.isHidden() && leaf.getOffset() >= names.get(0).getEndOffset()) {
				if (".".equals(leaf.getText())) {
					acceptor.addPosition(start, leaf.getEndOffset() - start, TAG);
				}
				return;
			}
		}
	}

	private static boolean isWordKeyword(ILeafNode leaf) {
		return leaf.getGrammarElement() instanceof Keyword keyword && Character.isLetter(keyword.getValue().charAt(0));
	}

	private boolean isIdentifier(ILeafNode leaf) {
		return leaf.getGrammarElement() instanceof RuleCall call && call.getRule() == grammar.getIDRule();
	}

	/** The indices of the loops around an object, and of the object itself when it is a loop. */
	private static Set<String> indicesInScope(EObject object) {
		Set<String> indices = new HashSet<>();
		for (EObject container = object; container != null; container = container.eContainer()) {
			if (container instanceof Loop loop && loop.getIndex() != null) {
				indices.add(loop.getIndex());
			}
		}
		return indices;
	}
}
