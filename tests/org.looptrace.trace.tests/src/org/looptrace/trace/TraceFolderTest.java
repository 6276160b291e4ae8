// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.core.TraceEvent;

class TraceFolderTest {

	/** Set by JUnit before each test (the initial value only satisfies the null analysis). */
	@TempDir
	Path dir = Path.of("");

	private String errorOf(Path folder) {
		TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceFolder.open(folder));
		assertEquals(folder, e.diagnostic().file());
		return e.diagnostic().message();
	}

	@Test
	void findsPlainAndCompressedTracesAndData() throws IOException {
		TestTraces.write(dir, "trace.0", "0 send 1 7\n");
		try (EventWriter writer = EventWriter.create(dir.resolve("trace.1.gz"))) {
			writer.write(TraceEvent.recv(0, 1, "7"));
		}
		TestTraces.write(dir, "trace.x", "not a trace");
		TestTraces.write(dir, "trace.01", "not a rank");
		TestTraces.write(dir, "data.1", "");
		TraceFolder folder = TraceFolder.open(dir);
		assertEquals(2, folder.ranks());
		assertEquals(dir.resolve("trace.1.gz"), folder.traceFile(1));
		assertEquals(Optional.empty(), folder.dataFile(0));
		assertEquals(Optional.of(dir.resolve("data.1")), folder.dataFile(1));
		assertThrows(TraceFormatException.class, () -> folder.openData(0));
		try (EventReader reader = folder.openEvents(1)) {
			assertEquals(TraceEvent.recv(0, 1, "7"), reader.next());
		}
	}

	@Test
	void openEventsChecksOwnerAndRange() throws IOException {
		TestTraces.write(dir, "trace.0", "0 send 2 7\n");
		TestTraces.write(dir, "trace.1", "0 send 1 7\n");
		TraceFolder folder = TraceFolder.open(dir);
		try (EventReader reader = folder.openEvents(0)) {
			assertEquals("rank 2 is out of range: the folder has 2 ranks (0-1)",
					assertThrows(TraceFormatException.class, reader::next).diagnostic().message());
		}
		try (EventReader reader = folder.openEvents(1)) {
			assertEquals(1, assertThrows(TraceFormatException.class, reader::next).diagnostic().column());
		}
	}

	/** A folder without trace files: the message says where they were looked for and what the folder holds instead. */
	@Test
	void noTraces() throws IOException {
		String expected = "no trace files: expected trace.<rank> or trace.<rank>.gz for ranks 0, 1, ... in " + dir.toAbsolutePath().normalize();
		assertEquals(expected + ", which is empty", errorOf(dir));
		TestTraces.write(dir, "notes.txt", "mine");
		assertEquals(expected + ", which holds 1 other file", errorOf(dir));
		for (int rank = 10; rank >= 0; rank--) {
			TestTraces.write(dir, "data." + rank, "");
		}
		assertEquals(expected + ", which holds the data traces data.0 to data.10 (11 files) but not their event traces", errorOf(dir));
		TraceFormatException lenient = assertThrows(TraceFormatException.class, () -> TraceFolder.openLenient(dir, new SkippedLines(0)));
		assertEquals(errorOf(dir), lenient.diagnostic().message());
		assertEquals("not a folder: expected a trace folder holding trace.0, trace.1, ...", errorOf(dir.resolve("missing")));
	}

	@Test
	void gapsAreNamed() throws IOException {
		for (int rank : new int[] { 0, 1, 3, 7 }) {
			TestTraces.write(dir, "trace." + rank, "");
		}
		assertEquals("ranks have gaps: missing trace.2,4-6 (4 files); found 4 trace files up to trace.7, ranks are numbered from 0 without gaps",
				errorOf(dir));
		Files.delete(dir.resolve("trace.0"));
		Files.delete(dir.resolve("trace.3"));
		Files.delete(dir.resolve("trace.7"));
		assertEquals("ranks have gaps: missing trace.0; found 1 trace files up to trace.1, ranks are numbered from 0 without gaps",
				errorOf(dir));
	}

	@Test
	void duplicatesAreNamed() throws IOException {
		TestTraces.write(dir, "trace.0", "");
		TestTraces.write(dir, "trace.1", "");
		TestTraces.write(dir, "trace.1.gz", "");
		String message = errorOf(dir);
		assertFalse(message.isEmpty());
		assertEquals(true, message.startsWith("duplicate ranks: trace.1") && message.contains("trace.1.gz"), message);
	}
}
