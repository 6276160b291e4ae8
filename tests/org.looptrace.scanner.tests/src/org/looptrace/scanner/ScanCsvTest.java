// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.trace.DataTraceWriter;

/**
 * The CSV written from primitives: its hand-written digits are those of {@link Long#toString(long)}
 * at the extremes, and its rows are byte for byte those of {@link ScanRecord#toCsv()} (the random
 * models of {@link ScannerTest} check the same on every scan they run).
 */
class ScanCsvTest {

	/** Zero, ±1, every power of ten and its neighbours, the ends of long and int, random values of every length. */
	static List<Long> extremes() {
		List<Long> values = new ArrayList<>(List.of(0L, 1L, -1L, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE, Long.MAX_VALUE - 1,
				(long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE));
		for (int exponent = 0; exponent <= 18; exponent++) { // 10^18: the largest power of ten of a long
			long power = (long) Math.pow(10, exponent); // exact: 5^18 < 2^53
			for (long value : new long[] { power - 1, power, power + 1 }) {
				values.add(value);
				values.add(-value);
			}
		}
		Random random = new Random(11);
		for (int i = 0; i < 20_000; i++) {
			values.add(random.nextLong() >> random.nextInt(64)); // every number of digits, both signs
		}
		return values;
	}

	@Test
	void digitsAreThoseOfLongToStringAtTheExtremes() {
		byte[] buffer = new byte[40];
		for (long value : extremes()) {
			Arrays.fill(buffer, (byte) '#');
			int end = ScanCsv.digits(buffer, 3, value);
			String expected = Long.toString(value);
			assertEquals(3 + expected.length(), end, expected);
			assertEquals("###" + expected + "#".repeat(buffer.length - end), new String(buffer, StandardCharsets.US_ASCII), expected);
		}
	}

	@Test
	void rowsOfValuesAtTheExtremesAcrossManyBuffersEqualScanRecordToCsv(@TempDir Path folder) throws Exception {
		Model model = Models.parse("""
				for i0 = 0 to 299
				  for i1 = 0 to 99
				    get "é, \\"x\\"" {0}.time ->
				    0 send 1 t
				    0 recv 1 t
				  done
				  get "size" {0,1}.size <-
				done
				""");
		Positions positions = Positions.of(model);
		List<Long> extremes = extremes();
		for (int rank = 0; rank < 2; rank++) {
			try (DataTraceWriter data = DataTraceWriter.create(folder.resolve("data." + rank), List.of("time", "size"))) {
				for (long position = 0; position < positions.events(rank); position++) {
					data.write(extremes.get((int) (position % extremes.size())), extremes.get((int) ((position + 7) % extremes.size())));
				}
			}
		}
		Scanner scanner = Scanner.of(model);
		StringBuilder expected = new StringBuilder(ScanRecord.CSV_HEADER).append('\n');
		scanner.run(folder, record -> expected.append(record.toCsv()).append('\n'), Progress.NONE);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ScanCsv csv = new ScanCsv(scanner, out);
		scanner.run(folder, csv, Progress.NONE);
		csv.finish();
		byte[] bytes = out.toByteArray();
		assertTrue(bytes.length > 4 << 16, bytes.length + " bytes: more than a buffer");
		assertTrue(expected.indexOf("\"é, \"\"x\"\"\",0,") >= 0 && expected.indexOf(Long.toString(Long.MIN_VALUE)) >= 0, "quoted label and extremes");
		assertArrayEquals(expected.toString().getBytes(StandardCharsets.UTF_8), bytes);
	}

	@Test
	void withoutRowsTheHeaderComesFromFinishOnly() throws Exception {
		Scanner scanner = Scanner.of(Models.parse(ScannerTest.SENDS));
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ScanCsv csv = new ScanCsv(scanner, out);
		csv.flush();
		assertEquals(0, out.size(), "nothing before the scan has succeeded");
		csv.finish();
		csv.finish();
		assertEquals(ScanRecord.CSV_HEADER + "\n", out.toString(StandardCharsets.UTF_8));
	}
}
