// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C typed while a command works, once its progress bar shows work done: the command stops,
 * erases its bar, says it was cancelled and exits with status 130, leaving neither its output nor
 * a hidden temporary beside it, and a cache of local models the next run reuses. Work that does
 * not stop is ended after {@link CtrlC#GRACE}, its output removed all the same.
 */
class CtrlCTest {

	/** A bar with some work done, e.g. {@code [##   ] 3/127}. */
	private static final Pattern WORK_DONE = Pattern.compile("\\] [1-9][0-9]*/[0-9]+");

	/** Ctrl-C, then what the terminal shows last: the bar erased, then the command's one line. */
	private static void interrupt(Terminal terminal, String command) throws Exception {
		terminal.waitFor(WORK_DONE);
		terminal.ctrlC();
		int status = terminal.exitStatus();
		String screen = terminal.screen();
		assertEquals(130, status, screen);
		assertTrue(screen.endsWith("\r\033[Klooptrace " + command + ": cancelled\r\n"), screen);
	}

	@Test
	void modelLeavesNoOutputAndACacheTheNextRunReuses(@TempDir Path dir) throws Exception {
		Path traces = dir.resolve("halo");
		Cli.expect(0, "generate", "halo", "--ranks", "64", "--iterations", "2000", traces.toString());
		Path outputs = Files.createDirectory(dir.resolve("outputs"));
		Path model = outputs.resolve("halo.loops");
		// one thread: the run is long enough to be interrupted after its first local models
		try (Terminal terminal = Terminal.start("model", traces.toString(), "--threads", "1", "-o", model.toString())) {
			interrupt(terminal, "model");
		}
		assertEquals(List.of(), Cli.list(outputs));
		for (Path entry : Cli.list(traces.resolve(".looptrace/local"))) {
			assertTrue(entry.getFileName().toString().matches("rank-[0-9]+\\.model"), "not a whole cache entry: " + entry);
		}
		Cli.Result next = Cli.expect(0, "model", traces.toString(), "-o", model.toString(), "--stats");
		Matcher reused = Pattern.compile("local models: ([0-9]+) reused").matcher(next.err());
		assertTrue(reused.find() && Integer.parseInt(reused.group(1)) > 0, next::toString);
		assertTrue(Files.isRegularFile(model));
	}

	@Test
	void generateLeavesNoFolder(@TempDir Path dir) throws Exception {
		Path outputs = Files.createDirectory(dir.resolve("outputs"));
		try (Terminal terminal = Terminal.start("generate", "halo", "--ranks", "64", "--iterations", "4000",
				outputs.resolve("halo").toString())) {
			interrupt(terminal, "generate");
		}
		assertEquals(List.of(), Cli.list(outputs));
	}

	@Test
	void workThatDoesNotStopIsEndedLeavingNoFolder(@TempDir Path dir) throws Exception {
		// an mpirun that neither Ctrl-C nor the request to stop ends
		Path bin = Files.createDirectory(dir.resolve("bin"));
		Path mpirun = Files.writeString(bin.resolve("mpirun"), "#!/bin/sh\ntrap '' INT TERM\necho running\nexec sleep 600\n");
		Path program = Files.writeString(dir.resolve("program"), "#!/bin/sh\n");
		for (Path file : List.of(mpirun, program)) {
			file.toFile().setExecutable(true);
		}
		// the tracer is only looked for
		Path home = dir.resolve("home");
		Files.createFile(Files.createDirectories(home.resolve("tracer/build")).resolve("liblooptrace.so"));
		Path outputs = Files.createDirectory(dir.resolve("outputs"));
		try (Terminal terminal = Terminal.start(Map.of("looptrace.home", home.toString()), bin.toString(), "trace", "-np", "2", "-o",
				outputs.resolve("traces").toString(), program.toString())) {
			terminal.waitFor(Pattern.compile("running"));
			terminal.ctrlC();
			int status = terminal.exitStatus();
			String screen = terminal.screen();
			assertEquals(130, status, screen);
			assertTrue(screen.endsWith("\r\033[Klooptrace trace: cancelled, ended after " + CtrlC.GRACE.toSeconds() + " s\r\n"), screen);
		}
		assertEquals(List.of(), Cli.list(outputs));
	}
}
