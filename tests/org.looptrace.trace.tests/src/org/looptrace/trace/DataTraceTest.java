// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataTraceTest {

	/** Set by JUnit before each test (the initial value only satisfies the null analysis). */
	@TempDir
	Path dir = Path.of("");

	@Test
	void randomAccessReturnsWhatWasWritten() throws IOException {
		Random random = new Random(7);
		for (int round = 0; round < 50; round++) {
			int count = 1 + random.nextInt(64);
			List<String> attributes = new ArrayList<>();
			for (int i = 0; i < count; i++) {
				attributes.add(i == 0 ? "time" : "a" + i + "_".repeat(random.nextInt(12)));
			}
			long[][] records = new long[random.nextInt(500)][count];
			Path file = dir.resolve("data." + round);
			try (DataTraceWriter writer = DataTraceWriter.create(file, attributes)) {
				for (long[] record : records) {
					for (int i = 0; i < count; i++) {
						record[i] = random.nextLong();
					}
					writer.write(record);
				}
			}
			assertEquals(16 + 16L * count + 8L * count * records.length, Files.size(file));
			try (DataTrace data = DataTrace.open(file)) {
				assertEquals(attributes, data.attributes());
				assertEquals(records.length, data.records());
				// positions in random order: no reading from the start
				for (int k = 0; k < 2 * records.length; k++) {
					int position = random.nextInt(records.length);
					assertArrayEquals(records[position], data.record(position));
					int attribute = random.nextInt(count);
					assertEquals(records[position][attribute], data.value(position, attributes.get(attribute)));
				}
				assertThrows(IndexOutOfBoundsException.class, () -> data.record(records.length));
				assertThrows(IndexOutOfBoundsException.class, () -> data.value(-1, "time"));
				assertThrows(IllegalArgumentException.class, () -> data.value(0, "nothing"));
			}
		}
	}

	@Test
	void partialLastRecordIsNotCounted() throws IOException {
		Path file = dir.resolve("data.0");
		try (DataTraceWriter writer = DataTraceWriter.create(file, List.of("time", "end", "size"))) {
			writer.write(1, 2, 3);
			writer.write(4, 5, 6);
		}
		byte[] bytes = Files.readAllBytes(file);
		Files.write(file, Arrays.copyOf(bytes, bytes.length - 5));
		try (DataTrace data = DataTrace.open(file)) {
			assertEquals(1, data.records());
			assertArrayEquals(new long[] { 1, 2, 3 }, data.record(0));
		}
	}

	@Test
	void badHeadersAreNamed() throws IOException {
		Path good = dir.resolve("good");
		try (DataTraceWriter writer = DataTraceWriter.create(good, List.of("time", "size"))) {
			writer.write(1, 2);
		}
		byte[] bytes = Files.readAllBytes(good);
		assertHeaderError("not a data trace: expected the magic number \"LTDATA1\\0\" in the first 8 bytes", "0 send 1 7\n".getBytes());
		assertHeaderError("short header: expected 16 bytes, the file has 5", Arrays.copyOf(bytes, 5));
		assertHeaderError("short header: expected 48 bytes for the names of 2 attributes, the file has 40", Arrays.copyOf(bytes, 40));
		byte[] none = bytes.clone();
		none[8] = 0;
		assertHeaderError("bad header: expected 1 to 64 attributes at byte 8, found 0", none);
		byte[] reserved = bytes.clone();
		reserved[12] = 1;
		assertHeaderError("bad header: expected 0 in the reserved field at byte 12", reserved);
		byte[] repeated = bytes.clone();
		System.arraycopy(bytes, 16, repeated, 32, 16);
		assertHeaderError("bad header: attribute 2 at byte 32 repeats the name 'time'", repeated);
	}

	private void assertHeaderError(String message, byte[] content) throws IOException {
		Path file = Files.write(dir.resolve("data.9"), content);
		TraceFormatException e = assertThrows(TraceFormatException.class, () -> DataTrace.open(file).close());
		assertEquals(message, e.diagnostic().message());
		assertEquals(file + ": error: " + message, e.getMessage());
	}

	@Test
	void writerChecksItsInput() throws IOException {
		assertThrows(IllegalArgumentException.class, () -> DataTraceWriter.create(dir.resolve("a"), List.of()));
		assertThrows(IllegalArgumentException.class, () -> DataTraceWriter.create(dir.resolve("b"), List.of("time", "time")));
		assertThrows(IllegalArgumentException.class, () -> DataTraceWriter.create(dir.resolve("c"), List.of("x".repeat(17))));
		try (DataTraceWriter writer = DataTraceWriter.create(dir.resolve("d"), List.of("time"))) {
			assertThrows(IllegalArgumentException.class, () -> writer.write(1, 2));
		}
	}
}
