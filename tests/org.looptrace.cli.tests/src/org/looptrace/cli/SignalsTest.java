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

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.testsupport.Terminal;

/**
 * Ctrl-C typed, or SIGTERM sent (by {@code kill}, or a batch scheduler at a job's time limit), while
 * a command works, once its progress bar shows work done: the command stops, erases its bar, says it
 * was cancelled and exits with status 128 + the signal's number (130, 143), leaving neither its
 * output nor a hidden temporary beside it, and a cache of local models the next run reuses. Work that
 * does not stop is ended after {@link Signals#GRACE}, its output removed all the same.
 */
class SignalsTest {

	/** A bar with some work done, e.g. {@code [##   ] 3/127}. */
	private static final Pattern WORK_DONE = Pattern.compile("\\] [1-9][0-9]*/[0-9]+");

	/** How the command is asked to stop, and the exit status that says so. */
	enum Stop {
		CTRL_C(130), SIGTERM(143);

		final int status;

		Stop(int status) {
			this.status = status;
		}

		void send(Terminal terminal) throws Exception {
			if (this == CTRL_C) {
				terminal.ctrlC();
			} else {
				terminal.terminate();
			}
		}
	}

	/** The signal, then what the terminal shows last: the bar erased, then the command's one line. */
	private static void cancel(Terminal terminal, String command, Stop stop) throws Exception {
		terminal.waitFor(WORK_DONE);
		stop.send(terminal);
		int status = terminal.exitStatus();
		String screen = terminal.screen();
		assertEquals(stop.status, status, screen);
		assertTrue(screen.endsWith("\r\033[Klooptrace " + command + ": cancelled\r\n"), screen);
	}

	@ParameterizedTest
	@EnumSource(Stop.class)
	void modelLeavesNoOutputAndACacheTheNextRunReuses(Stop stop, @TempDir Path dir) throws Exception {
		Path traces = dir.resolve("halo");
		Cli.expect(0, "generate", "halo", "--ranks", "64", "--iterations", "2000", traces.toString());
		Path outputs = Files.createDirectory(dir.resolve("outputs"));
		Path model = outputs.resolve("halo.loops");
		// one thread: the run is long enough to be interrupted after its first local models
		try (Terminal terminal = Terminal.start(Main.class, "model", traces.toString(), "--threads", "1", "-o", model.toString())) {
			cancel(terminal, "model", stop);
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

	@ParameterizedTest
	@EnumSource(Stop.class)
	void generateLeavesNoFolder(Stop stop, @TempDir Path dir) throws Exception {
		Path outputs = Files.createDirectory(dir.resolve("outputs"));
		try (Terminal terminal = Terminal.start(Main.class, "generate", "halo", "--ranks", "64", "--iterations", "4000",
				outputs.resolve("halo").toString())) {
			cancel(terminal, "generate", stop);
		}
		assertEquals(List.of(), Cli.list(outputs));
	}

	@ParameterizedTest
	@EnumSource(Stop.class)
	void workThatDoesNotStopIsEndedLeavingNoFolder(Stop stop, @TempDir Path dir) throws Exception {
		// an mpirun that neither the signal nor the request to stop ends
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
		try (Terminal terminal = Terminal.start(Main.class, Map.of("looptrace.home", home.toString()), bin.toString(), "trace", "-np", "2", "-o",
				outputs.resolve("traces").toString(), program.toString())) {
			terminal.waitFor(Pattern.compile("running"));
			stop.send(terminal);
			int status = terminal.exitStatus();
			String screen = terminal.screen();
			assertEquals(stop.status, status, screen);
			assertTrue(screen.endsWith("\r\033[Klooptrace trace: cancelled, ended after " + Signals.GRACE.toSeconds() + " s\r\n"), screen);
		}
		assertEquals(List.of(), Cli.list(outputs));
	}
}
