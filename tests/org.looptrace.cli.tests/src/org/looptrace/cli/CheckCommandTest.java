// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.looptrace.cli.Cli.Result;
import org.looptrace.model.core.Progress;
import org.looptrace.trace.ConsistencyCheck;
import org.looptrace.trace.TraceFolder;

/** {@code looptrace check}: exit 0 and the summary for good folders, diagnostics and exit 1 for bad ones. */
class CheckCommandTest {

	/** {@code file:line:column: error: message} of a diagnostic that points into a trace file. */
	private static final Pattern LOCATED_ERROR = Pattern.compile(".*/trace\\.[0-9]+:[0-9]+:[0-9]+: error: .+");

	@ParameterizedTest(name = "looptrace check examples/{0}")
	@FieldSource("org.looptrace.cli.Cli#EXAMPLE_FOLDERS")
	void shippedExampleIsConsistent(String name) throws Exception {
		Path folder = Cli.example(name);
		Result result = Cli.expect(0, "check", folder.toString());
		ConsistencyCheck.Report report = ConsistencyCheck.check(TraceFolder.open(folder), Progress.NONE);
		assertEquals(report.summary() + "\n", result.out(), "only the summary");
		assertTrue(result.out().startsWith(TraceFolder.open(folder).ranks() + " ranks, " + report.events() + " events"),
				result::toString);
		assertTrue(result.out().contains(" 0 errors, 0 warnings"), result::toString);
		assertEquals("", result.err());
	}

	@Test
	void brokenExampleShowsItsDiagnosticsAndExits1() throws Exception {
		Result result = Cli.expect(1, "check", Cli.example("broken").toString());
		List<String> lines = result.out().lines().toList();
		List<String> errors = lines.stream().filter(line -> line.contains(": error: ")).toList();
		// one planted per file (see examples/README.md), and the messages and a collective whose other end was a skipped line
		assertEquals(18, errors.size(), result::toString);
		for (String file : List.of("trace.1:3:8", "trace.2:3:3", "trace.3:3:9", "trace.4:3:8", "trace.5:3:11",
				"trace.6:3:1", "trace.7:4:27", "trace.8:3:1", "trace.9:8:1")) {
			assertTrue(errors.stream().anyMatch(line -> line.contains("/" + file + ": error: ")), file + " in\n" + result);
		}
		assertEquals(15, errors.stream().filter(line -> LOCATED_ERROR.matcher(line).matches()).count(), result::toString);
		assertTrue(errors.stream().anyMatch(line -> line.contains("/data.0: error: short data trace")), result::toString);
		assertTrue(errors.stream().anyMatch(line -> line.contains("/trace.11: error: missing member of collective")),
				result::toString);
		String summary = lines.get(lines.size() - 1);
		assertTrue(summary.startsWith("12 ranks, ") && summary.contains(" 18 errors (8 skipped lines)") && summary.endsWith(" 0 warnings"),
				summary);
		assertEquals("", result.err());
		String readme = Files.readString(Cli.examples().resolve("README.md")).replaceAll("\\s+", " ");
		assertTrue(readme.contains("`looptrace check broken` reports 18 errors and no warning (exit status 1)"), "examples/README.md");
	}

	@Test
	void missingRanksAreErrorsAndTheOtherRanksAreStillChecked(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("ring");
		Cli.expect(0, "generate", "ring", "--ranks", "6", "--iterations", "3", folder.toString());
		Files.delete(folder.resolve("trace.2"));
		Files.delete(folder.resolve("trace.4"));
		Result result = Cli.expect(1, "check", folder.toString());
		List<String> lines = result.out().lines().toList();
		assertTrue(lines.get(0).startsWith(folder.resolve("trace.2") + ": error: missing trace file of rank 2"), result::toString);
		assertTrue(lines.contains(folder.resolve("trace.4") + ": error: missing trace file of rank 4: the other ranks are checked,"
				+ " but their messages and collectives with rank 4 are not matched"), result::toString);
		assertTrue(lines.getLast().startsWith("6 ranks, "), result::toString);
	}

	@Test
	void inconsistentFolderNamesTheChannel(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("ring");
		Cli.expect(0, "generate", "ring", "--ranks", "4", "--iterations", "3", folder.toString());
		List<String> lines = Files.readAllLines(folder.resolve("trace.1"));
		Files.write(folder.resolve("trace.1"), lines.subList(0, lines.size() - 1)); // its last send is lost
		Result result = Cli.expect(1, "check", folder.toString());
		assertTrue(result.out().contains("unmatched recv on channel (1, 2, 1)"), result::toString);
		assertTrue(result.out().contains("data.1: error: long data trace"), result::toString);
		assertTrue(result.out().lines().toList().getLast().contains(" 2 errors"), result::toString);
	}

	/**
	 * A folder of data traces whose event traces are missing: nothing is checked, and the message says
	 * which files were looked for, in which folder, and what it holds instead; exit 2, as model.
	 */
	@Test
	void dataTracesWithoutTheirEventTracesAreSaidToBe(@TempDir Path dir) throws Exception {
		for (int rank = 0; rank < 8; rank++) {
			Files.copy(Cli.example("ring-8").resolve("data." + rank), dir.resolve("data." + rank));
		}
		Result result = Cli.expectUsageError("check", "check", dir.toString());
		assertEquals("looptrace check: " + dir + ": error: no trace files: expected trace.<rank> or trace.<rank>.gz for ranks 0, 1, ... in "
				+ dir.toAbsolutePath().normalize() + ", which holds the data traces data.0 to data.7 (8 files) but not their event traces\n",
				result.err());
		assertEquals(result.err().replace("looptrace check: ", "looptrace model: "), Cli.expectUsageError("model", "model", dir.toString()).err());
	}

	/** Nothing to check is bad input, exit 2 with the message model gives for the same path (exit 1 is for traces with errors). */
	@Test
	void emptyFolderOrFileIsBadInputAsForModel(@TempDir Path dir) {
		Result empty = Cli.expectUsageError("check", "check", dir.toString());
		assertTrue(empty.err().startsWith("looptrace check: " + dir + ": error: no trace files"), empty::toString);
		Path trace0 = Cli.example("ring-8").resolve("trace.0");
		Result file = Cli.expectUsageError("check", "check", trace0.toString());
		assertEquals("looptrace check: " + trace0 + ": error: not a folder: expected a trace folder holding trace.0, trace.1, ...\n",
				file.err());
		for (Path path : List.of(dir, trace0)) {
			assertEquals(Cli.expectUsageError("model", "model", path.toString()).err().replace("looptrace model: ", "looptrace check: "),
					Cli.run("check", path.toString()).err());
		}
	}
}
