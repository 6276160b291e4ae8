// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.scanner.ScanRecord;

/** The scan CSV read back for the view, and the histogram of the chart, on random records. */
class ScanResultsTest {

	private static final String[] LABEL_PARTS = { "a", "time", ",", "\"", " ", "\n", "é", "x;y", "=" };

	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3, 4, 5 })
	void aCsvReadsBackAsTheRecordsWrittenByLabel(long seed, @TempDir Path folder) throws IOException {
		Random random = new Random(seed);
		List<ScanRecord> records = new ArrayList<>();
		List<String> labels = new ArrayList<>();
		for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
			StringBuilder label = new StringBuilder();
			for (int j = 0, m = 1 + random.nextInt(4); j < m; j++) {
				label.append(LABEL_PARTS[random.nextInt(LABEL_PARTS.length)]);
			}
			labels.add(label.toString());
		}
		StringBuilder csv = new StringBuilder(ScanRecord.CSV_HEADER).append('\n');
		for (int i = 0, n = random.nextInt(300); i < n; i++) {
			Map<String, Long> indices = new LinkedHashMap<>();
			for (int depth = 0, d = random.nextInt(3); depth < d; depth++) {
				indices.put("i" + depth, (long) random.nextInt(1000));
			}
			ScanRecord record = new ScanRecord(labels.get(random.nextInt(labels.size())), random.nextInt(64), random.nextLong(1L << 40),
					random.nextLong() >> random.nextInt(64), indices);
			records.add(record);
			csv.append(record.toCsv()).append('\n');
		}
		Path file = folder.resolve("scan.csv");
		Files.writeString(file, csv, StandardCharsets.UTF_8);

		ScanResults read = ScanResults.read(file);
		assertEquals(records.size(), read.total());
		assertEquals(records.stream().map(ScanRecord::label).distinct().toList(), read.labels());
		for (String label : read.labels()) {
			assertEquals(records.stream().filter(record -> record.label().equals(label)).toList(), read.records(label), label);
		}
	}

	@Test
	void aCsvOfSomethingElseIsRejectedNamingTheFile(@TempDir Path folder) throws IOException {
		Path file = folder.resolve("other.csv");
		Files.writeString(file, "name,count\nx,1\n");
		IOException thrown = assertThrows(IOException.class, () -> ScanResults.read(file));
		assertTrue(thrown.getMessage().contains("other.csv"), thrown.getMessage());
	}

	@Test
	void aBadNumberIsRejectedNamingTheLine(@TempDir Path folder) throws IOException {
		Path file = folder.resolve("bad.csv");
		Files.writeString(file, ScanRecord.CSV_HEADER + "\nt,0,1,2,\nt,0,x,2,\n");
		IOException thrown = assertThrows(IOException.class, () -> ScanResults.read(file));
		assertTrue(thrown.getMessage().contains("bad.csv:3"), thrown.getMessage());
	}

	@Test
	void onlyTheFirstRecordsOfALabelAreKeptButAllAreCounted() {
		ScanResults results = new ScanResults("many");
		for (int i = 0; i < ScanResults.KEPT + 10; i++) {
			results.add(new ScanRecord("t", 0, i, i, Map.of()));
		}
		assertEquals(ScanResults.KEPT, results.records("t").size());
		assertEquals(ScanResults.KEPT + 10, results.count("t"));
	}

	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3, 4, 5, 6 })
	void theHistogramCountsEveryValueOnceWithTheLeastFirstAndTheGreatestLast(long seed) {
		Random random = new Random(seed);
		long[] values = new long[1 + random.nextInt(2000)];
		long spread = 1L << random.nextInt(62);
		for (int i = 0; i < values.length; i++) {
			values[i] = random.nextLong(spread) - spread / 2;
		}
		int bins = ScanChart.bins(values);
		assertTrue(bins >= 1 && bins <= 40, "bins " + bins);
		long[] counts = ScanChart.histogram(values, bins);
		assertEquals(values.length, Arrays.stream(counts).sum());
		assertTrue(counts[0] >= 1 && counts[bins - 1] >= 1, "the least and the greatest value in the end bins: " + Arrays.toString(counts));
	}
}
