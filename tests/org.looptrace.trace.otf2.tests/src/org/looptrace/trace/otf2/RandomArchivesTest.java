// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.Projection;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.TraceFolder;

/**
 * Archives written by python3-otf2 from random consistent programs read back as the events written,
 * rank by rank, and the model of the run projects exactly onto them: messages on the world, on a
 * communicator whose ranks are the world's reversed, on COMM_SELF; collectives on sub-groups; location
 * references that are not ranks; a worker thread whose events are not the rank's.
 */
class RandomArchivesTest {

	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3, 4, 5, 6, 7, 8 })
	void randomProgramsReadAsWrittenAndModelExactly(long seed, @TempDir Path dir) throws Exception {
		int ranks = 2 + (int) (seed * 5 % 9);
		List<List<TraceEvent>> program = seed % 2 == 0 ? RandomPrograms.traces(ranks, seed) : RandomPrograms.shaped(ranks, seed);
		Otf2Archives.Written written = Otf2Archives.program(program, dir.resolve("run"));

		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		assertEquals(ranks, archive.ranks());
		assertEquals(1, archive.warnings().size(), archive.warnings()::toString);
		assertTrue(archive.warnings().get(0).message().contains("(Worker thread, 2 events)"), "the worker thread is left out, and said so");
		TraceFolder folder = archive.traceFolder(false, 3, Progress.NONE);
		for (int rank = 0; rank < ranks; rank++) {
			List<TraceEvent> events = Projection.events(folder, rank);
			assertEquals(written.expected().get(rank), events, "seed " + seed + ", rank " + rank);
			try (DataTrace data = folder.openData(rank)) {
				assertEquals(events.size(), data.records(), "one data record per event, rank " + rank);
				for (long i = 0; i < data.records(); i++) {
					assertTrue(data.value(i, "time") <= data.value(i, "end"));
				}
			}
		}
		Model model = Pipeline.model(folder, NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
		Projection.assertProjection(written.expected(), model, "seed " + seed);
	}

	@Test
	void theTraceFolderIsWrittenOnceAndAgainWhenTheArchiveChanges(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(4, 11), dir.resolve("run"));
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run").resolve(Otf2Archive.ANCHOR));
		Path trace = archive.traceFolder(false, 2, Progress.NONE).traceFile(0);
		FileTime old = FileTime.fromMillis(1_000_000);
		Files.setLastModifiedTime(trace, old);
		archive.traceFolder(false, 2, Progress.NONE);
		assertEquals(old, Files.getLastModifiedTime(trace), "an unchanged archive is not read again");
		Path events;
		try (var files = Files.list(dir.resolve("run").resolve("traces"))) {
			events = files.filter(file -> file.toString().endsWith(".evt")).findFirst().orElseThrow();
		}
		Files.setLastModifiedTime(events, FileTime.fromMillis(2_000_000));
		archive.traceFolder(false, 2, Progress.NONE);
		assertNotEquals(old, Files.getLastModifiedTime(trace), "a changed archive is read again");
	}
}
