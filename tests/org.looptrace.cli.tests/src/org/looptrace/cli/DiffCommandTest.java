// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.looptrace.cli.Cli.Result;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.testsupport.CollectivePrograms;
import org.looptrace.testsupport.StepPrograms;
import org.looptrace.testsupport.StepPrograms.Collective;
import org.looptrace.testsupport.StepPrograms.Shift;
import org.looptrace.testsupport.StepPrograms.Step;

/**
 * {@code looptrace diff} on models of traces: a model against itself prints nothing and exits 0; a
 * program against itself with one tag changed, one message added or another number of time steps
 * prints exactly that difference, by construct path and line in both models (found here by the
 * text of the line); runs of one code at two problem sizes differ in counts and are equal with
 * {@code --ignore-counts}; at two rank counts the same constructs differ in bounds and ranks.
 */
class DiffCommandTest {

	@TempDir
	Path dir = Path.of("");

	@ParameterizedTest(name = "looptrace diff examples/{0} against its model")
	@FieldSource("org.looptrace.cli.Cli#EXAMPLE_FOLDERS")
	void aModelAgainstItselfPrintsNothing(String name) throws Exception {
		Path folder = Cli.example(name);
		Path model = dir.resolve(name + ".loops");
		Files.writeString(model, Cli.expect(0, "model", folder.toString()).out());
		assertEquals("", Cli.expect(0, "diff", model.toString(), model.toString()).out());
		assertEquals("", Cli.expect(0, "diff", folder.toString(), model.toString()).out());
	}

	@Test
	void aTagChangedIsThatTagOnItsSendAndReceive() throws Exception {
		Path before = model("before", 6, program("left"));
		Path after = model("after", 6, program("west"));
		Result result = Cli.expect(1, "diff", before.toString(), after.toString());
		assertEquals(List.of(
				"changed A " + at(before, "i1 send mod(7+i1,8) left") + ", B " + at(after, "i1 send mod(7+i1,8) west")
						+ ": tag left against west",
				"changed A " + at(before, "mod(1+i1,8) recv i1 left") + ", B " + at(after, "mod(1+i1,8) recv i1 west")
						+ ": tag left against west"),
				result.out().lines().toList());
		Result csv = Cli.expect(1, "diff", before.toString(), after.toString(), "--csv");
		List<String> rows = csv.out().lines().toList();
		assertEquals("kind,a_path,a_line,b_path,b_line,what,insert_line", rows.get(0));
		assertEquals(3, rows.size());
		assertTrue(rows.get(1).matches("changed,1\\.1\\.\\d+,\\d+,1\\.1\\.\\d+,\\d+,tag left against west,"), rows.get(1));
	}

	@Test
	void aMessageAddedIsItsSendAndReceiveAndItsChannels() throws Exception {
		List<Step> steps = new ArrayList<>(program("left"));
		Path before = model("before", 6, steps);
		steps.add(2, new Shift(3, "extra"));
		Path after = model("after", 6, steps);
		List<String> expected = new ArrayList<>(List.of(
				"added A before line " + lineAfter(before, "mod(1+i1,8) recv i1 left") + ", B " + at(after, "i1 send mod(3+i1,8) extra")
						+ ": i1 send mod(3+i1,8) extra",
				"added A before line " + lineAfter(before, "mod(1+i1,8) recv i1 left") + ", B " + at(after, "mod(5+i1,8) recv i1 extra")
						+ ": mod(5+i1,8) recv i1 extra"));
		for (int rank = 0; rank < 8; rank++) {
			expected.add("channels: rank " + rank + " to rank " + (rank + 3) % 8 + " added (6 messages)");
		}
		assertEquals(expected, Cli.expect(1, "diff", before.toString(), after.toString()).out().lines().toList());
	}

	@Test
	void aTimeStepCountChangedIsTheTimeLoopsBounds() throws Exception {
		Path before = model("before", 6, program("left"));
		Path after = model("after", 9, program("left"));
		assertEquals("bounds A 1 line 1, B 1 line 1: 0 to 5 against 0 to 8 (6 against 9 iterations)\n",
				Cli.expect(1, "diff", before.toString(), after.toString()).out());
		assertEquals("", Cli.expect(0, "diff", before.toString(), after.toString(), "--ignore-counts").out());
	}

	@Test
	void twoProblemSizesDifferInCountsOnly() throws Exception {
		for (String pattern : List.of("halo", "wavefront", "solver")) {
			Path small = dir.resolve(pattern + "-5");
			Path large = dir.resolve(pattern + "-9");
			Cli.expect(0, "generate", pattern, "--ranks", "16", "--iterations", "5", small.toString());
			Cli.expect(0, "generate", pattern, "--ranks", "16", "--iterations", "9", large.toString());
			List<String> lines = Cli.expect(1, "diff", small.toString(), large.toString()).out().lines().toList();
			assertEquals(1, lines.size(), () -> pattern + ": " + lines);
			assertTrue(lines.get(0).matches("bounds A [0-9.]+ line \\d+, B [0-9.]+ line \\d+: 0 to 4 against 0 to 8 \\(5 against 9 iterations\\)"), lines.get(0));
			assertEquals("", Cli.expect(0, "diff", small.toString(), large.toString(), "--ignore-counts").out());
		}
	}

	@Test
	void twoRankCountsAreTheSameConstructsWithOtherBounds() throws Exception {
		Path few = dir.resolve("halo-16");
		Path many = dir.resolve("halo-64");
		Cli.expect(0, "generate", "halo", "--ranks", "16", "--iterations", "5", few.toString());
		Cli.expect(0, "generate", "halo", "--ranks", "64", "--iterations", "5", many.toString());
		List<String> lines = Cli.expect(1, "diff", few.toString(), many.toString()).out().lines().toList();
		assertTrue(lines.contains("bounds A 1.1 line 2, B 1.1 line 2: 0 to 11 against 0 to 55 (12 against 56 iterations)"), lines::toString);
		assertEquals(List.of("channels: 48 pairs of ranks 0-15 against 224 pairs of ranks 0-63"),
				lines.stream().filter(line -> line.startsWith("channels")).toList());
		for (String line : lines) {
			assertTrue(line.matches("(bounds|ranks) A ([0-9.]+) line (\\d+), B \\2 line \\3: .*|channels: .*"), line);
		}
	}

	/**
	 * The model of figure 8 run longer, with a loop inserted before its time loop and a send added
	 * in a body: the time loop stays paired (its count changed, the send added inside), whichever
	 * model is A.
	 */
	@Test
	void anEditedLoopStaysOneLoopBesideALoopInserted() throws Exception {
		Path before = Cli.examples().resolve("models/figure8.loops");
		String text = Files.readString(before);
		Path after = dir.resolve("figure8-edited.loops");
		Files.writeString(after, text.replaceFirst("for i0 = 0 to 99\n", "for i0 = 0 to 3\n  0 sync MPI_Barrier 0-15\ndone\nfor i0 = 0 to 249\n")
				.replaceFirst("    2\\*i1 recv 1\\+2\\*i1 i0\n", "$0    1+2*i1 send 2*i1 i0\n"));
		List<String> channels = new ArrayList<>();
		for (int rank = 1; rank < 15; rank += 2) {
			channels.add("channels: rank " + rank + " to rank " + (rank - 1) + " %s (250 messages)");
		}
		List<String> forward = new ArrayList<>(List.of("added A before line 3, B 1 line 3: for i0 = 0 to 3 (1 construct)",
				"bounds A 1 line 3, B 2 line 6: 0 to 99 against 0 to 249 (100 against 250 iterations)",
				"added A before line 11, B 2.2.3 line 14: 1+2*i1 send 2*i1 i0"));
		channels.forEach(line -> forward.add(line.formatted("added")));
		assertEquals(forward, Cli.expect(1, "diff", before.toString(), after.toString()).out().lines().toList());
		List<String> backward = new ArrayList<>(List.of("removed A 1 line 3, B before line 3: for i0 = 0 to 3 (1 construct)",
				"bounds A 2 line 6, B 1 line 3: 0 to 249 against 0 to 99 (250 against 100 iterations)",
				"removed A 2.2.3 line 14, B before line 11: 1+2*i1 send 2*i1 i0"));
		channels.forEach(line -> backward.add(line.formatted("removed")));
		assertEquals(backward, Cli.expect(1, "diff", after.toString(), before.toString()).out().lines().toList());
	}

	/**
	 * A time loop split in two, and a stage of two messages run twice written out where the other
	 * model loops over it: one line each, naming the run's paths and lines on its side; B against A
	 * the inverse, joined and unwrapped.
	 */
	@Test
	void aLoopSplitAndARunWrappedAreOneLineEach() throws Exception {
		Path a = dir.resolve("a.loops");
		Path b = dir.resolve("b.loops");
		String stage = "0 send 1 7\n1 recv 0 7\n";
		Files.writeString(a, stage + stage + "for i0 = 0 to 9\n  0 send 1+i0 5\ndone\n");
		Files.writeString(b, "for i0 = 0 to 1\n  " + stage.replace("\n1", "\n  1") + "done\n"
				+ "for i0 = 0 to 4\n  0 send 1+i0 5\ndone\nfor i0 = 5 to 9\n  0 send 1+i0 5\ndone\n");
		assertEquals(List.of("wrapped A 1-4 lines 1-4, B 1 line 1: 4 constructs against for i0 = 0 to 1 (2 constructs)",
				"split A 5 line 5, B 2-3 lines 5-10: 0 to 9 against 0 to 4, 5 to 9"),
				Cli.expect(1, "diff", a.toString(), b.toString()).out().lines().toList());
		assertEquals(List.of("unwrapped A 1 line 1, B 1-4 lines 1-4: for i0 = 0 to 1 (2 constructs) against 4 constructs",
				"joined A 2-3 lines 5-10, B 5 line 5: 0 to 4, 5 to 9 against 0 to 9"),
				Cli.expect(1, "diff", b.toString(), a.toString()).out().lines().toList());
		assertEquals(List.of("kind,a_path,a_line,b_path,b_line,what,insert_line",
				"wrapped,1-4,1-4,1,1,4 constructs against for i0 = 0 to 1 (2 constructs),",
				"split,5,5,2-3,5-10,\"0 to 9 against 0 to 4, 5 to 9\","),
				Cli.expect(1, "diff", a.toString(), b.toString(), "--csv").out().lines().toList());
	}

	@Test
	void badInputIsAnErrorNamingIt() throws Exception {
		Path model = dir.resolve("ring.loops");
		Files.writeString(model, "for i0 = 0 to 3\n  0 send 1 7\ndone\n");
		Cli.expectUsageError("diff", "diff", model.toString());
		Cli.expectUsageError("diff", "diff", model.toString(), dir.resolve("missing.loops").toString());
		Path bad = dir.resolve("bad.loops");
		Files.writeString(bad, "for i0 = 0 to 3\n  0 send\ndone\n");
		Result result = Cli.expect(2, "diff", model.toString(), bad.toString());
		assertTrue(result.err().startsWith("looptrace diff: " + bad + " is not a valid model"), result::toString);
		assertTrue(result.err().contains(bad + ":2:"), result::toString);
		assertEquals("", result.out());
	}

	private static List<Step> program(String tag) {
		return List.of(new Shift(1, "right"), new Shift(-1, tag), new Collective("MPI_Allreduce"), new Shift(2, "far"));
	}

	/** The model of a program on 8 ranks, as {@code looptrace model} prints it into a file. */
	private Path model(String name, int timeSteps, List<Step> steps) throws Exception {
		Path folder = dir.resolve(name);
		CollectivePrograms.write(StepPrograms.traces(8, timeSteps, steps), folder);
		Path model = dir.resolve(name + ".loops");
		Files.writeString(model, Cli.expect(0, "model", folder.toString()).out());
		return model;
	}

	/** The line after the one event of a model file printed as {@code event}: where what follows it goes. */
	private static int lineAfter(Path file, String event) throws Exception {
		return line(file, event) + 1;
	}

	/** The line of the one event of a model file printed as {@code event}. */
	private static int line(Path file, String event) throws Exception {
		List<String> lines = Files.readAllLines(file);
		List<Integer> numbers = new ArrayList<>();
		for (int n = 0; n < lines.size(); n++) {
			if (lines.get(n).trim().equals(event)) {
				numbers.add(n + 1);
			}
		}
		assertEquals(1, numbers.size(), event + " in " + file);
		return numbers.get(0);
	}

	/** {@code PATH line N} of the one event of a model file printed as {@code event}. */
	private static String at(Path file, String event) throws Exception {
		Model model = ModelText.parse(file);
		List<String> paths = new ArrayList<>();
		model.eAllContents().forEachRemaining(object -> {
			if (object instanceof Event construct && ModelPrinter.print(construct).equals(event)) {
				paths.add(ConstructPath.of((Construct) construct));
			}
		});
		assertEquals(1, paths.size(), event + " in " + file);
		return paths.get(0) + " line " + line(file, event);
	}
}
