// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.CollectivePrograms;
import org.looptrace.testsupport.CollectivePrograms.Label;
import org.looptrace.testsupport.CollectivePrograms.Program;
import org.looptrace.trace.TraceFolder;

/**
 * Precision and recall over the labelled corpus (docs/PATTERNS.md prints this table): a detected
 * row is right when kind, root, group, context and occurrences all equal a label's. With data
 * traces, the labels name what sizes tell apart (scatter, gather, recursive-doubling allgather).
 */
class PrecisionRecallTest {

	/** The programs of the corpus: seeds 0 to 39 of each configuration. */
	private static final int PROGRAMS = 40;

	/**
	 * The least precision and recall without context on one tag: below it, the model or the
	 * cutting into operations lost what reading peeled and rotated iterations rank by rank,
	 * cutting by graphs and leaving out the sizes of folded constructs gain.
	 */
	private static final double ONE_TAG = 0.95;

	private record Score(long truePositives, long falsePositives, long falseNegatives) {
		double precision() {
			return truePositives / (double) Math.max(1, truePositives + falsePositives);
		}

		double recall() {
			return truePositives / (double) Math.max(1, truePositives + falseNegatives);
		}
	}

	private static Score score(boolean context, boolean oneTag, boolean data, Path dir) throws Exception {
		long tp = 0;
		long fp = 0;
		long fn = 0;
		for (long seed = 0; seed < PROGRAMS; seed++) {
			Program program = CollectivePrograms.random(seed, context, oneTag);
			Path folder = dir.resolve(context + "-" + oneTag + "-" + data + "-" + seed);
			CollectivePrograms.write(program, folder, data);
			Model model = Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, MergeOptions.defaults(),
					Progress.NONE);
			Set<String> expected = new TreeSet<>();
			for (Label label : program.labels(data)) {
				expected.add(label.kind() + "," + (label.root() < 0 ? "" : label.root()) + "," + label.group() + ","
						+ label.function() + "," + label.occurrences());
			}
			Set<String> found = new TreeSet<>();
			CollectivePatterns patterns = CollectivePatterns.find(model, context, folder, Progress.NONE);
			assertEquals(data, patterns.sizesRead());
			for (GroupPattern p : patterns.patterns()) {
				found.add(p.kind() + "," + p.rootText() + "," + p.group() + "," + p.context() + "," + p.occurrences());
			}
			Set<String> right = new TreeSet<>(found);
			right.retainAll(expected);
			tp += right.size();
			fp += found.size() - right.size();
			fn += expected.size() - right.size();
		}
		return new Score(tp, fp, fn);
	}

	@Test
	void table(@TempDir Path dir) throws Exception {
		StringBuilder table = new StringBuilder(
				"| context | tags | sizes | labels | found right | false | missed | precision | recall |\n");
		Score[][][] scores = new Score[2][2][2];
		for (int c = 0; c < 2; c++) {
			for (int t = 0; t < 2; t++) {
				for (int d = 0; d < 2; d++) {
					Score s = score(c == 0, t == 1, d == 1, dir);
					scores[c][t][d] = s;
					table.append(String.format("| %s | %s | %s | %d | %d | %d | %d | %.2f | %.2f |%n", c == 0 ? "yes" : "no",
							t == 1 ? "one tag" : "distinct", d == 1 ? "data traces" : "none",
							s.truePositives() + s.falseNegatives(), s.truePositives(), s.falsePositives(), s.falseNegatives(),
							s.precision(), s.recall()));
				}
			}
		}
		System.out.print(table);
		// on distinct tags, with call context or without, with sizes or without, detection is exact
		for (int c = 0; c < 2; c++) {
			for (int d = 0; d < 2; d++) {
				assertEquals(1.0, scores[c][0][d].precision(), table::toString);
				assertEquals(1.0, scores[c][0][d].recall(), table::toString);
			}
		}
		for (int d = 0; d < 2; d++) {
			assertTrue(scores[1][1][d].precision() >= ONE_TAG, table::toString);
			assertTrue(scores[1][1][d].recall() >= ONE_TAG, table::toString);
		}
	}
}
