// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.cli.Command;
import org.looptrace.cli.UsageException;

/** {@code looptrace bench}: found by the CLI on its class path, and refusing bad arguments before measuring. */
class BenchCommandTest {

	private static final PrintStream NOWHERE = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

	@Test
	void theCliFindsTheBenchCommandAsAService() {
		List<String> names = ServiceLoader.load(Command.class, BenchCommand.class.getClassLoader()).stream()
				.map(provider -> provider.get().name()).toList();
		assertEquals(List.of("bench"), names);
	}

	/** Each case: the words after {@code bench} and a piece of the message the refusal prints. */
	static Stream<Arguments> badArguments() {
		return Stream.of(Arguments.of(List.of(), "bench: expected what to measure"),
				Arguments.of(List.of("disk"), "bench: unknown benchmark 'disk': expected nlr, merge, loops, scan, layout, profile, otf2, replay, positions, fold or diff"),
				Arguments.of(List.of("nlr", "--bogus"), "unknown option --bogus"),
				Arguments.of(List.of("nlr", "--events", "x"), "option --events expects a whole number"),
				Arguments.of(List.of("merge", "--bogus"), "unknown option --bogus"),
				Arguments.of(List.of("merge", "--ranks", "1"), "--ranks expects numbers of ranks from 2"),
				Arguments.of(List.of("merge", "--patterns", "spiral"), "unknown pattern 'spiral'"),
				Arguments.of(List.of("loops", "--bogus"), "unknown option --bogus"),
				Arguments.of(List.of("layout", "--bogus"), "unknown option --bogus"),
				Arguments.of(List.of("layout", "--constructs", "10"), "option --constructs expects a whole number from 1000"),
				Arguments.of(List.of("profile", "--bogus"), "unknown option --bogus"),
				Arguments.of(List.of("profile", "--records", "10"), "option --records expects a whole number from 1000"),
				Arguments.of(List.of("otf2", "--bogus"), "unknown option --bogus"),
				Arguments.of(List.of("otf2", "--records", "10"), "option --records expects a whole number from 6000"),
				Arguments.of(List.of("replay", "--bogus"), "unknown option --bogus"),
				Arguments.of(List.of("replay", "--constructs", "10"), "option --constructs expects a whole number from 100"),
				Arguments.of(List.of("positions", "--bogus"), "unknown option --bogus"),
				Arguments.of(List.of("positions", "--ranks", "1"), "bench positions: --ranks expects numbers of ranks from 2"),
				Arguments.of(List.of("fold"), "bench fold: expected models written unfolded"),
				Arguments.of(List.of("fold", "no-such.loops"), "bench fold: no-such.loops is not a file"),
				Arguments.of(List.of("diff", "a.loops"), "bench diff: expected pairs of models written unfolded"),
				Arguments.of(List.of("diff", "a.loops", "b.loops", "c.loops"), "bench diff: expected pairs of models, got 3 files"),
				Arguments.of(List.of("diff", "no-such.loops", "b.loops"), "bench diff: no-such.loops is not a file"));
	}

	@ParameterizedTest(name = "looptrace bench {0}")
	@MethodSource("badArguments")
	void badArgumentsAreRefusedNamingTheBenchmark(List<String> words, String message) {
		UsageException refusal = assertThrows(UsageException.class, () -> new BenchCommand().run(words, NOWHERE, NOWHERE));
		assertTrue(refusal.getMessage().startsWith("bench"), refusal.getMessage());
		assertTrue(refusal.getMessage().contains(message), refusal.getMessage());
	}

	@Test
	void mergeWithCancelReportsALatencyPerRow() throws Exception {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
		assertEquals(0, new BenchCommand().run(List.of("merge", "--ranks", "4,8", "--patterns", "ring,halo", "--iterations",
				"3", "--threads", "1", "--cancel"), out, NOWHERE));
		List<String> rows = bytes.toString(StandardCharsets.UTF_8).lines()
				.filter(line -> line.startsWith("| ring |") || line.startsWith("| halo |")).toList();
		assertEquals(4, rows.size(), bytes.toString(StandardCharsets.UTF_8));
		for (String row : rows) {
			// ten cells: merge time, processor time, ..., the last one the cancel latency in seconds
			String[] cells = row.split("\\|");
			assertEquals(11, cells.length, row);
			assertTrue(cells[5].strip().matches("\\d+\\.\\d{3} s") && cells[6].strip().matches("\\d+\\.\\d{3} s"), row);
			assertTrue(cells[10].strip().matches("\\d+\\.\\d{3} s"), row);
		}
	}

	/** A small positions benchmark prints a row per model and number of ranks, each with its ranks and a time. */
	@Test
	void positionsPrintsARowPerModelAndRanks() throws Exception {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
		assertEquals(0, new BenchCommand().run(List.of("positions", "--ranks", "16,64"), out, NOWHERE));
		String printed = bytes.toString(StandardCharsets.UTF_8);
		List<String> rows = printed.lines().filter(line -> line.startsWith("| ") && !line.startsWith("| model")).toList();
		assertEquals(List.of("16", "16", "16", "16", "16", "64", "64", "64", "64", "64"), rows.stream().map(row -> row.split("\\|")[2].strip()).toList(),
				printed);
		// the ring of 16 ranks: per time step each rank sends, receives and joins the Allreduce
		assertTrue(rows.get(0).startsWith("| ring (4,800 events) | 16 | "), printed);
		assertTrue(rows.get(2).startsWith("| periodic grid 4 × 4 (3,200 events) | 16 | "), printed);
		// the butterfly of 16 ranks: 10 times 4 stages of a send and a receive per rank
		assertTrue(rows.get(4).startsWith("| butterfly (1,280 events) | 16 | "), printed);
		// projected, then expanded: both times of every row
		assertTrue(rows.stream().allMatch(row -> row.split("\\|")[3].strip().matches("\\d+\\.\\d{3} s")
				&& row.split("\\|")[5].strip().matches("\\d+\\.\\d{3} s")), printed);
	}

	/**
	 * The fold benchmark on the real runs' models beside the merge's tests: a row per model with
	 * the constructs of the folded model (the counts the merge's tests pin), and two times.
	 */
	@Test
	void foldPrintsTheConstructsBeforeAndAfterFolding() throws Exception {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		String runs = "../org.looptrace.merge.tests/real-runs/";
		assertEquals(0, new BenchCommand().run(List.of("fold", "--threads", "2", runs + "cg.S.4.loops", runs + "sweep3d.4.loops"),
				new PrintStream(bytes, true, StandardCharsets.UTF_8), NOWHERE));
		String printed = bytes.toString(StandardCharsets.UTF_8);
		List<String> rows = printed.lines().filter(line -> line.startsWith("| ") && line.contains(".loops")).toList();
		assertEquals(2, rows.size(), printed);
		assertTrue(rows.get(0).matches("\\| cg\\.S\\.4\\.loops \\| [0-9,]+ \\| 16 \\| \\d+\\.\\d{3} s \\| \\d+\\.\\d{3} s \\|"), printed);
		assertTrue(rows.get(1).matches("\\| sweep3d\\.4\\.loops \\| [0-9,]+ \\| 24 \\| .*"), printed);
	}

	/**
	 * The diff benchmark on two real runs' models: a row folded and a row as written, each with the
	 * constructs of both models (the folded counts the merge's tests pin) and two times.
	 */
	@Test
	void diffPrintsAPairFoldedAndAsWritten() throws Exception {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		String runs = "../org.looptrace.merge.tests/real-runs/";
		assertEquals(0, new BenchCommand().run(List.of("diff", runs + "cg.S.4.loops", runs + "cg.S.16.loops"),
				new PrintStream(bytes, true, StandardCharsets.UTF_8), NOWHERE));
		String printed = bytes.toString(StandardCharsets.UTF_8);
		List<String> rows = printed.lines().filter(line -> line.startsWith("| cg")).toList();
		assertEquals(2, rows.size(), printed);
		assertTrue(rows.get(0).matches("\\| cg\\.S\\.4\\.loops \\| cg\\.S\\.16\\.loops \\| folded \\| 16 \\| 20 \\| [0-9,]+ \\| \\d+\\.\\d{3} s \\| \\d+\\.\\d{3} s \\|"),
				printed);
		assertTrue(rows.get(1).startsWith("| cg.S.4.loops | cg.S.16.loops | as written |"), printed);
	}

	/** A small profile benchmark prints its four rows, each with the records of the trace. */
	@Test
	void profileComparesItselfWithReadingTheSameFile() throws Exception {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		assertEquals(0, new BenchCommand().run(List.of("profile", "--records", "2100"), new PrintStream(bytes, true, StandardCharsets.UTF_8),
				NOWHERE));
		String text = bytes.toString(StandardCharsets.UTF_8);
		List<String> rows = text.lines().filter(line -> line.startsWith("| ") && line.contains("| 2100 |")).toList();
		assertEquals(4, rows.size(), text);
		assertTrue(rows.get(2).startsWith("| profile (TimeProfile.of) |"), text);
	}

	@Test
	void theHelpNamesEveryBenchmark() {
		String help = new BenchCommand().help();
		assertTrue(help.contains("looptrace bench nlr") && help.contains("looptrace bench merge")
				&& help.contains("looptrace bench loops") && help.contains("looptrace bench layout")
				&& help.contains("looptrace bench profile")
				&& help.contains("looptrace bench otf2") && help.contains("looptrace bench replay")
				&& help.contains("looptrace bench positions") && help.contains("looptrace bench fold")
				&& help.contains("looptrace bench diff"), help);
	}

	/** The replay benchmark's model is one the generator accepts, of at least the constructs asked for. */
	@Test
	void theReplayBenchmarksModelIsReplayable() throws Exception {
		org.looptrace.model.Model model = org.looptrace.lang.ModelText.parse(ReplayBench.model(1000), "bench.loops");
		long constructs = LayoutBench.constructs(model);
		assertTrue(constructs >= 1000 && constructs < 1019, "constructs: " + constructs);
		assertEquals(16, org.looptrace.replay.ReplayGenerator.generate(model, "bench.loops", org.looptrace.replay.ReplayOptions.NONE,
				org.looptrace.model.core.Progress.NONE).ranks());
	}

	/**
	 * A small archive, blocking receives (6 records per iteration) or nonblocking ones (9): the
	 * anchor's row and our three, each over every record written.
	 */
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void otf2ReportsEveryRecordAgainstOtf2Print(boolean nonblocking) throws Exception {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
		List<String> args = nonblocking ? List.of("otf2", "--records", "12006", "--ranks", "2", "--nonblocking")
				: List.of("otf2", "--records", "12000", "--ranks", "2");
		assertEquals(0, new BenchCommand().run(args, out, NOWHERE));
		List<String> rows = bytes.toString(StandardCharsets.UTF_8).lines().filter(line -> line.startsWith("| ") && !line.startsWith("| what"))
				.toList();
		assertEquals(4, rows.size(), bytes.toString(StandardCharsets.UTF_8));
		assertTrue(rows.get(0).startsWith("| otf2-print > /dev/null"), rows.get(0));
		for (String row : rows) {
			assertEquals(nonblocking ? "12006" : "12000", row.split("\\|")[2].strip(), row);
		}
	}
}
