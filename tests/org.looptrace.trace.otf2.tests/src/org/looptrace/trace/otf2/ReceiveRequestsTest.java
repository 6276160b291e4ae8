// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.merge.ChannelKind;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFolder;

/**
 * Receives an archive requests (MpiIrecvRequest) and never completes (no MpiIrecv, no
 * MpiRequestCancelled), as EZTrace 2.0 writes MPI_Irecv: counted per rank while the events are read,
 * a warning naming the archive, the ranks and the counts, the cause and remedy of the messages such a
 * rank never receives; never guessed into receives. The records of the event files are counted, not
 * taken from the definitions.
 */
class ReceiveRequestsTest {

	private static final String GENERIC_REMEDY = "a tracer that records the MpiIrecv completing each nonblocking receive, such as LoopTrace's tracer";
	private static final String CAUSE = "EZTrace 2.0 records no MpiIrecv; their source and tag are unknown";

	@Test
	void receivesRequestedAndNeverCompletedAreAWarningAndTheCauseOfTheMissingOnes(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNCOMPLETED_RECEIVES);
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		assertEquals(List.of(), archive.warnings(), "nothing known before the events are read");
		archive.convert(dir.resolve("plain"), false, 2, Progress.NONE);
		// the completed receive only: the others' source and tag are not in the archive
		assertEquals("0 recv 1 7\n", Files.readString(dir.resolve("plain/trace.1")));
		assertEquals(List.of(Diagnostic.warning(archive.anchor(),
				"2 nonblocking receives of rank 1 are requested but never completed in the archive: " + CAUSE)), archive.warnings());
		assertTrue(archive.missingReceives(RankSet.of(0)).isEmpty());
		String cause = archive.missingReceives(RankSet.of(1)).orElseThrow();
		assertTrue(cause.startsWith("rank 1 requests 2 nonblocking receives that " + archive.anchor() + " never completes"), cause);
		assertTrue(cause.contains("Score-P or LoopTrace's tracer"), cause);
		assertEquals(9, archive.records(Progress.NONE), "the records written");
	}

	@Test
	void theCountsAreKeptWithTheConvertedFolder(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNCOMPLETED_RECEIVES);
		TraceSource converted = TraceSource.open(dir.resolve("run"), false, 1, Progress.NONE);
		Path requests = converted.folder().resolve("receive-requests");
		long written = Files.getLastModifiedTime(requests).toMillis();
		TraceSource reused = TraceSource.open(dir.resolve("run"), false, 1, Progress.NONE);
		assertEquals(written, Files.getLastModifiedTime(requests).toMillis(), "not converted again");
		assertEquals(1, reused.warnings().size());
		assertEquals(converted.warnings(), reused.warnings());
		assertEquals(converted.missingReceives(RankSet.of(1)), reused.missingReceives(RankSet.of(1)));
		// a conversion without the counts (or with others' ranks) is made again
		Files.writeString(requests, "0\n");
		assertEquals(converted.warnings(), TraceSource.open(dir.resolve("run"), false, 1, Progress.NONE).warnings());
	}

	/**
	 * The cause and the remedy name the writer the archive names: its creator, or EZTrace 2.0 for an
	 * archive without one that defines EZTrace's region; nobody when it says nothing.
	 */
	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { //
			"eztrace | EZTrace 2.0 records no MpiIrecv; | Score-P or LoopTrace's tracer, which record them", //
			"creator EZTrace 2.1 | EZTrace 2.1 records no MpiIrecv; | Score-P or LoopTrace's tracer, which record them", //
			"creator Score-P 8.4\\neztrace | its writer, Score-P 8.4, records no MpiIrecv completing them; | " + GENERIC_REMEDY, //
			"'' | the archive names no writer and records no MpiIrecv completing them; | " + GENERIC_REMEDY })
	void theCauseNamesTheWriterOnlyWhenTheArchiveSaysWhichItIs(String writer, String cause, String remedy, @TempDir Path dir)
			throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNCOMPLETED_RECEIVES.replace("eztrace\n", writer.replace("\\n", "\n") + "\n"));
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		archive.convert(dir.resolve("plain"), false, 1, Progress.NONE);
		String warning = archive.warnings().get(0).message();
		assertTrue(warning.endsWith("requested but never completed in the archive: " + cause + " their source and tag are unknown"), warning);
		String missing = archive.missingReceives(RankSet.of(1)).orElseThrow();
		assertTrue(missing.endsWith(" never completes (" + cause + " their source and tag are unknown): trace the run with " + remedy), missing);
	}

	@Test
	void anInconsistencyIsExplainedByTheReceivesOfItsReceiverNeverCompleted(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNCOMPLETED_RECEIVES);
		TraceSource source = TraceSource.open(dir.resolve("run"), false, 1, Progress.NONE);
		InconsistentTraceException e = assertThrows(InconsistentTraceException.class,
				() -> Pipeline.model(TraceFolder.open(source.folder()), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE));
		assertEquals(e.getMessage() + "; " + source.missingReceives(RankSet.of(1)).orElseThrow(), source.explained(e).getMessage());
		assertEquals(Objects.requireNonNull(e.imbalance()), source.explained(e).imbalance(), "the channel explained is still typed");
		// what the archive does not explain is left as it is
		InconsistentTraceException other = new InconsistentTraceException("collective MPI_Barrier of group 0-1: ...");
		assertSame(other, source.explained(other));
		for (int sent = 0; sent < 3; sent++) {
			for (int dst = 0; dst < 2; dst++) {
				InconsistentTraceException unbalanced = InconsistentTraceException
						.unbalanced(new InconsistentTraceException.Imbalance(1 - dst, dst, new ChannelKind.Messages("7"), sent, 1));
				assertEquals(sent > 1 && dst == 1, source.explained(unbalanced) != unbalanced, unbalanced.getMessage());
				assertEquals(unbalanced.imbalance(), source.explained(unbalanced).imbalance(), unbalanced.getMessage());
			}
		}
		Path folder = Files.createDirectories(dir.resolve("folder"));
		assertSame(e, TraceSource.open(folder, false, 1, Progress.NONE).explained(e), "a trace folder says nothing of receives");
	}

	/**
	 * Random requests per rank: some completed by an MpiIrecv, some cancelled, some never completed,
	 * IDs reused once closed (as MPI reuses request handles), in random order: the warning counts those
	 * never completed, the receives read are those completed, the records are all counted.
	 */
	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3, 4, 5 })
	void randomRequestsCountThoseNeverCompleted(long seed, @TempDir Path dir) throws Exception {
		Random random = new Random(seed);
		int ranks = 2 + random.nextInt(4);
		StringBuilder spec = new StringBuilder("eztrace\nresolution 1000\nranks " + ranks);
		for (int rank = 0; rank < ranks; rank++) {
			spec.append(' ').append(rank);
		}
		spec.append("\ncomm MPI_COMM_WORLD world\n");
		long[] uncompleted = new long[ranks];
		long[] completed = new long[ranks];
		long records = 0;
		for (int rank = 0; rank < ranks; rank++) {
			// each request: posted, then completed, cancelled or left open; open ones keep their ID
			List<String> events = new ArrayList<>();
			int requests = random.nextInt(12);
			List<Long> reusable = new ArrayList<>();
			long next = 100;
			for (int i = 0; i < requests; i++) {
				int fate = random.nextInt(3);
				long id = !reusable.isEmpty() && random.nextBoolean() ? reusable.remove(0) : next++;
				events.add("irecvrequest " + id);
				if (fate == 0) {
					events.add("irecv MPI_COMM_WORLD " + random.nextInt(ranks) + " 5 8 " + id);
					completed[rank]++;
					reusable.add(id);
				} else if (fate == 1) {
					events.add("cancelled " + id);
					reusable.add(id);
				} else {
					uncompleted[rank]++;
				}
			}
			records += events.size();
			long time = 0;
			for (String event : events) {
				spec.append(rank).append(' ').append(++time).append(' ').append(event).append('\n');
			}
		}
		Otf2Archives.write(dir.resolve("run"), spec.toString());
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		archive.convert(dir.resolve("plain"), false, 2, Progress.NONE);
		long total = 0;
		for (int rank = 0; rank < ranks; rank++) {
			assertEquals(completed[rank], Files.readAllLines(dir.resolve("plain/trace." + rank)).size(), "receives of rank " + rank);
			assertEquals(uncompleted[rank] > 0, archive.missingReceives(RankSet.of(rank)).isPresent(), "rank " + rank);
			String requests = " requests " + uncompleted[rank] + " nonblocking";
			archive.missingReceives(RankSet.of(rank)).ifPresent(cause -> assertTrue(cause.contains(requests), cause));
			total += uncompleted[rank];
		}
		Optional<String> all = archive.missingReceives(RankSet.range(0, ranks - 1));
		assertEquals(total > 0, all.isPresent());
		String requested = "ranks? [-,0-9]+ requests? " + total + " nonblocking receives that .*";
		all.ifPresent(cause -> assertTrue(cause.matches(requested), cause));
		List<Diagnostic> warnings = archive.warnings();
		assertEquals(total > 0 ? 1 : 0, warnings.size(), warnings.toString());
		if (total > 0) {
			String message = warnings.get(0).message();
			assertTrue(message.endsWith("requested but never completed in the archive: " + CAUSE), message);
			assertEquals(total, counted(message), message);
		}
		assertEquals(records, archive.records(Progress.NONE));
	}

	/** The receives a warning counts: "N ... of rank R" or "N ... of each of ranks S" for each group. */
	private static long counted(String message) {
		long total = 0;
		for (String part : message.substring(0, message.indexOf(" requested")).replaceFirst(" (is|are)$", "").split(", ")) {
			long count = Long.parseLong(part.substring(0, part.indexOf(' ')));
			String ranks = part.substring(part.lastIndexOf(' ') + 1);
			total += count * RankSet.valueOf(ranks).size();
		}
		return total;
	}
}
