// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

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
import org.looptrace.testsupport.CollectivePrograms.Algorithm;
import org.looptrace.testsupport.CollectivePrograms.Label;
import org.looptrace.testsupport.CollectivePrograms.Program;
import org.looptrace.testsupport.CollectivePrograms.Step;
import org.looptrace.trace.TraceFolder;

/**
 * Without call context and on one tag, programs whose models hold the ranks' time loops at
 * different phases, detected exactly: families over prime and composite rank counts and several
 * iteration counts, with and without data traces.
 * <ul>
 * <li>rotated loops: a binomial bcast before the time loop and, in it, a binomial bcast from
 * another root then a linear reduce to rank 1; the ranks whose last message before the loop is
 * their last in it (rank 0 sends to 1 last, rank 1 receives from 0 last) have their loop rotated
 * by NLR, the others not;</li>
 * <li>a peeled iteration: a linear scatter, then a ring allgather and a dissemination barrier in
 * the time loop; the model may keep the first iteration outside the loop, the n - 1 rounds of its
 * allgather and its barrier's first round (the same messages) one loop of n rounds, its ranks in
 * another order than in the loop;</li>
 * <li>sizes of folded constructs: a binomial scatter from rank 0 then a linear reduce to rank 1
 * in the time loop: rank 0's last send of the scatter (one share) and its send of the reduce (the
 * whole buffer) are one construct of two sizes; the other edges name the scatter. A binomial
 * bcast in its place stays a bcast.</li>
 * </ul>
 */
class LoopPhasesTest {

	/** Rank counts, primes among them. */
	private static final int[] RANKS = { 7, 8, 13, 16, 31 };

	static Stream<Arguments> families() {
		List<Arguments> families = new ArrayList<>();
		for (String family : List.of("rotated", "peeled", "sizes", "bcast")) {
			for (int ranks : RANKS) {
				for (int iterations : new int[] { 3, 5 }) {
					for (boolean data : new boolean[] { false, true }) {
						families.add(Arguments.of(family, ranks, iterations, data));
					}
				}
			}
		}
		return families.stream();
	}

	private static Program program(String family, int n, int iterations) {
		List<Step> prologue = switch (family) {
		case "rotated" -> List.of(new Step(Algorithm.BCAST_BINOMIAL, 0, 0, n));
		case "peeled" -> List.of(new Step(Algorithm.SCATTER_LINEAR, n / 2, 0, n));
		default -> List.of();
		};
		List<Step> steps = switch (family) {
		case "rotated" -> List.of(new Step(Algorithm.BCAST_BINOMIAL, n / 2, 0, n), new Step(Algorithm.REDUCE_LINEAR, 1, 0, n));
		case "peeled" -> List.of(new Step(Algorithm.ALLGATHER_RING, -1, 0, n),
				new Step(Algorithm.BARRIER_DISSEMINATION, -1, 0, n));
		case "sizes" -> List.of(new Step(Algorithm.SCATTER_BINOMIAL, 0, 0, n), new Step(Algorithm.REDUCE_LINEAR, 1, 0, n));
		case "bcast" -> List.of(new Step(Algorithm.BCAST_BINOMIAL, 0, 0, n), new Step(Algorithm.REDUCE_LINEAR, 1, 0, n));
		default -> throw new IllegalArgumentException(family);
		};
		return new Program(n, prologue, steps, iterations, false, true);
	}

	@ParameterizedTest(name = "{0}, {1} ranks, {2} iterations, data traces {3}")
	@MethodSource("families")
	void loopsAtDifferentPhasesAreDetectedExactly(String family, int ranks, int iterations, boolean data,
			@TempDir Path dir) throws Exception {
		Program program = program(family, ranks, iterations);
		CollectivePrograms.write(program, dir, data);
		Model model = Pipeline.model(TraceFolder.open(dir), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
		Set<String> expected = new TreeSet<>();
		for (Label label : program.labels(data)) {
			expected.add(String.join(",", label.kind(), label.root() < 0 ? "" : Integer.toString(label.root()),
					label.group().toString(), label.function(), Long.toString(label.occurrences())));
		}
		Set<String> found = new TreeSet<>();
		for (GroupPattern pattern : CollectivePatterns.find(model, false, dir, Progress.NONE).patterns()) {
			found.add(CollectivePatterns.csvFields(pattern));
		}
		assertEquals(expected, found, program::toString);
	}
}
