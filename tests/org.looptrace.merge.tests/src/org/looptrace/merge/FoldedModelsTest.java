// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.generate.Patterns;

/**
 * The folded models of a reference set, byte for byte as they are kept in {@code golden/}: every
 * generated pattern at 4 to 64 ranks (random traffic to 16), the section III models of the real runs, and random
 * families (random programs, random nests of one rank, pipelines along cycles, Sweep3D's sweeps,
 * LU's exchanges of faces). Folding is a chain of rules whose order decides the result; a change
 * meant to keep its behaviour must keep these bytes. A mismatch writes the model found under
 * {@code target/golden/}, so that a change meant to alter the models can be reviewed with a diff.
 */
class FoldedModelsTest {

	private static final int[] RANKS = { 4, 9, 16, 36, 64 };

	@Test
	void generatedPatterns() throws Exception {
		Map<String, String> models = new LinkedHashMap<>();
		for (String name : Patterns.NAMES) {
			for (int ranks : RANKS) {
				if (name.equals("random") && ranks > 16) {
					continue; // random traffic hardly folds: thousands of lines
				}
				models.put(name + " " + ranks, print(merged(PropertiesTest.traces(Patterns.create(name, ranks, 5, 1)))));
			}
		}
		assertGolden("patterns.txt", models);
	}

	@Test
	void realRuns() throws Exception {
		Map<String, String> models = new LinkedHashMap<>();
		for (String app : List.of("lu.S", "cg.S", "mg.S", "bt.S", "sp.S", "sweep3d")) {
			for (int ranks : new int[] { 4, 16 }) {
				Path file = Path.of("real-runs", app + "." + ranks + ".loops");
				models.put(app + " " + ranks, print(Folding.fold(List.of(ModelText.parse(Files.readString(file), file.toString())), 2,
						Progress.NONE)));
			}
		}
		assertGolden("real-runs.txt", models);
	}

	@Test
	void randomFamilies() throws Exception {
		Map<String, String> models = new LinkedHashMap<>();
		for (long seed = 0; seed < 20; seed++) {
			models.put("program " + seed, print(merged(RandomPrograms.traces(2 + (int) (seed % 15), 30_000 + seed))));
		}
		Random random = new Random(47);
		for (int run = 0; run < 100; run++) {
			StringBuilder text = new StringBuilder();
			for (int item = 1 + random.nextInt(4); item > 0; item--) {
				FoldingTest.randomItem(random, 0, text);
			}
			models.put("nest " + run, print(Folding.fold(List.of(ModelText.parse(text.toString(), "nest.loops")), 1, Progress.NONE)));
		}
		for (int q = 2; q <= 6; q++) {
			for (int left = 1; left <= q; left++) {
				models.put("cycles " + q + " " + left, print(merged(FoldingTest.cycleSweeps(q, left, 2))));
			}
		}
		for (int q = 3; q <= 5; q++) {
			models.put("sweeps " + q, print(merged(FoldingTest.sweeps(q, 2))));
			models.put("faces " + q, print(merged(FoldingTest.faceExchanges(q, 3))));
		}
		assertGolden("random.txt", models);
	}

	private static Model merged(List<List<TraceEvent>> traces) throws InconsistentTraceException {
		return Merger.merge(PropertiesTest.locals(traces, null), new MergeOptions(2), Progress.NONE);
	}

	private static String print(Model model) {
		return ModelPrinter.print(model);
	}

	/** The models, each under a line {@code == name}, equal to the golden file's text. */
	private static void assertGolden(String file, Map<String, String> models) throws IOException {
		StringBuilder text = new StringBuilder();
		models.forEach((name, model) -> text.append("== ").append(name).append('\n').append(model));
		Path golden = Path.of("golden", file);
		String expected = Files.isRegularFile(golden) ? Files.readString(golden) : "";
		if (!expected.contentEquals(text)) {
			Path found = Path.of("target", "golden", file);
			Files.createDirectories(found.getParent());
			Files.writeString(found, text);
			List<String> differing = new ArrayList<>();
			Map<String, String> kept = parse(expected);
			models.forEach((name, model) -> {
				if (!model.equals(kept.get(name))) {
					differing.add(name);
				}
			});
			assertTrue(Files.isRegularFile(golden), "no golden file " + golden.toAbsolutePath() + "; the models found are in " + found);
			assertEquals(List.of(), differing, "models that differ from " + golden + " (the models found are in " + found + ")");
			assertEquals(expected, text.toString(), golden + ": the same models in another order or under other names");
		}
	}

	private static Map<String, String> parse(String text) {
		Map<String, String> models = new LinkedHashMap<>();
		String name = null;
		StringBuilder model = new StringBuilder();
		for (String line : text.split("\n", -1)) {
			if (line.startsWith("== ")) {
				if (name != null) {
					models.put(name, model.toString());
				}
				name = line.substring(3);
				model.setLength(0);
			} else if (name != null && !line.isEmpty()) {
				model.append(line).append('\n');
			}
		}
		if (name != null) {
			models.put(name, model.toString());
		}
		return models;
	}
}
