// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.testsupport.CollectivePrograms;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.ConsistencyCheck;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.SkippedLines;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/**
 * The problems of a run as {@code looptrace check} and the IDE report them: those of the consistency
 * check of a trace folder as it is, an archive's located on its event files after its warnings, with
 * the cause of the receives it misses.
 */
class TraceCheckTest {

	/** Random runs with lines broken at random: the check of the folder, capped as asked, its diagnostics untouched. */
	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3, 4, 5 })
	void aTraceFolderHasTheDiagnosticsOfItsConsistencyCheck(long seed, @TempDir Path dir) throws Exception {
		Random random = new Random(seed);
		CollectivePrograms.write(RandomPrograms.traces(2 + random.nextInt(4), seed), dir);
		try (var files = Files.list(dir)) {
			for (Path trace : files.filter(file -> file.getFileName().toString().startsWith("trace.")).toList()) {
				List<String> lines = new ArrayList<>(Files.readAllLines(trace));
				for (int bad = random.nextInt(4); bad > 0 && !lines.isEmpty(); bad--) {
					lines.set(random.nextInt(lines.size()), "garbage " + bad);
				}
				Files.write(trace, lines);
			}
		}
		int cap = 1 + random.nextInt(3);
		TraceCheck checked = TraceCheck.of(TraceSource.open(dir, false, 1, Progress.NONE), cap, Progress.NONE);
		ConsistencyCheck.Report expected = ConsistencyCheck.check(TraceFolder.openLenient(dir, new SkippedLines(0)), Progress.NONE, cap);
		assertEquals(expected.diagnostics(), checked.diagnostics());
		assertEquals(expected.diagnostics(), checked.all(), "a trace folder warns of nothing as it is opened");
		assertEquals(expected.summary(), checked.summary());
		assertEquals(expected.hasErrors(), checked.hasErrors());
		assertTrue(checked.missingReceives().isEmpty());
	}

	@Test
	void aFolderWithoutTracesCannotBeChecked(@TempDir Path dir) throws Exception {
		TraceSource source = TraceSource.open(dir, false, 1, Progress.NONE);
		TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceCheck.of(source, 10, Progress.NONE));
		assertEquals(dir, e.diagnostic().file());
	}

	/**
	 * An archive whose rank 1 requests receives it never completes: its warning first, the unmatched
	 * sends on the event file of rank 0's location, and why they are unmatched.
	 */
	@Test
	void anArchivesProblemsAreLocatedAfterItsWarningsWithTheCauseOfMissingReceives(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNCOMPLETED_RECEIVES);
		TraceSource source = TraceSource.open(dir.resolve("run"), false, 1, Progress.NONE);
		TraceCheck checked = TraceCheck.of(source, ConsistencyCheck.DEFAULT_SHOWN_PER_FILE, Progress.NONE);
		assertTrue(checked.hasErrors());
		assertEquals(source.warnings(), checked.warnings());
		assertEquals(source.warnings(), checked.all().subList(0, source.warnings().size()));
		Otf2Archive archive = Otf2Archive.open(dir.resolve("run"));
		assertEquals(List.of(archive.eventFile(0)), checked.diagnostics().stream().filter(Diagnostic::isError).map(Diagnostic::file)
				.distinct().toList(), checked.diagnostics()::toString);
		assertEquals(source.missingReceives(RankSet.of(1)), checked.missingReceives());
		assertTrue(checked.summary().endsWith(", 1 warnings"), checked.summary());
	}
}
