// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;

/**
 * The one way tests reach the traces shipped in this bundle (resources/org/looptrace/trace/traces):
 * a folder lists its files in {@code files}; it is copied to a temporary folder, so tests run the
 * same from a jar, a class folder or OSGi.
 */
final class TestTraces {

	private TestTraces() {
	}

	/** Copies the shipped trace folder {@code name} into {@code into} and returns the copy. */
	static Path folder(String name, Path into) {
		try {
			Path folder = Files.createDirectories(into.resolve(name));
			for (String file : resource(name + "/files").lines().filter(line -> !line.isBlank()).toList()) {
				try (InputStream in = open(name + "/" + file)) {
					Files.copy(in, folder.resolve(file));
				}
			}
			return folder;
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	private static String resource(String path) throws IOException {
		try (InputStream in = open(path)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	private static InputStream open(String path) throws IOException {
		InputStream in = TestTraces.class.getResourceAsStream("traces/" + path);
		if (in == null) {
			throw new IOException("no test resource traces/" + path);
		}
		return in;
	}

	/** Writes {@code text} as a file of {@code folder}. */
	static Path write(Path folder, String name, String text) throws IOException {
		return Files.writeString(folder.resolve(name), text, StandardCharsets.UTF_8);
	}

	/** All the events of a trace file. */
	static List<TraceEvent> read(Path file) throws IOException {
		List<TraceEvent> events = new java.util.ArrayList<>();
		try (EventReader reader = EventReader.open(file)) {
			for (TraceEvent event; (event = reader.next()) != null;) {
				events.add(event);
			}
		}
		return events;
	}

	/** Progress that counts work and cancels once told to. */
	static final class CountingProgress implements Progress {
		long work;
		long cancelAfter = Long.MAX_VALUE;

		@Override
		public void begin(@Nullable String task, long totalWork) {
		}

		@Override
		public void worked(long units) {
			work += units;
		}

		@Override
		public boolean isCancelled() {
			return work >= cancelAfter;
		}
	}
}
