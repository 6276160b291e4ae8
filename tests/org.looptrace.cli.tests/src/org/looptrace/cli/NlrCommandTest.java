// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.looptrace.cli.Cli.Result;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Patterns;

/** {@code looptrace nlr}: the printed local model parses back and expands to the trace it models. */
class NlrCommandTest {

	@ParameterizedTest(name = "looptrace nlr {0}/trace.p")
	@FieldSource("org.looptrace.cli.GenerateCommandTest#PATTERNS")
	void printedModelOfEveryRankParsesAndExpandsToItsTrace(String pattern, @TempDir Path dir) throws Exception {
		Cli.expect(0, "generate", pattern, "--ranks", "9", "--iterations", "5", "--seed", "11", dir.toString());
		TraceFolder folder = TraceFolder.open(dir);
		for (int rank = 0; rank < folder.ranks(); rank++) {
			Path file = folder.traceFile(rank);
			Result result = Cli.expect(0, "nlr", file.toString());
			assertEquals("", result.err());
			Model model = ModelText.parse(result.out(), "local." + rank + ".loops");
			assertEquals(Cli.traceLines(folder, rank), Cli.expansion(model, -1), pattern + " rank " + rank);
			assertEquals(result.out(), ModelText.print(model), "printed text is canonical");
			assertEquals(ModelPrinter.print(Nlr.modelFile(file, NlrOptions.DEFAULTS, Progress.NONE)), result.out());
		}
	}

	/** Options change the model, never what it expands to. */
	@Test
	void optionsKeepTheModelLossless(@TempDir Path dir) throws Exception {
		Random random = new Random(7);
		for (int i = 0; i < 25; i++) {
			Path folder = dir.resolve("case" + i);
			String pattern = Patterns.ALL.get(random.nextInt(Patterns.ALL.size()));
			Cli.expect(0, "generate", pattern, "--ranks", "" + (2 + random.nextInt(10)), "--iterations",
					"" + random.nextInt(8), "--seed", "" + random.nextInt(), folder.toString());
			TraceFolder traces = TraceFolder.open(folder);
			int rank = random.nextInt(traces.ranks());
			String k = "" + (1 + random.nextInt(12));
			String stack = "" + (1 + random.nextInt(200));
			String[] args = random.nextBoolean()
					? new String[] { "nlr", "-k", k, "--stack", stack, "--no-affine", traces.traceFile(rank).toString() }
					: new String[] { "nlr", "-k", k, "--stack", stack, traces.traceFile(rank).toString() };
			Result result = Cli.expect(0, args);
			Model model = ModelText.parse(result.out(), "case" + i + ".loops");
			assertEquals(Cli.traceLines(traces, rank), Cli.expansion(model, -1), () -> String.join(" ", args));
		}
	}

	@Test
	void folderWritesOneFilePerRankThatExpandsToItsTrace(@TempDir Path dir) throws Exception {
		Path example = Cli.example("wavefront-16");
		Path out = dir.resolve("models/local");
		Result result = Cli.expect(0, "nlr", example.toString(), "-o", out.toString(), "--threads", "2");
		assertEquals(example + ": 16 local models written to " + out + "\n", result.out());
		TraceFolder folder = TraceFolder.open(example);
		Set<String> expected = new TreeSet<>();
		for (int rank = 0; rank < 16; rank++) {
			expected.add("local." + rank + ".loops");
			Model model = ModelText.parse(out.resolve("local." + rank + ".loops"));
			assertEquals(Cli.traceLines(folder, rank), Cli.expansion(model, -1), "rank " + rank);
		}
		assertEquals(expected, Cli.snapshot(out).keySet());
	}

	@Test
	void folderFilesDoNotDependOnThreads(@TempDir Path dir) throws Exception {
		for (String name : Cli.EXAMPLE_FOLDERS) {
			Path example = Cli.example(name);
			Cli.expect(0, "nlr", example.toString(), "-o", dir.resolve(name + "-1").toString(), "--threads", "1");
			Cli.expect(0, "nlr", example.toString(), "-o", dir.resolve(name + "-3").toString(), "--threads", "3");
			Map<String, byte[]> one = Cli.snapshot(dir.resolve(name + "-1"));
			Cli.assertSameFiles(one, Cli.snapshot(dir.resolve(name + "-3")));
			assertEquals(TraceFolder.open(example).ranks(), one.size(), name);
		}
	}

	@Test
	void gzipTraceFileIsModelledLikeThePlainOne(@TempDir Path dir) throws Exception {
		Path plain = Cli.example("halo-16").resolve("trace.5");
		Path gz = dir.resolve("trace.5.gz");
		try (GZIPOutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
			Files.copy(plain, out);
		}
		Result fromGz = Cli.expect(0, "nlr", gz.toString());
		assertEquals(Cli.expect(0, "nlr", plain.toString()).out(), fromGz.out());
		assertTrue(fromGz.out().startsWith("for i0 = 0 to 19\n"), fromGz::toString);
	}
}
