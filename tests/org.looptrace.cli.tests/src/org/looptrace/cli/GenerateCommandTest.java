// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.looptrace.cli.Cli.Result;
import org.looptrace.trace.generate.Patterns;

/** {@code looptrace generate}: consistent folders of every pattern, and never a user file lost. */
class GenerateCommandTest {

	static final List<String> PATTERNS = Patterns.ALL;

	@ParameterizedTest(name = "looptrace generate {0}")
	@FieldSource("PATTERNS")
	void everyPatternPassesCheck(String pattern, @TempDir Path dir) throws Exception {
		Path folder = dir.resolve("new/" + pattern);
		Result result = Cli.expect(0, "generate", pattern, "--ranks", "9", "--iterations", "4", "--seed", "3",
				folder.toString());
		assertEquals("wrote " + pattern + " on 9 ranks, 4 iterations, seed 3 into " + folder + "\n", result.out());
		assertEquals("", result.err());
		Set<String> expected = new TreeSet<>();
		for (int rank = 0; rank < 9; rank++) {
			expected.add("trace." + rank);
			expected.add("data." + rank);
		}
		assertEquals(expected, Cli.snapshot(folder).keySet());
		assertTrue(Cli.expect(0, "check", folder.toString()).out().startsWith("9 ranks, "));
	}

	/** Random pattern, sizes and seeds (fixed seed of the choices): generate then check always agree. */
	@Test
	void randomParametersPassCheck(@TempDir Path dir) {
		Random random = new Random(20261122);
		for (int i = 0; i < 60; i++) {
			String pattern = Patterns.ALL.get(random.nextInt(Patterns.ALL.size()));
			int ranks = 2 + random.nextInt(15);
			int iterations = random.nextInt(6);
			long seed = random.nextLong();
			Path folder = dir.resolve("case" + i);
			String what = pattern + " " + ranks + " " + iterations + " " + seed;
			Result generated = Cli.run("generate", pattern, "--ranks", "" + ranks, "--iterations", "" + iterations,
					"--seed", "" + seed, folder.toString());
			assertEquals(0, generated.status(), () -> what + "\n" + generated);
			Result checked = Cli.run("check", folder.toString());
			assertEquals(0, checked.status(), () -> what + "\n" + checked);
			assertTrue(checked.out().startsWith(ranks + " ranks, "), () -> what + "\n" + checked);
		}
	}

	@Test
	void sameSeedSameFiles(@TempDir Path dir) throws Exception {
		Cli.expect(0, "generate", "random", "--ranks", "5", "--iterations", "6", "--seed", "42", dir.resolve("a").toString());
		Cli.expect(0, "generate", "random", "--ranks", "5", "--iterations", "6", "--seed", "42", dir.resolve("b").toString());
		Cli.assertSameFiles(Cli.snapshot(dir.resolve("a")), Cli.snapshot(dir.resolve("b")));
	}

	@Test
	void refusesToOverwriteTracesWithoutForce(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("ring");
		Cli.expect(0, "generate", "ring", "--ranks", "8", "--iterations", "3", folder.toString());
		Files.writeString(folder.resolve("notes.txt"), "my notes\n");
		Map<String, byte[]> before = Cli.snapshot(folder);

		Result refused = Cli.expectUsageError("generate", "generate", "halo", "--ranks", "4", "--iterations", "2",
				folder.toString());
		assertTrue(refused.err().contains("already holds 16 trace and data files; use --force"), refused::toString);
		Cli.assertSameFiles(before, Cli.snapshot(folder));
	}

	/** --force replaces the old run entirely (no trace of a higher rank left over) and keeps other files. */
	@Test
	void forceReplacesTheOldRunAndKeepsOtherFiles(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("ring");
		Cli.expect(0, "generate", "ring", "--ranks", "8", "--iterations", "3", folder.toString());
		Files.writeString(folder.resolve("notes.txt"), "my notes\n");
		Files.createDirectories(folder.resolve("models"));
		Files.writeString(folder.resolve("models/ring.loops"), "// mine\n");

		Cli.expect(0, "generate", "halo", "--ranks", "4", "--iterations", "2", "--force", folder.toString());
		Map<String, byte[]> after = Cli.snapshot(folder);
		assertEquals(Set.of("notes.txt", "models/ring.loops", "trace.0", "trace.1", "trace.2", "trace.3", "data.0",
				"data.1", "data.2", "data.3"), after.keySet());
		assertEquals("my notes\n", new String(after.get("notes.txt")));
		assertEquals("// mine\n", new String(after.get("models/ring.loops")));
		assertTrue(Cli.expect(0, "check", folder.toString()).out().startsWith("4 ranks, "));
	}

	/** A folder holding only other files is written into without --force, and its files stay. */
	@Test
	void writesBesideOtherFiles(@TempDir Path dir) throws Exception {
		Files.writeString(dir.resolve("README"), "keep\n");
		Cli.expect(0, "generate", "solver", "--ranks", "4", "--iterations", "1", dir.toString());
		assertEquals("keep\n", Files.readString(dir.resolve("README")));
		assertFalse(Cli.expect(0, "check", dir.toString()).out().isEmpty());
	}

	@Test
	void refusesAFileInPlaceOfTheFolder(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("results.txt");
		Files.writeString(file, "precious\n");
		Cli.expectUsageError("generate", "generate", "ring", "--ranks", "4", "--iterations", "2", "--force", file.toString());
		assertEquals("precious\n", Files.readString(file));
	}

	/** lu and mg at the problem size --planes and --levels give: consistent folders whose traces grow with it. */
	@Test
	void sizedPatternsPassCheckAtEverySize(@TempDir Path dir) throws Exception {
		long previous = 0;
		for (int planes = 1; planes <= 3; planes++) {
			Path folder = dir.resolve("lu" + planes);
			Cli.expect(0, "generate", "lu", "--ranks", "6", "--iterations", "4", "--planes", "" + planes, folder.toString());
			assertTrue(Cli.expect(0, "check", folder.toString()).out().startsWith("6 ranks, "));
			long size = Files.size(folder.resolve("trace.4"));
			assertTrue(size > previous, planes + " planes: " + size + " bytes, " + previous + " with one fewer");
			previous = size;
		}
		for (int levels = 2; levels <= 4; levels++) {
			Path folder = dir.resolve("mg" + levels);
			Cli.expect(0, "generate", "mg", "--ranks", "16", "--iterations", "2", "--levels", "" + levels, folder.toString());
			assertTrue(Cli.expect(0, "check", folder.toString()).out().startsWith("16 ranks, "));
		}
	}
}
