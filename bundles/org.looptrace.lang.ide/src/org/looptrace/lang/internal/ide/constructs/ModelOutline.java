// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide.constructs;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Expr;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.Recv;
import org.looptrace.model.Send;
import org.looptrace.model.Sync;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;

/**
 * The outline of model text: its loops and events as a tree, each named by its
 * {@link ConstructPath} (what {@code looptrace positions --construct} takes), with its iterations
 * and the number of events it stands for.
 */
public final class ModelOutline {

	/** What a node of the outline is. */
	public enum Kind {
		/** A {@code for … done} loop. */
		LOOP,
		/** A send event. */
		SEND,
		/** A receive event. */
		RECV,
		/** A collective ({@code sync}). */
		SYNC,
		/** A local event. */
		LOCAL
	}

	/**
	 * A construct of the text.
	 *
	 * @param path       its {@link ConstructPath}
	 * @param kind       loop or kind of event
	 * @param label      a loop's header ({@code for i0 = 0 to 15}) or an event's text
	 * @param iterations a loop's iterations per run (a polynomial in the enclosing indices), empty for an event
	 * @param events     the events the construct stands for in the whole model (all runs of the enclosing loops)
	 * @param offset     where its text starts
	 * @param length     the length of its text (a loop's up to its {@code done})
	 * @param children   the constructs of a loop's body
	 */
	public record Node(String path, Kind kind, String label, String iterations, String events, int offset, int length,
			List<Node> children) {

		/** The label with the counts, as the outline shows it: {@code 2.1 for i1 = 0 to 6 (7 iterations, 140 events)}. */
		public String text() {
			String counts = iterations.isEmpty() ? plural(events, "event")
					: plural(iterations, "iteration") + ", " + plural(events, "event");
			return path + " " + label + " (" + counts + ")";
		}

		private static String plural(String count, String noun) {
			return count + " " + (count.equals("1") ? noun : noun + "s");
		}
	}

	private ModelOutline() {
	}

	/** The top-level constructs of the text with their bodies; what parses of a text with errors. */
	public static List<Node> of(String text, CancelIndicator cancel) {
		XtextResource resource = EditorServices.parsed(text);
		if (resource.getContents().isEmpty() || !(resource.getContents().get(0) instanceof Model model)) {
			return List.of();
		}
		return nodes(model, cancel);
	}

	private static List<Node> nodes(Block block, CancelIndicator cancel) {
		List<Node> nodes = new ArrayList<>();
		for (Construct construct : ConstructPath.constructs(block)) {
			if (cancel.isCanceled()) {
				break;
			}
			ICompositeNode node = NodeModelUtils.getNode(construct);
			if (node == null) {
				continue;
			}
			int offset = node.getOffset();
			int length = node.getEndOffset() - offset;
			String events = Counts.text(Counts.total(construct));
			if (construct instanceof Loop loop) {
				nodes.add(new Node(ConstructPath.of(loop), Kind.LOOP, header(loop), Counts.text(Counts.iterations(loop)), events, offset,
						length, nodes(loop, cancel)));
			} else {
				Kind kind = construct instanceof Send ? Kind.SEND
						: construct instanceof Recv ? Kind.RECV : construct instanceof Sync ? Kind.SYNC : Kind.LOCAL;
				nodes.add(new Node(ConstructPath.of(construct), kind, NodeModelUtils.getTokenText(node), "", events, offset, length,
						List.of()));
			}
		}
		return nodes;
	}

	/** {@code for i0 = 0 to 15}, in canonical spelling ({@code ?} for a bound the parser could not read). */
	static String header(Loop loop) {
		return "for " + loop.getIndex() + " = " + bound(loop.getLower()) + " to " + bound(loop.getUpper());
	}

	private static String bound(@Nullable Expr bound) {
		return bound == null ? "?" : Exprs.toText(bound);
	}
}
