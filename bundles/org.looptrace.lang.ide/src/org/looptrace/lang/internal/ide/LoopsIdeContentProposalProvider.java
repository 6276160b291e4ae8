// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.emf.common.util.URI;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IIdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.looptrace.lang.internal.services.LoopsGrammarAccess;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Symbol;
import org.looptrace.model.Sync;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.otf2.TraceSource;

import com.google.inject.Inject;

/**
 * Completion: keywords (by default), templates for a loop and an annotation, the indices of the
 * enclosing loops and the calls {@code mod(}, {@code xor(} and {@code pow2(} where an expression or
 * value may name one, the indices inside the arguments of calls and {@code pow2(} as the mask of a
 * xor, the tags, communicators and collective
 * names the model already uses, and after {@code }.} in an annotation the attributes named in the headers
 * of the data traces of the model's traces ({@link TraceSource#readyOfModel}), the directions only
 * after a whole attribute.
 */
public class LoopsIdeContentProposalProvider extends IdeContentProposalProvider {

	/** Attributes every data trace has (docs/FORMATS.md): proposed when no data trace is found. */
	static final List<String> ATTRIBUTES = List.of("time", "end", "size");

	private static final String POW2 = "pow2(s) or m*pow2(s): 2^s, or m shifted left by s (the mask of a xor)";

	/** The tokens of a line that open or close a call or parentheses, or separate arguments. */
	private static final Pattern CALL_TOKENS = Pattern.compile("(mod|xor|pow2)\\(|[(),]");

	@Inject
	private LoopsGrammarAccess grammar;

	@Override
	protected void _createProposals(Assignment assignment, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
		if (assignment == grammar.getAnnotationAccess().getAttributeAssignment_6()) {
			attributes(context).forEach(attribute -> propose(attribute, "data attribute", context, acceptor));
		} else if (assignment == grammar.getSyncAccess().getNameAssignment_2()) {
			namesInModel(context, Sync.class, Sync::getName).forEach(name -> propose(name, "collective", context, acceptor));
		} else if (isIndexPosition(assignment)) {
			if (enclosingCall(lineBeforeCursor(context)).isEmpty()) {
				indicesInScope(context).forEach(index -> propose(index, "loop index", context, acceptor));
				proposeCalls(context, acceptor);
			}
			if (isTagPosition(context)) {
				namesInModel(context, Message.class, LoopsIdeContentProposalProvider::symbolTag)
						.forEach(tag -> propose(tag, "tag", context, acceptor));
				namesInModel(context, Message.class, Message::getCommunicator)
						.forEach(communicator -> propose(communicator + ".", "communicator", context, acceptor));
			}
		} else {
			super._createProposals(assignment, context, acceptor);
		}
	}

	@Override
	protected void _createProposals(Keyword keyword, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
		if (GrammarUtil.containingRule(keyword) == grammar.getDirectionRule() && typingAttribute(context)) {
			return;
		}
		super._createProposals(keyword, context, acceptor);
		if (keyword == grammar.getLoopAccess().getForKeyword_0()) {
			String index = "i" + indicesInScope(context).size();
			template("for " + index + " = 0 to 9\n\ndone", "for … done: a loop", context, acceptor);
		} else if (keyword == grammar.getAnnotationAccess().getGetKeyword_0()) {
			List<String> attributes = attributes(context);
			template("get \"label\" {0}." + attributes.get(0) + " ->", "get: read a data attribute", context, acceptor);
		}
	}

	private void template(String text, String description, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
		ContentAssistEntry entry = getProposalCreator().createProposal(text, context);
		if (entry != null) {
			entry.setLabel(description);
			entry.setDescription(description);
			entry.setKind(ContentAssistEntry.KIND_SNIPPET);
			acceptor.accept(entry, getProposalPriorities().getDefaultPriority(entry) - 1);
		}
	}

	/**
	 * The call whose parentheses the cursor is inside on its line: {@code mod}, {@code xor},
	 * {@code xor,} once past the comma of a xor (its mask), {@code pow2}; empty outside any call.
	 * The expression rules are datatype rules, whose keywords the parser does not propose: the calls
	 * are proposed from the text.
	 */
	private static String enclosingCall(String line) {
		Deque<String> open = new ArrayDeque<>(); // innermost first; "" for parentheses
		Matcher tokens = CALL_TOKENS.matcher(line);
		while (tokens.find()) {
			String token = tokens.group();
			if (token.equals(")")) {
				open.pollFirst();
			} else if (token.equals(",")) {
				String call = open.pollFirst();
				open.push(call == null ? "," : call + ",");
			} else {
				open.push(token.substring(0, token.length() - 1));
			}
		}
		return open.stream().allMatch(String::isEmpty) ? "" : open.getFirst();
	}

	/** The text of the cursor's line before the cursor. */
	private static String lineBeforeCursor(ContentAssistContext context) {
		String text = context.getRootNode().getText();
		int offset = Math.min(context.getOffset(), text.length());
		return text.substring(text.lastIndexOf('\n', offset - 1) + 1, offset);
	}

	/**
	 * {@code mod(}, {@code xor(} and {@code pow2(} in an expression outside any call (their arguments
	 * are affine) and outside loop bounds.
	 */
	private void proposeCalls(ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
		if (!lineBeforeCursor(context).stripLeading().startsWith("for ")) {
			proposeInExpression("mod(", "mod(a,m): the remainder of a in 0..m-1", context, acceptor);
			proposeInExpression("xor(", "xor(a,m) or xor(a,pow2(s)): a with the bits of m, or the bit s, flipped", context, acceptor);
			proposeInExpression("pow2(", POW2, context, acceptor);
		}
	}

	/**
	 * Besides what the grammar proposes, inside the arguments of calls, where the parser proposes
	 * nothing: the indices in scope in an argument or a shift, {@code pow2(} as the mask of a xor.
	 */
	@Override
	public void createProposals(Collection<ContentAssistContext> contexts, IIdeContentProposalAcceptor acceptor) {
		super.createProposals(contexts, acceptor);
		Set<String> prefixes = new HashSet<>();
		for (ContentAssistContext context : contexts) {
			if (!prefixes.add(context.getPrefix())) {
				continue;
			}
			String call = enclosingCall(lineBeforeCursor(context));
			if (call.equals("xor,")) {
				proposeInExpression("pow2(", POW2, context, acceptor);
			} else if (call.equals("mod") || call.equals("xor") || call.equals("pow2")) {
				indicesInScope(context).forEach(index -> proposeInExpression(index, "loop index", context, acceptor));
			}
		}
	}

	/**
	 * A call or an index after what the context's prefix holds of the expression: the prefix of an
	 * expression (a datatype rule) is its text up to the cursor, the proposal replaces only the word
	 * being typed, and is labelled by it.
	 */
	private void proposeInExpression(String text, String description, ContentAssistContext context,
			IIdeContentProposalAcceptor acceptor) {
		propose(context.getPrefix().replaceFirst("[A-Za-z0-9_]*$", "") + text, text, description, context, acceptor);
	}

	/**
	 * The tag of a send or receive, where the cursor is at the last value of the event's line; not
	 * after the dot of a communicator, where only the tag's number (an expression) may follow.
	 */
	private static boolean isTagPosition(ContentAssistContext context) {
		INode last = context.getLastCompleteNode();
		boolean afterCommunicator = last != null && ".".equals(last.getText());
		return !afterCommunicator && (inMessage(context.getCurrentModel()) || inMessage(context.getPreviousModel()));
	}

	/**
	 * A send or receive, or a value of one: after a peer or in a tag being typed, the context's model
	 * is the peer or tag itself (the expression rules are datatype rules calling others).
	 */
	private static boolean inMessage(EObject object) {
		return object instanceof Message || object != null && object.eContainer() instanceof Message;
	}

	private static String symbolTag(Message message) {
		return message.getTag() instanceof Symbol symbol ? symbol.getName() : null;
	}

	/** The distinct names of one kind of element of the model around the cursor, in text order. */
	private static <T> Set<String> namesInModel(ContentAssistContext context, Class<T> type, Function<T, String> name) {
		Set<String> names = new LinkedHashSet<>();
		EObject root = context.getRootModel();
		if (root == null) {
			return names;
		}
		root.eAllContents().forEachRemaining(object -> {
			if (type.isInstance(object)) {
				String value = name.apply(type.cast(object));
				if (value != null && !value.isEmpty()) {
					names.add(value);
				}
			}
		});
		return names;
	}

	/**
	 * The attributes of the data traces ({@code data.<rank>}) of the model's trace folder, or of the
	 * folder its archive was converted into, in header order (union over the files); the standard
	 * attributes when there is none.
	 */
	private static List<String> attributes(ContentAssistContext context) {
		URI uri = context.getResource() == null ? null : context.getResource().getURI();
		if (uri == null || !uri.isFile()) {
			return ATTRIBUTES;
		}
		Optional<TraceSource> traces;
		try {
			traces = TraceSource.readyOfModel(Path.of(uri.toFileString()), context.getRootNode().getText(), false);
		} catch (IOException e) {
			return ATTRIBUTES;
		}
		if (traces.isEmpty()) {
			return ATTRIBUTES; // an archive not converted yet: the data traces it converts into have these
		}
		Set<String> attributes = new LinkedHashSet<>();
		try (DirectoryStream<Path> files = Files.newDirectoryStream(traces.get().folder(), "data.[0-9]*")) {
			for (Path file : files) {
				try (DataTrace data = DataTrace.open(file)) {
					attributes.addAll(data.attributes());
				} catch (IOException e) {
					// not a data trace: its attributes are not proposed
				}
			}
		} catch (IOException | RuntimeException e) {
			return ATTRIBUTES;
		}
		return attributes.isEmpty() ? ATTRIBUTES : new ArrayList<>(attributes);
	}

	/**
	 * Whether the cursor is right after the part of an attribute typed so far: the parser takes that
	 * part for a whole attribute and asks for the direction next, while the user wants the attribute's
	 * name completed. An attribute is whole once a space follows it, it is quoted or it is one of the
	 * data's attributes.
	 */
	private boolean typingAttribute(ContentAssistContext context) {
		INode last = context.getLastCompleteNode();
		if (last == null || last.getEndOffset() != context.getOffset() || last.getText().startsWith("\"")) {
			return false;
		}
		for (INode node = last; node != null; node = node.getParent()) {
			if (node.getGrammarElement() != null
					&& GrammarUtil.containingAssignment(node.getGrammarElement()) == grammar.getAnnotationAccess().getAttributeAssignment_6()) {
				return !attributes(context).contains(last.getText());
			}
		}
		return false;
	}

	/** An expression (a bound, rank, peer, tag or local word), where an index may be named. */
	private boolean isIndexPosition(Assignment assignment) {
		return GrammarUtil.containingRule(assignment) == grammar.getExprRule();
	}

	private void propose(String text, String description, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
		propose(text, text, description, context, acceptor);
	}

	private void propose(String text, String label, String description, ContentAssistContext context,
			IIdeContentProposalAcceptor acceptor) {
		ContentAssistEntry entry = getProposalCreator().createProposal(text, context);
		if (entry != null) {
			entry.setLabel(label);
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
