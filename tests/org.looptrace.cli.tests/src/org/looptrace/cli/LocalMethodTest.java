// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.looptrace.cli.Cli.Result;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.TraceFolder;

/**
 * {@code --method greedy|optimal} of {@code nlr} and {@code model}: the loop nests of Xu and
 * Subhlok are local models like NLR's: lossless on every rank of every example, merged into a
 * global model that projects onto every trace.
 */
class LocalMethodTest {

	private static final String[] CROCHEMORE = { "greedy", "optimal" };

	@ParameterizedTest(name = "looptrace nlr --method greedy|optimal examples/{0}")
	@FieldSource("org.looptrace.cli.Cli#EXAMPLE_FOLDERS")
	void localModelOfEveryExampleRankExpandsToItsTrace(String name, @TempDir Path dir) throws Exception {
		Path example = Cli.example(name);
		TraceFolder folder = TraceFolder.open(example);
		for (String method : CROCHEMORE) {
			Path out = dir.resolve(method);
			Cli.expect(0, "nlr", "--method", method, example.toString(), "-o", out.toString(), "--threads", "2");
			for (int rank = 0; rank < folder.ranks(); rank++) {
				Path file = folder.traceFile(rank);
				Result printed = Cli.expect(0, "nlr", file.toString(), "--method", method);
				Model model = ModelText.parse(printed.out(), "local." + rank + ".loops");
				assertEquals(Cli.traceLines(folder, rank), Cli.expansion(model, -1), method + " rank " + rank);
				assertEquals(printed.out(), ModelText.print(ModelText.parse(out.resolve("local." + rank + ".loops"))),
						"the folder's file is the printed model, " + method + " rank " + rank);
			}
		}
	}

	@ParameterizedTest(name = "looptrace model --method greedy|optimal examples/{0}")
	@FieldSource("org.looptrace.cli.Cli#EXAMPLE_FOLDERS")
	void globalModelOfEveryExampleProjectsOnEveryRank(String name) throws Exception {
		Path example = Cli.example(name);
		for (String method : CROCHEMORE) {
			Result result = Cli.expect(0, "model", example.toString(), "--method", method, "--threads", "2");
			Model model = ModelText.parse(result.out(), name + "." + method + ".loops");
			Projection.assertProjectsOnEveryRank(model, TraceFolder.open(example));
		}
	}

	@Test
	void nlrIsTheDefaultMethod() {
		String trace = Cli.example("ring-8").resolve("trace.3").toString();
		assertEquals(Cli.expect(0, "nlr", trace).out(), Cli.expect(0, "nlr", trace, "--method", "nlr").out());
	}

	@Test
	void unknownMethodAndNlrOptionsWithAnotherMethodAreUsageErrors() {
		String trace = Cli.example("ring-8").resolve("trace.3").toString();
		Result unknown = Cli.expectUsageError("nlr", "nlr", trace, "--method", "sequitur");
		assertTrue(unknown.err().contains("nlr, greedy or optimal"), unknown::toString);
		Result k = Cli.expectUsageError("nlr", "nlr", trace, "--method", "optimal", "-k", "8");
		assertTrue(k.err().contains("-k applies to --method nlr only"), k::toString);
		Cli.expectUsageError("model", "model", Cli.example("ring-8").toString(), "--method", "greedy", "-k", "8");
	}
}
