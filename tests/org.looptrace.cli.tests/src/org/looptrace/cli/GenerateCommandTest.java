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

	/** A folder holding anything is the user's: refused without --force, whatever it holds, and left as it was. */
	@Test
	void refusesAFolderThatHoldsAnythingWithoutForce(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("ring");
		Cli.expect(0, "generate", "ring", "--ranks", "8", "--iterations", "3", folder.toString());
		Files.writeString(folder.resolve("notes.txt"), "my notes\n");
		Path notes = Files.createDirectory(dir.resolve("notes"));
		Files.writeString(notes.resolve("README"), "keep\n");
		for (Path full : List.of(folder, notes)) {
			Map<String, byte[]> before = Cli.snapshot(full);
			Result refused = Cli.expectUsageError("generate", "generate", "halo", "--ranks", "4", "--iterations", "2",
					full.toString());
			assertEquals("looptrace generate: " + full + " exists and is not empty; use --force to replace it\n", refused.err());
			Cli.assertSameFiles(before, Cli.snapshot(full));
		}
		// an empty folder is as good as a new one
		Path empty = Files.createDirectory(dir.resolve("empty"));
		Cli.expect(0, "generate", "solver", "--ranks", "4", "--iterations", "1", empty.toString());
		assertTrue(Cli.expect(0, "check", empty.toString()).out().startsWith("4 ranks, "));
	}

	/** --force replaces the old folder entirely: no trace of a higher rank, nor any other file, left over to mix with the new run. */
	@Test
	void forceReplacesTheWholeFolder(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("ring");
		Cli.expect(0, "generate", "ring", "--ranks", "8", "--iterations", "3", folder.toString());
		Files.writeString(folder.resolve("notes.txt"), "my notes\n");
		Files.createDirectories(folder.resolve(".looptrace"));
		Files.writeString(folder.resolve(".looptrace/local.7"), "a cache of the old run\n");

		Cli.expect(0, "generate", "halo", "--ranks", "4", "--iterations", "2", "--force", folder.toString());
		assertEquals(Set.of("trace.0", "trace.1", "trace.2", "trace.3", "data.0", "data.1", "data.2", "data.3"),
				Cli.snapshot(folder).keySet());
		assertTrue(Cli.expect(0, "check", folder.toString()).out().startsWith("4 ranks, "));
		assertEquals(List.of(folder), Cli.list(dir), "nothing left beside the folder");
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
