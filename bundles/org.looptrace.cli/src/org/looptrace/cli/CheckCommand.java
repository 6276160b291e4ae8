// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.trace.ConsistencyCheck;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.TraceCheck;
import org.looptrace.trace.otf2.TraceSource;

/** {@code looptrace check <folder>}: the diagnostics and summary of {@link TraceCheck}, which the IDE marks too. */
public final class CheckCommand implements Command {

	@Override
	public String name() {
		return "check";
	}

	@Override
	public String summary() {
		return "check that a trace folder is well formed and consistent";
	}

	@Override
	public String help() {
		return """
				usage: looptrace check <folder> [--calls]

				Checks a trace folder (trace.<p> or trace.<p>.gz for every rank p, optionally data.<p>):
				every line well formed, every event in the trace of its rank, every message sent
				received on its channel (src, dst, tag), every collective seen as often by every member
				of its group and by no other rank, every data trace as long as its event trace.
				Prints one diagnostic per line (file:line:column: error: message), then a summary.
				A malformed line is reported and skipped, and the rest of its file is still checked;
				a missing rank is reported and the others are still checked. At most %d errors and
				warnings are shown per file; a note says how many more there were. For an OTF2
				archive, a problem in the events of a rank names the event file of the rank's
				location, the location and the event's position in it (as otf2-print counts).

				arguments:
				  <folder>   the trace folder

				exit status: 0 when the traces have no error; 1 when they have errors (each printed);
				2 when nothing could be checked: bad arguments, a path that is neither a trace folder
				nor an OTF2 archive, a folder without trace files, an archive that cannot be opened
				(one line on standard error, as the other commands say bad input).

				example:
				  looptrace check examples/ring-8
				""".formatted(ConsistencyCheck.DEFAULT_SHOWN_PER_FILE) + TraceInput.HELP;
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws UsageException {
		Arguments arguments = Arguments.parse(name(), args, Set.of(), Set.of(TraceInput.CALLS));
		Path given = Arguments.existing(name(), arguments.positional(1, 1, "one trace folder").get(0));
		boolean calls = arguments.flag(TraceInput.CALLS);
		TraceInput.checkCalls(name(), given, calls);
		// nothing to check (not a trace folder, an archive that cannot be opened): bad input, as for model
		TraceSource source = TraceInput.open(name(), given, calls, out);
		TraceCheck checked;
		try {
			checked = TraceCheck.of(source, ConsistencyCheck.DEFAULT_SHOWN_PER_FILE, Signals.PROGRESS);
		} catch (TraceFormatException e) {
			throw new UsageException(name() + ": " + e.diagnostic(), e);
		} catch (IOException e) { // the archive was read a moment ago: it changed under us
			throw new UsageException(name() + ": " + given + ": " + e.getMessage(), e);
		}
		// the archive's warnings were printed as it was opened; they count in the summary
		checked.diagnostics().forEach(out::println);
		checked.missingReceives().ifPresent(cause -> out.println(given + ": " + cause));
		out.println(checked.summary());
		return checked.hasErrors() ? 1 : 0;
	}
}
