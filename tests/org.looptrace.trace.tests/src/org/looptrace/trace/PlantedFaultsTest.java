// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.core.Progress;
import org.looptrace.trace.generate.Patterns;

/**
 * Faults planted in real-shaped trace folders (generated skeletons of real codes): each is reported
 * with its file and line and what was expected, and everything else is still checked.
 */
class PlantedFaultsTest {

	private static final int RANKS = 8;

	/** Set by JUnit before each test (the initial value only satisfies the null analysis). */
	@TempDir
	Path dir = Path.of("");

	/** A consistent folder of the wavefront skeleton and the events of each of its ranks. */
	private long[] consistentFolder() throws IOException {
		Patterns.write(Patterns.create("wavefront", RANKS, 20, 7), dir, Progress.NONE);
		ConsistencyCheck.Report report = check();
		assertFalse(report.hasErrors(), report.diagnostics().toString());
		return report.eventsPerRank();
	}

	private ConsistencyCheck.Report check() throws IOException {
		return ConsistencyCheck.check(TraceFolder.openLenient(dir, new SkippedLines(0)), Progress.NONE);
	}

	private List<String> linesOf(int rank) throws IOException {
		return new ArrayList<>(Files.readAllLines(dir.resolve("trace." + rank)));
	}

	private void write(int rank, List<String> lines) throws IOException {
		Files.write(dir.resolve("trace." + rank), lines);
	}

	private static List<String> messages(ConsistencyCheck.Report report) {
		return report.diagnostics().stream().map(d -> d.file().getFileName() + ":" + d.line() + ": " + d.message()).toList();
	}

	@Test
	void badLinesInSeveralRanksAreEachNamedAndTheRestIsStillRead() throws IOException {
		long[] events = consistentFolder();
		List<String> one = linesOf(1);
		one.set(4, "1 sned 2 0");
		write(1, one);
		List<String> five = linesOf(5);
		five.set(9, "5 send 2x 0");
		five.set(12, "");
		write(5, five);
		ConsistencyCheck.Report report = check();
		List<String> messages = messages(report);
		assertTrue(messages.contains("trace.1:5: unknown event kind 'sned': expected send, recv, sync or local"), messages.toString());
		assertTrue(messages.stream().anyMatch(m -> m.startsWith("trace.5:10: expected the destination rank")), messages.toString());
		assertTrue(messages.stream().anyMatch(m -> m.startsWith("trace.5:13: empty line")), messages.toString());
		assertEquals(3, report.skippedLines());
		assertEquals(events[1] - 1, report.eventsPerRank()[1], "the lines after the bad one are read");
		assertEquals(events[5] - 2, report.eventsPerRank()[5]);
		// the skipped events were messages: their other ends are reported as unmatched, pointing at the skipped lines
		assertTrue(messages.stream().anyMatch(m -> m.contains("unmatched") && m.contains("may be the other end")), messages.toString());
	}

	@Test
	void truncatedGzipNamesTheLineWhereReadingStoppedAndTheOtherRanksAreChecked() throws IOException {
		long[] events = consistentFolder();
		Path plain = dir.resolve("trace.3");
		byte[] text = Files.readAllBytes(plain);
		Path gzip = dir.resolve("trace.3.gz");
		try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzip))) {
			out.write(text);
		}
		Files.delete(plain);
		byte[] bytes = Files.readAllBytes(gzip);
		Files.write(gzip, Arrays.copyOf(bytes, bytes.length - 12));
		ConsistencyCheck.Report report = check();
		Diagnostic cut = report.diagnostics().stream().filter(d -> d.file().equals(gzip)).findFirst().orElseThrow();
		assertTrue(cut.isError() && cut.message().contains("gzip data is corrupt or cut short")
				&& cut.message().contains("readable up to line " + (cut.line() - 1)), cut.toString());
		for (int rank : new int[] { 0, 7 }) {
			assertEquals(events[rank], report.eventsPerRank()[rank]);
		}
	}

	@Test
	void tornLastLineIsNamedWithWhatWasExpected() throws IOException {
		consistentFolder();
		List<String> lines = linesOf(4);
		String last = lines.get(lines.size() - 1);
		String torn = last.substring(0, last.lastIndexOf(' '));
		Files.writeString(dir.resolve("trace.4"), String.join("\n", lines.subList(0, lines.size() - 1)) + "\n" + torn,
				StandardCharsets.UTF_8);
		ConsistencyCheck.Report report = check();
		List<String> messages = messages(report);
		assertTrue(messages.stream().anyMatch(m -> m.startsWith("trace.4:" + lines.size() + ": the last line, '" + torn
				+ "', has no newline and stops inside an event (missing field: expected")), messages.toString());
		assertTrue(report.diagnostics().stream().noneMatch(d -> d.isError() && d.line() == lines.size()), "a torn line is a warning, not an error");
		assertEquals(lines.size() - 1, report.eventsPerRank()[4], "the events before the torn line are read");
		// A last line that fails before its end is malformed, not torn.
		Files.writeString(dir.resolve("trace.4"), String.join("\n", lines.subList(0, lines.size() - 1)) + "\n4 sned 5 7",
				StandardCharsets.UTF_8);
		List<String> malformed = messages(check());
		assertTrue(malformed.stream().anyMatch(m -> m.startsWith("trace.4:" + lines.size() + ": unknown event kind 'sned'")), malformed.toString());
	}

	@Test
	void missingRankIsNamedAndTheOtherRanksAreChecked() throws IOException {
		long[] events = consistentFolder();
		Files.delete(dir.resolve("trace.6"));
		ConsistencyCheck.Report report = check();
		List<String> messages = messages(report);
		assertTrue(messages.get(0).startsWith("trace.6:0: missing trace file of rank 6"), messages.toString());
		assertEquals(events[2], report.eventsPerRank()[2]);
		assertEquals(0, report.eventsPerRank()[6]);
	}

	@Test
	void diagnosticsAreCappedPerFileWithANoteOfHowManyWereLeftOut() throws IOException {
		consistentFolder();
		List<String> lines = linesOf(2);
		for (int i = 0; i < 50; i++) {
			lines.add(2 * i, "garbage " + i);
		}
		write(2, lines);
		ConsistencyCheck.Report report = ConsistencyCheck.check(TraceFolder.openLenient(dir, new SkippedLines(0)), Progress.NONE, 10);
		List<String> messages = messages(report);
		assertEquals(11, messages.stream().filter(m -> m.startsWith("trace.2:")).count(), messages.toString());
		assertTrue(messages.contains("trace.2:0: 40 more errors and warnings of this file left out (at most 10 shown per file)"),
				messages.toString());
		assertEquals(50, report.skippedLines());
		assertEquals(50, report.errors());
		assertFalse(report.summary().isEmpty());
	}

	/** Random damage (bytes changed, lines cut, files cut) never escapes as anything but a report. */
	@Test
	void randomCorruptionAlwaysGivesAReportNamingFileAndLine() throws IOException {
		long[] events = consistentFolder();
		Random random = new Random(14);
		for (int round = 0; round < 40; round++) {
			int rank = random.nextInt(RANKS);
			Path file = dir.resolve("trace." + rank);
			byte[] original = Files.readAllBytes(file);
			byte[] damaged = original.clone();
			for (int i = 1 + random.nextInt(5); i > 0; i--) {
				damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
			}
			if (random.nextBoolean()) {
				damaged = Arrays.copyOf(damaged, random.nextInt(damaged.length));
			}
			Files.write(file, damaged);
			ConsistencyCheck.Report report = check();
			for (Diagnostic diagnostic : report.diagnostics()) {
				assertTrue(diagnostic.file().startsWith(dir), diagnostic.toString());
				assertFalse(diagnostic.message().isBlank());
			}
			for (Diagnostic skipped : report.diagnostics()) {
				if (skipped.file().equals(file) && skipped.line() > 0) {
					assertTrue(skipped.line() <= original.length, skipped.toString());
				}
			}
			for (int other = 0; other < RANKS; other++) {
				if (other != rank) {
					assertEquals(events[other], report.eventsPerRank()[other], "round " + round);
				}
			}
			Files.write(file, original);
		}
	}
}
