// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.model.Annotation;
import org.looptrace.scanner.ScanRecord;

/**
 * The records of a scan by label, in the order they were read, for the Scan Results view: from a
 * running scan or from a scan CSV ({@link ScanRecord#CSV_HEADER}). A view cannot show 10^8 rows:
 * the first {@link #KEPT} records of each label are kept, the others only counted. Not
 * thread-safe: a scan fills it, then hands it to the UI thread.
 */
final class ScanResults {

	/** The first columns of a scan CSV (further ones are allowed). */
	private static final List<String> HEADER = List.of("label", "rank", "position", "value");

	/** Records kept per label. */
	static final int KEPT = 100_000;

	private final String source;
	private final Map<String, List<ScanRecord>> records = new LinkedHashMap<>();
	/** Per label, its count in a one-element array: counted in place, not boxed per record. */
	private final Map<String, long[]> counts = new LinkedHashMap<>();
	/** Per label, the data attribute its annotation reads, when known. */
	private final Map<String, String> attributes = new HashMap<>();

	/** Empty results of a source (a model or a CSV file, named in the view's title). */
	ScanResults(String source) {
		this.source = source;
	}

	String source() {
		return source;
	}

	void add(ScanRecord record) {
		List<ScanRecord> kept = records.computeIfAbsent(record.label(), label -> new ArrayList<>());
		if (kept.size() < KEPT) {
			kept.add(record);
		}
		countOnly(record.label());
	}

	/** Whether {@link #add} would keep the next record of a label: a scan builds only the records kept. */
	boolean keeps(String label) {
		List<ScanRecord> kept = records.get(label);
		return kept == null || kept.size() < KEPT;
	}

	/** Counts a record of a label without keeping it (once {@link #keeps} says no). */
	void countOnly(String label) {
		counts.computeIfAbsent(label, l -> new long[1])[0]++;
	}

	/** Says which data attribute ({@code time}, {@code size}...) each label reads, from the annotations of the model scanned. */
	void attributes(Iterable<Annotation> annotations) {
		for (Annotation annotation : annotations) {
			attributes.put(annotation.getLabel(), annotation.getAttribute());
		}
	}

	/** The data attribute the annotation of a label reads, null when not known (a CSV without its model). */
	@Nullable
	String attribute(String label) {
		return attributes.get(label);
	}

	/** The labels in the order their first records came. */
	List<String> labels() {
		return List.copyOf(records.keySet());
	}

	/** The records kept of a label. */
	List<ScanRecord> records(String label) {
		return Collections.unmodifiableList(records.getOrDefault(label, List.of()));
	}

	/** How many records of a label were read (kept or not). */
	long count(String label) {
		long[] count = counts.get(label);
		return count == null ? 0 : count[0];
	}

	long total() {
		return counts.values().stream().mapToLong(count -> count[0]).sum();
	}

	/**
	 * Reads a scan CSV as {@code looptrace scan} and the launches write it.
	 *
	 * @throws IOException naming the file and line when it is not a scan CSV
	 */
	static ScanResults read(Path file) throws IOException {
		ScanResults results = new ScanResults(file.getFileName() == null ? file.toString() : file.getFileName().toString());
		try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
			CsvReader csv = new CsvReader(reader);
			List<String> header = csv.next();
			if (header == null || header.size() < 4 || !header.subList(0, 4).equals(HEADER)) {
				throw new IOException(NLS.bind(Messages.ScanResults_notScanCsv, file, ScanRecord.CSV_HEADER));
			}
			for (List<String> fields = csv.next(); fields != null; fields = csv.next()) {
				results.add(record(file, csv.line(), fields));
			}
		}
		return results;
	}

	private static ScanRecord record(Path file, long line, List<String> fields) throws IOException {
		if (fields.size() < 4) {
			throw new IOException(NLS.bind(Messages.ScanResults_badLine, new Object[] { file, line, fields.size() }));
		}
		try {
			Map<String, Long> indices = new LinkedHashMap<>();
			if (fields.size() > 4 && !fields.get(4).isEmpty()) {
				for (String index : fields.get(4).split(";")) {
					int equals = index.indexOf('=');
					if (equals <= 0) {
						throw new IOException(NLS.bind(Messages.ScanResults_badIndex, new Object[] { file, line, index }));
					}
					indices.put(index.substring(0, equals), Long.parseLong(index.substring(equals + 1)));
				}
			}
			return new ScanRecord(fields.get(0), Integer.parseInt(fields.get(1)), Long.parseLong(fields.get(2)), Long.parseLong(fields.get(3)),
					Collections.unmodifiableMap(indices));
		} catch (NumberFormatException e) {
			throw new IOException(NLS.bind(Messages.ScanResults_badNumber, new Object[] { file, line, e.getMessage() }), e);
		}
	}

	/** CSV records (RFC 4180: quoted fields may hold commas, doubled quotes and line ends). */
	static final class CsvReader {
		private final Reader reader;
		private long line;
		private long nextLine = 1;

		CsvReader(Reader reader) {
			this.reader = reader;
		}

		/** The line the last record started on. */
		long line() {
			return line;
		}

		/** The fields of the next record; null at the end. */
		@Nullable
		List<String> next() throws IOException {
			int c = reader.read();
			if (c < 0) {
				return null;
			}
			line = nextLine;
			List<String> fields = new ArrayList<>();
			StringBuilder field = new StringBuilder();
			boolean quoted = false;
			while (true) {
				if (quoted) {
					if (c < 0) {
						throw new IOException(NLS.bind(Messages.ScanResults_unclosedQuote, line));
					}
					if (c == '"') {
						int after = reader.read();
						if (after == '"') {
							field.append('"');
						} else {
							quoted = false;
							c = after;
							continue;
						}
					} else {
						if (c == '\n') {
							nextLine++;
						}
						field.append((char) c);
					}
				} else if (c < 0 || c == '\n') {
					nextLine++;
					fields.add(field.toString());
					return fields;
				} else if (c == ',') {
					fields.add(field.toString());
					field.setLength(0);
				} else if (c == '"' && field.isEmpty()) {
					quoted = true;
				} else if (c != '\r') {
					field.append((char) c);
				}
				c = reader.read();
			}
		}
	}
}
