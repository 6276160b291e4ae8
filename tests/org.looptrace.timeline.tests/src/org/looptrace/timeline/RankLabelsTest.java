// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.timeline.Drawing.Label;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * The layout of every family of generated runs, 2 to 256 ranks (random runs from several seeds; the
 * families of NPB codes, whose models take long to make, to 31 ranks), at the narrowest and the default width, of all ranks with every loop open and of a subset with
 * loops closed: whatever the rank count, the drawing keeps {@link Invariants#geometry} (no label
 * covers a mark or another label, no rank line jogs to a row and back, ranks labelled beside boxes
 * only where their lines run off their usual rows, boxes apart) and every rank line keeps its
 * number at the left edge.
 */
class RankLabelsTest {

	private static final int[] RANK_COUNTS = { 2, 3, 5, 8, 13, 16, 31, 64, 100, 128, 256 };
	private static final int[] FEW_RANK_COUNTS = { 2, 3, 5, 8, 13, 16, 31 };
	private static final List<String> NPB = List.of("multipartition", "lu", "mg");

	/** Seeds of random runs besides the one every pattern is drawn from (its rank count). */
	private static final long[] RANDOM_SEEDS = { 1, 2 };

	static Stream<String> patterns() {
		return Patterns.ALL.stream();
	}

	private static Model model(Pattern pattern) throws Exception {
		List<Model> locals = new ArrayList<>();
		for (int rank = 0; rank < pattern.ranks(); rank++) {
			locals.add(NestedLoopRecognizer.model(pattern.events(rank), NlrOptions.DEFAULTS, Progress.NONE));
		}
		return Merger.merge(locals, MergeOptions.defaults(), Progress.NONE);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("patterns")
	void layoutsKeepTheirGeometryAtEveryRankCount(String name) throws Exception {
		for (int ranks : NPB.contains(name) ? FEW_RANK_COUNTS : RANK_COUNTS) {
			check(name, ranks, ranks);
		}
	}

	@ParameterizedTest(name = "seed {0}")
	@MethodSource
	void randomRunsKeepTheirGeometryAtEveryRankCount(long seed) throws Exception {
		for (int ranks : RANK_COUNTS) {
			check("random", ranks, seed);
		}
	}

	static Stream<Long> randomRunsKeepTheirGeometryAtEveryRankCount() {
		return Arrays.stream(RANDOM_SEEDS).boxed();
	}

	private static void check(String name, int ranks, long seed) throws Exception {
		Model model = model(Patterns.create(name, ranks, 2, seed));
		for (int width : new int[] { LayoutOptions.MIN_WIDTH, LayoutOptions.DEFAULTS.width() }) {
			String what = name + " on " + ranks + " ranks, seed " + seed + ", " + width + " px wide";
			Drawing drawing = TimelineLayout.layout(model, new LayoutOptions(null, Integer.MAX_VALUE, width));
			Invariants.geometry(drawing, what);
			List<String> atLeft = drawing.labels().stream().filter(label -> label.path() == null).map(Label::text).toList();
			assertTrue(atLeft.size() == drawing.rankLines().size(), what + ": rank lines without their number " + atLeft);
			// A subset of the ranks: labels of the rows drawn, the same rules.
			RankSet some = RankSet.range(ranks / 3, ranks - 1);
			Drawing part = TimelineLayout.layout(model, new LayoutOptions(some, 1, width));
			Invariants.geometry(part, what + ", ranks " + some + ", collapse 1");
			assertFalse(part.labels().isEmpty(), what + ": no label on " + some);
		}
	}
}
