// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

import org.looptrace.model.core.Progress;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.Otf2Archive;

/**
 * The trace folder a command reads from what the user gave: a trace folder as it is, an OTF2
 * archive (its anchor {@code *.otf2} or the folder holding {@code traces.otf2}) as the trace folder
 * it is written into once, beside the anchor in {@code .looptrace/otf2/}, and reused while the
 * archive does not change. Every command that reads traces goes through here, so each takes both.
 */
final class TraceInput {

	/** What the help of each such command says about archives. */
	static final String HELP = """

			OTF2 archives (Score-P, EZTrace): wherever a trace folder is expected, an archive's anchor
			(traces.otf2) or the folder holding it is read through libotf2 (Debian package
			libopen-trace-format2-10) and written once into .looptrace/otf2/ beside the anchor, reused
			while the archive does not change (docs/FORMATS.md; looptrace convert writes it elsewhere).
			""";

	private TraceInput() {
	}

	/** Whether {@code input} is an OTF2 archive rather than a trace folder or a model file. */
	static boolean isArchive(Path input) {
		return Otf2Archive.anchorOf(input).isPresent();
	}

	/**
	 * The trace folder of {@code input}; for an archive, written (or found up to date) first, with the
	 * archive's warnings printed to {@code err}.
	 *
	 * @throws UsageException in one line, naming the file and what is wrong, when the archive cannot be
	 *                        read or libotf2 is not installed
	 */
	static Path folder(String command, Path input, PrintStream err) throws UsageException {
		Optional<Path> anchor = Otf2Archive.anchorOf(input);
		if (anchor.isEmpty()) {
			return input;
		}
		Progress progress = System.console() != null ? new TerminalProgress(err) : Progress.NONE;
		try {
			Otf2Archive archive = Otf2Archive.open(anchor.get());
			archive.warnings().forEach(err::println);
			Path folder = archive.traceFolder(false, Runtime.getRuntime().availableProcessors(), progress).folder();
			if (progress instanceof TerminalProgress bar) {
				bar.clear();
			}
			return folder;
		} catch (TraceFormatException e) {
			throw new UsageException(command + ": " + e.diagnostic(), e);
		} catch (IOException e) {
			throw new UsageException(command + ": " + anchor.get() + ": " + e.getMessage(), e);
		}
	}
}
