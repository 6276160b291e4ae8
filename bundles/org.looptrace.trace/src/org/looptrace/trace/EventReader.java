// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.internal.LineParser;
import org.looptrace.trace.internal.ReadAhead;

/**
 * Streams the events of one event trace ({@code trace.<rank>}, plain or gzip-compressed), one line at
 * a time: memory does not depend on the length of the file. Lines starting with {@code #} are
 * comments and are skipped. Bytes are parsed in place (no String per line); gzip data is inflated
 * on a thread of its own where there is more than one processor.
 * <p>
 * Strict (the default), a malformed line ends in a {@link TraceFormatException} naming the file,
 * line, column and what was expected. Lenient (opened with a {@link SkippedLines}), a malformed line
 * is reported there, with the same diagnostic, and reading goes on with the next line; data that
 * cannot be read at all (corrupt or truncated gzip, a failing disk) still ends the reading with a
 * {@link TraceFormatException} saying how far the file was readable.
 *
 * <pre>
 * try (EventReader reader = EventReader.open(file)) {
 *     for (TraceEvent event; (event = reader.next()) != null;) { ... }
 * }
 * </pre>
 */
public final class EventReader implements AutoCloseable {

	private static final int BUFFER = 1 << 16;
	/** A line longer than this is not an event line: the file is not a trace. */
	private static final int MAX_LINE = 1 << 24;

	private final Path file;
	private final LineParser parser;
	private final @Nullable SkippedLines skipped;
	private final boolean gzip;
	private final InputStream in;
	private byte[] buffer = new byte[BUFFER];
	private int pos;
	private int limit;
	private boolean eof;
	private long line;
	private @Nullable Diagnostic cutShort;

	private EventReader(Path file, int expectedOwner, int ranks, @Nullable SkippedLines skipped) throws IOException {
		this.file = file;
		this.parser = new LineParser(file, expectedOwner, ranks);
		this.skipped = skipped;
		InputStream raw = Files.newInputStream(file);
		try {
			while (limit < DataTrace.MAGIC.length && !eof) {
				read(raw);
			}
		} catch (IOException e) {
			raw.close();
			throw e;
		}
		// gzip is recognized by its magic number, whatever the file's name
		gzip = limit >= 2 && (buffer[0] & 0xff) == 0x1f && (buffer[1] & 0xff) == 0x8b;
		// only the first line is looked at: a trace whose end a crash filled with zeros is text, its bad lines reported as such
		String binary = gzip ? null : BinaryFiles.binaryKind(buffer, limit, true);
		if (binary != null) {
			raw.close();
			throw new TraceFormatException(Diagnostic.error(file, binary + ", not an event trace: expected text, one event per line, as in trace.<rank>"));
		}
		if (gzip) {
			InputStream head = new ByteArrayInputStream(buffer, 0, limit);
			buffer = new byte[BUFFER];
			limit = 0;
			eof = false;
			InputStream inflated;
			try {
				inflated = new GZIPInputStream(new SequenceInputStream(head, raw), BUFFER);
			} catch (IOException e) {
				raw.close();
				throw new TraceFormatException(Diagnostic.error(file, "not a readable gzip file: " + e.getMessage()), e);
			}
			in = ReadAhead.helps() ? new ReadAhead(inflated, file.getFileName().toString()) : inflated;
		} else {
			in = raw;
		}
	}

	/** Opens an event trace without checking owners or rank ranges, strict. */
	public static EventReader open(Path file) throws IOException {
		return new EventReader(file, -1, -1, null);
	}

	/**
	 * Opens the event trace of rank {@code expectedOwner} in a folder of {@code ranks} ranks, strict:
	 * every event must be owned by that rank and every rank must be below {@code ranks}.
	 *
	 * @param expectedOwner the owner of every event, or -1 for no check
	 * @param ranks         the bound of every rank, or -1 for no check
	 */
	public static EventReader open(Path file, int expectedOwner, int ranks) throws IOException {
		return new EventReader(file, expectedOwner, ranks, null);
	}

	/**
	 * Opens an event trace like {@link #open(Path, int, int)}, lenient when {@code skipped} is given:
	 * malformed lines are reported to it and skipped.
	 *
	 * @param skipped where skipped lines are reported, or null for a strict reader
	 */
	public static EventReader open(Path file, int expectedOwner, int ranks, @Nullable SkippedLines skipped) throws IOException {
		return new EventReader(file, expectedOwner, ranks, skipped);
	}

	public Path file() {
		return file;
	}

	/** The number of the last line read (1-based), 0 before the first. */
	public long line() {
		return line;
	}

	/** Whether malformed lines are skipped (and reported) rather than thrown. */
	public boolean isLenient() {
		return skipped != null;
	}

	/**
	 * The next event, or null at the end of the file (or at a last line cut short: {@link #cutShort()}).
	 *
	 * @throws TraceFormatException for a malformed line (strict reader only), gzip data that is
	 *                              corrupt or cut short, or a failure to read the file
	 */
	public @Nullable TraceEvent next() throws TraceFormatException {
		while (true) {
			int newline = indexOfNewline(pos);
			if (newline < 0 && !eof) {
				newline = fillToNewline();
			}
			int lineEnd;
			if (newline >= 0) {
				lineEnd = newline;
			} else if (pos < limit) {
				lineEnd = limit; // last line without a line terminator
			} else {
				return null;
			}
			int lineStart = pos;
			pos = newline >= 0 ? newline + 1 : limit;
			line++;
			if (lineEnd > lineStart && buffer[lineEnd - 1] == '\r') {
				lineEnd--;
			}
			if (lineEnd > lineStart && buffer[lineStart] == '#') {
				continue;
			}
			if (newline < 0) {
				return lastLine(lineStart, lineEnd);
			}
			SkippedLines lenient = skipped;
			if (lenient == null) {
				return parser.parse(buffer, lineStart, lineEnd, line);
			}
			try {
				return parser.parse(buffer, lineStart, lineEnd, line);
			} catch (TraceFormatException e) {
				lenient.add(e.diagnostic());
			}
		}
	}

	/**
	 * The event of a last line without a newline; null, and {@link #cutShort()} says so, when the
	 * line is not a whole event because it stops inside the field that fails (`3 re`, `3 send 4`):
	 * the tracer ends every line with a newline, and a rank killed during a write(2) leaves such a
	 * torn line (the kernel cuts a write short when SIGKILL arrives, as mpirun sends it to the
	 * ranks of an aborted run). A last line that fails before its end is malformed as any other.
	 */
	private @Nullable TraceEvent lastLine(int lineStart, int lineEnd) throws TraceFormatException {
		try {
			return parser.parse(buffer, lineStart, lineEnd, line);
		} catch (TraceFormatException e) {
			int column = e.diagnostic().column();
			for (int i = lineStart + Math.max(0, column - 1); i < lineEnd; i++) {
				if (buffer[i] == ' ') {
					SkippedLines lenient = skipped;
					if (lenient == null) {
						throw e;
					}
					lenient.add(e.diagnostic());
					return null;
				}
			}
			cutShort = Diagnostic.warning(file, line, column, "the last line, '"
					+ new String(buffer, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8) + "', has no newline and stops inside an event ("
					+ e.diagnostic().message() + "): cut short, as by a rank killed while writing; not read");
			return null;
		}
	}

	/**
	 * The warning about a last line cut short (no newline, an event's beginning only), once the
	 * reader has reached it; null otherwise.
	 */
	public @Nullable Diagnostic cutShort() {
		return cutShort;
	}

	private int indexOfNewline(int from) {
		byte[] bytes = buffer;
		for (int i = from, end = limit; i < end; i++) {
			if (bytes[i] == '\n') {
				return i;
			}
		}
		return -1;
	}

	/** Reads until the buffer holds a whole line; its newline, or -1 at the end of the file. */
	private int fillToNewline() throws TraceFormatException {
		int newline = -1;
		while (newline < 0 && !eof) {
			int scanned = limit - pos;
			if (pos == 0 && limit == buffer.length && !grow()) {
				scanned = 0; // an over-long line was dropped: what follows starts afresh
			}
			fill();
			newline = indexOfNewline(pos + scanned);
		}
		return newline;
	}

	/**
	 * Makes room for a line longer than the buffer. Past {@link #MAX_LINE} the line is an error;
	 * a lenient reader reports it, drops the bytes read of it and skips the rest up to its end.
	 *
	 * @return false when the line was dropped
	 */
	private boolean grow() throws TraceFormatException {
		if (buffer.length < MAX_LINE) {
			buffer = Arrays.copyOf(buffer, buffer.length * 2);
			return true;
		}
		Diagnostic tooLong = Diagnostic.error(file, line + 1, 1,
				"line longer than " + MAX_LINE + " bytes: expected one event per line (is this a trace file?)");
		SkippedLines lenient = skipped;
		if (lenient == null) {
			throw new TraceFormatException(tooLong);
		}
		lenient.add(tooLong);
		line++;
		while (true) {
			pos = 0;
			limit = 0;
			fill();
			int newline = indexOfNewline(0);
			if (newline >= 0 || eof) {
				pos = newline >= 0 ? newline + 1 : limit;
				return false;
			}
		}
	}

	/** Moves the unread bytes to the front of the buffer and reads more. */
	private void fill() throws TraceFormatException {
		if (pos > 0) {
			System.arraycopy(buffer, pos, buffer, 0, limit - pos);
			limit -= pos;
			pos = 0;
		}
		try {
			read(in);
		} catch (IOException e) {
			// truncated or corrupt compressed data, or a failing disk: say how far the file was readable
			String what = gzip ? "the gzip data is corrupt or cut short here" : "cannot read the file here";
			throw new TraceFormatException(Diagnostic.error(file, line + 1, 0,
					what + " (" + e.getMessage() + "): the file is readable up to line " + line), e);
		}
	}

	private void read(InputStream stream) throws IOException {
		int n = stream.read(buffer, limit, buffer.length - limit);
		if (n < 0) {
			eof = true;
		} else {
			limit += n;
		}
	}

	@Override
	public void close() throws IOException {
		in.close();
	}
}
