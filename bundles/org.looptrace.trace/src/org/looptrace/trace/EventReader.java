// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.internal.LineParser;

/**
 * Streams the events of one event trace ({@code trace.<rank>}, plain or gzip-compressed), one line at
 * a time: memory does not depend on the length of the file. Lines starting with {@code #} are
 * comments and are skipped. A malformed line ends in a {@link TraceFormatException} naming the file,
 * line, column and what was expected.
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
	private final boolean gzip;
	private InputStream in;
	private byte[] buffer = new byte[BUFFER];
	private int pos;
	private int limit;
	private boolean eof;
	private long line;

	private EventReader(Path file, int expectedOwner, int ranks) throws IOException {
		this.file = file;
		this.parser = new LineParser(file, expectedOwner, ranks);
		InputStream raw = Files.newInputStream(file);
		try {
			while (limit < 2 && !eof) {
				read(raw);
			}
		} catch (IOException e) {
			raw.close();
			throw e;
		}
		// gzip is recognized by its magic number, whatever the file's name
		gzip = limit >= 2 && (buffer[0] & 0xff) == 0x1f && (buffer[1] & 0xff) == 0x8b;
		if (gzip) {
			InputStream head = new ByteArrayInputStream(buffer, 0, limit);
			buffer = new byte[BUFFER];
			limit = 0;
			eof = false;
			try {
				in = new GZIPInputStream(new SequenceInputStream(head, raw), BUFFER);
			} catch (IOException e) {
				raw.close();
				throw new TraceFormatException(Diagnostic.error(file, "not a readable gzip file: " + e.getMessage()), e);
			}
		} else {
			in = raw;
		}
	}

	/** Opens an event trace without checking owners or rank ranges. */
	public static EventReader open(Path file) throws IOException {
		return new EventReader(file, -1, -1);
	}

	/**
	 * Opens the event trace of rank {@code expectedOwner} in a folder of {@code ranks} ranks: every
	 * event must be owned by that rank and every rank must be below {@code ranks}.
	 *
	 * @param expectedOwner the owner of every event, or -1 for no check
	 * @param ranks         the bound of every rank, or -1 for no check
	 */
	public static EventReader open(Path file, int expectedOwner, int ranks) throws IOException {
		return new EventReader(file, expectedOwner, ranks);
	}

	public Path file() {
		return file;
	}

	/** The number of the last line read (1-based), 0 before the first. */
	public long line() {
		return line;
	}

	/**
	 * The next event, or null at the end of the file.
	 *
	 * @throws TraceFormatException for a malformed line, gzip data that is corrupt or cut short, or a
	 *                              failure to read the file
	 */
	public TraceEvent next() throws TraceFormatException {
		while (true) {
			int scanned = pos;
			int newline = indexOfNewline(scanned);
			while (newline < 0 && !eof) {
				scanned = limit - pos;
				fill();
				newline = indexOfNewline(pos + scanned);
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
			return parser.parse(buffer, lineStart, lineEnd, line);
		}
	}

	private int indexOfNewline(int from) {
		for (int i = from; i < limit; i++) {
			if (buffer[i] == '\n') {
				return i;
			}
		}
		return -1;
	}

	/** Moves the unread bytes to the front of the buffer (growing it for a long line) and reads more. */
	private void fill() throws TraceFormatException {
		if (pos > 0) {
			System.arraycopy(buffer, pos, buffer, 0, limit - pos);
			limit -= pos;
			pos = 0;
		}
		if (limit == buffer.length) {
			if (buffer.length >= MAX_LINE) {
				throw new TraceFormatException(Diagnostic.error(file, line + 1, 1,
						"line longer than " + MAX_LINE + " bytes: expected one event per line (is this a trace file?)"));
			}
			buffer = java.util.Arrays.copyOf(buffer, buffer.length * 2);
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
