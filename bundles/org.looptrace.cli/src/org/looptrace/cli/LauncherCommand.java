// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.util.List;

/**
 * The commands the {@code looptrace} launcher script at the repository root runs itself, before any
 * Java (building, testing, the IDE, a Spark cluster): listed by {@code looptrace --help} with the
 * others, and their help printed here, the script passing {@code looptrace ide --help} on to us.
 */
record LauncherCommand(String name, String summary, String help) implements Command {

	/** In the order of the overview. */
	static final List<Command> ALL = List.of(new LauncherCommand("test", "build everything and run all tests (what CI runs)", """
			usage: looptrace test [Maven options]

			Builds everything and runs all tests: installs the Debian packages the tests need when
			they are missing (xvfb, GTK 3, Open MPI, make, gcc, libotf2, its Python writer and
			tools, EZTrace), checks that every bundle has the canonical Eclipse settings, runs the
			UI tests in a workbench under Xvfb, starts the IDE product once and prints a summary of
			the tests. The options are Maven's (e.g. -o to build offline).
			"""),
	new LauncherCommand("build", "build the engine, the command line and the IDE product, without tests", """
			usage: looptrace build [Maven options]

			Builds the engine, the command line and the IDE product, without running tests; the
			other commands then run from the product. The options are Maven's (e.g. -o).
			"""),
	new LauncherCommand("ide", "start the LoopTrace IDE (Eclipse workbench with LoopTrace installed)", """
			usage: looptrace ide [workspace]

			Starts the LoopTrace IDE on the workspace folder (default ~/looptrace-workspace),
			building the product first when sources changed since its last build (docs/IDE.md).
			"""),
	new LauncherCommand("cluster", "start or stop a Spark cluster on the nodes of a Slurm allocation", """
			usage: looptrace cluster start [--port N]
			       looptrace cluster stop

			start: a Spark standalone cluster on the nodes of this Slurm allocation (without Slurm,
			on this machine), authentication and encryption on, its secret made for the job in a
			file only you can read; prints the export lines of SPARK_CONF_DIR and LOOPTRACE_MASTER
			to give `looptrace model --master` (docs/SPARK.md). The master listens on port N
			(default 7077).
			stop: ends the cluster of SPARK_CONF_DIR and removes its folder, secret included.
			"""));

	/** Reached only when Java is started without the script: say where the command lives. */
	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws UsageException {
		throw new UsageException(name + ": a command of the launcher script: run ./looptrace " + name + " from the repository");
	}
}
