// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

class EventReaderTest {

	/** Set by JUnit before each test (the initial value only satisfies the null analysis). */
	@TempDir
	Path dir = Path.of("");

	/** Reads trace.2 of a 4-rank folder whose third line is {@code line}; returns the diagnostic. */
	private Diagnostic diagnosticOf(String line) throws IOException {
		Path file = TestTraces.write(dir, "trace.2", "# rank 2\n2 send 3 7\n" + line + "\n2 local after\n");
		try (EventReader reader = EventReader.open(file, 2, 4)) {
			assertEquals(TraceEvent.send(2, 3, "7"), reader.next());
			TraceFormatException e = assertThrows(TraceFormatException.class, reader::next);
			assertEquals(e.diagnostic().toString(), e.getMessage());
			assertEquals(file, e.diagnostic().file());
			assertEquals(3, e.diagnostic().line());
			return e.diagnostic();
		}
	}

	/** One row per diagnostic class; the lines starting with '#' are comments of the table that name the class. */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			# bad rank: not a number
			x send 3 7            | 1  | expected a rank (the first field of every event), a whole number from 0, found 'x'
			2 send 3x 7           | 8  | expected the destination rank, a whole number from 0, found '3x'
			# bad rank: negative
			2 send -3 7           | 8  | expected the destination rank, a whole number from 0, found the negative number '-3'
			# bad rank: leading zeros
			02 send 3 7           | 1  | expected a rank (the first field of every event) written without leading zeros, found '02'
			# bad rank: too big
			2 send 99999999999 7  | 8  | rank 99999999999 is too big: expected the destination rank below 2147483648
			2 send 2147483648 7   | 8  | rank 2147483648 is too big: expected the destination rank below 2147483648
			# rank out of range of the folder
			2 send 4 7            | 8  | rank 4 is out of range: the folder has 4 ranks (0-3)
			2 sync MPI_Bcast 0-5  | 20 | rank 5 is out of range: the folder has 4 ranks (0-3)
			# unknown event kind
			2 snd 3 7             | 3  | unknown event kind 'snd': expected send, recv, sync or local
			2 SEND 3 7            | 3  | unknown event kind 'SEND': expected send, recv, sync or local
			# missing field
			2                     | 2  | missing field: expected an event kind (send, recv, sync or local) after column 1, found the end of the line
			2 send 3              | 9  | missing field: expected a tag (a number or a symbol) after column 8, found the end of the line
			2 sync MPI_Barrier    | 19 | missing field: expected the group (a rank set such as 0-15 or 0,2,4-7) after column 18, found the end of the line
			2 recv                | 7  | missing field: expected the destination rank (the receiver) after column 6, found the end of the line
			# separators
			2  send 3 7           | 3  | expected an event kind (send, recv, sync or local), found a second space (fields are separated by single spaces)
			# trailing garbage
			2 send 3 7 8          | 11 | trailing garbage after the tag: expected the end of the line, found '8'
			2 sync MPI_Barrier 0-3 x | 23 | trailing garbage after the group: expected the end of the line, found 'x'
			# bad group syntax
			2 sync MPI_Barrier 0-3,  | 24 | bad group syntax: expected a rank, found the end of the group (a rank set such as 0-15 or 0,2,4-7)
			2 sync MPI_Barrier 0;3   | 21 | bad group syntax: expected ',' or '-' or the end of the group, found ';' in '0;3' (a rank set such as 0-15 or 0,2,4-7)
			2 sync MPI_Barrier 3-1   | 20 | bad group syntax: the range 3-1 ends below its start
			2 sync MPI_Barrier a-b   | 20 | bad group syntax: expected a rank, found 'a' (a rank set such as 0-15 or 0,2,4-7)
			# not owned by this file's rank
			3 send 2 7            | 1  | event not owned by this file's rank: '3 send 2 7' stands in the trace of rank 3 (the sender), this is the trace of rank 2
			2 recv 3 7            | 8  | event not owned by this file's rank: '2 recv 3 7' stands in the trace of rank 3 (the receiver), this is the trace of rank 2
			1 sync MPI_Barrier 0-3 | 1 | event not owned by this file's rank: '1 sync MPI_Barrier 0-3' stands in the trace of rank 1 (its process), this is the trace of rank 2
			""")
	void everyMalformedLineIsLocated(String line, int column, String message) throws IOException {
		Diagnostic diagnostic = diagnosticOf(line);
		assertEquals(message, diagnostic.message());
		assertEquals(column, diagnostic.column(), diagnostic.toString());
		assertTrue(diagnostic.toString().endsWith("trace.2:3:" + column + ": error: " + message), diagnostic.toString());
	}

	@Test
	void emptyLineIsAnError() throws IOException {
		Diagnostic diagnostic = diagnosticOf("");
		assertEquals(1, diagnostic.column());
		assertTrue(diagnostic.message().startsWith("empty line"), diagnostic.message());
	}

	@Test
	void commentsCarriageReturnsAndLastLineWithoutNewline() throws IOException {
		Path file = TestTraces.write(dir, "t", "# header\r\n0 send 1 7\r\n#\n0 sync MPI_Barrier 0,2,4-7\n0 local call MPI_Wait");
		try (EventReader reader = EventReader.open(file)) {
			assertEquals(TraceEvent.send(0, 1, "7"), reader.next());
			assertEquals(2, reader.line());
			assertEquals(TraceEvent.sync(0, "MPI_Barrier", RankSet.valueOf("0,2,4-7")), reader.next());
			assertEquals(4, reader.line());
			assertEquals(TraceEvent.local(0, List.of("call", "MPI_Wait")), reader.next());
			assertNull(reader.next());
			assertNull(reader.next());
		}
	}

	/**
	 * A data trace or another binary file read as an event trace: one error naming the file for what
	 * it is, at opening, and none of its bytes; a NUL byte after the first line is a malformed line.
	 */
	@Test
	void binaryFilesAreSaidToBeBinary() throws IOException {
		Path data = dir.resolve("data.0");
		try (DataTraceWriter writer = DataTraceWriter.create(data, List.of("time", "size"))) {
			writer.write(1, 2);
		}
		String expected = ", not an event trace: expected text, one event per line, as in trace.<rank>";
		TraceFormatException e = assertThrows(TraceFormatException.class, () -> EventReader.open(data));
		assertEquals(new Diagnostic(Diagnostic.Severity.ERROR, data, 0, 0,
				"a binary data trace (data.<rank>: a record of numbers per event)" + expected), e.diagnostic());
		Path binary = Files.write(dir.resolve("trace.1"), new byte[] { '1', ' ', 0, (byte) 0xff, '\n' });
		e = assertThrows(TraceFormatException.class, () -> EventReader.open(binary, 1, 2, new SkippedLines(10)));
		assertEquals("a binary file (a NUL byte at byte 2)" + expected, e.diagnostic().message());
		// a text trace whose end a crash filled with zeros: its lines are read, the zeros are a bad line
		Path zeros = Files.write(dir.resolve("trace.2"), new byte[] { '0', ' ', 's', 'e', 'n', 'd', ' ', '1', ' ', '7', '\n', 0, 0, '\n' });
		try (EventReader reader = EventReader.open(zeros)) {
			assertEquals(TraceEvent.send(0, 1, "7"), reader.next());
			assertThrows(TraceFormatException.class, reader::next);
		}
	}

	@Test
	void gzipIsRecognizedByItsMagicNumberWhateverTheName() throws IOException {
		Path file = dir.resolve("trace.0");
		try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
			out.write("0 send 1 7\n1 recv 0 tag\n".getBytes());
		}
		assertEquals(List.of(TraceEvent.send(0, 1, "7"), TraceEvent.recv(1, 0, "tag")), TestTraces.read(file));
	}

	@Test
	void truncatedGzipSaysHowFarTheFileWasReadable() throws IOException {
		List<TraceEvent> events = randomEvents(new Random(1), 20_000);
		Path whole = dir.resolve("whole.gz");
		try (EventWriter writer = EventWriter.create(whole)) {
			for (TraceEvent event : events) {
				writer.write(event);
			}
		}
		byte[] bytes = Files.readAllBytes(whole);
		Path cut = Files.write(dir.resolve("trace.0.gz"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
		try (EventReader reader = EventReader.open(cut)) {
			long read = 0;
			TraceFormatException e = null;
			try {
				while (reader.next() != null) {
					read++;
				}
			} catch (TraceFormatException thrown) {
				e = thrown;
			}
			assertTrue(e != null, "a cut gzip file must not read as complete");
			assertEquals(read + 1, e.diagnostic().line());
			assertTrue(e.getMessage().contains("gzip data is corrupt or cut short")
					&& e.getMessage().endsWith("readable up to line " + read), e.getMessage());
		}
	}

	@Test
	void roundTripOfRandomEventsPlainAndGzip() throws IOException {
		Random random = new Random(42);
		for (String name : List.of("trace.0", "trace.0.gz")) {
			for (int round = 0; round < 20; round++) {
				List<TraceEvent> events = randomEvents(random, random.nextInt(2_000));
				Path file = dir.resolve(name);
				try (EventWriter writer = EventWriter.create(file)) {
					for (TraceEvent event : events) {
						writer.write(event);
					}
				}
				if (name.endsWith(".gz")) {
					assertEquals(0x1f, Files.readAllBytes(file)[0] & 0xff, "compressed by name");
				}
				assertEquals(events, TestTraces.read(file));
			}
		}
	}

	@Test
	void writerRejectsTokensThatWouldNotReadBack() throws IOException {
		try (EventWriter writer = EventWriter.create(dir.resolve("t"))) {
			assertThrows(IllegalArgumentException.class, () -> writer.write(TraceEvent.send(0, 1, "a b")));
			assertThrows(IllegalArgumentException.class, () -> writer.write(TraceEvent.local(0, List.of("x\ny"))));
		}
	}

	@Test
	void longLinesGrowTheBuffer() throws IOException {
		String word = "w".repeat(200_000);
		Path file = TestTraces.write(dir, "t", "0 local " + word + "\n0 send 1 7\n");
		assertEquals(List.of(TraceEvent.local(0, List.of(word)), TraceEvent.send(0, 1, "7")), TestTraces.read(file));
	}

	/** Random events of all kinds, with numeric and symbolic tags, groups of every shape and local words. */
	static List<TraceEvent> randomEvents(Random random, int count) {
		String[] words = { "call", "return", "MPI_Wait", "x", "-1", "007", "é", "#hash" };
		List<TraceEvent> events = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			int rank = random.nextInt(64);
			String tag = random.nextBoolean() ? Integer.toString(random.nextInt(100) - 50) : "tag" + random.nextInt(5);
			events.add(switch (random.nextInt(4)) {
			case 0 -> TraceEvent.send(rank, random.nextInt(64), tag);
			case 1 -> TraceEvent.recv(random.nextInt(64), rank, tag);
			case 2 -> {
				RankSet.Builder group = new RankSet.Builder();
				for (int j = 0, n = 1 + random.nextInt(4); j < n; j++) {
					int from = random.nextInt(64);
					group.addRange(from, from + random.nextInt(4));
				}
				yield TraceEvent.sync(rank, "MPI_" + random.nextInt(3), group.build());
			}
			default -> {
				List<String> local = new ArrayList<>();
				for (int j = random.nextInt(4); j > 0; j--) {
					local.add(words[random.nextInt(words.length)]);
				}
				yield TraceEvent.local(rank, local);
			}
			});
		}
		return events;
	}
}
