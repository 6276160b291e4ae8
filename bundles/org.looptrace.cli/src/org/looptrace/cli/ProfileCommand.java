// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TracesComment;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.Durations;
import org.looptrace.scanner.profile.ProfileCsv;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.scanner.profile.TimeText;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.TraceSource;

/** {@code looptrace profile}: the time of every construct of a model per rank, from the data traces of its run. */
public final class ProfileCommand implements Command {

	@Override
	public String name() {
		return "profile";
	}

	@Override
	public String summary() {
		return "the time of every construct per rank, from the data traces: where the time goes";
	}

	@Override
	public String help() {
		return """
				usage: looptrace profile <model.loops> [FOLDER] [--csv FILE] [--top N] [--force] [--calls]

				The time of every construct of the model on every rank, from the time and end
				attributes of FOLDER/data.<rank> (docs/FORMATS.md), each read once, in order
				(docs/TIME.md). FOLDER defaults to the folder the model's first line names
				(`// traces: PATH`), else the model's own folder.

				Prints the N constructs taking the most time (summed over the ranks): their share
				of the ranks' run time, total and MPI time, imbalance (the busiest rank's time over
				the mean of the ranks' times) and busiest rank, and for loops the mean iteration
				and a one-line histogram of the iteration durations (log-scale bins, all ranks).

				options:
				  --csv FILE   write every construct and rank as CSV instead: construct (its path,
				               as the outline numbers it), rank, occurrences, mpi_time, total_time,
				               iterations, iteration_min, iteration_mean, iteration_max,
				               iteration_histogram (bin:count, bin k >= 1 holds [2^(k-1), 2^k) ns),
				               imbalance, busiest_rank; times in ns; - for standard output
				  --top N      how many constructs to print (default 10)
				  --force      replace an existing FILE

				examples:
				  looptrace profile run.loops run/
				  looptrace profile run.loops run/ --csv times.csv
				""" + TraceInput.HELP;
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("--csv", "--top"), Set.of("--force", TraceInput.CALLS));
		List<String> positional = arguments.positional(1, 2, "a model file and its trace folder");
		Path path = Arguments.existingFile(name(), positional.get(0));
		int top = arguments.intValue("--top", 10, 1, Integer.MAX_VALUE);
		String csv = arguments.value("--csv");
		Path file = csv == null || csv.equals("-") ? null : Arguments.outputFile(name(), csv, arguments.flag("--force"), err);
		String text = Arguments.readText(name(), path);
		Model model = ScanCommand.parseModel(name(), path, text);
		boolean calls = arguments.flag(TraceInput.CALLS);
		Path traces = positional.size() == 2 ? Arguments.existing(name(), positional.get(1)) : TracesComment.traceFolder(path, text);
		TraceSource source = TraceInput.forModel(name(), traces, text, calls, err);
		Progress progress = TerminalProgress.of(err);
		TimeProfile profile = read(name(), model, path, source, progress);
		if (csv != null) {
			writeCsv(profile, file, out);
		} else {
			print(profile, top, out);
		}
		return 0;
	}

	/**
	 * The time profile of a model from the data traces of its traces (also {@code render --time}): data
	 * traces that do not fit the model are usage errors naming the file as the user gave it.
	 *
	 * @param path the model file, named when the model is too irregular to project
	 */
	static TimeProfile read(String command, Model model, Path path, TraceSource source, Progress progress)
			throws IOException, UsageException {
		try {
			return source.read(folder -> TimeProfile.of(model, folder, progress));
		} catch (TraceFormatException e) {
			throw new UsageException(command + ": " + e.diagnostic());
		} catch (IllegalArgumentException e) {
			throw new UsageException(command + ": " + path + ": " + e.getMessage());
		} catch (UncheckedIOException e) { // a data trace that cannot be mapped
			throw e.getCause();
		}
	}

	private static void writeCsv(TimeProfile profile, @Nullable Path file, PrintStream out) throws IOException {
		if (file == null) {
			ProfileCsv.write(profile, out);
			return;
		}
		AtomicFile.write(file, stream -> {
			Writer writer = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
			ProfileCsv.write(profile, writer);
			writer.flush();
		});
	}

	/** The constructs taking the most time, one line each. */
	private static void print(TimeProfile profile, int top, PrintStream out) {
		long run = 0;
		for (long rank : profile.runTimes().values()) {
			run = Math.addExact(run, rank);
		}
		out.printf("%d ranks, run time %s summed over the ranks; the %d constructs taking the most time:%n", profile.runTimes().size(),
				TimeText.of(run), Math.min(top, profile.constructs().size()));
		out.printf("%-12s %-6s %7s %9s %9s %9s %8s  %s%n", "construct", "kind", "share", "total", "mpi", "imbalance", "busiest",
				"iterations: mean, histogram");
		List<ConstructTime> constructs = new ArrayList<>(profile.constructs());
		constructs.sort(Comparator.comparingLong(ConstructTime::totalTime).reversed());
		for (ConstructTime construct : constructs.subList(0, Math.min(top, constructs.size()))) {
			Durations iterations = construct.iterations();
			out.printf(Locale.ROOT, "%-12s %-6s %6.1f%% %9s %9s %9.2f %8d  %s%n", construct.path(), kind(construct.construct()),
					100 * profile.share(construct), TimeText.of(construct.totalTime()), TimeText.of(construct.mpiTime()), construct.imbalance(),
					construct.busiest().rank(), iterations == null ? "" : TimeText.of(Math.round(iterations.mean())) + ", " + iterations.histogram());
		}
	}

	private static String kind(Construct construct) {
		return construct instanceof Event event ? event.eClass().getName().toLowerCase(Locale.ROOT) : "loop";
	}
}
