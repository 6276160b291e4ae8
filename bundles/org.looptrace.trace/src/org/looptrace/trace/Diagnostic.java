// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A problem found in a trace file, located in the GNU style {@code file:line:column: error: message}.
 *
 * @param severity whether the problem is an error or a warning
 * @param file     the file the problem is in (a trace file, a data file or a folder)
 * @param line     the 1-based line, or 0 when the problem is not on one line (a whole file, a binary file)
 * @param column   the 1-based column, or 0 when not applicable
 * @param message  what was found and what was expected
 */
public record Diagnostic(Severity severity, Path file, long line, int column, String message) {

	/**
	 * How bad a diagnostic is: an error makes {@code looptrace check} fail, a warning does not, a
	 * note only says something about the other diagnostics (how many were left out).
	 */
	public enum Severity {
		ERROR, WARNING, NOTE;

		/** The word of the GNU format: {@code error}, {@code warning} or {@code note}. */
		public String word() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}
	}

	public Diagnostic {
		Objects.requireNonNull(severity);
		Objects.requireNonNull(file);
		Objects.requireNonNull(message);
	}

	/** An error at a line and column. */
	public static Diagnostic error(Path file, long line, int column, String message) {
		return new Diagnostic(Severity.ERROR, file, line, column, message);
	}

	/** An error about a whole file. */
	public static Diagnostic error(Path file, String message) {
		return new Diagnostic(Severity.ERROR, file, 0, 0, message);
	}

	/** A warning at a line and column. */
	public static Diagnostic warning(Path file, long line, int column, String message) {
		return new Diagnostic(Severity.WARNING, file, line, column, message);
	}

	/** A warning about a whole file. */
	public static Diagnostic warning(Path file, String message) {
		return new Diagnostic(Severity.WARNING, file, 0, 0, message);
	}

	/**
	 * A note that {@code count} more problems of a file were left out after the first {@code shown}.
	 *
	 * @param what the problems, plural: {@code "errors"}, {@code "skipped lines"}
	 */
	public static Diagnostic leftOut(Path file, long count, String what, int shown) {
		return new Diagnostic(Severity.NOTE, file, 0, 0,
				count + " more " + what + " of this file left out (at most " + shown + " shown per file)");
	}

	public boolean isError() {
		return severity == Severity.ERROR;
	}

	/** {@code file:line:column: error: message}, leaving out a line or column of 0. */
	@Override
	public String toString() {
		StringBuilder text = new StringBuilder().append(file);
		if (line > 0) {
			text.append(':').append(line);
			if (column > 0) {
				text.append(':').append(column);
			}
		}
		return text.append(": ").append(severity.word()).append(": ").append(message).toString();
	}
}
