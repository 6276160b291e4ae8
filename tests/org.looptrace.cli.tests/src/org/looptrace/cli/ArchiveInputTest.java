// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;

/**
 * OTF2 archives as the input of every command that reads traces: its anchor or the folder holding
 * it gives what the trace folder it converts to gives; a bad archive is one line, exit 2.
 */
class ArchiveInputTest {

	@Test
	void everyCommandTakesAnArchiveAsItsTraceFolder(@TempDir Path dir) throws Exception {
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(4, 21), dir.resolve("run"));
		Path folder = dir.resolve("converted");
		Cli.Result converted = Cli.expect(0, "convert", dir.resolve("run").toString(), "-o", folder.toString());
		assertTrue(converted.out().contains("4 ranks written to"), converted.toString());
		for (int rank = 0; rank < 4; rank++) {
			List<String> lines = written.expected().get(rank).stream().map(TraceEvent::toLine).toList();
			assertEquals(lines, Files.readAllLines(folder.resolve("trace." + rank)), "rank " + rank);
			assertTrue(Files.isRegularFile(folder.resolve("data." + rank)));
		}
		String model = Cli.expect(0, "model", folder.toString()).out();
		assertEquals(model, Cli.expect(0, "model", written.anchor().toString()).out(), "the anchor models as the folder converted");
		assertEquals(model, Cli.expect(0, "model", dir.resolve("run").toString()).out(), "the folder holding the anchor too");
		assertEquals(Cli.expect(0, "check", folder.toString()).out().lines().reduce((a, b) -> b),
				Cli.expect(0, "check", dir.resolve("run").toString()).out().lines().reduce((a, b) -> b));
		assertEquals(Cli.expect(0, "matrix", folder.toString(), "--bytes").out(),
				Cli.expect(0, "matrix", dir.resolve("run").toString(), "--bytes").out());
		assertEquals(Cli.expect(0, "patterns", folder.toString()).out(), Cli.expect(0, "patterns", dir.resolve("run").toString()).out());
		Cli.expect(0, "nlr", dir.resolve("run").toString(), "-o", dir.resolve("locals").toString());
		assertTrue(Files.isRegularFile(dir.resolve("locals/local.3.loops")));
	}

	@Test
	void aBadArchiveIsOneLineNamingTheFile(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(2, 4), dir.resolve("run"));
		Files.delete(dir.resolve("run/traces.def"));
		Cli.Result result = Cli.expect(2, "model", dir.resolve("run").toString());
		assertEquals("looptrace model: " + dir.resolve("run/traces.def") + ": error: missing: an archive's global definitions are in"
				+ " traces.def beside its anchor traces.otf2\n", result.err());
		Cli.Result check = Cli.expect(1, "check", dir.resolve("run").toString());
		assertTrue(check.out().startsWith(dir.resolve("run/traces.def") + ": error: missing"), check.toString());
		Cli.expect(2, "convert", dir.resolve("run").toString());
	}
}
