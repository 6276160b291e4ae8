// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TracesComment;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.TraceSource;

/**
 * The traces a command reads, from what the user gave ({@link TraceSource}: a trace folder, or an OTF2
 * archive written once as one), with what the command line adds: a progress bar on a terminal, the
 * archive's warnings on standard error, its failures as one-line usage errors, {@code --calls}.
 * Every command that reads traces goes through here, so each takes both.
 */
final class TraceInput {

	/** The option of every command that reads traces: an archive's regions as calls. */
	static final String CALLS = "--calls";

	/** What the help of each such command says about archives and {@code --calls}. */
	static final String HELP = """

			OTF2 archives (Score-P, EZTrace): wherever a trace folder is expected, an archive's anchor
			(traces.otf2) or the folder holding it is read through libotf2 (Debian package
			libopen-trace-format2-10) and written once into .looptrace/otf2/ beside the anchor, reused
			while the archive does not change (docs/FORMATS.md; looptrace convert writes it elsewhere).
			  --calls   (archives only) every Enter and Leave of a region becomes an event too,
			            `local call F` / `local return F`: the model shows which functions
			            communicate, and patterns --per-rank finds patterns per function. It is
			            another model (its loops count calls as events), whose positions match
			            only the traces read with --calls: a model file written with -o says so on
			            its `// traces:` line, and scan, profile, matrix and the IDE then read
			            the archive with calls without being asked.
			""";

	/** Ranks of an archive converted at the same time. */
	private static final int THREADS = Runtime.getRuntime().availableProcessors();

	private TraceInput() {
	}

	/** Whether {@code input} is an OTF2 archive rather than a trace folder or a model file. */
	static boolean isArchive(Path input) {
		return TraceSource.isArchive(input);
	}

	/** Refuses {@code --calls} for anything but an archive, saying why. */
	static void checkCalls(String command, Path input, boolean calls) throws UsageException {
		if (calls && !isArchive(input)) {
			throw new UsageException(command + ": " + CALLS + " is for an OTF2 archive, and " + input
					+ " is not one: the calls of a trace folder are the local call/return events it holds");
		}
	}

	/** The trace folder of {@code input}, as {@link #open} makes it. */
	static Path folder(String command, Path input, boolean calls, PrintStream err) throws UsageException {
		return open(command, input, calls, err).folder();
	}

	/**
	 * Traces that contradict each other, as a command reports them: the channel (or collective) that
	 * does not balance, with its cause and the remedy when an archive says so
	 * ({@link TraceSource#explained}); the trace files of its two ranks, when they are the user's own;
	 * and {@code looptrace check}, which names the events that do not match, line by line.
	 *
	 * @param given  the traces as the user named them
	 * @param calls  whether they were read with {@code --calls}
	 * @param source where they were read from, to explain the inconsistency; null when not asked
	 * @param folder the trace folder read
	 */
	static UsageException inconsistent(String command, Path given, boolean calls, @Nullable TraceSource source, TraceFolder folder,
			InconsistentTraceException e) {
		String what = e.getMessage();
		if (source != null) {
			try {
				what = source.explained(e).getMessage();
			} catch (IOException reading) { // the archive was read a moment ago: it changed under us
				what += "; " + reading.getMessage();
			}
		}
		InconsistentTraceException.Imbalance imbalance = e.imbalance();
		// the files of an archive or of a replay's tags restored are the engine's: check names the user's
		if (imbalance != null && folder.folder().equals(given)) {
			Path src = folder.traceFile(imbalance.src());
			Path dst = folder.traceFile(imbalance.dst());
			what += " (" + src + (src.equals(dst) ? "" : ", " + dst) + ")";
		}
		return new UsageException(command + ": " + given + ": inconsistent traces: " + what + "; looptrace check " + given
				+ (calls ? " " + CALLS : "") + " lists the events that do not match", e);
	}

	/**
	 * The traces of {@code input}; for an archive, written (or found up to date) first, with the
	 * archive's warnings printed to {@code err}.
	 *
	 * @param calls whether the user asked for {@code --calls}, which only an archive takes
	 * @throws UsageException in one line, naming the file and what is wrong, when the archive cannot be
	 *                        read or libotf2 is not installed, or for {@code --calls} without an archive
	 */
	static TraceSource open(String command, Path input, boolean calls, PrintStream err) throws UsageException {
		checkCalls(command, input, calls);
		return opened(command, input, progress -> TraceSource.open(input, calls, THREADS, progress), err);
	}

	/**
	 * The traces of the model file {@code model} of text {@code text} ({@link TraceSource#ofModel}:
	 * those its {@code // traces:} line names, an archive among them), opened as {@link #forModel}
	 * opens them.
	 */
	static TraceSource ofModel(String command, Path model, String text, boolean calls, PrintStream err) throws UsageException {
		return forModel(command, TracesComment.traceFolder(model, text), text, calls, err);
	}

	/**
	 * The traces {@code input} read for the model text {@code text} ({@link TraceSource#forModel}: an
	 * archive's regions as calls when {@code calls} asks or the model counts them), opened as
	 * {@link #open} opens them.
	 */
	static TraceSource forModel(String command, Path input, String text, boolean calls, PrintStream err) throws UsageException {
		checkCalls(command, input, calls);
		return opened(command, input, progress -> TraceSource.forModel(input, text, calls, THREADS, progress), err);
	}

	/** How a command opens its traces, reporting an archive's conversion. */
	@FunctionalInterface
	private interface Opening {
		TraceSource open(Progress progress) throws IOException;
	}

	private static TraceSource opened(String command, Path input, Opening opening, PrintStream err) throws UsageException {
		Progress progress = isArchive(input) ? TerminalProgress.of(err) : Signals.PROGRESS;
		try {
			TraceSource source = opening.open(progress);
			TerminalProgress.clear(progress);
			source.warnings().forEach(err::println);
			return source;
		} catch (TraceFormatException e) {
			throw new UsageException(command + ": " + e.diagnostic(), e);
		} catch (IOException e) {
			throw new UsageException(command + ": " + input + ": " + e.getMessage(), e);
		}
	}
}
