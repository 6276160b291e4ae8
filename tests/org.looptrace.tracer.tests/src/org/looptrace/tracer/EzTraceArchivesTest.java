// SPDX-License-Identifier: EPL-2.0
package org.looptrace.tracer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.ConsistencyCheck;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.otf2.Otf2Archive;

/**
 * The tracer's example programs traced by EZTrace (a real OTF2 writer, Debian package eztrace) and by
 * our tracer: the archive reads as the same messages per channel and the same collectives per rank
 * (but those EZTrace does not intercept: MPI_Scan, MPI_Exscan, MPI_Alltoallw, MPI_Reduce_scatter_block).
 * EZTrace records no completion of a nonblocking or persistent receive (only its request), so such
 * receives are not events of the archive: its receives are those of the blocking calls, never more
 * than ours per channel, and the consistency check reports the others as sent and never received.
 */
class EzTraceArchivesTest {

	private static final int ITERATIONS = 6;
	private static final int RANKS = 4;
	/** Collectives EZTrace 2.0 does not intercept: not in its archives. */
	private static final Set<String> NOT_RECORDED = Set.of("MPI_Scan", "MPI_Exscan", "MPI_Alltoallw", "MPI_Reduce_scatter_block");

	@BeforeAll
	static void buildTracer() throws Exception {
		TracedExamplesTest.buildTracer();
	}

	@ParameterizedTest
	// not solver: EZTrace records MPI_Sendrecv and MPI_Sendrecv_replace as regions only, without their messages;
	// not master_worker: EZTrace records the receives its master completes with MPI_Waitany or MPI_Waitsome
	// and MPI_STATUS_IGNORE with a sender read from memory it never set (a rank or not, from run to run)
	@ValueSource(strings = { "ring", "halo2d", "wavefront" })
	void ezTraceArchiveHasTheMessagesAndCollectivesOfOurTrace(String example, @TempDir Path dir) throws Exception {
		Path ours = dir.resolve("ours");
		TracedExamplesTest.trace(ours, RANKS, example, Integer.toString(ITERATIONS));
		Path ez = dir.resolve("eztrace");
		Path log = dir.resolve("eztrace.log");
		List<String> command = List.of("mpirun", "--oversubscribe", "--allow-run-as-root", "-np", Integer.toString(RANKS), "eztrace",
				"-t", "openmpi", "-o", ez.toString(), TracedExamplesTest.TRACER.resolve("build/examples/" + example).toString(),
				Integer.toString(ITERATIONS));
		assertEquals(0, TracedExamplesTest.run(command, log), () -> "eztrace failed: " + TracedExamplesTest.readQuietly(log));

		// EZTrace writes <program>_trace/eztrace_log.otf2 into its output folder
		Otf2Archive archive = Otf2Archive.open(ez.resolve(example + "_trace"));
		assertEquals(RANKS, archive.ranks());
		TraceFolder theirs = archive.traceFolder(false, 2, Progress.NONE);
		TraceFolder mine = TraceFolder.open(ours);
		Map<String, Long> sent = new TreeMap<>();
		Map<String, Long> received = new TreeMap<>();
		for (int rank = 0; rank < RANKS; rank++) {
			List<TraceEvent> a = Projection.events(theirs, rank);
			List<TraceEvent> b = Projection.events(mine, rank);
			assertEquals(collectives(b), collectives(a), example + ": collectives of rank " + rank);
			count(b, EventKind.SEND, sent, 1);
			count(a, EventKind.SEND, sent, -1);
			count(b, EventKind.RECV, received, 1);
			count(a, EventKind.RECV, received, -1);
		}
		sent.forEach((channel, difference) -> assertEquals(0L, difference, example + ": messages sent on " + channel));
		received.forEach((channel, missing) -> assertTrue(missing >= 0, example + ": more receives than ours on " + channel));
		long unreceived = received.values().stream().mapToLong(Long::longValue).sum();
		ConsistencyCheck.Report report = ConsistencyCheck.check(theirs, Progress.NONE);
		assertEquals(unreceived > 0, report.hasErrors(),
				example + ": receives EZTrace does not complete are reported, and only they: " + report.summary());
		// the receives missing at a rank are among those it requests and never completes, warned about and given as the
		// cause; so are its receives from MPI_PROC_NULL (halo2d's borders), no message, whose request EZTrace writes too
		long[] missing = new long[RANKS];
		received.forEach((channel, count) -> {
			missing[Integer.parseInt(channel.substring(channel.indexOf('>') + 1, channel.indexOf(':')))] += count;
		});
		for (int rank = 0; rank < RANKS; rank++) {
			String prefix = "rank " + rank + " requests ";
			long requested = archive.missingReceives(RankSet.of(rank)).map(cause -> {
				assertTrue(cause.startsWith(prefix), cause);
				return Long.parseLong(cause.substring(prefix.length(), cause.indexOf(' ', prefix.length())));
			}).orElse(0L);
			assertTrue(requested >= missing[rank], example + ": rank " + rank + " misses " + missing[rank] + ", requests " + requested);
		}
		// EZTrace 2.0 names no creator: its own region in the definitions says it wrote the archive
		assertEquals(unreceived > 0, archive.warnings().stream().anyMatch(w -> w.message().contains(
				"never completed in the archive: EZTrace 2.0 records no MpiIrecv; their source and tag are unknown")),
				example + ": " + archive.warnings());
		archive.missingReceives(RankSet.range(0, RANKS - 1)).ifPresent(cause -> assertTrue(
				cause.endsWith("(EZTrace 2.0 records no MpiIrecv; their source and tag are unknown): trace the run with Score-P or LoopTrace's tracer, which record them"),
				cause));

		// the records of the event files, as otf2-print lists them (EZTrace's definitions announce 2 per location)
		Path printed = dir.resolve("otf2-print.txt");
		assertEquals(0, TracedExamplesTest.run(List.of("otf2-print", archive.anchor().toString()), printed));
		long records = Files.readAllLines(printed).stream().filter(line -> line.matches("[A-Z_]+ +\\d+ +\\d+.*")).count();
		assertEquals(records, archive.records(Progress.NONE), example + ": records");
	}

	/** The collectives of a rank's events in order, names and groups. */
	private static List<String> collectives(List<TraceEvent> events) {
		List<String> found = new ArrayList<>();
		events.stream().filter(event -> event.kind() == EventKind.SYNC && !NOT_RECORDED.contains(event.tag()))
				.forEach(event -> found.add(event.toLine()));
		return found;
	}

	/**
	 * Adds {@code sign} per event of {@code kind}, by channel; a communicator's identifier in a tag
	 * ({@code c4.3}) is each tracer's own, so channels are compared by their MPI tag.
	 */
	private static void count(List<TraceEvent> events, EventKind kind, Map<String, Long> counts, long sign) {
		for (TraceEvent event : events) {
			if (event.kind() == kind) {
				counts.merge(event.rank() + ">" + event.peer() + ":" + event.tag().replaceFirst("^[ch]\\d+\\.", ""), sign, Long::sum);
			}
		}
	}
}
