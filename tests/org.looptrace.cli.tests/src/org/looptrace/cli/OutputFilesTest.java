// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.trace.DataTraceWriter;

/**
 * Commands writing a file ({@code -o}, {@code --csv}) write it whole or not at all: a run failing
 * half-way leaves no file (so the next run is not refused), and never replaces the previous one.
 */
class OutputFilesTest {

	/** A failing run leaves the output folder as it found it: no file, no temporary file. */
	private static void assertFailureLeaves(Path out, List<Path> files, String command, String... args) throws Exception {
		Cli.expectUsageError(command, args);
		assertEquals(files, Cli.list(out));
	}

	@Test
	void scanCutShortWritesNoCsvAndKeepsThePreviousOne(@TempDir Path dir) throws Exception {
		String model = Cli.examples().resolve("models/ring.loops").toString();
		Path data = dir.resolve("data");
		Files.createDirectories(data);
		for (Path file : Cli.list(Cli.example("ring-8"))) {
			Files.copy(file, data.resolve(file.getFileName()));
		}
		Path out = Files.createDirectories(dir.resolve("out"));
		Path csv = out.resolve("part.csv");
		Cli.expect(0, "scan", model, data.toString(), "--csv", csv.toString());
		byte[] whole = Files.readAllBytes(csv);
		Files.delete(csv);
		// rank 3 killed after its first record: the scan fails on rank 3, after ranks 0-2 were written
		try (DataTraceWriter short3 = DataTraceWriter.create(data.resolve("data.3"), List.of("time", "end", "size"))) {
			short3.write(1, 2, 8);
		}
		assertFailureLeaves(out, List.of(), "scan", "scan", model, data.toString(), "--csv", csv.toString());
		assertFailureLeaves(out, List.of(), "scan", "scan", model, "--traces", data.toString(), "-o", csv.toString());
		Files.write(csv, whole);
		assertFailureLeaves(out, List.of(csv), "scan", "scan", model, data.toString(), "--csv", csv.toString(), "--force");
		assertArrayEquals(whole, Files.readAllBytes(csv));
	}

	@Test
	void profileThatFailsWritesNoCsvAndKeepsThePreviousOne(@TempDir Path dir) throws Exception {
		Path data = Files.createDirectories(dir.resolve("run"));
		Path model = dir.resolve("ring.loops");
		Files.writeString(model, "0 send 1 a\n0 recv 1 a\n");
		// the data traces of a longer run: too long for the model
		Files.copy(Cli.example("ring-8").resolve("data.0"), data.resolve("data.0"));
		Files.copy(Cli.example("ring-8").resolve("data.1"), data.resolve("data.1"));
		Path out = Files.createDirectories(dir.resolve("out"));
		Path csv = out.resolve("times.csv");
		assertFailureLeaves(out, List.of(), "profile", "profile", model.toString(), data.toString(), "--csv", csv.toString());
		Files.writeString(csv, "the user's own numbers\n");
		assertFailureLeaves(out, List.of(csv), "profile", "profile", model.toString(), data.toString(), "--csv", csv.toString(),
				"--force");
		assertEquals("the user's own numbers\n", Files.readString(csv));
	}

	@Test
	void modelOfBrokenTracesKeepsThePreviousModel(@TempDir Path dir) throws Exception {
		Path out = Files.createDirectories(dir.resolve("out"));
		Path model = out.resolve("run.loops");
		assertFailureLeaves(out, List.of(), "model", "model", Cli.example("broken").toString(), "-o", model.toString());
		Files.writeString(model, "// annotated by hand\n0 send 1 a\n");
		assertFailureLeaves(out, List.of(model), "model", "model", Cli.example("broken").toString(), "-o", model.toString(),
				"--force");
		assertEquals("// annotated by hand\n0 send 1 a\n", Files.readString(model));
	}

	/** The folders of an output file are made as it is written; a file in their way is said, not a stack trace. */
	@Test
	void missingFoldersAreCreatedAndAFileInTheWayIsSaid(@TempDir Path dir) throws Exception {
		String model = Cli.examples().resolve("models/ring.loops").toString();
		String traces = Cli.example("ring-8").toString();
		Path nested = dir.resolve("a/b/times.csv");
		Cli.expect(0, "scan", model, traces, "--csv", nested.toString());
		assertEquals(Cli.expect(0, "scan", model, traces).out(), Files.readString(nested));
		Cli.expect(0, "profile", model, traces, "--csv", dir.resolve("c/profile.csv").toString());
		Path file = Files.writeString(dir.resolve("afile"), "mine");
		for (String command : List.of("scan", "profile")) {
			String csv = file.resolve("sub/x.csv").toString();
			String err = Cli.expectUsageError(command, command, model, traces, "--csv", csv).err();
			assertEquals("looptrace " + command + ": cannot write " + csv + ": " + file + " exists and is not a folder\n", err);
		}
		assertEquals("mine", Files.readString(file));
	}
}
