// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.trace.DataTraceWriter;

/** {@code looptrace positions} and {@code looptrace scan} on the model of the paper's figure 8. */
class ScanCommandTest {

	private static Path figure8() {
		return Cli.examples().resolve("models/figure8-lu.loops");
	}

	@Test
	void positionsOfTheSecondInnerLoopAreThoseOfFigure8() {
		String out = Cli.expect(0, "positions", figure8().toString()).out();
		assertTrue(out.contains("4.2        loop  @{0=320,1=480,5=640} #{0=2,1=3,5=4}"), out);
		assertEquals("""
				rank 0: start 991+644*i0, events 320
				rank 1: start 1479+966*i0, events 480
				rank 5: start 1967+1288*i0, events 640
				""", Cli.expect(0, "positions", figure8().toString(), "--construct", "4.2").out());
		Cli.expectUsageError("positions", "positions", figure8().toString(), "--construct", "4.99");
	}

	@Test
	void scanWritesOneRowPerOccurrenceAndRankReadByPosition(@TempDir Path dir) throws Exception {
		// record p of rank r holds time 1000*r + p: the rows show the positions read
		int[] events = { 671 + 249 * 644, 999 + 249 * 966, 0, 0, 0, 1327 + 249 * 1288 };
		for (int rank = 0; rank < events.length; rank++) {
			try (DataTraceWriter data = DataTraceWriter.create(dir.resolve("data." + rank), List.of("time", "size"))) {
				for (int position = 0; position < events[rank]; position++) {
					data.write(1_000_000L * rank + position, 8);
				}
			}
		}
		Path csv = dir.resolve("out.csv");
		Cli.expect(0, "scan", figure8().toString(), "--traces", dir.toString(), "-o", csv.toString());
		List<String> rows = Files.readAllLines(csv);
		assertEquals(1 + 2 * 3 * 249, rows.size());
		assertEquals(List.of("label,rank,position,value,indices", "before,0,991,991,i0=0", "after,0,1310,1310,i0=0",
				"before,0,1635,1635,i0=1"), rows.subList(0, 4));
		assertTrue(rows.contains("after,5,2606,5002606,i0=0"), rows::toString);
		Cli.expectUsageError("scan", "scan", figure8().toString(), "--traces", dir.toString(), "-o", csv.toString());
	}

	/** The documented spelling (FOLDER, --csv) and the older one (--traces, -o) write the same bytes, as standard output does. */
	@Test
	void bothSpellingsWriteByteIdenticalCsv(@TempDir Path dir) throws Exception {
		String model = Cli.examples().resolve("models/ring.loops").toString();
		String traces = Cli.example("ring-8").toString();
		Path csv = dir.resolve("new.csv");
		Path o = dir.resolve("old.csv");
		Path mixed = dir.resolve("mixed.csv");
		Cli.expect(0, "scan", model, traces, "--csv", csv.toString());
		Cli.expect(0, "scan", model, "--traces", traces, "-o", o.toString());
		Cli.expect(0, "scan", "--csv", mixed.toString(), "--traces", traces, model);
		byte[] bytes = Files.readAllBytes(csv);
		assertArrayEquals(bytes, Files.readAllBytes(o));
		assertArrayEquals(bytes, Files.readAllBytes(mixed));
		assertEquals(new String(bytes, StandardCharsets.UTF_8), Cli.expect(0, "scan", model, traces).out());
		List<String> rows = Files.readAllLines(csv);
		assertEquals("label,rank,position,value,indices", rows.get(0));
		assertEquals(1 + 20 * 8, rows.size(), rows::toString);
		Cli.expectUsageError("scan", "scan", model, traces, "--csv", csv.toString());
		Cli.expect(0, "scan", model, traces, "--csv", csv.toString(), "--force");
		assertArrayEquals(bytes, Files.readAllBytes(csv));
	}

	@Test
	void missingOrShortDataTracesAreOneLineErrors(@TempDir Path dir) throws Exception {
		String missing = Cli.expectUsageError("scan", "scan", figure8().toString(), "--traces", dir.toString()).err();
		assertTrue(missing.contains("data.0") && missing.contains("missing"), missing);
		for (int rank : new int[] { 0, 1, 5 }) {
			try (DataTraceWriter data = DataTraceWriter.create(dir.resolve("data." + rank), List.of("time"))) {
				data.write(1);
			}
		}
		String tooShort = Cli.expectUsageError("scan", "scan", figure8().toString(), "--traces", dir.toString()).err();
		assertTrue(tooShort.contains("data.0") && tooShort.contains("record 991") && tooShort.contains("i0=0"), tooShort);
		Cli.expectUsageError("scan", "scan", figure8().toString());
	}

	@Test
	void scannerWritesTheCOrJavaSourceAndNeverOverwritesWithoutForce(@TempDir Path dir) throws Exception {
		Path c = dir.resolve("c");
		String written = Cli.expect(0, "scanner", figure8().toString(), "--lang", "c", "-o", c.toString()).out();
		assertEquals(c.resolve("scan.c") + "\n" + c.resolve("Makefile") + "\n", written);
		assertTrue(Files.readString(c.resolve("scan.c")).contains("991LL+644LL*i0"));
		Cli.expectUsageError("scanner", "scanner", figure8().toString(), "--lang", "c", "-o", c.toString());
		Cli.expect(0, "scanner", figure8().toString(), "--lang", "c", "-o", c.toString(), "--force");
		Cli.expect(0, "scanner", figure8().toString(), "--lang", "java", "-o", dir.resolve("java").toString());
		assertTrue(Files.exists(dir.resolve("java/Scan.java")));
		Cli.expectUsageError("scanner", "scanner", figure8().toString(), "--lang", "fortran", "-o", c.toString());
	}
}
