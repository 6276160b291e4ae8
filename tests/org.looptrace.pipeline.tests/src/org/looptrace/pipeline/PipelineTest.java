// SPDX-License-Identifier: EPL-2.0
package org.looptrace.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/** {@link Pipeline#model}: trace folders on disk, NLR per rank, then the merge. */
class PipelineTest {

	@Test
	void everyPatternFolderGivesAnExactModelWhateverTheThreads(@TempDir Path temporary) throws Exception {
		for (String name : Patterns.ALL) {
			Pattern pattern = GeneratedPatterns.create(name, 6, 5, 2);
			Path folder = temporary.resolve(name);
			Patterns.write(pattern, folder, Progress.NONE);
			Model one = Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(1), Progress.NONE);
			Model two = Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(2), Progress.NONE);
			assertEquals(ModelPrinter.print(one), ModelPrinter.print(two), name);
			Projection.assertProjectsOnEveryRank(one, TraceFolder.open(folder));
		}
	}

	@Test
	void localModelsMergedAsTheyComeAreTheModelOfAllLocalModelsMergedAtOnce(@TempDir Path temporary) throws Exception {
		for (String name : Patterns.ALL) {
			for (int ranks : new int[] { 2, 7, 33 }) {
				Path folder = temporary.resolve(name + ranks);
				Patterns.write(GeneratedPatterns.create(name, ranks, 6, ranks), folder, Progress.NONE);
				TraceFolder traces = TraceFolder.open(folder);
				for (boolean fold : new boolean[] { false, true }) {
					MergeOptions options = new MergeOptions(3, fold);
					Model atOnce = Merger.merge(Nlr.modelFolder(traces, NlrOptions.DEFAULTS, 2, Progress.NONE), options,
							Progress.NONE);
					Model asTheyCome = Pipeline.model(traces, NlrOptions.DEFAULTS, options, Progress.NONE);
					assertEquals(ModelPrinter.print(atOnce), ModelPrinter.print(asTheyCome), name + " on " + ranks);
				}
			}
		}
	}

	@Test
	void everyRankIsModelledOnceInRankOrderOfStart(@TempDir Path folder) throws Exception {
		Patterns.write(Patterns.create("halo", 40, 3, 1), folder, Progress.NONE);
		TraceFolder traces = TraceFolder.open(folder);
		List<Integer> asked = java.util.Collections.synchronizedList(new ArrayList<>());
		Pipeline.modelRankByRank(traces, (rank, progress) -> {
			asked.add(rank);
			return Nlr.modelRank(traces, rank, NlrOptions.DEFAULTS, progress, null);
		}, Pipeline.REDUCE_PHASE, new MergeOptions(1), Progress.NONE, phase -> {
			// not measured
		});
		List<Integer> expected = new ArrayList<>();
		for (int rank = 0; rank < 40; rank++) {
			expected.add(rank);
		}
		assertEquals(expected, asked);
	}

	@Test
	void phasesEndInOrder(@TempDir Path folder) throws Exception {
		Patterns.write(Patterns.create("ring", 4, 3, 1), folder, Progress.NONE);
		List<String> phases = new ArrayList<>();
		Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(2), Progress.NONE, phases::add);
		assertEquals(List.of(Pipeline.REDUCE_PHASE, Pipeline.FOLD_PHASE), phases);
	}

	@Test
	void aTruncatedTraceIsInconsistent(@TempDir Path temporary) throws Exception {
		Path folder = temporary.resolve("ring");
		Patterns.write(Patterns.create("ring", 4, 10, 1), folder, Progress.NONE);
		Path trace = folder.resolve("trace.2");
		List<String> lines = new ArrayList<>(Files.readAllLines(trace));
		lines.remove(lines.size() - 1);
		Files.write(trace, lines);
		InconsistentTraceException failure = assertThrows(InconsistentTraceException.class,
				() -> Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(2), Progress.NONE));
		assertEquals(true, failure.getMessage().startsWith("channel ("), failure.getMessage());
	}
}
