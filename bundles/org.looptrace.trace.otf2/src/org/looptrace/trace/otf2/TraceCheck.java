// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.trace.ConsistencyCheck;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.SkippedLines;
import org.looptrace.trace.TraceFolder;

/**
 * The problems of the traces of a run, as {@code looptrace check} prints them and the IDE marks them:
 * the {@link ConsistencyCheck} of its trace folder, located where the user finds them
 * ({@link TraceSource#located}: an archive's event files rather than the folder it was written into),
 * after what the archive's definitions warn about, and why an archive's ranks miss receives when it
 * says so. One place, so that the command line and the IDE report the same problems in the same words.
 *
 * @param warnings        what reading the traces warned about (an archive's definitions), before the check's
 * @param diagnostics     the check's errors, warnings and notes, located, at most {@code shownPerFile}
 *                        errors and warnings per file and a note for each file that had more
 * @param missingReceives why ranks of an archive receive fewer messages than are sent to them, when the
 *                        traces have errors and the archive says so
 * @param report          the check's counts, for its summary; its diagnostics include {@code warnings}
 */
public record TraceCheck(List<Diagnostic> warnings, List<Diagnostic> diagnostics, Optional<String> missingReceives,
		ConsistencyCheck.Report report) {

	public TraceCheck {
		warnings = List.copyOf(warnings);
		diagnostics = List.copyOf(diagnostics);
	}

	/**
	 * Checks the traces of {@code source}, showing at most {@code shownPerFile} errors and warnings per file.
	 *
	 * @throws org.looptrace.trace.TraceFormatException when the folder cannot be checked at all (no trace
	 *                 file, duplicate ranks), naming the folder or file
	 * @throws IOException when an archive read a moment ago cannot be read again (it changed)
	 * @throws java.util.concurrent.CancellationException when {@code progress} is cancelled
	 */
	public static TraceCheck of(TraceSource source, int shownPerFile, Progress progress) throws IOException {
		// lenient: a missing rank is one of the problems the check reports, not a reason to stop
		TraceFolder folder = TraceFolder.openLenient(source.folder(), new SkippedLines(0));
		ConsistencyCheck.Report report = ConsistencyCheck.check(folder, progress, shownPerFile);
		List<Diagnostic> warnings = source.warnings();
		List<Diagnostic> located = source.located(report.diagnostics());
		Optional<String> missing = report.hasErrors() && folder.ranks() > 0
				// messages an archive's ranks never receive may be receives it requests and never completes
				? source.missingReceives(RankSet.range(0, folder.ranks() - 1))
				: Optional.empty();
		return new TraceCheck(warnings, located, missing, report.withDiagnosticsFirst(warnings));
	}

	/** Whether the traces have errors, those left out past the cap of their file included. */
	public boolean hasErrors() {
		return report.hasErrors();
	}

	/** Every problem, in the order they are reported: {@link #warnings()}, then {@link #diagnostics()}. */
	public List<Diagnostic> all() {
		List<Diagnostic> all = new ArrayList<>(warnings);
		all.addAll(diagnostics);
		return all;
	}

	/** The one-line summary of {@code looptrace check}: ranks, events, ..., errors, warnings. */
	public String summary() {
		return report.summary();
	}
}
