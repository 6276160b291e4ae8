// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Random pairs of model texts for comparisons: a model of sends and local events in loops up to four
 * deep, and the same model with constructs deleted at random at every depth. Every event is unique
 * (its tag or word), so the two align in one way only, whatever is deleted: each construct deleted is
 * exactly one construct removed from the whole model to the edited one.
 */
public final class EditedModels {

	/** The line that heads both texts, so a construct first in a model does not start its text. */
	public static final String HEADER = "// a generated model\n";

	private EditedModels() {
	}

	/**
	 * A model text and the same text with constructs deleted, each body keeping at least one.
	 *
	 * @param whole  the model's text
	 * @param edited the text with constructs deleted, every line of each deleted construct gone
	 */
	public record Pair(String whole, String edited) {
	}

	/** The next pair of texts drawn from {@code random}. */
	public static Pair next(Random random) {
		Node whole = Node.body(random, 0, new int[] { 0 });
		Node edited = whole.delete(random, 0.1 + 0.3 * random.nextDouble());
		return new Pair(HEADER + whole.text(), HEADER + edited.text());
	}

	/**
	 * Lines to insert into a text.
	 *
	 * @param line  the line (from 1) before which they go; the line past the text's last for its end
	 * @param lines the lines, each ending with a line feed
	 */
	public record Insertion(int line, String lines) {
	}

	/**
	 * {@code text} with each insertion made before its line of {@code text}: insertions at the same
	 * line keep their order in the list.
	 */
	public static String insert(String text, List<Insertion> insertions) {
		List<String> lines = new ArrayList<>(text.lines().map(line -> line + "\n").toList());
		List<Insertion> ordered = new ArrayList<>(insertions.reversed());
		// from the end of the text, and at one line the last first: the lines before stay where they are
		ordered.sort(Comparator.comparingInt(Insertion::line).reversed());
		for (Insertion insertion : ordered) {
			lines.add(insertion.line() - 1, insertion.lines());
		}
		return String.join("", lines);
	}

	/** A construct of a generated model, or the model itself (a body without a header). */
	private record Node(String header, List<Node> body) {

		static Node body(Random random, int depth, int[] next) {
			List<Node> body = new ArrayList<>();
			for (int count = 1 + random.nextInt(4); count > 0; count--) {
				int id = next[0]++;
				if (depth < 4 && random.nextInt(3) == 0) {
					body.add(new Node("for i" + depth + " = 0 to " + (1 + random.nextInt(5)), body(random, depth + 1, next).body()));
				} else {
					body.add(new Node(random.nextBoolean() ? "0 send 1 " + id : "0 local step" + id, List.of()));
				}
			}
			return new Node("", body);
		}

		boolean loop() {
			return header.startsWith("for");
		}

		/**
		 * This node with constructs deleted at random at every depth, each body keeping one. A body
		 * loses a whole loop only when none of its loops loses a construct: a loop deleted beside a
		 * loop edited could otherwise be paired with it, both being loops.
		 */
		Node delete(Random random, double chance) {
			List<Node> kept = new ArrayList<>();
			List<Boolean> deleted = new ArrayList<>();
			boolean loopEdited = false;
			for (Node node : body) {
				Node edited = node.loop() && random.nextBoolean() ? node.delete(random, chance) : node;
				loopEdited |= !edited.equals(node);
				kept.add(edited);
				deleted.add(random.nextDouble() < chance && edited.equals(node));
			}
			List<Node> left = new ArrayList<>();
			for (int i = 0; i < kept.size(); i++) {
				boolean gone = deleted.get(i) && !(loopEdited && kept.get(i).loop());
				if (!gone) {
					left.add(kept.get(i));
				}
			}
			if (left.isEmpty()) {
				left.add(kept.get(random.nextInt(kept.size())));
			}
			return new Node(header, left);
		}

		/** The text of the node's constructs at the top level, loops indented by two spaces a level. */
		String text() {
			StringBuilder text = new StringBuilder();
			body.forEach(node -> node.append(text, ""));
			return text.toString();
		}

		private void append(StringBuilder text, String indent) {
			text.append(indent).append(header).append('\n');
			if (loop()) {
				body.forEach(node -> node.append(text, indent + "  "));
				text.append(indent).append("done\n");
			}
		}
	}
}
