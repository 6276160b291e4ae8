// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TracesComment;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/**
 * The data traces of a model file, whatever its traces are: a trace folder, or an archive converted
 * once and reused while it does not change ({@link TraceSource#ofModel}, what the IDE's views and the
 * command line's profile and matrix read); what can be read without converting ({@link TraceSource#ready});
 * problems of the converted files put back on the archive.
 */
class ModelTracesTest {

	/**
	 * Random programs, the model beside the archive (as the IDE writes it) or elsewhere with a
	 * {@code // traces:} line (as {@code looptrace model -o} writes it): the data traces read are those
	 * the archive converts into, byte for byte.
	 */
	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3 })
	void theDataTracesOfAModelOfAnArchiveAreThoseTheArchiveConvertsInto(long seed, @TempDir Path dir) throws Exception {
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(2 + (int) seed, seed), dir.resolve("run"));
		Path expected = dir.resolve("expected");
		Otf2Archive.open(written.anchor()).convert(expected, false, 1, Progress.NONE);
		Path beside = dir.resolve("run/model.loops");
		Path elsewhere = dir.resolve("models/deep/model.loops");
		Files.createDirectories(elsewhere.getParent());
		String withLine = TracesComment.line(elsewhere, dir.resolve("run"), false) + "0 send 1 0\n";
		for (boolean first : new boolean[] { true, false }) {
			TraceSource fromBeside = TraceSource.ofModel(beside, "0 send 1 0\n", false, 2, Progress.NONE);
			TraceSource fromElsewhere = TraceSource.ofModel(elsewhere, withLine, false, 2, Progress.NONE);
			assertEquals(fromBeside.folder(), fromElsewhere.folder());
			assertEquals(written.anchor(), fromBeside.anchor());
			assertEquals(written.anchor(), fromElsewhere.anchor());
			assertEquals(dir.resolve("run/.looptrace/otf2"), fromBeside.folder(), first ? "converted" : "reused");
			assertSameDataTraces(expected, fromBeside.folder());
		}
	}

	@Test
	void aModelOfATraceFolderReadsThatFolder(@TempDir Path dir) throws Exception {
		Files.writeString(dir.resolve("trace.0"), "0 send 0 1\n0 recv 0 1\n");
		Path model = dir.resolve("models/run.loops");
		String text = TracesComment.line(model, dir, false) + "0 send 0 1\n0 recv 0 1\n";
		TraceSource source = TraceSource.ofModel(model, text, false, 1, Progress.NONE);
		assertEquals(dir, source.folder());
		assertNull(source.anchor());
		assertEquals(Optional.of(dir), TraceSource.readyOfModel(model, text, false).map(TraceSource::folder));
	}

	/**
	 * What must not wait (a hover) reads an archive only once it is converted: never before, nor after
	 * the archive changed, until it is converted again; and it converts nothing.
	 */
	@Test
	void anArchiveIsReadyOnlyWhileItsConversionIsCurrent(@TempDir Path dir) throws Exception {
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(3, 4), dir.resolve("run"));
		Path model = dir.resolve("run/model.loops");
		assertEquals(Optional.empty(), TraceSource.readyOfModel(model, "", false));
		assertFalse(Files.exists(dir.resolve("run/.looptrace")), "asking converts nothing");

		Path folder = TraceSource.ofModel(model, "", false, 1, Progress.NONE).folder();
		TraceSource ready = TraceSource.readyOfModel(model, "", false).orElseThrow();
		assertEquals(folder, ready.folder());
		assertEquals(written.anchor(), ready.anchor());
		assertEquals(Optional.empty(), TraceSource.readyOfModel(model, "", true), "with calls, another conversion");
		// a model made with calls says so, and is read with them unasked
		String withCalls = TracesComment.line(model, dir.resolve("run"), true);
		assertEquals("// traces: . --calls\n", withCalls);
		assertEquals(Optional.empty(), TraceSource.readyOfModel(model, withCalls, false), "the model's calls, another conversion");
		Path callsFolder = TraceSource.ofModel(model, withCalls, false, 1, Progress.NONE).folder();
		assertEquals(TraceSource.open(written.anchor(), true, 1, Progress.NONE).folder(), callsFolder);
		assertEquals(Optional.of(callsFolder), TraceSource.readyOfModel(model, withCalls, false).map(TraceSource::folder));
		assertEquals(callsFolder, TraceSource.forModel(written.anchor(), withCalls, false, 1, Progress.NONE).folder());

		Path definitions = dir.resolve("run/traces.def");
		Files.setLastModifiedTime(definitions, FileTime.fromMillis(Files.getLastModifiedTime(definitions).toMillis() + 5_000));
		assertEquals(Optional.empty(), TraceSource.readyOfModel(model, "", false), "the archive changed");
		TraceSource.ofModel(model, "", false, 1, Progress.NONE);
		assertTrue(TraceSource.readyOfModel(model, "", false).isPresent(), "converted again");
	}

	/** Views of one model opened together convert its archive once: the others wait and reuse it. */
	@Test
	void viewsOpeningAnArchiveAtTheSameTimeConvertItOnce(@TempDir Path dir) throws Exception {
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(4, 9), dir.resolve("run"));
		Path expected = dir.resolve("expected");
		Otf2Archive.open(written.anchor()).convert(expected, false, 1, Progress.NONE);
		AtomicInteger conversions = new AtomicInteger();
		Progress counting = new Progress() {
			@Override
			public void begin(String task, long totalWork) {
				conversions.incrementAndGet();
			}

			@Override
			public void worked(long work) {
				// only conversions are counted
			}

			@Override
			public boolean isCancelled() {
				return false;
			}
		};
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			List<Future<TraceSource>> opened = new ArrayList<>();
			for (int view = 0; view < 4; view++) {
				opened.add(pool.submit(() -> TraceSource.ofModel(dir.resolve("run/model.loops"), "", false, 2, counting)));
			}
			for (Future<TraceSource> source : opened) {
				assertSameDataTraces(expected, source.get().folder());
			}
		} finally {
			pool.shutdown();
		}
		assertEquals(1, conversions.get(), "conversions");
	}

	/** A cancelled conversion leaves no stamp: the archive is not taken as converted, and is converted next time. */
	@Test
	void aCancelledConversionIsNotReady(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(3, 2), dir.resolve("run"));
		Path model = dir.resolve("run/model.loops");
		assertThrows(CancellationException.class, () -> TraceSource.ofModel(model, "", false, 1, Progress.cancelledWhen(() -> true)));
		assertEquals(Optional.empty(), TraceSource.readyOfModel(model, "", false));
		assertTrue(TraceFolder.open(TraceSource.ofModel(model, "", false, 1, Progress.NONE).folder()).ranks() == 3);
	}

	/**
	 * A data trace of the converted folder that does not fit (as a profile finds it) is a problem of
	 * the archive: its rank's event file, named with its location and rank; a problem elsewhere, or of
	 * a trace folder, is left as it is.
	 */
	@Test
	void problemsReadingTheConvertedFolderNameTheArchivesLocationAndRank(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNMATCHED_SEND);
		TraceSource source = TraceSource.ofModel(dir.resolve("run/model.loops"), "", false, 1, Progress.NONE);
		TraceFormatException thrown = assertThrows(TraceFormatException.class, () -> source.read(folder -> {
			throw new TraceFormatException(Diagnostic.error(folder.resolve("data.1"), 0, 0, "expected 2 records, found 1"));
		}));
		assertEquals(dir.resolve("run/traces/1.evt"), thrown.diagnostic().file());
		assertEquals("location 1 (rank 1, Master thread): expected 2 records, found 1", thrown.diagnostic().message());

		Diagnostic other = Diagnostic.error(dir.resolve("elsewhere.txt"), 3, 1, "not ours");
		TraceFormatException kept = assertThrows(TraceFormatException.class, () -> source.read(folder -> {
			throw new TraceFormatException(other);
		}));
		assertEquals(other, kept.diagnostic());
		assertEquals("read", source.read(folder -> "read"));
	}

	/** A broken archive is a message naming its anchor, from the views as from the command line. */
	@Test
	void aBrokenArchiveIsAMessageNamingItsAnchor(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(2, 1), dir.resolve("run"));
		Files.writeString(dir.resolve("run/traces.otf2"), "not an anchor\n");
		TraceFormatException thrown = assertThrows(TraceFormatException.class,
				() -> TraceSource.ofModel(dir.resolve("run/model.loops"), "", false, 1, Progress.NONE));
		assertEquals(dir.resolve("run/traces.otf2"), thrown.diagnostic().file());
		assertEquals(Optional.empty(), TraceSource.readyOfModel(dir.resolve("run/model.loops"), "", false));
	}

	private static void assertSameDataTraces(Path expected, Path actual) throws Exception {
		List<Path> files;
		try (var listed = Files.list(expected)) {
			files = listed.filter(TraceFolder::isRunFile).sorted().toList();
		}
		assertFalse(files.isEmpty());
		for (Path file : files) {
			assertArrayEquals(Files.readAllBytes(file), Files.readAllBytes(actual.resolve(file.getFileName())), file.getFileName().toString());
		}
	}
}
