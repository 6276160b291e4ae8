// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.lang.LocatedModel;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.testsupport.EditedModels;

/**
 * {@code looptrace diff} names where a construct of one model only would go in the other, the line
 * before which it would be inserted, in its text lines ({@code B before line N}) and in the
 * {@code insert_line} column of {@code --csv}: on the shipped models and the models of the shipped
 * traces, each of a sample of their constructs deleted in turn, and on generated models from which
 * constructs are deleted at every depth, inserting the lines of each construct removed before that
 * line of the other text gives back the constructs of the first model (the same sequence, at the
 * same paths), and so does inserting each construct added.
 */
class DiffInsertLineTest {

	@TempDir
	Path dir = Path.of("");

	/** The shipped model files and the shipped trace folders. */
	static Stream<String> models() {
		return Stream.concat(Stream.of("figure3", "figure8", "figure8-lu", "ring", "triangular").map(name -> "models/" + name + ".loops"),
				Cli.EXAMPLE_FOLDERS.stream());
	}

	@ParameterizedTest(name = "constructs deleted from examples/{0} go back before the printed line")
	@MethodSource("models")
	void eachConstructDeletedFromAModelGoesBackBeforeThePrintedLine(String name) throws Exception {
		Path example = Cli.example(name);
		Path whole = dir.resolve("whole.loops");
		String model = Files.isDirectory(example) ? Cli.expect(0, "model", example.toString()).out() : Files.readString(example);
		// without its annotations, which are not compared: a construct deleted could leave one asking for ranks it lacks
		String text = model.lines().filter(line -> !line.trim().startsWith("get ")).map(line -> line + "\n").reduce("", String::concat);
		Files.writeString(whole, text);
		LocatedModel located = ModelText.parseLocated(text, name);
		List<String> lines = text.lines().toList();
		// a construct whose lines can go without leaving an empty loop, which is no valid model
		List<Construct> deletable = new ArrayList<>();
		located.model().eAllContents().forEachRemaining(object -> {
			if (object instanceof Construct construct && !(construct.eContainer() instanceof Loop loop && loop.getItems().size() == 1)) {
				deletable.add(construct);
			}
		});
		Collections.shuffle(deletable, new Random(name.hashCode()));
		Path less = dir.resolve("less.loops");
		for (Construct construct : deletable.subList(0, Math.min(8, deletable.size()))) {
			List<String> kept = new ArrayList<>(lines.subList(0, located.line(construct) - 1));
			kept.addAll(lines.subList(located.lastLine(construct), lines.size()));
			Files.writeString(less, kept.stream().map(line -> line + "\n").reduce("", String::concat));
			assertEquals(1, checkInserted(whole, less, "removed"), name + " without " + ConstructPath.of(construct));
			assertEquals(1, checkInserted(less, whole, "added"), name + " without " + ConstructPath.of(construct));
		}
		assertTrue(deletable.size() > 0, name);
	}

	@Test
	void constructsDeletedAtEveryDepthOfGeneratedModelsGoBackBeforeThePrintedLines() throws Exception {
		Random random = new Random(29);
		Path whole = dir.resolve("whole.loops");
		Path edited = dir.resolve("edited.loops");
		int inserted = 0;
		for (int round = 0; round < 60; round++) {
			EditedModels.Pair pair = EditedModels.next(random);
			if (pair.whole().equals(pair.edited())) {
				continue;
			}
			Files.writeString(whole, pair.whole());
			Files.writeString(edited, pair.edited());
			inserted += checkInserted(whole, edited, "removed");
			inserted += checkInserted(edited, whole, "added");
		}
		assertTrue(inserted > 60, "constructs inserted: " + inserted);
	}

	@Test
	void aConstructAddedToAModelWithoutConstructsGoesAfterItsLastLine() throws Exception {
		Path empty = dir.resolve("empty.loops");
		Files.writeString(empty, "// nothing yet\n");
		Path one = dir.resolve("one.loops");
		Files.writeString(one, "// one send\n0 send 1 2\n");
		assertEquals(List.of("added A before line 2, B 1 line 2: 0 send 1 2", "channels: no pair against 1 pair of ranks 0,1"),
				Cli.expect(1, "diff", empty.toString(), one.toString()).out().lines().toList());
		assertEquals(List.of("kind,a_path,a_line,b_path,b_line,what,insert_line", "removed,1,2,,,0 send 1 2,2",
				"channels,,,,,\"1 pair of ranks 0,1 against no pair\","),
				Cli.expect(1, "diff", one.toString(), empty.toString(), "--csv").out().lines().toList());
	}

	/**
	 * Compares {@code a} with {@code b} in CSV and in text: each construct of one side only is of
	 * {@code kind}, named in the text line by the line of the other side its row's
	 * {@code insert_line} gives; inserting the lines of all before those lines of the side without
	 * them gives the constructs of the side with them. The number of constructs inserted.
	 */
	private static int checkInserted(Path a, Path b, String kind) throws Exception {
		List<String> rows = Cli.expect(1, "diff", a.toString(), b.toString(), "--csv").out().lines().toList();
		List<String> texts = Cli.expect(1, "diff", a.toString(), b.toString()).out().lines().toList();
		assertEquals("kind,a_path,a_line,b_path,b_line,what,insert_line", rows.get(0));
		assertEquals(texts.size(), rows.size() - 1);
		boolean removed = kind.equals("removed");
		Path with = removed ? a : b;
		String without = Files.readString(removed ? b : a);
		String withText = Files.readString(with);
		LocatedModel located = ModelText.parseLocated(withText, with.toString());
		List<EditedModels.Insertion> insertions = new ArrayList<>();
		for (int i = 0; i < texts.size(); i++) {
			String row = rows.get(i + 1);
			String[] cells = row.split(",", 6);
			String insertLine = row.substring(row.lastIndexOf(',') + 1);
			if (cells[0].equals("channels")) {
				assertEquals("", insertLine, row);
				continue;
			}
			assertEquals(kind, cells[0], () -> a + " against " + b + ": " + rows);
			String path = removed ? cells[1] : cells[3];
			String line = removed ? cells[2] : cells[4];
			String where = removed ? "removed A " + path + " line " + line + ", B before line " + insertLine
					: "added A before line " + insertLine + ", B " + path + " line " + line;
			assertTrue(texts.get(i).startsWith(where + ": "), texts.get(i) + " against " + row);
			Construct construct = ConstructPath.find(located.model(), path);
			assertEquals(Integer.parseInt(line), located.line(construct), row);
			List<String> lines = withText.lines().toList().subList(located.line(construct) - 1, located.lastLine(construct));
			insertions.add(new EditedModels.Insertion(Integer.parseInt(insertLine), String.join("\n", lines) + "\n"));
		}
		String rebuilt = EditedModels.insert(without, insertions);
		assertEquals(constructs(located.model()), constructs(ModelText.parse(rebuilt, "rebuilt.loops")),
				() -> rebuilt + "against\n" + withText);
		return insertions.size();
	}

	/** Each construct of a model in the order of its text: its path and its line, a loop's header. */
	private static List<String> constructs(Model model) {
		List<String> constructs = new ArrayList<>();
		model.eAllContents().forEachRemaining(object -> {
			if (object instanceof Loop loop) {
				constructs.add(ConstructPath.of(loop) + " for " + loop.getIndex() + " = " + Exprs.toText(loop.getLower()) + " to "
						+ Exprs.toText(loop.getUpper()));
			} else if (object instanceof Event event) {
				constructs.add(ConstructPath.of(event) + " " + ModelPrinter.print(event));
			}
		});
		return constructs;
	}
}
