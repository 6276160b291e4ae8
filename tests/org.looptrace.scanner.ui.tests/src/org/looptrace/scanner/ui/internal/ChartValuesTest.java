// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.looptrace.scanner.ScanRecord;

/** What the Scan Results chart draws of a column: durations for timestamps, bytes for sizes, plain values otherwise. */
class ChartValuesTest {

	/**
	 * Random records of several ranks, in a shuffled scan order: one duration per record but the
	 * first of its rank, and a rank's durations add up to its last timestamp minus its first.
	 */
	@Test
	void timestampsAreDrawnAsTheDurationsBetweenARanksOccurrences() {
		for (long seed = 0; seed < 50; seed++) {
			Random random = new Random(seed);
			int ranks = 1 + random.nextInt(6);
			List<ScanRecord> records = new ArrayList<>();
			Map<Integer, long[]> span = new TreeMap<>();
			for (int rank = 0; rank < ranks; rank++) {
				long time = random.nextInt(1_000_000);
				int count = random.nextInt(12);
				for (int i = 0; i < count; i++) {
					time += random.nextInt(5_000_000);
					records.add(new ScanRecord("l", rank, 3L * i + random.nextInt(3), time, Map.of()));
					long[] firstLast = span.computeIfAbsent(rank, r -> new long[] { Long.MAX_VALUE, 0 });
					firstLast[0] = Math.min(firstLast[0], time);
					firstLast[1] = time;
				}
			}
			Collections.shuffle(records, random);
			ChartValues chart = ChartValues.of("time", records);
			assertTrue(chart.time());
			assertEquals(records.size() - span.size(), chart.values().length, "seed " + seed);
			long total = span.values().stream().mapToLong(firstLast -> firstLast[1] - firstLast[0]).sum();
			assertEquals(total, Arrays.stream(chart.values()).sum(), "seed " + seed);
			assertTrue(Arrays.stream(chart.values()).allMatch(value -> value >= 0), "seed " + seed);
		}
	}

	@Test
	void eachColumnHasItsAxisAndUnit() {
		List<ScanRecord> records = List.of(new ScanRecord("l", 0, 0, 1_000, Map.of()), new ScanRecord("l", 0, 5, 2_500, Map.of()),
				new ScanRecord("l", 1, 2, 7_000_000, Map.of()), new ScanRecord("l", 1, 9, 9_000_000, Map.of()));
		ChartValues end = ChartValues.of("end", records);
		assertArrayEquals(new long[] { 1_500, 2_000_000 }, end.values());
		assertTrue(end.axis().contains("end"), end.axis());
		assertEquals("1.5µs", end.text(1_500));
		assertEquals("2.0ms", end.text(2_000_000));

		ChartValues size = ChartValues.of("size", records);
		assertFalse(size.time());
		assertArrayEquals(new long[] { 1_000, 2_500, 7_000_000, 9_000_000 }, size.values());
		assertEquals(Messages.ScanChart_bytes, size.axis());
		assertEquals("2500", size.text(2_500));

		assertTrue(ChartValues.of("count", records).axis().contains("count"));
		assertEquals(Messages.ScanChart_value, ChartValues.of(null, records).axis());
	}
}
