// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.model.core.AtomicWrite;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;

/**
 * Commands writing a folder (convert, generate, nlr -o, replay, scanner, trace) write it whole or not
 * at all ({@link AtomicFolder}): a run failing half-way leaves no folder, and an existing folder as it
 * was; a folder holding anything is replaced only with --force, then all of it.
 */
class OutputFoldersTest {

	/** Random files and folders under {@code folder}: what a user or an earlier run left there. */
	private static void randomTree(Path folder, Random random) throws IOException {
		Files.createDirectories(folder);
		for (int i = random.nextInt(6); i >= 0; i--) {
			Path file = folder.resolve((random.nextBoolean() ? "trace." : "notes-") + random.nextInt(20));
			if (Files.exists(file)) {
				continue;
			}
			if (random.nextInt(4) == 0) {
				randomTree(file, random);
			} else {
				byte[] bytes = new byte[random.nextInt(100)];
				random.nextBytes(bytes);
				Files.write(file, bytes);
			}
		}
	}

	/**
	 * For random old folders (or none) and random new contents failing after a random number of files
	 * (or not at all): a failure leaves the old folder byte for byte (or no folder), a success leaves
	 * exactly the new content; nothing is ever left beside the folder.
	 */
	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3, 4, 5, 6, 7, 8 })
	void aFolderIsReplacedWholeOrNotAtAll(long seed, @TempDir Path dir) throws Exception {
		Random random = new Random(seed);
		for (int trial = 0; trial < 20; trial++) {
			Path parent = dir.resolve("trial" + trial);
			Path folder = parent.resolve("out");
			if (random.nextBoolean()) {
				randomTree(folder, random);
			}
			@Nullable Map<String, byte[]> before = Files.exists(folder) ? Cli.snapshot(folder) : null;
			Path expected = dir.resolve("expected" + trial);
			randomTree(expected, new Random(seed * 1000 + trial));
			List<Path> files = new ArrayList<>(Cli.snapshot(expected).keySet().stream().map(expected::resolve).toList());
			int failAfter = random.nextInt(files.size() + 2) - 1; // -1: no failure
			IOException failure = new IOException("disk full");
			AtomicWrite.FolderContent<Integer> content = into -> {
				for (int i = 0; i < files.size(); i++) {
					if (i == failAfter) {
						throw failure;
					}
					Path target = into.resolve(expected.relativize(files.get(i)).toString());
					Files.createDirectories(target.getParent());
					Files.copy(files.get(i), target);
				}
				return files.size();
			};
			if (failAfter >= 0 && failAfter < files.size()) {
				assertSame(failure, assertThrows(IOException.class, () -> AtomicFolder.write(folder, content)));
				if (before == null) {
					assertTrue(Files.notExists(folder), "trial " + trial);
				} else {
					Cli.assertSameFiles(before, Cli.snapshot(folder));
				}
			} else {
				assertEquals(files.size(), AtomicFolder.write(folder, content));
				Cli.assertSameFiles(Cli.snapshot(expected), Cli.snapshot(folder));
			}
			assertEquals(Files.exists(folder) ? List.of(folder) : List.of(), Cli.list(parent), "trial " + trial + ": left beside");
		}
	}

	/** An archive whose third rank cannot be read: convert fails after writing two ranks, and leaves nothing of them. */
	@Test
	void aConversionFailingHalfWayLeavesNoFolderAndTheOldOneAsItWas(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(4, 9), dir.resolve("run"));
		Path anchor = dir.resolve("run/traces.otf2");
		Otf2Archives.spoil(anchor, "/2.evt");
		Path out = Files.createDirectories(dir.resolve("out"));
		Path folder = out.resolve("converted");
		// the archive's warning (a worker thread left out), then the error
		String message = Cli.expect(2, "convert", anchor.toString(), "-o", folder.toString(), "--threads", "1").err();
		assertTrue(message.contains("looptrace convert: " + dir.resolve("run/traces/2.evt") + ": error: "), message);
		assertEquals(List.of(), Cli.list(out));

		Cli.expect(0, "generate", "ring", "--ranks", "3", "--iterations", "2", folder.toString());
		Map<String, byte[]> before = Cli.snapshot(folder);
		Cli.expect(2, "convert", anchor.toString(), "-o", folder.toString(), "--threads", "1", "--force");
		Cli.assertSameFiles(before, Cli.snapshot(folder));
		assertEquals(List.of(folder), Cli.list(out));
	}

	/** Every command writing a folder refuses one that holds anything without --force, and replaces all of it with. */
	@Test
	void aFolderHoldingAnythingIsReplacedOnlyWithForce(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(2, 5), dir.resolve("run"));
		String ring = Cli.example("models").resolve("ring.loops").toString();
		String figure8 = Cli.example("models").resolve("figure8.loops").toString();
		List<List<String>> commands = List.of(List.of("convert", dir.resolve("run").toString(), "-o", "DIR"),
				List.of("generate", "ring", "--ranks", "2", "--iterations", "1", "DIR"),
				List.of("nlr", Cli.example("ring-8").toString(), "-o", "DIR"), List.of("replay", ring, "-o", "DIR"),
				List.of("scanner", figure8, "--lang", "c", "-o", "DIR"));
		for (List<String> command : commands) {
			Path folder = dir.resolve(command.get(0));
			String[] args = command.stream().map(word -> word.equals("DIR") ? folder.toString() : word).toArray(String[]::new);
			Cli.expect(0, args);
			Map<String, byte[]> written = Cli.snapshot(folder);
			Files.writeString(folder.resolve("notes.txt"), "mine\n");
			Map<String, byte[]> mine = Cli.snapshot(folder);
			assertEquals("looptrace " + args[0] + ": " + folder + " exists and is not empty; use --force to replace it\n",
					Cli.expectUsageError(args[0], args).err());
			Cli.assertSameFiles(mine, Cli.snapshot(folder));
			List<String> forced = new ArrayList<>(List.of(args));
			forced.add("--force");
			Cli.expect(0, forced.toArray(String[]::new));
			Cli.assertSameFiles(written, Cli.snapshot(folder));
		}
		assertEquals(List.of("convert", "generate", "nlr", "replay", "run", "scanner"),
				Cli.list(dir).stream().map(path -> path.getFileName().toString()).filter(name -> !name.startsWith("run-")).toList());
	}

	/**
	 * A run killed between the two renames of a folder's replacement left the previous folder aside
	 * under a hidden name, and the new one complete beside it: the next run puts the previous one back,
	 * says so, and replaces it only with --force. One killed after the renames left the previous folder
	 * aside: the next run finishes the replacement, and says so.
	 */
	@Test
	void aFolderARunKilledWhileReplacingItSetAsideIsPutBackByTheNextRun(@TempDir Path dir) throws Exception {
		Process killed = new ProcessBuilder("true").start();
		killed.waitFor();
		Path folder = dir.resolve("ring");
		Cli.expect(0, "generate", "ring", "--ranks", "2", "--iterations", "1", folder.toString());
		Map<String, byte[]> previous = Cli.snapshot(folder);
		Path aside = dir.resolve(".ring." + killed.pid() + "-x1.looptrace.old");
		Files.move(folder, aside);
		Path complete = Files.createDirectory(dir.resolve(".ring." + killed.pid() + "-x2.looptrace.part"));
		Files.writeString(complete.resolve("trace.0"), "0 send 1 0\n");
		String[] args = { "generate", "ring", "--ranks", "3", "--iterations", "2", folder.toString() };

		Cli.Result refused = Cli.expect(2, args);
		assertEquals("looptrace generate: restored " + folder + " from " + aside.getFileName()
				+ ", where a run that ended while replacing it had set it aside\n" + "looptrace generate: " + folder
				+ " exists and is not empty; use --force to replace it\n", refused.err());
		Cli.assertSameFiles(previous, Cli.snapshot(folder));
		assertEquals(List.of(folder), Cli.list(dir));

		Path stillAside = Files.createDirectory(dir.resolve(".ring." + killed.pid() + "-x3.looptrace.old"));
		Files.writeString(stillAside.resolve("trace.0"), "0 send 1 0\n");
		Cli.Result replaced = Cli.expect(0, "generate", "ring", "--ranks", "3", "--iterations", "2", folder.toString(), "--force");
		assertTrue(replaced.err().startsWith("looptrace generate: finished replacing " + folder + ": deleted its previous content, left in "
				+ stillAside.getFileName()), replaced.err());
		assertEquals(List.of(folder), Cli.list(dir));
		assertTrue(Files.exists(folder.resolve("trace.2")), "the new folder, of three ranks");
	}
}
