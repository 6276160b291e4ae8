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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
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

	private static Model model(List<List<TraceEvent>> traces, Path dir) throws Exception {
		CollectivePrograms.write(traces, dir);
		return Pipeline.model(TraceFolder.open(dir), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
	}

	/** Labels as "kind,root,group,context,occurrences", the detection's CSV row. */
	private static Set<String> expected(Program program) {
		return expected(program, false);
	}

	private static Set<String> expected(Program program, boolean sizes) {
		Set<String> rows = new TreeSet<>();
		for (Label label : program.labels(sizes)) {
			rows.add(String.join(",", label.kind(), label.root() < 0 ? "" : Integer.toString(label.root()),
					label.group().toString(), label.function(), Long.toString(label.occurrences())));
		}
		return rows;
	}

	private static Set<String> found(Model model, boolean useContext) {
		return rows(CollectivePatterns.find(model, useContext, Progress.NONE));
	}

	private static Set<String> rows(CollectivePatterns found) {
		Set<String> rows = new TreeSet<>();
		for (GroupPattern pattern : found.patterns()) {
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

	@ParameterizedTest(name = "seed {0}, context {1}, one tag {2}, data traces")
	@MethodSource("labelled")
	void labelledProgramsWithDataTracesAreNamedBySize(long seed, boolean context, boolean oneTag, @TempDir Path dir)
			throws Exception {
		Program program = CollectivePrograms.random(seed, context, oneTag);
		CollectivePrograms.write(program, dir, true);
		Model model = Pipeline.model(TraceFolder.open(dir), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
		CollectivePatterns found = CollectivePatterns.find(model, context, dir, Progress.NONE);
		assertEquals(true, found.sizesRead());
		assertEquals(expected(program, true), rows(found), program::toString);
	}

	static Stream<Arguments> algorithms() {
		return Stream.of(CollectivePrograms.Algorithm.values())
				.flatMap(algorithm -> Stream.of(false, true).map(data -> Arguments.of(algorithm, data)));
	}

	/**
	 * Every algorithm alone at 8 to 64 ranks, powers of two and not, the root neither 0 nor the
	 * middle, a subgroup not starting at 0; with data traces the sizes name it.
	 */
	@ParameterizedTest(name = "{0}, data traces {1}")
	@MethodSource("algorithms")
	void everyAlgorithmAtSeveralSizesAndRoots(CollectivePrograms.Algorithm algorithm, boolean data, @TempDir Path dir)
			throws Exception {
		int run = 0;
		for (int ranks : new int[] { 8, 13, 16, 24, 37, 64 }) {
			boolean rooted = algorithm.name().matches("(BCAST|SCATTER|REDUCE|GATHER).*");
			boolean subgroup = ranks % 2 == 1; // the odd sizes run on ranks 2 .. n - 1
			int first = subgroup ? 2 : 0;
			int size = ranks - first;
			if (algorithm == CollectivePrograms.Algorithm.ALLGATHER_DOUBLING) {
				size = Integer.highestOneBit(size);
			}
			int root = rooted ? first + size * 3 / 4 : -1;
			for (boolean context : new boolean[] { true, false }) {
				Program program = new Program(ranks, List.of(), List.of(new Step(algorithm, root, first, size)), 4, context,
						true);
				Path folder = dir.resolve(Integer.toString(run++));
				CollectivePrograms.write(program, folder, data);
				Model model = Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, MergeOptions.defaults(),
						Progress.NONE);
				assertEquals(expected(program, data), rows(CollectivePatterns.find(model, context, folder, Progress.NONE)),
						program::toString);
			}
		}
	}

	/**
	 * A ring shift repeated k(n - 1) times in one call, sending first, is a ring: an allgather runs
	 * n - 1 rounds in one call, no more.
	 */
	@ParameterizedTest(name = "{0} ranks, {1} rounds of n - 1")
	@CsvSource({ "8,2", "13,3", "16,2", "24,1" })
	void aRingShiftRepeatedInOneCallIsARing(int ranks, int k, @TempDir Path dir) throws Exception {
		int iterations = 3;
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < ranks; rank++) {
			List<TraceEvent> out = new ArrayList<>();
			for (int t = 0; t < iterations; t++) {
				out.add(TraceEvent.local(rank, List.of("call", "shift")));
				for (int round = 0; round < k * (ranks - 1); round++) {
					out.add(TraceEvent.send(rank, (rank + 1) % ranks, "5"));
					out.add(TraceEvent.recv((rank + ranks - 1) % ranks, rank, "5"));
				}
				out.add(TraceEvent.local(rank, List.of("return", "shift")));
			}
			traces.add(out);
		}
		Set<String> expected = Set.of(k == 1 ? "allgather,,0-" + (ranks - 1) + ",shift," + iterations
				: "ring,,0-" + (ranks - 1) + ",shift," + iterations * k * (ranks - 1));
		assertEquals(expected, found(model(traces, dir), true));
	}

	/**
	 * NPB LU's wavefront: the sweeps are a wavefront, repeated every time step and plane (10
	 * planes, {@code WavefrontPattern.PLANES}); the exchange with every neighbour after them is a
	 * halo, every time step and once before the loop, not counted into the wavefront although it
	 * shares its tags.
	 */
	@ParameterizedTest(name = "{0} ranks")
	@ValueSource(ints = { 8, 12, 16, 30 })
	void wavefrontRunsAreWavefronts(int ranks, @TempDir Path dir) throws Exception {
		long iterations = 5;
		Patterns.write(Patterns.create("wavefront", ranks, iterations, 1), dir, Progress.NONE);
		Model model = Pipeline.model(TraceFolder.open(dir), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
		Set<String> found = rows(CollectivePatterns.find(model, true, dir, Progress.NONE));
		assertEquals(Set.of("wavefront,,0-" + (ranks - 1) + ",," + iterations * 10,
				"halo,,0-" + (ranks - 1) + ",," + (iterations + 1)), found);
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
		// with the data traces the generator writes: sizes do not make them collectives
		assertEquals(Set.of(kind + "," + root + ",0-" + (ranks - 1) + ",," + iterations),
				rows(CollectivePatterns.find(model, false, dir, Progress.NONE)));
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
