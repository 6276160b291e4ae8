// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.looptrace.lang.LocatedModel;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Construct;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;
import org.looptrace.replay.ReplayException;
import org.looptrace.replay.ReplayGenerator;
import org.looptrace.replay.ReplayOptions;
import org.looptrace.replay.ReplayOptions.Compute;
import org.looptrace.replay.ReplayProgram;

/** {@code looptrace replay}: a C MPI program that performs a model's events, rank by rank. */
public final class ReplayCommand implements Command {

	@Override
	public String name() {
		return "replay";
	}

	@Override
	public String summary() {
		return "generate a C MPI program that replays the model's communication";
	}

	@Override
	public String help() {
		return """
				usage: looptrace replay <model.loops> -o DIR [--data FOLDER] [--compute none|mean|exact] [--force]

				Writes DIR/replay.c and DIR/Makefile: an MPI program in which every rank runs the
				model's loops and performs its own events in the order of its trace (send as
				MPI_Isend, recv as MPI_Recv from the exact source and tag, sync as that collective
				on a communicator of its group, local as a marker the LoopTrace tracer records).
				Each statement names its construct by its outline path. Tracing the program
				(looptrace trace -np P -o T DIR/replay) gives back the model's traces; tags that are
				symbols or on communicators are sent as numbers listed in DIR/replay.tags
				(docs/REPLAY.md).

				  -o DIR            the folder to write, created when missing (written beside it, then
				                    moved: a run that fails leaves no DIR, and DIR as it was)
				  --data FOLDER     the run's data traces (data.<rank>): the size of every message and
				                    collective, a number where a construct's size is constant, else read
				                    from DIR/replay.sizes.<rank>
				  --compute MODE    the computation between events, from --data, as busy waiting:
				                    none (default), mean (per construct) or exact (every gap, read from
				                    DIR/replay.gaps.<rank>)
				  --force           replace DIR when it holds anything (all of it: no file of an
				                    earlier program stays)

				example:
				  looptrace replay run.loops -o replay-run --data run/ --compute mean
				  make -C replay-run && looptrace trace -np 16 -o run-again replay-run/replay
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("-o", "--data", "--compute"), Set.of("--force"));
		Path path = Arguments.existingFile(name(), arguments.positional(1, 1, "one model file").get(0));
		String output = arguments.value("-o", "");
		if (output.isEmpty()) {
			throw new UsageException(name() + ": -o DIR is required: the folder to write the program into");
		}
		Path folder = Arguments.outputFolder(name(), output, arguments.flag("--force"), err);
		Compute compute = compute(arguments.value("--compute", "none"));
		String dataText = arguments.value("--data");
		Path data = dataText == null ? null : Arguments.existing(name(), dataText);
		if (data != null && !Files.isDirectory(data)) {
			throw new UsageException(name() + ": --data " + data + " is a file, expected the folder of the run's data.<rank>");
		}
		if (data == null && compute != Compute.NONE) {
			throw new UsageException(name() + ": --compute " + compute.name().toLowerCase(Locale.ROOT)
					+ " reads the time between events from data traces: give them with --data FOLDER");
		}
		LocatedModel located;
		try {
			located = ModelText.parseLocated(Arguments.readText(name(), path), path.toString());
		} catch (ModelTextException e) {
			throw new UsageException(name() + ": " + path + " is not a valid model:\n" + e.getMessage());
		}
		Progress progress = TerminalProgress.of(err);
		ReplayProgram program;
		try {
			program = ReplayGenerator.generate(located.model(), path.getFileName().toString(), new ReplayOptions(data, compute), progress);
		} catch (ReplayException e) {
			Construct construct = e.construct();
			Integer line = construct == null ? null : located.lines().get(construct);
			String where = construct == null ? "" : (line == null ? "" : ":" + line) + ": construct " + ConstructPath.of(construct);
			throw new UsageException(name() + ": " + path + where + ": " + e.getMessage());
		}
		AtomicFolder.writeFiles(folder, into -> program.write(into, false)).forEach(out::println);
		err.println(name() + ": make -C " + output + ", then mpirun -np " + program.ranks() + " " + Path.of(output, "replay"));
		return 0;
	}

	private Compute compute(String text) throws UsageException {
		return switch (text) {
		case "none" -> Compute.NONE;
		case "mean" -> Compute.MEAN;
		case "exact" -> Compute.EXACT;
		default -> throw new UsageException(name() + ": --compute expects none, mean or exact, not '" + text + "'");
		};
	}
}
