// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide.constructs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.lang.internal.validation.LoopsValidator;
import org.looptrace.model.Annotation;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptracePackage;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.RankSet;
import org.looptrace.scanner.Placement;
import org.looptrace.scanner.Polynomial;
import org.looptrace.scanner.Positions;

/**
 * The facts of a construct an editor shows: in a hover, the ranks it covers, its iterations, the
 * events it stands for and its positions per rank ({@code @} and {@code #} of figure 8 of the paper,
 * polynomials in the loop indices); inline, its positions as {@code looptrace positions} prints them.
 * Positions are computed only on text without errors: those of a broken model would mislead.
 */
public final class ConstructFacts {

	/** At most this many ranks are listed in a hover (the platform's hover shows about 12 lines), the rest is counted. */
	static final int HOVER_RANKS = 6;

	/**
	 * The positions of a construct shown on the line above it.
	 *
	 * @param offset    the start of the construct's line
	 * @param positions {@code @ 0 # 14 on ranks 0-15}, as {@link Positions#summarize} writes them (the hover
	 *                  gives them rank by rank)
	 */
	public record Mining(int offset, String positions) {
	}

	/**
	 * A replacement of the text.
	 *
	 * @param offset where the replaced text starts
	 * @param length how long it is
	 * @param text   what replaces it
	 */
	public record Replacement(int offset, int length, String text) {
	}

	private ConstructFacts() {
	}

	/**
	 * The quick fix of an annotation asking for ranks its construct has no event on: its ranks reduced
	 * to those the construct covers. Null when the offset is on no annotation, when the annotation
	 * asks for covered ranks only or for none the construct covers (then there is no obvious fix).
	 */
	public static @Nullable Replacement coveredRanks(String text, int offset) {
		XtextResource resource = EditorServices.load(text, "fixed.loops");
		EObject element = elementAt(resource, offset);
		while (element != null && !(element instanceof Annotation)) {
			element = element.eContainer();
		}
		if (!(element instanceof Annotation annotation) || !(resource.getContents().get(0) instanceof Model model)) {
			return null;
		}
		Construct construct = LoopsValidator.attachedConstruct(annotation);
		List<INode> nodes = NodeModelUtils.findNodesForFeature(annotation, LooptracePackage.Literals.ANNOTATION__RANKS);
		if (construct == null || nodes.isEmpty() || annotation.getRanks() == null) {
			return null;
		}
		RankSet covered;
		try {
			covered = annotation.getRanks().intersection(Positions.of(model).ranks(construct));
		} catch (IllegalArgumentException | ArithmeticException e) {
			return null;
		}
		if (covered.isEmpty() || covered.equals(annotation.getRanks())) {
			return null;
		}
		INode ranks = nodes.get(0);
		return new Replacement(ranks.getOffset(), ranks.getLength(), covered.toString());
	}

	/**
	 * The hover text of the innermost construct at an offset: a loop from its {@code for} to its
	 * {@code done}, an event on its line; null when the offset is on no construct.
	 */
	public static @Nullable String hover(String text, int offset) {
		return hover(text, offset, null);
	}

	/**
	 * The hover text of {@link #hover(String, int)}, and when the model is in a file whose run has data
	 * traces ({@link org.looptrace.model.core.TracesComment}), the construct's time (docs/TIME.md).
	 */
	public static @Nullable String hover(String text, int offset, @Nullable Path modelFile) {
		XtextResource resource = EditorServices.parsed(text);
		Construct construct = constructAt(resource, offset);
		if (construct == null) {
			return null;
		}
		StringBuilder hover = new StringBuilder();
		String head = construct instanceof Loop loop ? "Loop " + ConstructPath.of(loop) + ": " + ModelOutline.header(loop)
				: "Event " + ConstructPath.of(construct) + ": " + NodeModelUtils.getTokenText(NodeModelUtils.getNode(construct));
		hover.append(head).append('\n');
		if (construct instanceof Loop loop) {
			hover.append("iterations: ").append(Counts.text(Counts.iterations(loop))).append(", ");
		}
		hover.append("events: ").append(Counts.text(Counts.total(construct))).append(" in the whole model\n");
		Positions positions = positions(resource);
		if (positions == null) {
			return hover.append("positions: fix the errors of the model first").toString();
		}
		if (modelFile != null && resource.getContents().get(0) instanceof Model model) {
			hover.append(HoverTimes.lines(model, text, construct, modelFile));
		}
		hover.append("ranks: ").append(positions.ranks(construct)).append('\n');
		StringBuilder lines = new StringBuilder();
		boolean perIterations = false;
		int shown = 0;
		for (int rank : positions.ranks(construct)) {
			List<Placement> placements = positions.placements(construct, rank);
			if (placements.isEmpty()) {
				continue;
			}
			if (shown++ == HOVER_RANKS) {
				lines.append("\n  … ").append(positions.ranks(construct).size() - HOVER_RANKS).append(" more ranks (looptrace positions)");
				break;
			}
			for (Placement placement : placements) {
				lines.append("\n  rank ").append(rank);
				if (!placement.where().isEmpty()) {
					lines.append(' ').append(placement.where());
				}
				lines.append(": @ ").append(placement.at());
				Polynomial perIteration = placement.perIteration();
				if (perIteration != null) {
					lines.append(", # ").append(perIteration);
					perIterations = true;
				}
				lines.append(", first event at ").append(placement.start());
			}
		}
		// the legend explains only the signs the lines use
		hover.append(perIterations ? "positions (@ relative to the enclosing iteration, # events of one iteration):"
				: "positions (@ relative to the enclosing iteration):");
		return hover.append(lines).toString();
	}

	/**
	 * The positions of every construct of the text, in text order, in at most {@code maxGroups} groups of
	 * ranks each; none when the text has errors.
	 */
	public static List<Mining> minings(String text, int maxGroups, CancelIndicator cancel) {
		return parse(text).minings(0, text.length(), maxGroups, cancel);
	}

	/** Parses the text once for several questions about its positions (an editor asks again on each scroll). */
	public static Parsed parse(String text) {
		XtextResource resource = EditorServices.parsed(text);
		return new Parsed(text, positions(resource));
	}

	/** Model text parsed, with the positions of its constructs; thread-safe. */
	public static final class Parsed {
		private final String text;
		private final @Nullable Positions positions;

		private Parsed(String text, @Nullable Positions positions) {
			this.text = text;
			this.positions = positions;
		}

		/** The text parsed. */
		public String text() {
			return text;
		}

		/**
		 * The positions of the constructs that start in a stretch of the text, in text order; none
		 * when the text has errors.
		 *
		 * @param from the first offset of the stretch
		 * @param to   the offset after it
		 */
		public List<Mining> minings(int from, int to, int maxGroups, CancelIndicator cancel) {
			List<Mining> minings = new ArrayList<>();
			Positions known = positions;
			if (known == null) {
				return minings;
			}
			for (var contents = known.model().eAllContents(); contents.hasNext() && !cancel.isCanceled();) {
				if (contents.next() instanceof Construct construct) {
					ICompositeNode node = NodeModelUtils.getNode(construct);
					if (node != null && node.getOffset() >= from && node.getOffset() < to) {
						minings.add(new Mining(lineStart(text, node.getOffset()), known.summarize(construct, maxGroups)));
					}
				}
			}
			return minings;
		}
	}

	private static @Nullable Positions positions(XtextResource resource) {
		if (!resource.getErrors().isEmpty() || resource.getContents().isEmpty() || !(resource.getContents().get(0) instanceof Model model)) {
			return null;
		}
		try {
			return Positions.of(model);
		} catch (IllegalArgumentException | ArithmeticException e) {
			return null;
		}
	}

	private static @Nullable EObject elementAt(XtextResource resource, int offset) {
		if (resource.getParseResult() == null) {
			return null;
		}
		ILeafNode leaf = NodeModelUtils.findLeafNodeAtOffset(resource.getParseResult().getRootNode(), offset);
		return leaf == null ? null : NodeModelUtils.findActualSemanticObjectFor(leaf);
	}

	private static @Nullable Construct constructAt(XtextResource resource, int offset) {
		EObject element = elementAt(resource, offset);
		while (element != null && !(element instanceof Construct)) {
			element = element.eContainer();
		}
		return (Construct) element;
	}

	private static int lineStart(String text, int offset) {
		return text.lastIndexOf('\n', offset - 1) + 1;
	}
}
