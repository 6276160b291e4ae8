// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.core.Progress;
import org.looptrace.trace.generate.Patterns;

class ConsistencyCheckTest {

	/** Set by JUnit before each test (the initial value only satisfies the null analysis). */
	@TempDir
	Path dir = Path.of("");

	private ConsistencyCheck.Report check(Path folder) throws IOException {
		return ConsistencyCheck.check(TraceFolder.open(folder), Progress.NONE);
	}

	/** The diagnostics as {@code name:line:column: severity: message}, with the folder left out. */
	private static List<String> lines(ConsistencyCheck.Report report, Path folder) {
		return report.diagnostics().stream().map(d -> d.toString().substring(folder.toString().length() + 1)).toList();
	}

	@Test
	void everyGeneratedPatternIsConsistent() throws IOException {
		int folders = 0;
		for (String name : Patterns.ALL) {
			for (int ranks : new int[] { 2, 3, 5, 8, 12, 16 }) {
				for (long seed : new long[] { 0, 1, 99 }) {
					Path folder = dir.resolve(name + "-" + ranks + "-" + seed);
					long iterations = 1 + seed % 7;
					Patterns.write(Patterns.create(name, ranks, iterations, seed), folder, Progress.NONE);
					ConsistencyCheck.Report report = check(folder);
					assertEquals(List.of(), report.diagnostics(), name + " on " + ranks + " ranks");
					assertEquals(ranks, report.ranks());
					assertTrue(report.events() > 0);
					folders++;
				}
			}
		}
		assertEquals(Patterns.ALL.size() * 6 * 3, folders);
	}

	@Test
	void summaryCountsChannelsMessagesAndCollectives() throws IOException {
		Patterns.write(Patterns.create("solver", 4, 3, 0), dir, Progress.NONE);
		ConsistencyCheck.Report report = check(dir);
		// 2x2 grid: 2 neighbours each, 8 channels used once per iteration; 2 Allreduce per iteration
		assertArrayEquals(new long[] { 18, 18, 18, 18 }, report.eventsPerRank());
		assertEquals(8, report.channels());
		assertEquals(24, report.messages());
		assertEquals(1, report.collectives());
		assertEquals(6, report.collectiveOperations());
		assertEquals("4 ranks, 72 events, 8 channels, 24 messages, 1 collectives (6 operations), 0 errors, 0 warnings", report.summary());
	}

	/** Diagnostics come per file in line order, each at the first event left unmatched on its channel. */
	@Test
	void unmatchedSendsAndReceivesAreLocated() throws IOException {
		TestTraces.write(dir, "trace.0", "0 send 1 7\n0 send 1 7\n0 send 1 8\n0 send 1 7\n1 recv 0 9\n");
		TestTraces.write(dir, "trace.1", "0 recv 1 7\n0 recv 1 8\n0 recv 1 8\n");
		assertEquals(List.of(
				"trace.0:2:1: error: unmatched send on channel (0, 1, 7): this send and the 1 after it are never received (trace.0 sends 3 messages, trace.1 receives 1 message)",
				"trace.0:5:1: error: unmatched recv on channel (1, 0, 9): this receive has no matching send (trace.0 receives 1 message, trace.1 sends 0 messages)",
				"trace.1:3:1: error: unmatched recv on channel (0, 1, 8): this receive has no matching send (trace.1 receives 2 messages, trace.0 sends 1 message)"),
				lines(check(dir), dir));
	}

	@Test
	void collectivesMissingMembersAndOutsiders() throws IOException {
		TestTraces.write(dir, "trace.0", "0 sync MPI_Barrier 0-2\n0 sync MPI_Barrier 0-2\n0 sync MPI_Bcast 0,1\n");
		TestTraces.write(dir, "trace.1", "1 sync MPI_Barrier 0-2\n1 sync MPI_Bcast 0,1\n");
		TestTraces.write(dir, "trace.2", "2 sync MPI_Barrier 0-2\n2 sync MPI_Barrier 0-2\n2 sync MPI_Bcast 0,1\n");
		assertEquals(List.of(
				"trace.2:3:1: error: rank 2 takes part in collective MPI_Bcast over group 0,1, which does not contain it",
				"trace.1: error: missing member of collective MPI_Barrier over 0-2: rank 1 takes part once, other members 2 times (1 missing)"),
				lines(check(dir), dir));
	}

	@Test
	void shortDataFileIsReported() throws IOException {
		TestTraces.write(dir, "trace.0", "0 send 1 7\n0 send 1 7\n0 send 1 7\n");
		TestTraces.write(dir, "trace.1", "0 recv 1 7\n0 recv 1 7\n0 recv 1 7\n");
		for (int rank = 0; rank < 2; rank++) {
			try (DataTraceWriter writer = DataTraceWriter.create(dir.resolve("data." + rank), List.of("time", "size"))) {
				for (int i = 0; i < 3 - 2 * rank; i++) {
					writer.write(i, 8);
				}
			}
		}
		assertEquals(List.of("data.1: error: short data trace: 1 records for the 3 events of trace.1 (was rank 1 killed mid-run?); records 0-0 remain readable"),
				lines(check(dir), dir));
	}

	@Test
	void malformedLinesAreSkippedAndTheRestOfTheirFileIsStillMatched() throws IOException {
		TestTraces.write(dir, "trace.0", "0 send 1 7\n0 send 1 7\n");
		TestTraces.write(dir, "trace.1", "0 recv 1 7\n1 bad\n0 recv 1 7\n");
		TestTraces.write(dir, "trace.2", "2 snd 0 1\n");
		ConsistencyCheck.Report report = check(dir);
		assertEquals(List.of(
				"trace.1:2:3: error: unknown event kind 'bad': expected send, recv, sync or local",
				"trace.2:1:3: error: unknown event kind 'snd': expected send, recv, sync or local"),
				lines(report, dir));
		assertEquals(2, report.errors());
		assertEquals(2, report.skippedLines());
		assertArrayEquals(new long[] { 2, 2, 0 }, report.eventsPerRank());
	}

	@Test
	void brokenExampleShowsOneDiagnosticOfEachClass() throws IOException {
		Path folder = TestTraces.folder("broken", dir);
		ConsistencyCheck.Report report = check(folder);
		List<String> errors = report.diagnostics().stream().filter(Diagnostic::isError)
				.map(d -> d.file().getFileName() + ":" + d.line() + ":" + d.column() + ": " + d.message()).toList();
		assertEquals(List.of(
				"data.0:0:0: short data trace: 3 records for the 6 events of trace.0 (was rank 0 killed mid-run?); records 0-2 remain readable",
				"trace.1:3:8: expected the destination rank, a whole number from 0, found the negative number '-2'",
				"trace.2:3:3: unknown event kind 'snd': expected send, recv, sync or local",
				"trace.3:3:9: missing field: expected a tag (a number or a symbol) after column 8, found the end of the line",
				"trace.4:3:8: rank 12 is out of range: the folder has 12 ranks (0-11)",
				"trace.5:3:11: trailing garbage after the tag: expected the end of the line, found 'extra'",
				"trace.6:3:1: empty line: expected an event such as '0 send 1 7' (empty lines are not allowed; comments start with '#')",
				"trace.7:4:27: bad group syntax: expected a rank, found the end of the group (a rank set such as 0-15 or 0,2,4-7)",
				"trace.8:3:1: event not owned by this file's rank: '9 send 10 1' stands in the trace of rank 9 (the sender), this is the trace of rank 8",
				"trace.2:5:1: unmatched recv on channel (1, 2, 1): this receive has no matching send (trace.2 receives 2 messages, trace.1 sends 1 message); lines skipped in trace.1 (1) and trace.2 (1) may be the other end",
				"trace.3:5:1: unmatched recv on channel (2, 3, 1): this receive has no matching send (trace.3 receives 2 messages, trace.2 sends 1 message); lines skipped in trace.2 (1) and trace.3 (1) may be the other end",
				"trace.4:5:1: unmatched recv on channel (3, 4, 1): this receive has no matching send (trace.4 receives 2 messages, trace.3 sends 1 message); lines skipped in trace.3 (1) and trace.4 (1) may be the other end",
				"trace.5:5:1: unmatched recv on channel (4, 5, 1): this receive has no matching send (trace.5 receives 2 messages, trace.4 sends 1 message); lines skipped in trace.4 (1) and trace.5 (1) may be the other end",
				"trace.6:6:1: unmatched recv on channel (5, 6, 1): this receive has no matching send (trace.6 receives 2 messages, trace.5 sends 1 message); lines skipped in trace.5 (1) and trace.6 (1) may be the other end",
				"trace.9:5:1: unmatched recv on channel (8, 9, 1): this receive has no matching send (trace.9 receives 2 messages, trace.8 sends 1 message); lines skipped in trace.8 (1) may be the other end",
				"trace.9:8:1: unmatched send on channel (9, 10, 1): this send is never received (trace.9 sends 3 messages, trace.10 receives 2 messages)",
				"trace.7:0:0: missing member of collective MPI_Allreduce over 0-11: rank 7 takes part once, other members 2 times (1 missing)",
				"trace.11:0:0: missing member of collective MPI_Allreduce over 0-11: rank 11 takes part once, other members 2 times (1 missing)"),
				errors);
		assertEquals(0, report.diagnostics().size() - errors.size(), "every file read to its end: no warning");
	}
	@Test
	void progressPerRankAndCancellation() throws IOException {
		Patterns.write(Patterns.create("ring", 6, 3, 0), dir, Progress.NONE);
		TestTraces.CountingProgress progress = new TestTraces.CountingProgress();
		assertFalse(ConsistencyCheck.check(TraceFolder.open(dir), progress).hasErrors());
		assertEquals(7, progress.work);
		TestTraces.CountingProgress cancelling = new TestTraces.CountingProgress();
		cancelling.cancelAfter = 2;
		assertThrows(CancellationException.class, () -> ConsistencyCheck.check(TraceFolder.open(dir), cancelling));
		assertEquals(2, cancelling.work);
	}
}
