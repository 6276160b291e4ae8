// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.util.List;

/** One sub-command of {@code looptrace}. */
public interface Command {

	/** The word that selects the command, e.g. {@code check}. */
	String name();

	/** One line for the list of commands. */
	String summary();

	/** The full help printed by {@code looptrace <name> --help}: usage line, arguments, options. */
	String help();

	/**
	 * Runs the command. Commands read their options with {@link Arguments#parse}.
	 *
	 * @return the exit status: 0 for success, 1 when the command ran and found problems (e.g.
	 *         diagnostics of errors)
	 * @throws UsageException for bad arguments or bad input, printed to the user without a stack trace
	 */
	int run(List<String> args, PrintStream out, PrintStream err) throws Exception;

	/** Whether the arguments ask for this command's help rather than for running it. */
	default boolean asksForHelp(List<String> args) {
		return args.contains("--help") || args.contains("-h");
	}
}
