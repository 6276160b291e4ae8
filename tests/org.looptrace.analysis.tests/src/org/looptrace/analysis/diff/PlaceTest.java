// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.looptrace.analysis.diff.Difference.Kind;
import org.looptrace.lang.LocatedModel;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Construct;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;

/**
 * Where ModelDiff places a construct of one model only in the other: on generated models, nested a
 * few loops deep, from which constructs are deleted at random at every depth, inserting the lines of
 * each construct removed at its offset in the other text gives back the text it was removed from,
 * and so does inserting each construct added into the text compared with it.
 */
class PlaceTest {

	@Test
	void insertingEachConstructOfOneSideAtItsOffsetInTheOtherGivesTheFirstSideBack() throws Exception {
		Random random = new Random(11);
		Set<Integer> depths = new TreeSet<>();
		for (int round = 0; round < 400; round++) {
			Node whole = program(random);
			Node edited = whole.delete(random, 0.1 + 0.3 * random.nextDouble());
			String full = "// a generated model\n" + whole.text();
			String less = "// a generated model\n" + edited.text();
			String what = full + "against\n" + less;
			depths.addAll(checkInserted(full, less, Kind.REMOVED, what));
			depths.addAll(checkInserted(full, less, Kind.ADDED, what));
		}
		assertEquals(Set.of(0, 1, 2, 3, 4), depths, "constructs removed and added at every depth");
	}

	@Test
	void theFirstConstructOfABodyGoesFirstInTheOtherBody() throws Exception {
		String full = """
				// header
				0 send 1 1
				for i0 = 0 to 3
				  0 send 1 2
				  0 send 1 3
				done
				""";
		String less = """
				// header
				for i0 = 0 to 3
				  0 send 1 3
				done
				""";
		LocatedModel other = ModelText.parseLocated(less, "b.loops");
		List<Difference> differences = ModelDiff.compare(ModelText.parse(full, "a.loops"), other.model(), false, Progress.NONE);
		List<Integer> offsets = new ArrayList<>();
		for (Difference difference : differences) {
			assertEquals(Kind.REMOVED, difference.kind());
			offsets.add(Integer.valueOf(Objects.requireNonNull(difference.place()).offset(less, other::line, other::lastLine)));
		}
		// the model's body after its header comment, the loop's after its header
		assertEquals(List.of(less.indexOf("for"), less.indexOf("  0 send")), offsets);
	}

	/**
	 * Compares {@code from} with {@code to} (or {@code to} with {@code from} for {@code kind} ADDED),
	 * in which only constructs of {@code from} are missing: every difference but the channels is of
	 * {@code kind}, and inserting the lines of each construct at its offset in {@code to} gives
	 * {@code from}. The depths of the constructs inserted.
	 */
	private static Set<Integer> checkInserted(String from, String to, Kind kind, String what) throws Exception {
		LocatedModel whole = ModelText.parseLocated(from, "whole.loops");
		LocatedModel less = ModelText.parseLocated(to, "less.loops");
		List<Difference> differences = kind == Kind.REMOVED ? ModelDiff.compare(whole.model(), less.model(), false, Progress.NONE)
				: ModelDiff.compare(less.model(), whole.model(), false, Progress.NONE);
		record Insertion(int offset, String lines) {
		}
		List<Insertion> insertions = new ArrayList<>();
		Set<Integer> depths = new TreeSet<>();
		for (Difference difference : differences) {
			if (difference.kind() == Kind.CHANNELS) {
				continue; // a pair of ranks that no longer talk: not in a construct
			}
			assertEquals(kind, difference.kind(), what);
			Construct construct = Objects.requireNonNull(kind == Kind.REMOVED ? difference.left() : difference.right());
			Place place = difference.place();
			assertNotNull(place, what);
			depths.add(ConstructPath.of(construct).split("\\.").length - 1);
			List<String> lines = from.lines().toList().subList(whole.line(construct) - 1, whole.lastLine(construct));
			insertions.add(new Insertion(place.offset(to, less::line, less::lastLine), String.join("\n", lines) + "\n"));
		}
		// from the end of the text, and at one offset the last first: the offsets before stay right
		List<Insertion> ordered = new ArrayList<>(insertions.reversed());
		ordered.sort(Comparator.comparingInt(Insertion::offset).reversed());
		StringBuilder text = new StringBuilder(to);
		for (Insertion insertion : ordered) {
			text.insert(insertion.offset(), insertion.lines());
		}
		assertEquals(from, text.toString(), what);
		return depths;
	}

	/**
	 * A program of sends and local events in loops up to four deep. Every event is unique (its tag or
	 * word), so the models compared align in one way only, whatever is deleted.
	 */
	private static Node program(Random random) {
		int[] next = { 0 };
		return Node.body(random, 0, next);
	}

	/** A construct of a generated program, or the program itself (a body without a header). */
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
