// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Block;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.trace.DataTraceWriter;
import org.looptrace.trace.TraceFormatException;

/** Scans read, for every annotation, exactly the records brute-force expansion finds, and report bad data clearly. */
class ScannerTest {

	/** Ten sends of rank 0, the size of each read. */
	static final String SENDS = """
			for i0 = 0 to 9
			  0 send 1 t
			  get "sent" {0}.size <-
			done
			""";

	/** Writes {@code data.<rank>} for ranks 0..ranks-1 with as many records as the model has events there. */
	static void writeData(Block model, int ranks, Path folder, long seed) throws IOException {
		Positions positions = Positions.of(model);
		Random random = new Random(seed);
		for (int rank = 0; rank < ranks; rank++) {
			try (DataTraceWriter data = DataTraceWriter.create(folder.resolve("data." + rank), List.of("time", "end", "size"))) {
				for (long position = 0; position < positions.events(rank); position++) {
					long time = rank * 1_000_000_000L + position * 1000 + random.nextInt(1000);
					data.write(time, time + random.nextInt(500), random.nextInt(1 << 20));
				}
			}
		}
	}

	/** The records the annotations select, by brute force over the occurrences of their constructs. */
	static List<String> bruteForce(Block model, int ranks, Path folder) throws IOException {
		Scanner scanner = Scanner.of(model);
		List<String> records = new ArrayList<>();
		for (int rank = 0; rank < ranks; rank++) {
			BruteForce brute = BruteForce.run(model, rank);
			try (var data = org.looptrace.trace.DataTrace.open(folder.resolve("data." + rank))) {
				for (BruteForce.Occurrence occurrence : brute.occurrences) {
					for (Scanner.Query query : scanner.queries()) {
						if (query.construct() == occurrence.construct() && query.annotation().getRanks().contains(rank)
								&& occurrence.count() > 0) {
							long position = occurrence.start() + (query.last() ? occurrence.count() - 1 : 0);
							records.add(new ScanRecord(query.annotation().getLabel(), rank, position,
									data.value(position, query.annotation().getAttribute()), occurrence.indices()).toCsv());
						}
					}
				}
			}
		}
		return records;
	}

	/**
	 * The CSV rows of a scan, checking that the two ways of writing them agree byte for byte: the
	 * primitive path ({@link ScanCsv}) and, the slow and obvious way, a {@link ScanRecord} per record
	 * and its {@link ScanRecord#toCsv()}.
	 */
	static List<String> scan(Block model, Path folder) throws IOException {
		Scanner scanner = Scanner.of(model);
		List<String> records = new ArrayList<>();
		List<ScanRecord> raw = new ArrayList<>();
		scanner.run(folder, raw::add, Progress.NONE);
		StringBuilder expected = new StringBuilder(ScanRecord.CSV_HEADER).append('\n');
		for (int i = 0; i < raw.size(); i++) {
			ScanRecord record = raw.get(i);
			if (i > 0 && raw.get(i - 1).rank() == record.rank()) {
				assertTrue(raw.get(i - 1).position() <= record.position(), "records of a rank in trace order: " + raw.get(i - 1) + ", " + record);
			}
			records.add(record.toCsv());
			expected.append(record.toCsv()).append('\n');
		}
		ByteArrayOutputStream csv = new ByteArrayOutputStream();
		ScanCsv rows = new ScanCsv(scanner, csv);
		scanner.run(folder, rows, Progress.NONE);
		rows.finish();
		assertArrayEquals(expected.toString().getBytes(StandardCharsets.UTF_8), csv.toByteArray(),
				() -> "ScanCsv against ScanRecord.toCsv:\n" + expected + "\n" + csv.toString(StandardCharsets.UTF_8));
		return records;
	}

	@Test
	void scansOfRandomAnnotatedModelsEqualBruteForce(@TempDir Path folder) throws IOException {
		RandomModels random = new RandomModels(23, 5);
		int records = 0;
		for (int i = 0; i < 300; i++) {
			Model model = random.next();
			writeData(model, 5, folder, i);
			List<String> expected = bruteForce(model, 5, folder);
			List<String> actual = scan(model, folder);
			expected.sort(null);
			actual.sort(null);
			int number = i;
			assertEquals(expected, actual, () -> "random model " + number + ":\n" + ModelPrinter.print(model));
			records += actual.size();
		}
		assertTrue(records > 400, "the random models read " + records + " records");
	}

	/**
	 * A periodic ring and a periodic 2-D grid (neighbours through {@code mod}) read the same records
	 * as the same models written out event by event, and their positions are those of the expansion.
	 */
	@Test
	void periodicModelsScanAsTheirEventsWrittenOut(@TempDir Path folder) throws Exception {
		int ranks = 8;
		Model ring = Models.parse("""
				for i0 = 0 to 7
				  i0 send mod(1+i0,8) 5
				  get "sent" {0-7}.size <-
				  i0 recv mod(1+i0,8) 5
				  get "got" {0-7}.time <-
				done
				""");
		StringBuilder ringOut = new StringBuilder();
		for (int rank = 0; rank < ranks; rank++) {
			int next = (rank + 1) % ranks;
			ringOut.append(rank + " send " + next + " 5\nget \"sent\" {" + rank + "}.size <-\n");
			ringOut.append(rank + " recv " + next + " 5\nget \"got\" {" + next + "}.time <-\n");
		}
		assertScansAlike(ring, Models.parse(ringOut.toString()), ranks, 2 * ranks, folder.resolve("ring"));
		// 2 rows of 4: right and down neighbours, wrapping around
		Model grid = Models.parse("""
				for i0 = 0 to 1
				  for i1 = 0 to 3
				    4*i0+i1 send 4*i0+mod(1+i1,4) 1
				    4*i0+i1 send 4*mod(1+i0,2)+i1 2
				    get "down" {0-7}.end <-
				  done
				done
				""");
		StringBuilder gridOut = new StringBuilder();
		for (int row = 0; row < 2; row++) {
			for (int column = 0; column < 4; column++) {
				int rank = 4 * row + column;
				gridOut.append(rank + " send " + (4 * row + (column + 1) % 4) + " 1\n");
				gridOut.append(rank + " send " + (4 * ((row + 1) % 2) + column) + " 2\nget \"down\" {" + rank + "}.end <-\n");
			}
		}
		assertScansAlike(grid, Models.parse(gridOut.toString()), ranks, ranks, folder.resolve("grid"));
	}

	private static void assertScansAlike(Model model, Model writtenOut, int ranks, int records, Path folder) throws IOException {
		List<String> expanded = new ArrayList<>();
		ModelExpander.expand(model).forEachRemaining(event -> expanded.add(event.toLine()));
		List<String> written = new ArrayList<>();
		ModelExpander.expand(writtenOut).forEachRemaining(event -> written.add(event.toLine()));
		assertEquals(written, expanded, ModelPrinter.print(model));
		PositionsAgainstExpansion.check(model, ranks, ModelPrinter.print(model));
		Files.createDirectories(folder);
		writeData(model, ranks, folder, 5);
		List<String> read = withoutIndices(scan(model, folder));
		assertEquals(withoutIndices(bruteForce(model, ranks, folder)), read);
		assertEquals(withoutIndices(scan(writtenOut, folder)), read);
		assertEquals(records, read.size(), read::toString);
	}

	/** The label, rank, position and value of CSV records, sorted: the indices differ between a loop and its events. */
	private static List<String> withoutIndices(List<String> records) {
		return records.stream().map(record -> record.substring(0, record.lastIndexOf(','))).sorted().toList();
	}

	@Test
	void figure8ScanReadsTheStartAndLastRecordOfTheSecondInnerLoop(@TempDir Path folder) throws Exception {
		Model model = Models.parse(Models.example("figure8-lu.loops"));
		writeData(model, 6, folder, 1);
		List<ScanRecord> records = new ArrayList<>();
		Scanner.of(model).run(folder, records::add, Progress.NONE);
		assertEquals(2 * 3 * 249, records.size());
		ScanRecord first = records.get(0);
		assertEquals("before", first.label());
		assertEquals(0, first.rank());
		assertEquals(991, first.position());
		assertEquals("after", records.get(1).label());
		assertEquals(991 + 320 - 1, records.get(1).position());
		assertEquals("before,0,991," + first.value() + ",i0=0", first.toCsv());
	}

	@Test
	void missingShortOrAttributeLessDataTracesAreNamed(@TempDir Path folder) throws Exception {
		Model model = Models.parse(ScannerTest.SENDS);
		TraceFormatException missing = assertThrows(TraceFormatException.class, () -> scan(model, folder));
		assertTrue(missing.getMessage().contains("data.0") && missing.getMessage().contains("missing"), missing.getMessage());
		try (DataTraceWriter data = DataTraceWriter.create(folder.resolve("data.0"), List.of("time", "size"))) {
			for (int i = 0; i < 4; i++) {
				data.write(i, 10 * i);
			}
		}
		TraceFormatException shortFile = assertThrows(TraceFormatException.class, () -> scan(model, folder));
		assertTrue(shortFile.getMessage().contains("4 records") && shortFile.getMessage().contains("record 4")
				&& shortFile.getMessage().contains("i0=4"), shortFile.getMessage());
		Files.delete(folder.resolve("data.0"));
		try (DataTraceWriter data = DataTraceWriter.create(folder.resolve("data.0"), List.of("time"))) {
			data.write(0);
		}
		TraceFormatException noAttribute = assertThrows(TraceFormatException.class, () -> scan(model, folder));
		assertTrue(noAttribute.getMessage().contains("no attribute 'size'"), noAttribute.getMessage());
	}
}
