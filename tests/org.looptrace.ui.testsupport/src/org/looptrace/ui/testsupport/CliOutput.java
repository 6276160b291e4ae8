// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The command line run in process. Its entry point is handed in ({@code org.looptrace.cli.Main::run})
 * rather than required here: the command line exports its package to the test bundles that use it
 * only.
 */
public final class CliOutput {

	/** The entry point of the command line: its arguments, standard output and error; its exit status. */
	@FunctionalInterface
	public interface Main {
		/** Runs a command. */
		int run(String[] args, PrintStream out, PrintStream err);
	}

	private CliOutput() {
	}

	/** Runs a command, asserts that it succeeds (else fails with its standard error); its standard output. */
	public static String of(Main main, String... args) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int status;
		try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
				PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
			status = main.run(args, o, e);
		}
		assertEquals(0, status, () -> String.join(" ", args) + ": " + err.toString(StandardCharsets.UTF_8));
		return out.toString(StandardCharsets.UTF_8);
	}
}
