// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.cli.Cli.Result;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Patterns;

/**
 * {@code looptrace matrix}: the CSV of a shipped run is the count of its send lines, its bytes the
 * sum of the sizes of those lines in the data traces; constructs and models by text.
 */
class MatrixCommandTest {

	@ParameterizedTest(name = "looptrace matrix examples/{0} --csv")
	@FieldSource("org.looptrace.cli.Cli#EXAMPLE_FOLDERS")
	void csvOfAShippedRunCountsItsSendLines(String name) throws Exception {
		Path example = Cli.example(name);
		Result result = Cli.expect(0, "matrix", example.toString(), "--csv");
		TraceFolder folder = TraceFolder.open(example);
		TreeMap<String, Long> sends = new TreeMap<>();
		for (int rank = 0; rank < folder.ranks(); rank++) {
			for (String line : Cli.traceLines(folder, rank)) {
				String[] fields = line.split(" ");
				if (fields[1].equals("send")) {
					sends.merge(fields[0] + "," + fields[2], 1L, Long::sum);
				}
			}
		}
		List<String> expected = new ArrayList<>();
		sends.forEach((pair, count) -> expected.add(pair + "," + count));
		List<String> rows = result.out().lines().skip(1).sorted().toList();
		assertEquals(expected.stream().sorted().toList(), rows);
		assertEquals("source,destination,messages", result.out().lines().findFirst().orElseThrow());
	}

	@Test
	void aLoopOverRanksAndOneConstructOfIt(@TempDir Path dir) throws Exception {
		Path model = dir.resolve("shift.loops");
		Files.writeString(model, """
				for i0 = 0 to 9
				  for i1 = 0 to 2
				    i1 send 1+i1 7
				    i1 recv 1+i1 7
				  done
				  3 send 0 8
				  3 recv 0 8
				done
				""");
		Result whole = Cli.expect(0, "matrix", model.toString(), "--csv");
		assertEquals("""
				source,destination,messages
				0,1,10
				1,2,10
				2,3,10
				3,0,10
				""", whole.out());
		Result inner = Cli.expect(0, "matrix", model.toString(), "--construct", "1.1", "--csv");
		assertEquals("""
				source,destination,messages
				0,1,10
				1,2,10
				2,3,10
				""", inner.out());
		Result grid = Cli.expect(0, "matrix", model.toString());
		assertTrue(grid.out().lines().count() == 6, grid::toString);
		assertTrue(grid.out().lines().reduce((a, b) -> b).orElseThrow().trim().endsWith("40"), grid::toString);
	}

	@Test
	void aConstructThatDoesNotExistIsAUsageError(@TempDir Path dir) throws Exception {
		Path model = dir.resolve("one.loops");
		Files.writeString(model, "0 send 1 7\n0 recv 1 7\n");
		Result result = Cli.expectUsageError("matrix", "matrix", model.toString(), "--construct", "3");
		assertTrue(result.err().contains("no construct 3"), result::toString);
	}

	/** Every generated pattern, with seeds: a pattern name and a seed. */
	static List<org.junit.jupiter.params.provider.Arguments> generatedRuns() {
		List<org.junit.jupiter.params.provider.Arguments> runs = new ArrayList<>();
		for (String pattern : Patterns.ALL) {
			for (long seed = 1; seed <= 3; seed++) {
				runs.add(org.junit.jupiter.params.provider.Arguments.of(pattern, seed));
			}
		}
		return runs;
	}

	@ParameterizedTest(name = "looptrace matrix {0} (seed {1}) --bytes --csv")
	@MethodSource("generatedRuns")
	void bytesOfAGeneratedRunSumTheSizesOfItsSendLines(String pattern, long seed, @TempDir Path dir) throws Exception {
		Path run = dir.resolve(pattern);
		Patterns.write(GeneratedPatterns.create(pattern, 3 + (int) seed * 2, 2 + seed, seed), run, Progress.NONE);
		TraceFolder folder = TraceFolder.open(run);
		TreeMap<String, long[]> expected = new TreeMap<>();
		for (int rank = 0; rank < folder.ranks(); rank++) {
			List<String> lines = Cli.traceLines(folder, rank);
			try (DataTrace data = DataTrace.open(run.resolve("data." + rank))) {
				for (int position = 0; position < lines.size(); position++) {
					String[] fields = lines.get(position).split(" ");
					if (fields[1].equals("send")) {
						long[] sums = expected.computeIfAbsent(fields[0] + "," + fields[2], pair -> new long[2]);
						sums[0]++;
						sums[1] += data.value(position, "size");
					}
				}
			}
		}
		List<String> rows = new ArrayList<>();
		expected.forEach((pair, sums) -> rows.add(pair + "," + sums[0] + "," + sums[1]));
		Result result = Cli.expect(0, "matrix", run.toString(), "--bytes", "--csv");
		assertEquals("source,destination,messages,bytes", result.out().lines().findFirst().orElseThrow());
		assertEquals(rows.stream().sorted().toList(), result.out().lines().skip(1).sorted().toList());

		// the model written elsewhere finds its data traces through its traces comment
		Path model = dir.resolve("elsewhere/run.loops");
		Files.createDirectories(model.getParent());
		Cli.expect(0, "model", run.toString(), "-o", model.toString());
		assertEquals(result.out(), Cli.expect(0, "matrix", model.toString(), "--bytes", "--csv").out());
	}

	@Test
	void bytesOfOneConstructAndTheGrid(@TempDir Path dir) throws Exception {
		Patterns.write(Patterns.create("ring", 4, 3, 7), dir, Progress.NONE);
		Result whole = Cli.expect(0, "matrix", dir.toString(), "--bytes");
		assertTrue(whole.out().contains("\nbytes:\n"), whole::toString);
		Result one = Cli.expect(0, "matrix", dir.toString(), "--construct", "1", "--bytes", "--csv");
		long messages = one.out().lines().skip(1).mapToLong(row -> Long.parseLong(row.split(",")[2])).sum();
		Result counts = Cli.expect(0, "matrix", dir.toString(), "--construct", "1", "--csv");
		assertEquals(counts.out().lines().skip(1).mapToLong(row -> Long.parseLong(row.split(",")[2])).sum(), messages);
	}

	@Test
	void missingDataTracesAreNamed(@TempDir Path dir) throws Exception {
		Patterns.write(Patterns.create("ring", 3, 2, 1), dir, Progress.NONE);
		Files.delete(dir.resolve("data.1"));
		Result result = Cli.expectUsageError("matrix", "matrix", dir.toString(), "--bytes");
		assertTrue(result.err().contains("data.1"), result::toString);
	}
}
