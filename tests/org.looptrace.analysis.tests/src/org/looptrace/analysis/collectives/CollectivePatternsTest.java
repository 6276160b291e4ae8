// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.CollectivePrograms;
import org.looptrace.testsupport.CollectivePrograms.Label;
import org.looptrace.testsupport.CollectivePrograms.Program;
import org.looptrace.testsupport.CollectivePrograms.Step;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Patterns;

/**
 * Point-to-point groups resembling collectives on labelled hand-rolled programs (8 to 64 ranks,
 * roots anywhere, subgroups, with and without call context, one tag per step or one for all) and
 * on plain generated runs, which must yield no collective.
 */
class CollectivePatternsTest {

	private static Model model(List<List<org.looptrace.model.core.TraceEvent>> traces, Path dir) throws Exception {
		CollectivePrograms.write(traces, dir);
		return Pipeline.model(TraceFolder.open(dir), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
	}

	/** Labels as "kind,root,group,context,occurrences", the detection's CSV row. */
	private static Set<String> expected(Program program) {
		Set<String> rows = new TreeSet<>();
		for (Label label : program.labels()) {
			rows.add(String.join(",", label.kind(), label.root() < 0 ? "" : Integer.toString(label.root()),
					label.group().toString(), label.function(), Long.toString(label.occurrences())));
		}
		return rows;
	}

	private static Set<String> found(Model model, boolean useContext) {
		Set<String> rows = new TreeSet<>();
		for (GroupPattern pattern : CollectivePatterns.find(model, useContext, Progress.NONE).patterns()) {
			rows.add(String.join(",", pattern.kind(), pattern.rootText(), pattern.group().toString(), pattern.context(),
					Long.toString(pattern.occurrences())));
		}
		return rows;
	}

	static Stream<Arguments> labelled() {
		List<Arguments> cases = new ArrayList<>();
		for (long seed = 0; seed < 12; seed++) {
			cases.add(Arguments.of(seed, true, false));
			cases.add(Arguments.of(seed, true, true));
			cases.add(Arguments.of(seed, false, false));
		}
		return cases.stream();
	}

	@ParameterizedTest(name = "seed {0}, context {1}, one tag {2}")
	@MethodSource("labelled")
	void labelledProgramsAreDetectedExactly(long seed, boolean context, boolean oneTag, @TempDir Path dir)
			throws Exception {
		Program program = CollectivePrograms.random(seed, context, oneTag);
		Model model = model(program.traces(), dir);
		assertEquals(expected(program), found(model, context), program::toString);
	}

	@Test
	void everyAlgorithmAtSeveralSizesAndRoots(@TempDir Path dir) throws Exception {
		int run = 0;
		for (CollectivePrograms.Algorithm algorithm : CollectivePrograms.Algorithm.values()) {
			for (int ranks : new int[] { 8, 13, 16, 24 }) {
				boolean rooted = algorithm.name().matches("(BCAST|SCATTER|REDUCE|GATHER).*");
				int size = algorithm == CollectivePrograms.Algorithm.ALLGATHER_DOUBLING ? Integer.highestOneBit(ranks) : ranks;
				int root = rooted ? ranks / 2 + 1 : -1;
				Program program = new Program(ranks, List.of(), List.of(new Step(algorithm, root, 0, size)), 4, true, true);
				Model model = model(program.traces(), dir.resolve(Integer.toString(run++)));
				assertEquals(expected(program), found(model, true), program::toString);
			}
		}
	}

	static Stream<Arguments> plainRuns() {
		return Stream.of("halo", "ring", "masterworker")
				.flatMap(name -> IntStream.of(8, 12, 13, 16, 30).mapToObj(ranks -> Arguments.of(name, ranks)));
	}

	@ParameterizedTest(name = "{0} on {1} ranks")
	@MethodSource("plainRuns")
	void plainGeneratedRunsResembleNoCollective(String name, int ranks, @TempDir Path dir) throws IOException,
			Exception {
		long iterations = 3 + ranks % 5;
		Patterns.write(Patterns.create(name, ranks, iterations, 1), dir, Progress.NONE);
		Model model = Pipeline.model(TraceFolder.open(dir), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
		String kind = name.equals("masterworker") ? "master-worker" : name;
		String root = name.equals("masterworker") ? "0" : "";
		assertEquals(Set.of(kind + "," + root + ",0-" + (ranks - 1) + ",," + iterations), found(model, true));
		assertEquals(Set.of(kind + "," + root + ",0-" + (ranks - 1) + ",," + iterations), found(model, false));
	}

	@Test
	void occurrencesAddUpToThePatterns(@TempDir Path dir) throws Exception {
		for (long seed = 20; seed < 26; seed++) {
			Program program = CollectivePrograms.random(seed, seed % 2 == 0, false);
			CollectivePatterns found = CollectivePatterns.find(model(program.traces(), dir.resolve("s" + seed)), true,
					Progress.NONE);
			long total = found.occurrences().stream().mapToLong(o -> o.pattern().occurrences()).sum();
			assertEquals(total, found.patterns().stream().mapToLong(GroupPattern::occurrences).sum());
			for (Occurrence occurrence : found.occurrences()) {
				assertEquals(false, occurrence.constructs().isEmpty(), occurrence::toString);
			}
		}
	}
}
