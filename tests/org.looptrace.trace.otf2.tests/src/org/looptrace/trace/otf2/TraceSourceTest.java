// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.ConsistencyCheck;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFolder;

/**
 * What a user names as traces, made into a trace folder: a trace folder as it is, an archive as the
 * folder it converts to; the positions of the archive's events behind the lines of that folder, and
 * the diagnostics of the folder put back on the archive's locations and events.
 */
class TraceSourceTest {

	@Test
	void aTraceFolderIsItself(@TempDir Path dir) throws Exception {
		Files.writeString(dir.resolve("trace.0"), "0 send 0 1\n0 recv 0 1\n");
		TraceSource source = TraceSource.open(dir, false, 1, Progress.NONE);
		assertEquals(dir, source.folder());
		assertFalse(TraceSource.isArchive(dir));
		assertEquals(List.of(), source.warnings());
		List<Diagnostic> diagnostics = List.of(Diagnostic.error(dir.resolve("trace.0"), 2, 1, "a problem"));
		assertEquals(diagnostics, source.located(diagnostics));
	}

	@Test
	void anArchiveIsTheFolderItConvertsToWithItsWarnings(@TempDir Path dir) throws Exception {
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(3, 8), dir.resolve("run"));
		TraceSource source = TraceSource.open(written.anchor(), false, 2, Progress.NONE);
		assertTrue(TraceSource.isArchive(dir.resolve("run")));
		assertEquals(Otf2Archive.open(written.anchor()).traceFolder(false, 1, Progress.NONE).folder(), source.folder());
		// the writer gives rank 2 a worker thread: its events are left out, and the user is told
		assertEquals(1, source.warnings().size(), source.warnings()::toString);
		Diagnostic warning = source.warnings().get(0);
		assertEquals(written.anchor(), warning.file());
		assertTrue(warning.message().matches("events of locations that are not the master thread of an MPI rank left out: "
				+ "location \\d+ \\(Worker thread, 2 events\\)"), warning.message());
		assertEquals(Diagnostic.Severity.WARNING, warning.severity());
	}

	/**
	 * Rank 0 of a small archive (records 1 to 11: enter main, enter MPI_Send, send, leave, isend,
	 * send and receive on COMM_SELF, a send to MPI_PROC_NULL, collective begin and end, leave main):
	 * its events are records 3, 5, 6, 7 and 10; with calls, every enter and leave is one too.
	 */
	@Test
	void positionsAreThoseOfTheRecordsTheEventsWereReadFrom(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), """
				resolution 1000000
				ranks 2 1 0
				comm MPI_COMM_WORLD world
				comm self self
				region MPI_Send mpi
				region main user
				0 1 enter main
				0 2 enter MPI_Send
				0 3 send MPI_COMM_WORLD 1 5 100
				0 4 leave MPI_Send
				0 5 isend MPI_COMM_WORLD 1 3 8
				0 6 send self 0 9 1
				0 7 recv self 0 9 1
				0 7 send MPI_COMM_WORLD 4294967294 4 4
				0 8 coll MPI_COMM_WORLD 11 8 16
				0 9 leave main
				1 3 recv MPI_COMM_WORLD 0 5 100
				1 5 recv MPI_COMM_WORLD 0 3 8
				1 8 coll MPI_COMM_WORLD 11 8 16
				""");
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		assertEquals(Map.of(1L, 3L, 2L, 5L, 3L, 6L, 4L, 7L, 5L, 10L), archive.positions(0, false, List.of(1L, 2L, 3L, 4L, 5L, 6L)),
				"no sixth event: no position");
		List<Long> all = LongStream.rangeClosed(1, 9).boxed().toList();
		Map<Long, Long> calls = archive.positions(0, true, all);
		assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 10L, 11L), all.stream().map(calls::get).toList());
		assertEquals(dir.resolve("run/traces/1.evt"), archive.eventFile(0), "rank 0 is the second location defined");
		assertEquals("location 1 (rank 0, Master thread)", archive.describe(0));
	}

	/**
	 * Random programs: a message is one record of its location, a collective two (begin and end, the
	 * event at the end); so event n of a rank is at the position those before it and itself add up to.
	 */
	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3, 4, 5 })
	void everyEventOfARandomArchiveIsAtThePositionOfItsRecord(long seed, @TempDir Path dir) throws Exception {
		int ranks = 2 + (int) (seed % 4);
		List<List<TraceEvent>> program = RandomPrograms.traces(ranks, seed);
		Otf2Archives.program(program, dir.resolve("run"));
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		for (int rank = 0; rank < ranks; rank++) {
			List<Long> expected = new ArrayList<>();
			long position = 0;
			for (TraceEvent event : program.get(rank)) {
				if (event.kind() != EventKind.LOCAL) {
					position += event.kind() == EventKind.SYNC ? 2 : 1;
					expected.add(position);
				}
			}
			List<Long> indexes = LongStream.rangeClosed(1, expected.size()).boxed().toList();
			Map<Long, Long> positions = archive.positions(rank, false, indexes);
			assertEquals(expected, indexes.stream().map(positions::get).toList(), "seed " + seed + ", rank " + rank);
		}
	}

	/** A message never received: the check of the converted folder names its location and record, not a converted line. */
	@Test
	void diagnosticsOfTheConvertedFolderNameTheArchivesLocationAndEvent(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNMATCHED_SEND);
		for (boolean calls : new boolean[] { false, true }) {
			TraceSource source = TraceSource.open(dir.resolve("run"), calls, 1, Progress.NONE);
			ConsistencyCheck.Report report = ConsistencyCheck.check(TraceFolder.open(source.folder()), Progress.NONE);
			Diagnostic unmatched = report.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
			assertEquals(source.folder().resolve("trace.0"), unmatched.file());
			assertEquals(calls ? 5 : 2, unmatched.line(), "the line of the converted trace");
			List<Diagnostic> located = source.located(report.diagnostics());
			assertEquals(report.diagnostics().size(), located.size());
			Diagnostic error = located.get(report.diagnostics().indexOf(unmatched));
			assertEquals(dir.resolve("run/traces/0.evt"), error.file());
			assertEquals(0, error.line());
			assertEquals("location 0 (rank 0, Master thread), event 5: " + unmatched.message(), error.message(), "calls " + calls);
			assertTrue(error.message().contains("unmatched send on channel"), error.message());
		}
	}
}
