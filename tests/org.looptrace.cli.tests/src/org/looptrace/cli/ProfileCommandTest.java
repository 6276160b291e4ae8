// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.scanner.profile.ProfileCsv;
import org.looptrace.trace.DataTrace;

/** {@code looptrace profile} on the shipped runs: their models, their real data traces. */
class ProfileCommandTest {

	/**
	 * On every example run, the top-level constructs of a rank share out its records: their MPI times
	 * add up to the sum of end - time over data.<rank>, and every loop's MPI time is that of its body.
	 */
	@Test
	void constructsOfTheExampleRunsShareOutTheirDataTraces(@TempDir Path dir) throws Exception {
		for (String name : Cli.EXAMPLE_FOLDERS) {
			Path folder = Cli.example(name);
			Path model = dir.resolve(name + ".loops");
			Cli.expect(0, "model", folder.toString(), "--no-cache", "-o", model.toString());
			Path csv = dir.resolve(name + ".csv");
			Cli.expect(0, "profile", model.toString(), "--csv", csv.toString()); // the folder from the model's first line
			List<String> rows = Files.readAllLines(csv);
			assertEquals(ProfileCsv.HEADER, rows.get(0));
			Map<String, Long> mpi = new HashMap<>();
			Map<Integer, Long> topLevel = new HashMap<>();
			Map<String, Long> bodies = new HashMap<>();
			for (String row : rows.subList(1, rows.size())) {
				String[] fields = row.split(",", -1);
				assertEquals(12, fields.length, row);
				String path = fields[0];
				int rank = Integer.parseInt(fields[1]);
				long time = Long.parseLong(fields[3]);
				mpi.put(path + "@" + rank, time);
				if (!path.contains(".")) {
					topLevel.merge(rank, time, Long::sum);
				} else {
					bodies.merge(path.substring(0, path.lastIndexOf('.')) + "@" + rank, time, Long::sum);
				}
			}
			bodies.forEach((loop, body) -> assertEquals(mpi.get(loop), body, name + ": loop@rank " + loop));
			for (int rank = 0; Files.exists(folder.resolve("data." + rank)); rank++) {
				long sum = 0;
				try (DataTrace data = DataTrace.open(folder.resolve("data." + rank))) {
					for (long record = 0; record < data.records(); record++) {
						sum += data.value(record, "end") - data.value(record, "time");
					}
				}
				assertEquals(sum, topLevel.getOrDefault(rank, 0L), name + ": rank " + rank);
			}
			assertEquals(String.join("\n", rows) + "\n", Cli.expect(0, "profile", model.toString(), folder.toString(), "--csv", "-").out());
		}
	}

	@Test
	void textShowsTheConstructsTakingTheMostTime(@TempDir Path dir) throws Exception {
		Path folder = Cli.example("halo-16");
		Path model = dir.resolve("halo.loops");
		Cli.expect(0, "model", folder.toString(), "--no-cache", "-o", model.toString());
		String out = Cli.expect(0, "profile", model.toString(), folder.toString(), "--top", "3").out();
		List<String> lines = out.lines().toList();
		assertEquals(5, lines.size(), out);
		assertTrue(lines.get(0).startsWith("16 ranks, run time "), out);
		assertTrue(lines.get(1).startsWith("construct    kind     share"), out);
		assertTrue(lines.get(2).matches("1\\S* +loop +\\d+\\.\\d% .*"), out);
	}

	@Test
	void missingAndShortDataTracesAreOneLineErrors(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("run");
		Files.createDirectories(folder);
		Path model = dir.resolve("ring.loops");
		Files.writeString(model, "0 send 1 a\n0 recv 1 a\n");
		Cli.expectUsageError("profile", "profile", model.toString(), folder.toString());
		assertTrue(Cli.run("profile", model.toString(), folder.toString()).err().contains(folder.resolve("data.0") + ": error: missing"));
		Files.copy(Cli.example("ring-8").resolve("data.0"), folder.resolve("data.0"));
		Files.copy(Cli.example("ring-8").resolve("data.1"), folder.resolve("data.1"));
		String err = Cli.expectUsageError("profile", "profile", model.toString(), folder.toString()).err();
		assertTrue(err.contains(folder.resolve("data.0") + ": error: too long"), err);
		Cli.expectUsageError("profile", "profile", model.toString());
	}
}
