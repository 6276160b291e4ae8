// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.model.core.Progress;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.Otf2Archive;

/** {@code looptrace convert ARCHIVE -o FOLDER}: an OTF2 archive written as a trace folder. */
public final class ConvertCommand implements Command {

	@Override
	public String name() {
		return "convert";
	}

	@Override
	public String summary() {
		return "write an OTF2 archive (Score-P, EZTrace) as a trace folder (trace.<p>, data.<p>)";
	}

	@Override
	public String help() {
		return """
				usage: looptrace convert <archive> -o <folder> [--force] [--calls] [--threads N]

				Reads an OTF2 archive through libotf2 (Debian package libopen-trace-format2-10) and
				writes its MPI ranks as a trace folder: trace.<p> (sends at issue, receives at
				completion, collectives, peers as MPI_COMM_WORLD ranks) and data.<p> (time and end of
				the MPI call in ns, size in bytes). docs/FORMATS.md says how OTF2 is mapped. Every
				command that takes a trace folder also takes an archive directly; convert is for those
				who want the files.

				arguments:
				  <archive>      the anchor file (traces.otf2) or the folder holding it
				  -o <folder>    the trace folder to write, created when missing (written beside it,
				                 then moved: a conversion that fails leaves no folder, and the
				                 folder as it was)

				options:
				  --force        replace the folder when it holds anything (all of it)
				  --calls        every Enter and Leave of a region as `local call F` / `local return F`
				  --threads N    ranks read at the same time (default: cores, %d)

				example:
				  looptrace convert scorep-run/traces.otf2 -o run-traces
				""".formatted(Runtime.getRuntime().availableProcessors());
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("-o", "--threads"), Set.of("--calls", "--force"));
		Path input = Arguments.existing(name(), arguments.positional(1, 1, "one OTF2 archive").get(0));
		String output = arguments.value("-o");
		if (output == null) {
			throw new UsageException("convert: expected -o <folder>, where to write the trace folder");
		}
		Path folder = Arguments.outputFolder(name(), output, arguments.flag("--force"), err);
		int threads = arguments.intValue("--threads", Runtime.getRuntime().availableProcessors(), 1, 4096);
		Progress progress = TerminalProgress.of(err);
		try {
			Otf2Archive archive = Otf2Archive.open(input);
			List<Diagnostic> definitions = archive.warnings();
			definitions.forEach(err::println);
			boolean calls = arguments.flag("--calls");
			int ranks = AtomicFolder.write(folder, into -> {
				archive.convert(into, calls, threads, progress);
				return archive.ranks();
			});
			TerminalProgress.clear(progress);
			// what reading the events found (receives requested and never completed)
			archive.warnings().stream().filter(warning -> !definitions.contains(warning)).forEach(err::println);
			out.println(archive.anchor() + ": " + ranks + " ranks written to " + folder);
			return 0;
		} catch (TraceFormatException e) {
			throw new UsageException("convert: " + e.diagnostic(), e);
		} catch (IOException e) {
			throw new UsageException("convert: " + input + ": " + e.getMessage(), e);
		}
	}
}
