// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.TraceFormatException;

/**
 * The records of an archive's event files are counted once: saved under the archive's stamp by the
 * count and by the conversion, read back while the archive does not change (no event file read), counted
 * again when it changes; the counts are those otf2-print lists.
 */
class RecordCountsTest {

	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3 })
	void countsAreThoseOfOtf2PrintCountedOrSavedByTheConversion(long seed, @TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(2 + (int) seed, seed), dir.resolve("run"));
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		long[] printed = printed(archive);
		assertEquals(Arrays.stream(printed).sum(), archive.records(Progress.NONE), "counted, seed " + seed);
		assertArrayEquals(printed, Otf2Archive.savedRecords(archive.anchor()).orElseThrow(), "per rank, seed " + seed);
		Files.delete(Otf2Archive.convertedFolder(archive.anchor(), false).resolve("records"));
		archive.traceFolder(true, 2, Progress.NONE);
		assertArrayEquals(printed, Otf2Archive.savedRecords(archive.anchor()).orElseThrow(), "saved by the conversion, seed " + seed);
		Otf2Archives.spoil(archive.anchor(), ".evt");
		assertEquals(Arrays.stream(printed).sum(), Otf2Archive.open(dir.resolve("run")).records(Progress.NONE), "seed " + seed);
	}

	@Test
	void aSecondCountReadsNoEventFileAndAChangedArchiveIsCountedAgain(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNCOMPLETED_RECEIVES);
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		assertTrue(Otf2Archive.savedRecords(archive.anchor()).isEmpty(), "nothing counted yet");
		assertEquals(9, archive.records(Progress.NONE));
		Otf2Archives.spoil(archive.anchor(), ".evt");
		assertThrows(TraceFormatException.class, () -> archive.read(0, false, event -> {
		}), "the event files cannot be read any more");
		assertEquals(9, Otf2Archive.open(dir.resolve("run")).records(Progress.NONE), "the saved counts, read again by no one");
		// the counts per rank, and so the ranks, without the library: the definitions spoiled too
		Otf2Archives.spoil(archive.anchor(), ".def");
		assertThrows(TraceFormatException.class, () -> Otf2Archive.open(dir.resolve("run")));
		assertArrayEquals(new long[] { 3, 6 }, Otf2Archive.savedRecords(archive.anchor()).orElseThrow());

		for (Path file : Otf2Archive.files(archive.anchor())) {
			Files.delete(file);
		}
		Files.delete(dir.resolve("run/traces")); // the writer makes it anew
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNMATCHED_SEND);
		assertTrue(Otf2Archive.savedRecords(archive.anchor()).isEmpty(), "saved for another archive");
		Otf2Archive changed = Otf2Archive.open(dir.resolve("run"));
		assertEquals(Arrays.stream(printed(changed)).sum(), changed.records(Progress.NONE), "a changed archive is counted again");
		assertEquals(7, changed.records(Progress.NONE));
	}

	@Test
	void countingIsCancelledBetweenRanksAndSavesNothing(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNCOMPLETED_RECEIVES);
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		assertThrows(CancellationException.class, () -> archive.records(Progress.cancelledWhen(() -> true)));
		Otf2Archives.spoil(archive.anchor(), ".evt");
		assertThrows(TraceFormatException.class, () -> archive.records(Progress.NONE), "nothing was saved: counted, and unreadable");
	}

	/**
	 * Per rank, the records otf2-print lists for its location (a worker thread's are no rank's): one
	 * line per record, type, location and time first.
	 */
	private static long[] printed(Otf2Archive archive) throws IOException, InterruptedException {
		long[] records = new long[archive.ranks()];
		for (int rank = 0; rank < archive.ranks(); rank++) {
			String location = archive.eventFile(rank).getFileName().toString().replace(".evt", "");
			Process print = new ProcessBuilder("otf2-print", "-L", location, archive.anchor().toString()).redirectErrorStream(true).start();
			List<String> lines = new String(print.getInputStream().readAllBytes()).lines().toList();
			assertTrue(print.waitFor(60, TimeUnit.SECONDS) && print.exitValue() == 0, String.join("\n", lines));
			records[rank] = lines.stream().filter(line -> line.matches("[A-Z_]+ +\\d+ +\\d+.*")).count();
		}
		return records;
	}
}
