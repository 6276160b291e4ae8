// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.TraceEvent;

/** Writes an event trace, one canonical line per event, buffered; gzip-compressed when the name ends with {@code .gz}. */
public final class EventWriter implements AutoCloseable {

	private static final int BUFFER = 1 << 16;

	private final Writer out;

	private EventWriter(Writer out) {
		this.out = out;
	}

	/** Creates (or replaces) the file. */
	public static EventWriter create(Path file) throws IOException {
		OutputStream stream = Files.newOutputStream(file);
		if (file.getFileName().toString().endsWith(".gz")) {
			stream = new GZIPOutputStream(stream, BUFFER);
		}
		return new EventWriter(new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), BUFFER));
	}

	/**
	 * Appends the event's line.
	 *
	 * @throws IllegalArgumentException when a tag, name or word is empty or holds a space or a line
	 *                                  break: its line would not read back as the same event
	 */
	public void write(TraceEvent event) throws IOException {
		if (event.kind() == EventKind.LOCAL) {
			event.words().forEach(EventWriter::checkToken);
		} else {
			checkToken(event.tag());
		}
		out.write(event.toLine());
		out.write('\n');
	}

	private static void checkToken(String token) {
		if (token == null || token.isEmpty() || token.indexOf(' ') >= 0 || token.indexOf('\n') >= 0 || token.indexOf('\r') >= 0) {
			throw new IllegalArgumentException("not a trace token (empty, or holds a space or a line break): '" + token + "'");
		}
	}

	@Override
	public void close() throws IOException {
		out.close();
	}
}
