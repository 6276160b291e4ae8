// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.ide.editor.contentassist.antlr.ContentAssistContextFactory;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.util.TextRegion;
import org.looptrace.lang.internal.TextResources;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.Send;
import org.looptrace.model.core.ConstructPath;

import com.google.inject.Injector;

/**
 * The language's IDE services on plain text, for an editor that is not Xtext's: semantic
 * highlighting ranges, the ranges of loops (folding), the construct at the caret (the matrix view), the
 * ranges of all constructs (the timeline view) and completion proposals. Safe from any thread (the
 * editor calls it off the UI thread); the parse of the last text is shared ({@link #parsed}).
 */
public final class EditorServices {

	/** A range of the text: a construct, e.g. a loop from its {@code for} to its {@code done}. */
	public record TextRange(int offset, int length) {
	}

	/** A range of the text and the style id of {@link LoopsSemanticHighlighting} it gets. */
	public record HighlightedRange(int offset, int length, String style) {
	}

	private static final class Services {
		static final Injector INJECTOR = new LoopsIdeSetup().createInjectorAndDoEMFRegistration();
		/** Content assist parses each follow-element candidate in this pool. */
		static final ExecutorService POOL = Executors.newCachedThreadPool(runnable -> {
			Thread thread = new Thread(runnable, "LoopTrace content assist");
			thread.setDaemon(true);
			return thread;
		});
	}

	private EditorServices() {
	}

	/** The last text parsed for {@link #parsed} and its resource. */
	private record Parsed(String text, XtextResource resource) {
	}

	private static @Nullable Parsed lastParsed;

	/** The text parsed and resolved by the language's IDE services, with its node model. */
	public static XtextResource load(String text, String fileName) {
		return TextResources.load(Services.INJECTOR, text, fileName);
	}

	/**
	 * The text parsed as {@link #load} does, shared: the editor's reconcilers (highlighting, folding,
	 * outline, positions) ask for the same text after each pause in typing, and a model of 100,000
	 * lines takes seconds to parse. The last text parsed is kept; callers wait for a parse under way
	 * rather than repeat it. The resource must only be read (the language has no cross-references
	 * to resolve, so reading it from several threads is safe).
	 */
	public static synchronized XtextResource parsed(String text) {
		Parsed last = lastParsed;
		if (last != null && last.text().equals(text)) {
			return last.resource();
		}
		XtextResource resource = load(text, "edited.loops");
		lastParsed = new Parsed(text, resource);
		return resource;
	}

	/** The semantic highlighting of the text, in text order. */
	public static List<HighlightedRange> highlight(String text, CancelIndicator cancel) {
		XtextResource resource = parsed(text);
		List<HighlightedRange> ranges = new ArrayList<>();
		Services.INJECTOR.getInstance(ISemanticHighlightingCalculator.class).provideHighlightingFor(resource,
				(offset, length, styles) -> ranges.add(new HighlightedRange(offset, length, styles[0])), cancel);
		ranges.sort((a, b) -> Integer.compare(a.offset(), b.offset()));
		return ranges;
	}

	/** The loops of the text, from their {@code for} to their {@code done}, in text order. */
	public static List<TextRange> loops(String text, CancelIndicator cancel) {
		XtextResource resource = parsed(text);
		List<TextRange> loops = new ArrayList<>();
		if (resource.getContents().isEmpty()) {
			return loops;
		}
		for (var contents = resource.getContents().get(0).eAllContents(); contents.hasNext() && !cancel.isCanceled();) {
			if (contents.next() instanceof Loop loop) {
				ICompositeNode node = NodeModelUtils.getNode(loop);
				if (node != null) {
					loops.add(new TextRange(node.getOffset(), node.getEndOffset() - node.getOffset()));
				}
			}
		}
		return loops;
	}

	/**
	 * The text of every construct by its {@link ConstructPath}, in text order (a loop from its
	 * {@code for} to its {@code done}): what the timeline view selects in the editor for a figure and
	 * where it finds the construct under the caret. Empty when the text does not parse.
	 */
	public static Map<String, TextRange> constructRanges(String text) {
		XtextResource resource = TextResources.load(Services.INJECTOR, text, "constructs.loops");
		Map<String, TextRange> ranges = new LinkedHashMap<>();
		if (resource.getContents().isEmpty()) {
			return ranges;
		}
		for (var contents = resource.getContents().get(0).eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof Construct construct) {
				ICompositeNode node = NodeModelUtils.getNode(construct);
				if (node != null) {
					ranges.put(ConstructPath.of(construct), new TextRange(node.getOffset(), node.getEndOffset() - node.getOffset()));
				}
			}
		}
		return ranges;
	}

	/**
	 * The {@link ConstructPath} of the construct at an offset of the text, as the communication
	 * matrix view follows the caret: the send the offset is in, else the innermost loop around it
	 * (a receive, a collective or a local event has no messages of its own); empty outside every
	 * loop and send, or when the text does not parse there.
	 */
	public static Optional<String> constructAt(String text, int offset) {
		XtextResource resource = TextResources.load(Services.INJECTOR, text, "caret.loops");
		if (resource.getParseResult() == null || resource.getParseResult().getRootNode() == null) {
			return Optional.empty();
		}
		ILeafNode leaf = NodeModelUtils.findLeafNodeAtOffset(resource.getParseResult().getRootNode(), offset);
		if (leaf == null && offset > 0) { // the caret at the very end of the text
			leaf = NodeModelUtils.findLeafNodeAtOffset(resource.getParseResult().getRootNode(), offset - 1);
		}
		for (EObject object = leaf == null ? null : NodeModelUtils.findActualSemanticObjectFor(leaf); object != null;
				object = object.eContainer()) {
			if (object instanceof Loop loop) {
				return Optional.of(ConstructPath.of(loop));
			}
			if (object instanceof Send send) {
				return Optional.of(ConstructPath.of(send));
			}
		}
		return Optional.empty();
	}

	/**
	 * The completion proposals at an offset of the text, best first.
	 *
	 * @param fileName the model's file name: attributes are read from the data traces beside it
	 */
	public static List<ContentAssistEntry> proposals(String text, int offset, String fileName) {
		XtextResource resource = TextResources.load(Services.INJECTOR, text, fileName);
		ContentAssistContextFactory contexts = Services.INJECTOR.getInstance(ContentAssistContextFactory.class);
		contexts.setPool(Services.POOL);
		IdeContentProposalAcceptor acceptor = Services.INJECTOR.getInstance(IdeContentProposalAcceptor.class);
		List<ContentAssistContext> found = Arrays.asList(contexts.create(text, new TextRegion(offset, 0), offset, resource));
		Services.INJECTOR.getInstance(IdeContentProposalProvider.class)
				.createProposals(found.isEmpty() ? List.of(wordContext(resource, text, offset)) : found, acceptor);
		List<ContentAssistEntry> entries = new ArrayList<>();
		acceptor.getEntries().forEach(entries::add);
		return entries;
	}

	/**
	 * The context of the word before the cursor, in the model object around it: where the parser
	 * gives none, inside the arguments of a call (an expression being typed, cut short, is no rule's
	 * complete prefix), so that the proposal provider still proposes there.
	 */
	private static ContentAssistContext wordContext(XtextResource resource, String text, int offset) {
		int start = offset;
		while (start > 0 && (Character.isLetterOrDigit(text.charAt(start - 1)) || text.charAt(start - 1) == '_')) {
			start--;
		}
		ICompositeNode root = resource.getParseResult().getRootNode();
		ILeafNode leaf = NodeModelUtils.findLeafNodeAtOffset(root, Math.max(0, start - 1));
		EObject model = leaf == null ? null : NodeModelUtils.findActualSemanticObjectFor(leaf);
		return Services.INJECTOR.getInstance(ContentAssistContext.Builder.class)
				.setCurrentNode(leaf == null ? root : leaf)
				.setLastCompleteNode(leaf == null ? root : leaf)
				.setPrefix(text.substring(start, offset))
				.setOffset(offset)
				.setReplaceRegion(new TextRegion(start, offset - start))
				.setSelectedText("")
				.setRootNode(root)
				.setRootModel(resource.getParseResult().getRootASTElement())
				.setCurrentModel(model == null ? resource.getParseResult().getRootASTElement() : model)
				.setResource(resource)
				.toContext();
	}
}
