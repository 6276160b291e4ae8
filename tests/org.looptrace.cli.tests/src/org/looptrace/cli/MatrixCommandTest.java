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
import org.looptrace.cli.Cli.Result;
import org.looptrace.trace.TraceFolder;

/** {@code looptrace matrix}: the CSV of a shipped run is the count of its send lines; constructs and models by text. */
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
}
