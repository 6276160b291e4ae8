// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/**
 * What one small archive reads as, line by line and record by record (docs/FORMATS.md): peers
 * translated through their communicator, COMM_SELF, tags qualified off the world, the MPI call's
 * Enter and Leave giving time and end in ns from the clock properties, regions as calls on request;
 * and bad archives rejected with a diagnostic naming the file, the location and what was expected.
 */
class ArchiveMappingTest {

	/**
	 * Three ranks, locations defined as 2, 0, 1; a worker thread on rank 1; timer in microseconds; a
	 * send to MPI_PROC_NULL as EZTrace records it (-2), which is no message.
	 */
	private static final String SMALL = """
			resolution 1000000
			ranks 3 2 0 1
			comm MPI_COMM_WORLD world
			comm reversed 2,1,0
			comm self self
			region MPI_Send mpi
			region MPI_Recv mpi
			region main user
			region worker user
			thread 1
			0 1 enter main
			0 2 enter MPI_Send
			0 3 send MPI_COMM_WORLD 1 5 100
			0 4 leave MPI_Send
			0 5 isend reversed 0 3 8
			0 6 send self 0 9 1
			0 7 recv self 0 9 1
			0 7 send MPI_COMM_WORLD 4294967294 4 4
			0 8 coll MPI_COMM_WORLD 11 8 16
			0 9 leave main
			1 2 enter MPI_Recv
			1 3 recv MPI_COMM_WORLD 0 5 100
			1 5 leave MPI_Recv
			1 8 coll MPI_COMM_WORLD 11 8 16
			2 5 irecv reversed 2 3 8
			2 8 coll MPI_COMM_WORLD 11 8 16
			""";

	@Test
	void eventsAndRecordsOfASmallArchive(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), SMALL);
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		Path plain = dir.resolve("plain");
		archive.convert(plain, false, 2, Progress.NONE);
		assertEquals("""
				0 send 1 5
				0 send 2 c1.3
				0 send 0 c2.9
				0 recv 0 c2.9
				0 sync MPI_Allreduce 0-2
				""", Files.readString(plain.resolve("trace.0")));
		assertEquals("0 recv 1 5\n1 sync MPI_Allreduce 0-2\n", Files.readString(plain.resolve("trace.1")));
		assertEquals("0 recv 2 c1.3\n2 sync MPI_Allreduce 0-2\n", Files.readString(plain.resolve("trace.2")));
		// ns from the first timestamp (the global offset), a send inside MPI_Send timed by its Enter and Leave
		assertEquals(List.of(List.of(1000L, 3000L, 100L), List.of(4000L, 4000L, 8L), List.of(5000L, 5000L, 1L),
				List.of(6000L, 6000L, 1L), List.of(7000L, 7000L, 8L)), records(plain.resolve("data.0")));
		assertEquals(List.of(List.of(1000L, 4000L, 100L), List.of(7000L, 7000L, 8L)), records(plain.resolve("data.1")));

		Path calls = dir.resolve("calls");
		archive.convert(calls, true, 1, Progress.NONE);
		assertEquals("""
				0 local call main
				0 local call MPI_Send
				0 send 1 5
				0 local return MPI_Send
				0 send 2 c1.3
				0 send 0 c2.9
				0 recv 0 c2.9
				0 sync MPI_Allreduce 0-2
				0 local return main
				""", Files.readString(calls.resolve("trace.0")));
		assertEquals("1 local call MPI_Recv\n0 recv 1 5\n1 local return MPI_Recv\n1 sync MPI_Allreduce 0-2\n",
				Files.readString(calls.resolve("trace.1")), "the worker thread's events are not rank 1's");
	}

	private static List<List<Long>> records(Path file) throws Exception {
		List<List<Long>> records = new ArrayList<>();
		try (DataTrace data = DataTrace.open(file)) {
			assertEquals(Otf2Archive.DATA_ATTRIBUTES, data.attributes());
			for (long i = 0; i < data.records(); i++) {
				records.add(java.util.Arrays.stream(data.record(i)).boxed().toList());
			}
		}
		return records;
	}

	/** Cut to a half, a third or a quarter: inside a record or between two, the file is reported. */
	@ParameterizedTest
	@ValueSource(ints = { 2, 3, 4 })
	void aTruncatedEventFileNamesTheFileTheLocationAndHowFarItIsReadable(int cut, @TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(3, 5), dir.resolve("run"));
		Path events = dir.resolve("run/traces/0.evt");
		try (RandomAccessFile file = new RandomAccessFile(events.toFile(), "rw")) {
			file.setLength(file.length() / cut);
		}
		Diagnostic error = failure(() -> Otf2Archive.open(dir.resolve("run")).traceFolder(false, 2, Progress.NONE));
		assertEquals(events, error.file());
		assertTrue(error.message().startsWith("location 0 (rank "), error.message());
		assertTrue(error.message().contains("(is it cut short"), error.message());
	}

	@Test
	void aMissingDefinitionsFileIsNamed(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(2, 1), dir.resolve("run"));
		Files.delete(dir.resolve("run/traces.def"));
		Diagnostic error = failure(() -> Otf2Archive.open(dir.resolve("run")));
		assertEquals(dir.resolve("run/traces.def"), error.file());
		assertTrue(error.message().startsWith("missing"), error.message());
	}

	/** The library says no more than that it cannot open it: both causes are named, not only a version. */
	@Test
	void anAnchorThatIsNoArchiveIsNamed(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(2, 1), dir.resolve("run"));
		Files.writeString(dir.resolve("run/traces.otf2"), "not an archive\n");
		Diagnostic error = failure(() -> Otf2Archive.open(dir.resolve("run")));
		assertEquals(dir.resolve("run/traces.otf2"), error.file());
		assertTrue(error.message().startsWith("libotf2 cannot open this anchor file: it is not the anchor of an OTF2 archive, or one"),
				error.message());
	}

	@Test
	void aTraceWithoutMpiSaysSo(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), "resolution 1000\nranks 2 0 1\nnompi\nregion main user\n0 1 enter main\n0 2 leave main\n");
		Diagnostic error = failure(() -> Otf2Archive.open(dir.resolve("run")));
		assertEquals(dir.resolve("run/traces.otf2"), error.file());
		assertTrue(error.message().startsWith("no MPI ranks: expected an MPI group of type COMM_LOCATIONS"), error.message());
	}

	@Test
	void anUnknownCollectiveIsNamedWithItsLocationAndEvent(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), "resolution 1000\nranks 2 1 0\ncomm MPI_COMM_WORLD world\n0 5 coll MPI_COMM_WORLD 40 1 1\n");
		Diagnostic error = failure(() -> Otf2Archive.open(dir.resolve("run")).convert(dir.resolve("out"), false, 1, Progress.NONE));
		assertEquals(dir.resolve("run/traces/1.evt"), error.file());
		assertEquals("location 1 (rank 0, Master thread): event 2: unknown collective operation 40: expected 0 to 22 (OTF2_CollectiveOp)",
				error.message());
	}

	@Test
	void aPeerOutsideItsCommunicatorIsNamed(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), "resolution 1000\nranks 2 0 1\ncomm MPI_COMM_WORLD world\ncomm half 1\n"
				+ "1 5 send MPI_COMM_WORLD 0 1 1\n1 6 send half 1 1 1\n");
		Diagnostic error = failure(() -> Otf2Archive.open(dir.resolve("run")).convert(dir.resolve("out"), false, 1, Progress.NONE));
		assertEquals(dir.resolve("run/traces/1.evt"), error.file());
		assertEquals("location 1 (rank 1, Master thread): event 2: receiver 1 is outside communicator 1 (half) of 1 ranks",
				error.message());
	}

	@Test
	void aFolderWithoutAnchorIsNoArchive(@TempDir Path dir) throws Exception {
		assertTrue(Otf2Archive.anchorOf(dir).isEmpty());
		Diagnostic error = failure(() -> Otf2Archive.open(dir));
		assertTrue(error.message().startsWith("not an OTF2 archive"), error.message());
		Otf2Archives.program(RandomPrograms.traces(2, 3), dir.resolve("run"));
		TraceFolder folder = Otf2Archive.open(dir.resolve("run")).traceFolder(false, 1, Progress.NONE);
		assertTrue(Otf2Archive.anchorOf(folder.folder()).isEmpty(), "the trace folder written is not an archive");
	}

	private interface Action {
		void run() throws Exception;
	}

	private static Diagnostic failure(Action action) {
		return assertThrows(TraceFormatException.class, action::run).diagnostic();
	}
}
