// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.looptrace.trace.ReplayTags;
import org.looptrace.trace.ConsistencyCheck;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/**
 * {@code looptrace trace -np N [-o folder] program [args]}: runs an MPI program under mpirun with the
 * LoopTrace tracer preloaded, then checks the trace folder it wrote.
 */
public final class TraceCommand implements Command {

	@Override
	public String name() {
		return "trace";
	}

	@Override
	public String summary() {
		return "run an MPI program under the LoopTrace tracer into a trace folder";
	}

	@Override
	public String help() {
		return """
				usage: looptrace trace -np N [-o <folder>] [--calls] [--functions] [--force] <program> [args...]

				Runs the program with mpirun on N ranks, the LoopTrace tracer preloaded (LD_PRELOAD of
				tracer/build/liblooptrace.so, built with make when missing), so that every rank p writes
				trace.<p> and data.<p> into the folder; then checks the folder as looptrace check does.
				Everything after the program name is passed to the program.

				options:
				  -np N          number of ranks (mpirun -np), oversubscribing the cores when needed
				  -o <folder>    the trace folder (default: looptrace-trace), created when missing; the
				                 run writes beside it, moved there once mpirun returns: a trace
				                 command that fails before (no tracer, mpirun missing, interrupted)
				                 leaves no folder, and the folder as it was
				  --calls        also record local call/return events around every MPI call
				  --functions    also record local call/return events of user functions, for programs
				                 compiled with -finstrument-functions
				  --force        replace a folder that holds anything (all of it: no trace of an
				                 earlier run stays to mix with the new one)

				exit status: the program's when it failed, else 0 for a consistent folder, 1 otherwise.

				example:
				  looptrace trace -np 4 -o ring-trace tracer/build/examples/ring 100
				  looptrace model ring-trace
				""";
	}

	/** Only the options before the program: what follows is the program's own. */
	@Override
	public boolean asksForHelp(List<String> args) {
		for (String arg : args) {
			if (arg.equals("--help") || arg.equals("-h")) {
				return true;
			}
			if (!arg.startsWith("-")) {
				return false;
			}
		}
		return false;
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		int ranks = 0;
		String output = "looptrace-trace";
		boolean calls = false;
		boolean functions = false;
		boolean force = false;
		int i = 0;
		for (; i < args.size() && args.get(i).startsWith("-"); i++) {
			switch (args.get(i)) {
			case "-np" -> ranks = parseRanks(valueAfter(args, i++));
			case "-o" -> output = valueAfter(args, i++);
			case "--calls" -> calls = true;
			case "--functions" -> functions = true;
			case "--force" -> force = true;
			default -> throw new UsageException("trace: unknown option " + args.get(i) + " (see looptrace trace --help)");
			}
		}
		if (ranks == 0 || i == args.size()) {
			throw new UsageException("trace: expected -np N and a program (see looptrace trace --help)");
		}
		// mpirun would say the program is missing only after its banner, and we after creating the folder
		checkProgram(args.get(i));
		Path folder = Arguments.outputFolder(name(), output, force, err);
		List<String> mpirun = mpirun(ranks, tracerLibrary(err), calls, functions);
		Path program = Path.of(args.get(i));
		List<String> programLine = args.subList(i, args.size());
		// the program's own failure still gives traces, which the check below reports on
		int status = AtomicFolder.write(folder, into -> {
			keepReplayTags(program, into);
			List<String> command = new ArrayList<>(mpirun);
			command.addAll(List.of("-x", "LOOPTRACE_DIR=" + into.toAbsolutePath()));
			command.addAll(programLine);
			return run(command, err);
		});
		if (status != 0) {
			err.println("looptrace trace: the program exited with status " + status + "; checking what it wrote");
		}
		TraceFolder traces;
		try {
			traces = TraceFolder.open(folder);
		} catch (TraceFormatException e) {
			err.println(e.diagnostic());
			return status != 0 ? status : 1;
		}
		ConsistencyCheck.Report report = ConsistencyCheck.check(traces, Signals.PROGRESS);
		for (Diagnostic diagnostic : report.diagnostics()) {
			out.println(diagnostic);
		}
		out.println(folder + ": " + report.summary());
		return status != 0 ? status : report.hasErrors() ? 1 : 0;
	}

	/** The mpirun command that runs a program with the tracer preloaded, but for the folder and the program. */
	private static List<String> mpirun(int ranks, Path library, boolean calls, boolean functions) {
		List<String> command = new ArrayList<>(List.of("mpirun", "--oversubscribe", "-np", Integer.toString(ranks),
				"-x", "LD_PRELOAD=" + library, "-x", "LOOPTRACE_CALLS=" + (calls ? 1 : 0), "-x", "LOOPTRACE_FUNCTIONS=" + (functions ? 1 : 0)));
		if ("root".equals(java.lang.System.getProperty("user.name"))) {
			command.add(1, "--allow-run-as-root");
		}
		return command;
	}

	private static String valueAfter(List<String> args, int i) throws UsageException {
		if (i + 1 >= args.size()) {
			throw new UsageException("trace: option " + args.get(i) + " expects a value");
		}
		return args.get(i + 1);
	}

	private static int parseRanks(String text) throws UsageException {
		try {
			int ranks = Integer.parseInt(text);
			if (ranks < 1) {
				throw new NumberFormatException();
			}
			return ranks;
		} catch (NumberFormatException e) {
			throw new UsageException("trace: -np expects a positive number of ranks, found '" + text + "'");
		}
	}

	/** A program mpirun can start: a path to an executable file, or a name found on the PATH as mpirun finds it. */
	private static void checkProgram(String program) throws UsageException {
		if (!program.contains("/")) {
			String path = java.lang.System.getenv("PATH");
			for (String dir : (path == null ? "" : path).split(":")) {
				Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
				if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
					return;
				}
			}
			throw new UsageException("trace: " + program + ": no such program in the folders of PATH (give its path, e.g. ./" + program + ")");
		}
		Path file = Path.of(program);
		if (!Files.exists(file)) {
			throw new UsageException("trace: " + program + ": no such file: expected the MPI program to trace");
		}
		if (!Files.isRegularFile(file)) {
			throw new UsageException("trace: " + program + " is a folder, expected the MPI program to trace");
		}
		if (!Files.isExecutable(file)) {
			throw new UsageException("trace: " + program + " is not executable (chmod +x " + program + ")");
		}
	}

	/**
	 * A replay program sends numbers for the model's symbolic and communicator tags: its table goes
	 * beside the traces, where looptrace model reads them back as the model's tags (the folder is
	 * new: no table of an earlier run stays to misread this one's).
	 */
	private static void keepReplayTags(Path program, Path folder) throws IOException {
		Path table = program.toAbsolutePath().resolveSibling(ReplayTags.FILE);
		if (Files.isRegularFile(table)) {
			Files.copy(table, folder.resolve(ReplayTags.FILE));
		}
	}

	/** The preloadable tracer of this installation, built on first use. */
	private static Path tracerLibrary(PrintStream err) throws IOException, InterruptedException, UsageException {
		String home = java.lang.System.getProperty("looptrace.home");
		if (home == null) {
			throw new UsageException("trace: the system property looptrace.home is not set (start LoopTrace with the looptrace script)");
		}
		Path tracer = Path.of(home, "tracer");
		Path library = tracer.resolve("build/liblooptrace.so");
		if (!Files.exists(library)) {
			err.println("looptrace trace: building the tracer (make -C " + tracer + ")");
			if (run(List.of("make", "-s", "-C", tracer.toString(), "build/liblooptrace.so"), err) != 0 || !Files.exists(library)) {
				throw new UsageException("trace: could not build the tracer; it needs mpicc and make "
						+ "(Debian packages openmpi-bin libopenmpi-dev make)");
			}
		}
		return library;
	}

	private static int run(List<String> command, PrintStream err) throws InterruptedException, UsageException {
		try {
			return Signals.waitFor(new ProcessBuilder(command).inheritIO().start());
		} catch (IOException e) {
			throw new UsageException("trace: cannot run " + command.get(0) + ": " + e.getMessage()
					+ " (Open MPI and make come with the Debian packages openmpi-bin libopenmpi-dev make)", e);
		}
	}
}
