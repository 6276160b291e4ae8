// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.cli.Cli.Result;

/**
 * Bad arguments for every command: exit 2, one line on stderr that starts with
 * {@code looptrace <command>:} and says what is wrong, no stack trace, and nothing written.
 */
class BadArgumentsTest {

	private static final String MISSING = "/no/such/looptrace/path";
	private static final String RING = Cli.example("ring-8").toString();
	private static final String TRACE0 = Cli.example("ring-8").resolve("trace.0").toString();
	private static final String MODEL = Cli.example("models").resolve("ring.loops").toString();

	/**
	 * Each case: the command, the words after it, and a piece of the message it must print.
	 */
	static Stream<Arguments> cases() {
		List<Arguments> cases = new ArrayList<>();
		traceCommands(cases);
		modelCommands(cases);
		annotationCommands(cases);
		drawingCommands(cases);
		replayCommands(cases);
		clusterCases(cases);
		sizedPatternCases(cases);
		for (Command launcher : LauncherCommand.ALL) {
			// Java started without the launcher script that runs these
			add(cases, launcher.name(), "a command of the launcher script: run ./looptrace " + launcher.name());
		}
		return cases.stream();
	}

	/** Commands on traces: check, generate, nlr, model, trace. */
	private static void traceCommands(List<Arguments> cases) {
		// check
		add(cases, "check", "expected one trace folder");
		add(cases, "check", MISSING + ": no such file or folder", MISSING);
		add(cases, "check", "unknown option --bogus", "--bogus", RING);
		add(cases, "check", "expected one trace folder", RING, RING);
		// convert
		add(cases, "convert", "expected one OTF2 archive");
		add(cases, "convert", MISSING + ": no such file or folder", MISSING);
		add(cases, "convert", "unknown option --bogus", "--bogus", RING);
		add(cases, "convert", "expected -o <folder>", RING);
		add(cases, "convert", "not an OTF2 archive: expected an anchor file *.otf2", RING, "-o", "out");
		// generate
		add(cases, "generate", "expected a pattern and a folder");
		add(cases, "generate", "unknown pattern 'spiral'", "spiral", "--ranks", "4", "--iterations", "2", "out");
		add(cases, "generate", "unknown option --bogus", "ring", "--bogus", "--ranks", "4", "--iterations", "2", "out");
		add(cases, "generate", "option --ranks expects a whole number from 2", "ring", "--ranks", "x", "--iterations", "2", "out");
		add(cases, "generate", "option --ranks expects a whole number from 2", "ring", "--ranks", "1", "--iterations", "2", "out");
		add(cases, "generate", "option --ranks expects a whole number", "ring", "--ranks", "99999999999", "--iterations", "2", "out");
		add(cases, "generate", "option --iterations expects a whole number from 0", "ring", "--ranks", "4", "--iterations", "-1", "out");
		add(cases, "generate", "option --seed expects a whole number, found 'abc'", "ring", "--ranks", "4", "--iterations", "2", "--seed", "abc", "out");
		add(cases, "generate", "expected --ranks N and --iterations M", "ring", "--ranks", "4", "out");
		add(cases, "generate", "option --ranks expects a value", "ring", "out", "--ranks");
		add(cases, "generate", "option --ranks is given twice", "ring", "--ranks", "4", "--iterations", "2", "--ranks", "8", "out");
		add(cases, "generate", "exists and is not a folder", "ring", "--ranks", "4", "--iterations", "2", TRACE0);
		// replaced whole, the working folder would be deleted under the shell (refused without --force anyway: not empty)
		add(cases, "generate", ". is the working folder or holds it", "ring", "--ranks", "4", "--iterations", "2", ".");
		add(cases, "generate", ".. is the working folder or holds it", "ring", "--ranks", "4", "--iterations", "2", "..");
		// nlr
		add(cases, "nlr", "expected one trace file or folder");
		add(cases, "nlr", MISSING + ": no such file or folder", MISSING);
		add(cases, "nlr", "unknown option --bogus", "--bogus", TRACE0);
		add(cases, "nlr", "option -k expects a whole number from 1", "-k", "x", TRACE0);
		add(cases, "nlr", "option -k expects a whole number from 1", "-k", "0", TRACE0);
		add(cases, "nlr", "option --stack expects a whole number", "--stack", "-5", TRACE0);
		add(cases, "nlr", "option --threads expects a whole number from 1", RING, "-o", "out", "--threads", "0");
		add(cases, "nlr", "is a folder: expected -o <dir>", RING);
		add(cases, "nlr", "-o and --threads apply to a trace folder", TRACE0, "-o", "out");
		add(cases, "nlr", "trace.2:3:3: error: unknown event kind 'snd'", Cli.example("broken").resolve("trace.2").toString());
		// model
		add(cases, "model", "expected one trace folder");
		add(cases, "model", MISSING + ": no such file or folder", MISSING);
		add(cases, "model", "unknown option --bogus", RING, "--bogus");
		add(cases, "model", "option --threads expects a whole number from 1", RING, "--threads", "many");
		add(cases, "model", "option -k expects a whole number from 1", RING, "-k", "-3");
		add(cases, "model", "option -o expects a value", RING, "-o");
		add(cases, "model", "option -o is given twice", RING, "-o", "a.loops", "-o", "b.loops");
		add(cases, "model", "not a folder", TRACE0);
		add(cases, "model", "trace.1:3:8: error:", Cli.example("broken").toString());
		// trace: only arguments it refuses before starting mpirun
		add(cases, "trace", "expected -np N and a program");
		add(cases, "trace", "expected -np N and a program", "-np", "2");
		add(cases, "trace", "unknown option --bogus", "--bogus", "-np", "2", "prog");
		add(cases, "trace", "-np expects a positive number of ranks, found 'x'", "-np", "x", "prog");
		add(cases, "trace", "-np expects a positive number of ranks, found '0'", "-np", "0", "prog");
		add(cases, "trace", "option -np expects a value", "-np");
		add(cases, "trace", "exists and is not a folder", "-np", "2", "-o", TRACE0, "/bin/true");
		add(cases, "trace", MISSING + ": no such file: expected the MPI program to trace", "-np", "2", MISSING);
		add(cases, "trace", "is a folder, expected the MPI program to trace", "-np", "2", RING);
		add(cases, "trace", TRACE0 + " is not executable", "-np", "2", TRACE0);
		add(cases, "trace", "no-such-looptrace-program: no such program in the folders of PATH", "-np", "2",
				"no-such-looptrace-program");
	}

	/** Commands on model texts: format, expand, patterns. */
	private static void modelCommands(List<Arguments> cases) {
		// format
		add(cases, "format", "expected one model file");
		add(cases, "format", MISSING + ": no such file or folder", MISSING);
		add(cases, "format", "unknown option --bogus", "--bogus", MODEL);
		add(cases, "format", "--in-place and --check exclude each other", "-i", "--check", MODEL);
		// expand
		add(cases, "expand", "expected one model file");
		add(cases, "expand", MISSING + ": no such file or folder", MISSING);
		add(cases, "expand", "unknown option --bogus", MODEL, "--bogus");
		add(cases, "expand", "option --rank expects a whole number from 0", MODEL, "--rank", "x");
		add(cases, "expand", "option --rank expects a whole number from 0", MODEL, "--rank", "-1");
		add(cases, "expand", "option --rank expects a value", MODEL, "--rank");
		// patterns
		add(cases, "patterns", "expected one trace folder or model file");
		add(cases, "patterns", "expected one trace folder or model file", RING, MODEL);
		add(cases, "patterns", MISSING + ": no such file or folder", MISSING);
		add(cases, "patterns", "unknown option --bogus", MODEL, "--bogus");
		add(cases, "patterns", "--occurrences lists groups of messages, not --per-rank patterns", MODEL, "--per-rank",
				"--occurrences");
		add(cases, "patterns", "no trace files", Cli.example("models").toString(), "--occurrences");
		add(cases, "patterns", "--occurrences lists groups of messages, not --global patterns", MODEL, "--global",
				"--occurrences");
		add(cases, "patterns", "--global and --per-rank are two different listings: give one", MODEL, "--global",
				"--per-rank");
	}

	/** Commands on annotations and data traces: positions, scan, profile, scanner. */
	private static void annotationCommands(List<Arguments> cases) {
		// positions, scan, profile, scanner
		add(cases, "positions", "expected one model file");
		add(cases, "positions", MISSING + ": no such file or folder", MISSING);
		add(cases, "positions", "unknown option --bogus", MODEL, "--bogus");
		add(cases, "positions", "no construct 99", MODEL, "--construct", "99");
		add(cases, "scan", "expected a model file and a trace folder");
		add(cases, "scan", "expected a model file and a trace folder", MODEL, RING, RING);
		add(cases, "scan", "a trace FOLDER is required", MODEL);
		add(cases, "scan", "a trace FOLDER is required", MODEL, "--csv", "out.csv");
		add(cases, "scan", "the trace folder is given twice", MODEL, RING, "--traces", RING);
		add(cases, "scan", "option --csv expects a value", MODEL, RING, "--csv");
		add(cases, "scan", "option --traces expects a value", MODEL, "--traces");
		add(cases, "scan", "the CSV file is given twice", MODEL, RING, "--csv", "a.csv", "-o", "b.csv");
		add(cases, "scan", MISSING + ": no such file or folder", MODEL, MISSING);
		add(cases, "scan", "unknown option --bogus", MODEL, "--bogus");
		add(cases, "scan", "data.0: error: missing", MODEL, "--traces", ".");
		add(cases, "scan", "data.0: error: missing", MODEL, ".");
		add(cases, "profile", "expected a model file and its trace folder");
		add(cases, "profile", "expected a model file and its trace folder", MODEL, RING, RING);
		add(cases, "profile", MISSING + ": no such file or folder", MISSING, RING);
		add(cases, "profile", MISSING + ": no such file or folder", MODEL, MISSING);
		add(cases, "profile", "unknown option --bogus", MODEL, RING, "--bogus");
		add(cases, "profile", "option --top expects a whole number from 1", MODEL, RING, "--top", "0");
		add(cases, "profile", "option --csv expects a value", MODEL, RING, "--csv");
		add(cases, "profile", "data.0: error: missing", MODEL, ".");
		add(cases, "scanner", "expected one model file");
		add(cases, "scanner", "--lang c or --lang java is required", MODEL, "-o", "out");
		add(cases, "scanner", "-o DIR is required", MODEL, "--lang", "c");
	}

	/** Commands that draw or compare models: matrix, diff, render. */
	private static void drawingCommands(List<Arguments> cases) {
		// matrix
		add(cases, "matrix", "expected one trace folder or model file");
		add(cases, "matrix", MISSING + ": no such file or folder", MISSING);
		add(cases, "matrix", "unknown option --bogus", MODEL, "--bogus");
		add(cases, "matrix", "'x' is not a construct path", MODEL, "--construct", "x");
		add(cases, "matrix", "no construct 9", MODEL, "--construct", "9");
		add(cases, "matrix", "data.0: error: missing", Cli.example("models").resolve("figure8.loops").toString(), "--bytes");
		add(cases, "matrix", "option --construct expects a value", MODEL, "--bytes", "--construct");
		// diff
		add(cases, "diff", "expected two models or trace folders", MODEL);
		add(cases, "diff", "expected two models or trace folders", MODEL, MODEL, MODEL);
		add(cases, "diff", MISSING + ": no such file or folder", MODEL, MISSING);
		add(cases, "diff", "unknown option --bogus", MODEL, MODEL, "--bogus");
		add(cases, "diff", "unknown option --csv=yes", MODEL, MODEL, "--csv=yes");
		// render
		add(cases, "render", "expected one model file", "-o", "out.svg");
		add(cases, "render", MISSING + ": no such file or folder", MISSING, "-o", "out.svg");
		add(cases, "render", "is a folder, expected a file", RING, "-o", "out.svg");
		add(cases, "render", "unknown option --bogus", MODEL, "-o", "out.svg", "--bogus");
		add(cases, "render", "-o FILE.svg or -o FILE.png is required", MODEL);
		add(cases, "render", "expected a file name ending in .svg or .png", MODEL, "-o", "out.pdf");
		add(cases, "render", TRACE0 + " exists and is not a folder", MODEL, "-o", TRACE0 + "/out.svg");
		add(cases, "render", "option --width expects a whole number from 200", MODEL, "-o", "out.svg", "--width", "10");
		add(cases, "render", "option --width expects a whole number from 200", MODEL, "-o", "out.svg", "--width", "wide");
		add(cases, "render", "option --collapse expects a whole number from 0", MODEL, "-o", "out.svg", "--collapse", "-1");
		add(cases, "render", "option --ranks expected a rank set such as 0-15", MODEL, "-o", "out.svg", "--ranks", "a-b");
		add(cases, "render", "option --ranks expected a rank range whose end is not below its start", MODEL, "-o", "out.svg", "--ranks", "5-2");
		add(cases, "render", MISSING + ": no such file or folder", MODEL, "-o", "out.svg", "--time", MISSING);
		add(cases, "render", "missing: expected the data trace of rank 0", MODEL, "-o", "out.svg", "--time",
				Cli.example("models").toString());
	}

	/** replay: options, and models it cannot replay, named by file, line and construct. */
	private static void replayCommands(List<Arguments> cases) {
		add(cases, "replay", "expected one model file");
		add(cases, "replay", "-o DIR is required", MODEL);
		add(cases, "replay", "--compute expects none, mean or exact, not 'fast'", MODEL, "-o", "out", "--compute", "fast");
		add(cases, "replay", "give them with --data FOLDER", MODEL, "-o", "out", "--compute", "mean");
		add(cases, "replay", MISSING + ": no such file or folder", MODEL, "-o", "out", "--data", MISSING);
		add(cases, "replay", "is a file, expected the folder of the run's data.<rank>", MODEL, "-o", "out", "--data", TRACE0);
		add(cases, "replay", "tag.loops:2: construct 2: the tag 40000 is beyond 0-32767", model("tag", "0 send 1 1\n0 send 1 40000\n0 recv 1 1\n0 recv 1 40000\n"), "-o", "out");
		add(cases, "replay", "group.loops:3: construct 3: the group 0-3 names rank 3, beyond the model's ranks 0-1",
				model("group", "0 send 1 1\n0 recv 1 1\n0 sync MPI_Barrier 0-3\n"), "-o", "out");
		add(cases, "replay", "ring-8/data.0 has 40 records, fewer than the events of rank 0 in the model",
				Cli.example("models").resolve("figure8-lu.loops").toString(), "-o", "out", "--data", RING);
	}

	/** A model file with the given text, in a folder of the test run. */
	private static String model(String name, String text) {
		try {
			Path folder = Files.createTempDirectory("replay-models");
			Path file = folder.resolve(name + ".loops");
			Files.writeString(file, text);
			file.toFile().deleteOnExit();
			folder.toFile().deleteOnExit();
			return file.toString();
		} catch (java.io.IOException e) {
			throw new java.io.UncheckedIOException(e);
		}
	}

	private static void add(List<Arguments> cases, String command, String message, String... words) {
		cases.add(Arguments.of(command, List.of(words), message));
	}

	/** mpirun is not started for a program that cannot run: no banner, no folder of traces left empty. */
	@Test
	void traceOfAMissingProgramCreatesNoFolder(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("run");
		for (String program : List.of(MISSING, TRACE0, "no-such-looptrace-program")) {
			Cli.expectUsageError("trace", "trace", "-np", "2", "-o", folder.toString(), program);
			assertEquals(List.of(), Cli.list(dir), program);
		}
	}

	@ParameterizedTest(name = "looptrace {0} {1}")
	@MethodSource("cases")
	void badArgumentsExit2WithOneLineNamingTheCommand(String command, List<String> words, String message) {
		String[] args = Stream.concat(Stream.of(command.split(" ")), words.stream()).toArray(String[]::new);
		Result result = Cli.expectUsageError(command, args);
		assertTrue(result.err().contains(message), () -> "expected '" + message + "' in\n" + result);
	}

	@Test
	void everyCommandHasBadArgumentCases() {
		List<String> covered = cases().map(c -> ((String) c.get()[0]).split(" ")[0]).distinct().toList();
		for (Command command : Main.commands()) {
			assertTrue(covered.contains(command.name()), command.name() + " has no bad-argument case");
		}
	}

	/** A relative output folder named in a refused command line is not created. */
	@Test
	void refusedCommandsWriteNothing(@TempDir Path dir) {
		Path out = dir.resolve("out");
		Cli.expectUsageError("generate", "generate", "ring", "--ranks", "1", "--iterations", "2", out.toString());
		Cli.expectUsageError("nlr", "nlr", Cli.example("ring-8").toString(), "-o", out.toString(), "--threads", "0");
		Cli.expectUsageError("model", "model", Cli.example("ring-8").toString(), "-o", out.resolve("m.loops").toString(),
				"--threads", "0");
		assertEquals(false, Files.exists(out));
	}

	/** --calls reads an archive's regions as calls: given with a trace folder or a model, it says why it is refused. */
	@Test
	void callsIsForArchivesOnly() {
		List<List<String>> commands = List.of(List.of("check", RING), List.of("model", RING), List.of("nlr", TRACE0),
				List.of("patterns", MODEL), List.of("matrix", RING), List.of("scan", MODEL, RING), List.of("profile", MODEL, RING),
				List.of("diff", MODEL, RING));
		for (List<String> words : commands) {
			String[] args = Stream.concat(words.stream(), Stream.of("--calls")).toArray(String[]::new);
			Result result = Cli.expectUsageError(words.get(0), args);
			assertTrue(result.err().contains("--calls is for an OTF2 archive"), result::toString);
		}
	}

	/** {@code model --master}: what the command line refuses before any cluster is reached. */
	private static void clusterCases(List<Arguments> cases) {
		add(cases, "model", "--master needs the Spark module on the class path", RING, "--master", "local[2]");
		add(cases, "model", "--master models with NLR", RING, "--master", "local[2]", "--lenient");
		add(cases, "model", "--master models with NLR", RING, "--master", "local[2]", "--method", "greedy");
		add(cases, "model", "option --master expects a value", RING, "--master");
	}

	/** {@code model --tags}: a table missing, a folder, or not a replay's table, refused before any trace is read. */
	@Test
	void tagsNameAReplaysTable(@TempDir Path dir) throws Exception {
		assertEquals("looptrace model: " + dir.resolve("none") + ": no such file or folder\n",
				Cli.expectUsageError("model", "model", RING, "--tags", dir.resolve("none").toString()).err());
		assertEquals("looptrace model: " + dir + " is a folder, expected a file\n",
				Cli.expectUsageError("model", "model", RING, "--tags", dir.toString()).err());
		Path table = Files.writeString(dir.resolve("replay.tags"), "tag1 8\n");
		assertEquals("looptrace model: " + table + ":1: error: expected 'NUMBER SYMBOL' or 'FROM-TO COMMUNICATOR.FIRST-LAST'"
				+ " (as many numbers as tags, FIRST <= LAST, at most 18 digits a number), found 'tag1 8'\n",
				Cli.expectUsageError("model", "model", RING, "--tags", table.toString()).err());
		Cli.expectUsageError("model", "model", RING, "--tags");
	}

	/** {@code generate} with the problem size of lu or mg. */
	private static void sizedPatternCases(List<Arguments> cases) {
		add(cases, "generate", "option --planes applies to pattern lu only, not to ring", "ring", "--ranks", "4", "--iterations", "2",
				"--planes", "3", "out");
		add(cases, "generate", "option --levels applies to pattern mg only, not to lu", "lu", "--ranks", "4", "--iterations", "2",
				"--levels", "3", "out");
		add(cases, "generate", "option --planes expects a whole number from 1", "lu", "--ranks", "4", "--iterations", "2", "--planes",
				"0", "out");
		add(cases, "generate", "option --levels expects a whole number from 1 to 30", "mg", "--ranks", "4", "--iterations", "2",
				"--levels", "31", "out");
		add(cases, "generate", "pattern mg on 64 ranks (a 4 × 4 × 4 process grid) needs at least 2 levels, found 1", "mg", "--ranks",
				"64", "--iterations", "2", "--levels", "1", "out");
	}
}
