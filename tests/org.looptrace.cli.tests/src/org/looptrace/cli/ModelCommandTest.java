// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.looptrace.cli.Cli.Result;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TracesComment;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Patterns;

/** {@code looptrace model}: the printed global model parses back and projects onto every rank's trace. */
class ModelCommandTest {

	@ParameterizedTest(name = "looptrace model examples/{0}")
	@FieldSource("org.looptrace.cli.Cli#EXAMPLE_FOLDERS")
	void shippedExampleModelProjectsOnEveryRank(String name) throws Exception {
		Path example = Cli.example(name);
		Result result = Cli.expect(0, "model", example.toString());
		assertEquals("", result.err());
		Model model = ModelText.parse(result.out(), name + ".loops");
		assertEquals(result.out(), ModelText.print(model), "printed text is canonical");
		Projection.assertProjectsOnEveryRank(model, TraceFolder.open(example));
	}

	/** Random patterns, sizes and seeds (fixed seed of the choices). */
	@Test
	void generatedFoldersModelProjectsOnEveryRank(@TempDir Path dir) throws Exception {
		Random random = new Random(1122);
		for (int i = 0; i < 30; i++) {
			Path folder = dir.resolve("case" + i);
			String pattern = Patterns.ALL.get(random.nextInt(Patterns.ALL.size()));
			String[] generate = { "generate", pattern, "--ranks", "" + (2 + random.nextInt(14)), "--iterations",
					"" + random.nextInt(7), "--seed", "" + random.nextLong(), folder.toString() };
			Cli.expect(0, generate);
			Result result = Cli.expect(0, "model", folder.toString(), "--threads", "" + (1 + random.nextInt(3)));
			Model model = ModelText.parse(result.out(), "case" + i + ".loops");
			Projection.assertProjectsOnEveryRank(model, TraceFolder.open(folder));
		}
	}

	/** Folding by default: a loop over the 16 ranks; --no-fold gives the larger model of section III. */
	@Test
	void foldsOverTheRanksUnlessToldNotTo() throws Exception {
		Path example = Cli.example("wavefront-16");
		String folded = Cli.expect(0, "model", example.toString()).out();
		String sectionThree = Cli.expect(0, "model", example.toString(), "--no-fold").out();
		assertTrue(folded.lines().count() * 2 < sectionThree.lines().count(), folded);
		assertTrue(Pattern.compile("(?m)^ *[-0-9+*]*i[0-9]+[-0-9+*i]* (send|recv|sync) ").matcher(folded).find(),
				() -> "no event whose rank is a loop index in\n" + folded);
		for (String text : List.of(folded, sectionThree)) {
			Projection.assertProjectsOnEveryRank(ModelText.parse(text, "wavefront.loops"), TraceFolder.open(example));
		}
	}

	@Test
	void statsGoToStderrAndCountTheEvents() throws Exception {
		Path example = Cli.example("wavefront-16");
		Result plain = Cli.expect(0, "model", example.toString());
		Result result = Cli.expect(0, "model", example.toString(), "--stats");
		assertEquals(plain.out(), result.out(), "stats do not change the model");
		Matcher events = Pattern.compile("(?m)^events: +([0-9]+)$").matcher(result.err());
		assertTrue(events.find(), result::toString);
		Model model = ModelText.parse(result.out(), "wavefront.loops");
		assertEquals(Cli.expansion(model, -1).size(), Long.parseLong(events.group(1)));
		for (String line : List.of("constructs:", "coverage:      16 ranks", "compression:", "read+NLR+merge:", "fold:", "print:")) {
			assertTrue(result.err().contains(line), () -> line + " missing from\n" + result);
		}
	}

	/** A top-level loop of a large run covers hundreds of ranges: --stats says its bounds and counts, a few ranges whole. */
	@Test
	void coveragesOfManyRangesAreSummarized() {
		RankSet.Builder even = new RankSet.Builder();
		RankSet.Builder few = new RankSet.Builder();
		for (int rank = 0; rank <= 40; rank += 2) {
			even.add(rank);
			few.add(rank % 8);
		}
		assertEquals("0..40 in 21 ranges of 21 ranks", ModelStatistics.summary(even.build()));
		assertEquals(few.build().toString(), ModelStatistics.summary(few.build()));
	}

	/** The cache of local models: reused when nothing changed, a corrupt entry recomputed, the model unchanged. */
	@Test
	void localModelsAreReusedAndACorruptCacheFileIsRecomputed(@TempDir Path dir) throws Exception {
		Path folder = dir.resolve("wavefront");
		Cli.expect(0, "generate", "wavefront", "--ranks", "9", "--iterations", "3", folder.toString());
		String model = Cli.expect(0, "model", folder.toString(), "--no-cache").out();
		Result first = Cli.expect(0, "model", folder.toString(), "--stats");
		assertTrue(first.err().contains("local models: 0 reused, 9 computed\n"), first::toString);
		Result second = Cli.expect(0, "model", folder.toString(), "--stats");
		assertTrue(second.err().contains("local models: 9 reused, 0 computed\n"), second::toString);
		Path entry = folder.resolve(".looptrace/local/rank-4.model");
		byte[] bytes = Files.readAllBytes(entry);
		bytes[bytes.length / 2] ^= 0x55;
		Files.write(entry, bytes);
		Result corrupt = Cli.expect(0, "model", folder.toString(), "--stats");
		assertTrue(corrupt.err().contains("local models: 8 reused, 1 computed\n"), corrupt::toString);
		Result uncached = Cli.expect(0, "model", folder.toString(), "--stats", "--no-cache");
		assertTrue(uncached.err().contains("local models: 0 reused, 9 computed\n"), uncached::toString);
		for (Result result : List.of(first, second, corrupt, uncached)) {
			assertEquals(model, result.out(), "the cache never changes the model");
		}
	}

	@Test
	void outputFileHoldsWhatItPrints(@TempDir Path dir) throws Exception {
		Path example = Cli.example("halo-16");
		Path file = dir.resolve("new/halo.loops");
		Result result = Cli.expect(0, "model", example.toString(), "-o", file.toString());
		String printed = Cli.expect(0, "model", example.toString()).out();
		assertEquals(TracesComment.line(file, example, false) + printed, Files.readString(file));
		assertTrue(result.out().lines().count() <= 1 && !result.out().contains(printed.lines().findFirst().orElseThrow()),
				() -> "at most a line of confirmation, not the model:\n" + result);
		assertEquals(List.of(file), Cli.list(file.getParent()), "no temporary file left");
		// an existing model (perhaps annotated by the user) is replaced only with --force
		Files.writeString(file, "// my annotations\n");
		Result refused = Cli.expectUsageError("model", "model", Cli.example("ring-8").toString(), "-o", file.toString());
		assertTrue(refused.err().contains("use --force"), refused::toString);
		assertEquals("// my annotations\n", Files.readString(file));
		Cli.expect(0, "model", Cli.example("ring-8").toString(), "-o", file.toString(), "--force");
		Projection.assertProjectsOnEveryRank(ModelText.parse(file), TraceFolder.open(Cli.example("ring-8")));
	}

	/** A model written outside its trace folder names that folder in its first line; inside, it needs not. */
	@Test
	void outputFileNamesItsTraceFolderWhenOutsideIt(@TempDir Path dir) throws Exception {
		Path traces = dir.resolve("run");
		Cli.expect(0, "generate", "halo", "--ranks", "4", "--iterations", "3", traces.toString());
		String printed = Cli.expect(0, "model", traces.toString()).out();
		for (Path file : List.of(dir.resolve("models/halo.loops"), dir.resolve("halo.loops"))) {
			Cli.expect(0, "model", traces.toString(), "-o", file.toString());
			String text = Files.readString(file);
			assertTrue(text.startsWith("// traces: ") && text.endsWith(printed), text);
			assertEquals(traces, TracesComment.traceFolder(file, text), text);
			Projection.assertProjectsOnEveryRank(ModelText.parse(file), TraceFolder.open(traces));
		}
		Path inside = traces.resolve("model.loops");
		Cli.expect(0, "model", traces.toString(), "-o", inside.toString());
		assertEquals(printed, Files.readString(inside));
		assertEquals(traces, TracesComment.traceFolder(inside, Files.readString(inside)));
	}

	@Test
	void outputOverAnotherFileNeedsForce(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("results.txt");
		Files.writeString(file, "precious\n");
		Result refused = Cli.expectUsageError("model", "model", Cli.example("ring-8").toString(), "-o", file.toString());
		assertTrue(refused.err().contains("use --force"), refused::toString);
		assertEquals("precious\n", Files.readString(file));
		Cli.expectUsageError("model", "model", Cli.example("ring-8").toString(), "-o", dir.toString());
		assertEquals(List.of(file), Cli.list(dir));

		Cli.expect(0, "model", Cli.example("ring-8").toString(), "-o", file.toString(), "--force");
		assertEquals(TracesComment.line(file, Cli.example("ring-8"), false) + Cli.expect(0, "model", Cli.example("ring-8").toString()).out(),
				Files.readString(file));
	}

	@ParameterizedTest(name = "looptrace model examples/{0} --threads 1 and 2")
	@FieldSource("org.looptrace.cli.Cli#EXAMPLE_FOLDERS")
	void textDoesNotDependOnThreads(String name) {
		String example = Cli.example(name).toString();
		assertEquals(Cli.expect(0, "model", example, "--threads", "1").out(),
				Cli.expect(0, "model", example, "--threads", "2").out());
	}

	@Test
	void inconsistentTracesAreReportedNamingTheChannel(@TempDir Path dir) throws Exception {
		Cli.expect(0, "generate", "ring", "--ranks", "4", "--iterations", "3", dir.toString());
		List<String> lines = Files.readAllLines(dir.resolve("trace.1"));
		Files.write(dir.resolve("trace.1"), lines.subList(0, lines.size() - 1));
		Result result = Cli.expectUsageError("model", "model", dir.toString());
		assertEquals("looptrace model: " + dir + ": inconsistent traces: channel (1, 2, 1): rank 1 sends 2 messages, rank 2 receives 3 ("
				+ dir.resolve("trace.1") + ", " + dir.resolve("trace.2") + "); looptrace check " + dir
				+ " lists the events that do not match\n", result.err());
		// what the hint says: check names the channel and the event of the trace cut short
		Result check = Cli.expect(1, "check", dir.toString());
		assertTrue(check.out().contains(dir.resolve("trace.2") + ":") && check.out().contains("(1, 2, 1)"), check::toString);
		// the commands modelling a folder on their way say the same
		for (String command : List.of("patterns", "matrix")) {
			assertEquals(result.err().replace("looptrace model: ", "looptrace " + command + ": "),
					Cli.expectUsageError(command, command, dir.toString()).err());
		}
	}

	/**
	 * --lenient lists the lines it skips on stderr: the first 20 by file and line, then their number;
	 * here more than 20 malformed lines added to every rank's trace, the model that of the others.
	 */
	@Test
	void lenientListsTheFirstSkippedLinesAndTheirNumber(@TempDir Path dir) throws Exception {
		Path folder = copyOfExample("ring-8", dir);
		Random random = new Random(5);
		List<String> expected = new java.util.ArrayList<>();
		int count = 0;
		for (int rank = 0; rank < 8; rank++) {
			Path trace = folder.resolve("trace." + rank);
			List<String> lines = new java.util.ArrayList<>();
			for (String line : Files.readAllLines(trace)) {
				if (random.nextInt(4) == 0) {
					lines.add(rank + " sned " + random.nextInt(8) + " 1");
					count++;
					if (expected.size() < 20) {
						expected.add(trace + ":" + lines.size() + ":3: error: unknown event kind 'sned': expected send, recv, sync or local");
					}
				}
				lines.add(line);
			}
			Files.write(trace, lines);
		}
		assertTrue(count > 20, "too few lines added: " + count);
		Result result = Cli.expect(0, "model", folder.toString(), "--lenient");
		List<String> err = result.err().lines().toList();
		assertEquals(expected, err.subList(0, Math.min(20, err.size())));
		assertEquals(List.of("looptrace model: " + count + " malformed lines skipped, the first 20 listed above; looptrace check " + folder
				+ " lists them with what else is wrong"), err.subList(20, err.size()));
		assertEquals(Cli.expect(0, "model", Cli.example("ring-8").toString()).out(), result.out());
	}

	/** When the lines skipped leave traces that do not balance, they are listed all the same, before the channel. */
	@Test
	void lenientListsTheSkippedLinesWhenTheModelFails() {
		Path broken = Cli.example("broken");
		Result result = Cli.expect(2, "model", broken.toString(), "--lenient");
		List<String> err = result.err().lines().toList();
		List<String> listed = err.subList(0, err.size() - 2);
		String skipped = Pattern.quote(broken.toString()) + "/trace\\.\\d+:\\d+:\\d+: error: .+";
		assertTrue(!listed.isEmpty() && listed.stream().allMatch(line -> line.matches(skipped)), result::toString);
		assertEquals("looptrace model: " + listed.size() + (listed.size() == 1 ? " malformed line" : " malformed lines")
				+ " skipped; looptrace check " + broken + " lists them with what else is wrong", err.get(err.size() - 2));
		assertTrue(err.getLast().startsWith("looptrace model: " + broken + ": inconsistent traces: "), result::toString);
		assertEquals("", result.out());
	}

	@Test
	void lenientSkipsMalformedLinesAndListsThemWhileStrictStopsWithOneLine(@TempDir Path dir) throws Exception {
		Path folder = copyOfExample("ring-8", dir);
		Path trace = folder.resolve("trace.2");
		List<String> lines = new java.util.ArrayList<>(Files.readAllLines(trace));
		lines.add(3, "2 sned 3 0");
		Files.write(trace, lines);
		Result strict = Cli.expectUsageError("model", "model", folder.toString());
		assertTrue(strict.err().contains("trace.2:4:3: error: unknown event kind 'sned'"), strict.err());
		Result lenient = Cli.expect(0, "model", folder.toString(), "--lenient");
		assertEquals(List.of(trace + ":4:3: error: unknown event kind 'sned': expected send, recv, sync or local",
				"looptrace model: 1 malformed line skipped; looptrace check " + folder + " lists them with what else is wrong"),
				lenient.err().lines().toList());
		assertEquals(Cli.expect(0, "model", Cli.example("ring-8").toString()).out(), lenient.out(),
				"the model of the readable lines is the model without the bad line");
	}

	/** Random damage to a real-shaped folder: one line naming a file and exit 2, or a model; never a stack trace. */
	@Test
	void randomCorruptionGivesOneLineOrAModelNeverAStackTrace(@TempDir Path dir) throws Exception {
		Path folder = copyOfExample("wavefront-16", dir);
		Random random = new Random(14);
		for (int round = 0; round < 12; round++) {
			Path trace = folder.resolve("trace." + random.nextInt(16));
			byte[] original = Files.readAllBytes(trace);
			byte[] damaged = original.clone();
			for (int i = 1 + random.nextInt(4); i > 0; i--) {
				damaged[random.nextInt(damaged.length)] = (byte) (' ' + random.nextInt(95));
			}
			Files.write(trace, damaged);
			for (String mode : List.of("--threads", "--lenient")) {
				List<String> args = mode.equals("--lenient") ? List.of("model", folder.toString(), mode)
						: List.of("model", folder.toString(), mode, "2");
				Result result = Cli.run(args.toArray(String[]::new));
				Cli.assertNoStackTrace(result);
				assertTrue(result.status() == 0 || result.status() == 2, result::toString);
				// strict: one line on failure; lenient: first the skipped lines, named by file:line:column
				List<String> lines = new java.util.ArrayList<>(result.err().lines().toList());
				if (result.status() == 2) {
					String error = lines.removeLast();
					assertTrue(error.startsWith("looptrace model: ") && error.contains(folder.toString()), result::toString);
				}
				if (mode.equals("--threads")) {
					assertEquals(List.of(), lines, result::toString);
				} else if (!lines.isEmpty()) {
					String count = lines.removeLast();
					assertTrue(count.matches("looptrace model: \\d+ malformed lines? skipped.*"), result::toString);
				}
				for (String skipped : lines) {
					assertTrue(skipped.matches(Pattern.quote(folder.toString()) + "/trace\\.\\d+:\\d+:\\d+: error: .+"), result::toString);
				}
			}
			Files.write(trace, original);
		}
	}

	/** A copy of a shipped example folder, to damage. */
	private static Path copyOfExample(String name, Path dir) throws java.io.IOException {
		Path folder = Files.createDirectories(dir.resolve(name));
		for (Path file : Cli.list(Cli.example(name))) {
			Files.copy(file, folder.resolve(file.getFileName().toString()));
		}
		return folder;
	}
}
