// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.scanner.ScanRecord;
import org.looptrace.scanner.profile.TimeText;

/**
 * What the Scan Results chart draws of the records of one label, and in which unit. A timestamp
 * ({@code time}, {@code end}: ns from an origin of the run, docs/FORMATS.md) says nothing in itself, so the
 * chart draws the durations between the occurrences that follow each other on a rank, as time
 * ({@link TimeText}: ns, µs, ms, s chosen from the value); {@code size} is in bytes; any other
 * column, or a CSV whose model is not known, as the numbers it holds.
 *
 * @param values the values drawn, in scan order
 * @param axis   the name of the values' axis, the column drawn included
 * @param time   whether the values are durations in nanoseconds
 */
record ChartValues(long[] values, String axis, boolean time) {

	/** The data attributes holding timestamps in nanoseconds. */
	static final Set<String> TIMESTAMPS = Set.of("time", "end");

	/** What to draw of the records of a label whose annotation reads {@code attribute} (null: not known). */
	static ChartValues of(@Nullable String attribute, List<ScanRecord> records) {
		if (attribute != null && TIMESTAMPS.contains(attribute)) {
			return new ChartValues(durations(records), NLS.bind(Messages.ScanChart_durations, attribute), true);
		}
		long[] values = records.stream().mapToLong(ScanRecord::value).toArray();
		if ("size".equals(attribute)) {
			return new ChartValues(values, Messages.ScanChart_bytes, false);
		}
		return new ChartValues(values, attribute == null ? Messages.ScanChart_value : NLS.bind(Messages.ScanChart_column, attribute), false);
	}

	/**
	 * The time from each occurrence to the next on the same rank, in scan order of the later one: the
	 * records of a rank ordered by their position in its data trace.
	 */
	static long[] durations(List<ScanRecord> records) {
		Map<Integer, List<ScanRecord>> byRank = new HashMap<>();
		for (ScanRecord record : records) {
			byRank.computeIfAbsent(record.rank(), rank -> new ArrayList<>()).add(record);
		}
		Map<ScanRecord, Long> after = new HashMap<>();
		for (List<ScanRecord> ofRank : byRank.values()) {
			ofRank.sort(Comparator.comparingLong(ScanRecord::position));
			for (int i = 1; i < ofRank.size(); i++) {
				after.put(ofRank.get(i), ofRank.get(i).value() - ofRank.get(i - 1).value());
			}
		}
		return records.stream().filter(after::containsKey).mapToLong(after::get).toArray();
	}

	/** A value as the axis writes it: with its unit for durations. */
	String text(long value) {
		return time ? TimeText.of(value) : Long.toString(value);
	}
}
