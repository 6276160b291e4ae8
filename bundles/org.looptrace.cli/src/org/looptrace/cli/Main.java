// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.CancellationException;
import java.util.jar.Manifest;

/** The {@code looptrace} command: dispatches to its sub-commands. Runs on a plain class path. */
public final class Main {

	/**
	 * Every sub-command, in the order of the help text: ours, then those of other bundles of the
	 * product on the class path (the benchmarks), registered for {@link ServiceLoader}, then those the
	 * launcher script runs itself (for their help).
	 */
	static List<Command> commands() {
		List<Command> commands = new ArrayList<>(List.of(
				new CheckCommand(),
				new GenerateCommand(),
				new NlrCommand(),
				new ModelCommand(),
				new TraceCommand(),
				new ConvertCommand(),
				new FormatCommand(),
				new ExpandCommand(),
				new PatternsCommand(),
				new MatrixCommand(),
				new DiffCommand(),
				new RenderCommand(),
				new PositionsCommand(),
				new ScanCommand(),
				new ScannerCommand(),
				new ReplayCommand(),
				new ProfileCommand()
				// commands are added here, one line each
		));
		ServiceLoader.load(Command.class, Main.class.getClassLoader()).forEach(commands::add);
		commands.addAll(LauncherCommand.ALL);
		return commands;
	}

	private Main() {
	}

	public static void main(String[] args) {
		PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
		PrintStream err = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true, StandardCharsets.UTF_8);
		Signals.handle(args.length > 0 ? args[0] : "", err);
		int status = run(args, out, err);
		out.flush();
		java.lang.System.exit(status);
	}

	/** Runs {@code looptrace args...}; returns the exit status. */
	public static int run(String[] args, PrintStream out, PrintStream err) {
		if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
			out.print(overview());
			return args.length == 0 ? 2 : 0;
		}
		if (args[0].equals("--version")) {
			out.println("looptrace " + version());
			return 0;
		}
		Optional<Command> found = commands().stream().filter(c -> c.name().equals(args[0])).findFirst();
		if (found.isEmpty()) {
			err.println("looptrace: unknown command '" + args[0] + "'");
			err.print(overview());
			return 2;
		}
		Command command = found.get();
		List<String> rest = Arrays.asList(args).subList(1, args.length);
		if (command.asksForHelp(rest)) {
			out.print(command.help());
			return 0;
		}
		try {
			return command.run(rest, out, err);
		} catch (CancellationException e) {
			return cancelled(command, err);
		} catch (UsageException e) {
			if (Signals.received()) {
				return cancelled(command, err);
			}
			err.println("looptrace " + e.getMessage());
			return 2;
		} catch (OutOfMemoryError e) {
			err.println("looptrace " + command.name() + ": out of memory; give the JVM more with LOOPTRACE_JAVA_OPTS=-Xmx8g");
			return 3;
		} catch (Exception e) {
			if (Signals.received()) {
				return cancelled(command, err);
			}
			// A bug, not bad input: the stack trace is what a bug report needs.
			err.println("looptrace " + command.name() + ": internal error, please report it with this trace:");
			e.printStackTrace(err);
			return 70;
		}
	}

	/**
	 * Says that the command stopped on Ctrl-C or SIGTERM, after its progress bar. A failure after the
	 * signal is the signal's too (a stream closed by the interruption, an output its cleanup deleted).
	 */
	private static int cancelled(Command command, PrintStream err) {
		TerminalProgress.erase(err);
		err.println("looptrace " + command.name() + ": cancelled");
		return Signals.exitStatus();
	}

	static String overview() {
		StringBuilder text = new StringBuilder();
		text.append("LoopTrace: loop-based models of MPI communication traces\n\n");
		text.append("usage: looptrace <command> [arguments]   (looptrace <command> --help for details)\n\n");
		for (Command command : commands()) {
			if (command == LauncherCommand.ALL.get(0)) {
				text.append("\nrun by the launcher script (./looptrace) itself:\n");
			}
			text.append(String.format("  %-10s %s%n", command.name(), command.summary()));
		}
		text.append("\n  --version  the version of LoopTrace\n");
		return text.toString();
	}

	/**
	 * The Bundle-Version of this bundle, from the manifest beside this class (in its jar or bundle):
	 * the build stamps it, so it says which build runs.
	 */
	static String version() {
		String self = String.valueOf(Main.class.getResource("Main.class"));
		String root = self.substring(0, self.length() - (Main.class.getName().replace('.', '/') + ".class").length());
		try (InputStream in = URI.create(root + "META-INF/MANIFEST.MF").toURL().openStream()) {
			String version = new Manifest(in).getMainAttributes().getValue("Bundle-Version");
			return version != null ? version : "unknown (its manifest has no Bundle-Version)";
		} catch (IOException | IllegalArgumentException e) {
			return "unknown (no manifest beside " + self + ")";
		}
	}
}
