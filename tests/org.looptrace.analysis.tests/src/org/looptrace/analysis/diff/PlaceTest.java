// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
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
import org.looptrace.testsupport.EditedModels;

/**
 * Where ModelDiff places a construct of one model only in the other: on generated models, nested a
 * few loops deep, from which constructs are deleted at random at every depth, inserting the lines of
 * each construct removed before its line in the other text (at its offset, the start of that line)
 * gives back the text it was removed from, and so does inserting each construct added into the text
 * compared with it.
 */
class PlaceTest {

	@Test
	void insertingEachConstructOfOneSideAtItsLineInTheOtherGivesTheFirstSideBack() throws Exception {
		Random random = new Random(11);
		Set<Integer> depths = new TreeSet<>();
		for (int round = 0; round < 400; round++) {
			EditedModels.Pair pair = EditedModels.next(random);
			String full = pair.whole();
			String less = pair.edited();
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

	@Test
	void aConstructAddedToAModelWithoutConstructsGoesAtTheEndOfItsText() throws Exception {
		String empty = "// nothing yet\n// still nothing\n";
		LocatedModel none = ModelText.parseLocated(empty, "a.loops");
		List<Difference> differences = ModelDiff.compare(none.model(), ModelText.parse("0 send 1 2\n0 send 1 3\n", "b.loops"), false,
				Progress.NONE);
		assertEquals(List.of(Kind.ADDED, Kind.ADDED, Kind.CHANNELS), differences.stream().map(Difference::kind).toList());
		for (Difference difference : differences.subList(0, 2)) {
			Place place = Objects.requireNonNull(difference.place());
			assertEquals(3, place.line(none::line, none::lastLine, 3), "the line past the text");
			assertEquals(empty.length(), place.offset(empty, none::line, none::lastLine));
		}
	}

	/**
	 * Compares {@code from} with {@code to} (or {@code to} with {@code from} for {@code kind} ADDED),
	 * in which only constructs of {@code from} are missing: every difference but the channels is of
	 * {@code kind}, its offset in {@code to} is the start of its line, and inserting the lines of each
	 * construct before its line in {@code to} gives {@code from}. The depths of the constructs inserted.
	 */
	private static Set<Integer> checkInserted(String from, String to, Kind kind, String what) throws Exception {
		LocatedModel whole = ModelText.parseLocated(from, "whole.loops");
		LocatedModel less = ModelText.parseLocated(to, "less.loops");
		List<Difference> differences = kind == Kind.REMOVED ? ModelDiff.compare(whole.model(), less.model(), false, Progress.NONE)
				: ModelDiff.compare(less.model(), whole.model(), false, Progress.NONE);
		List<EditedModels.Insertion> insertions = new ArrayList<>();
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
			int line = place.line(less::line, less::lastLine, (int) to.lines().count() + 1);
			int offset = place.offset(to, less::line, less::lastLine);
			assertEquals(to.lines().limit(line - 1).mapToInt(text -> text.length() + 1).sum(), offset, "the offset starts the line");
			insertions.add(new EditedModels.Insertion(line, String.join("\n", lines) + "\n"));
		}
		assertEquals(from, EditedModels.insert(to, insertions), what);
		return depths;
	}
}
