// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.cli.Cli.Result;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelExpander;

/** {@code looptrace format} and {@code looptrace expand} on the example models and on broken text. */
class FormatExpandCommandTest {

	static Stream<String> models() throws Exception {
		return Cli.list(Cli.example("models")).stream().map(path -> path.getFileName().toString())
				.filter(name -> name.endsWith(".loops"));
	}

	@Test
	void exampleModelsExist() throws Exception {
		assertTrue(models().count() >= 4, "examples/models");
	}

	@ParameterizedTest(name = "looptrace format models/{0}")
	@MethodSource("models")
	void formatIsIdempotentAndKeepsComments(String name, @TempDir Path dir) throws Exception {
		Path model = Cli.example("models").resolve(name);
		String original = Files.readString(model);
		Result result = Cli.expect(0, "format", model.toString());
		assertEquals("", result.err());
		String formatted = result.out();
		original.lines().filter(line -> line.contains("//"))
				.forEach(line -> assertTrue(formatted.contains(line.substring(line.indexOf("//"))), line));
		Path copy = dir.resolve(name);
		Files.writeString(copy, formatted);
		assertEquals(formatted, Cli.expect(0, "format", copy.toString()).out(), "format of formatted text");
		assertEquals("", Cli.expect(0, "format", "--check", copy.toString()).out());
		Cli.expect(0, "format", "-i", copy.toString());
		assertEquals(formatted, Files.readString(copy));
		assertEquals(Cli.expansion(ModelText.parse(model), -1), Cli.expansion(ModelText.parse(copy), -1),
				"formatting does not change the model");
	}

	/** Whitespace and blank lines moved at random (fixed seed): format gives the same text back. */
	@ParameterizedTest(name = "looptrace format -i (messed up models/{0})")
	@MethodSource("models")
	void formatUndoesWhitespaceChanges(String name, @TempDir Path dir) throws Exception {
		Path model = Cli.example("models").resolve(name);
		String expected = Cli.expect(0, "format", model.toString()).out();
		Random random = new Random(name.hashCode());
		Path messy = dir.resolve(name);
		for (int i = 0; i < 20; i++) {
			StringBuilder text = new StringBuilder();
			for (String line : Files.readAllLines(model)) {
				text.append(random.nextBoolean() ? "\n" : "");
				if (line.strip().startsWith("//")) {
					text.append(line).append('\n'); // where a comment goes is the formatter's choice
					continue;
				}
				String code = line.strip();
				if (!code.contains("\"") && !code.contains("//")) {
					code = code.replace(" ", " ".repeat(1 + random.nextInt(3)));
				}
				text.append(" ".repeat(random.nextInt(5))).append(code).append('\n');
			}
			Files.writeString(messy, text);
			if (!text.toString().equals(expected)) {
				Result check = Cli.expect(1, "format", "--check", messy.toString());
				assertEquals(messy + ": not formatted (looptrace format -i " + messy + " formats it)\n", check.err());
			}
			Cli.expect(0, "format", "-i", messy.toString());
			assertEquals(expected, Files.readString(messy), text::toString);
		}
	}

	@Test
	void formatInPlaceLeavesAFileWithASyntaxErrorAlone(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("broken.loops");
		byte[] text = "// half a loop\nfor i0 = 0 to\n  0   send 1 tag\n".getBytes();
		Files.write(file, text);
		for (String[] args : List.of(new String[] { "format", "-i", file.toString() },
				new String[] { "format", "--in-place", file.toString() }, new String[] { "format", file.toString() })) {
			Result result = Cli.expect(2, args);
			assertTrue(result.err().startsWith("looptrace format: " + file + " does not parse:\n" + file + ":"),
					result::toString);
			assertTrue(result.err().lines().skip(1).allMatch(line -> line.matches(".*broken\\.loops:[0-9]+:[0-9]+: error: .+")),
					result::toString);
			assertEquals("", result.out());
			assertArrayEquals(text, Files.readAllBytes(file));
			assertEquals(List.of(file), Cli.list(dir), "no temporary file left");
		}
	}

	@ParameterizedTest(name = "looptrace expand models/{0}")
	@MethodSource("models")
	void expandPrintsTheExpandersLines(String name) throws Exception {
		Path file = Cli.example("models").resolve(name);
		Model model = ModelText.parse(file);
		Result result = Cli.expect(0, "expand", file.toString());
		assertEquals("", result.err());
		List<String> all = Cli.expansion(model, -1);
		assertTrue(!all.isEmpty(), name);
		assertEquals(all, result.out().lines().toList());
		TreeSet<Integer> owners = new TreeSet<>();
		ModelExpander.expand(model).forEachRemaining(event -> owners.add(event.owner()));
		for (int rank : owners) {
			Result one = Cli.expect(0, "expand", file.toString(), "--rank", "" + rank);
			assertEquals(Cli.expansion(model, rank), one.out().lines().toList(), "rank " + rank);
		}
		// a rank with no event is said, not printed as nothing
		int none = owners.last() + 1;
		String err = Cli.expectUsageError("expand", "expand", file.toString(), "--rank", "" + none).err();
		assertTrue(err.contains(": rank " + none + " owns no event of the model; "), err);
	}

	@Test
	void expandReportsTheErrorsOfABadModel(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("bad.loops");
		Files.writeString(file, "for i0 = 0 to 3\n  0 send 1 tag\n");
		Result result = Cli.expect(2, "expand", file.toString());
		assertTrue(result.err().startsWith("looptrace expand: " + file + " is not a valid model:\n" + file + ":"),
				result::toString);
		assertEquals("", result.out());
	}

	/** A valid model whose rank expression leaves the ranks in some iteration: one line, exit 2. */
	@Test
	void expandReportsARankExpressionOutOfRange(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("negative.loops");
		Files.writeString(file, "for i0 = 0 to 2\n  -1+i0 local x\ndone\n");
		for (String[] args : List.of(new String[] { "expand", file.toString() },
				new String[] { "expand", file.toString(), "--rank", "0" })) {
			Result result = Cli.expectUsageError("expand", args);
			assertEquals("looptrace expand: " + file + ": rank -1+i0 evaluates to -1, not a rank\n", result.err());
		}
	}
}
