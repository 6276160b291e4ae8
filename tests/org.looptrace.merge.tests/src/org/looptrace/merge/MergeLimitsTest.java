// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * The merge at its limits: message counts beyond 64 bits are an error that says so, and a
 * cancellation is heard inside the merge steps and the folding, not only between steps.
 */
class MergeLimitsTest {

	private static final String TWO_TO_THE_32 = "4294967295";

	private static List<Model> models(String... locals) {
		List<Model> models = new ArrayList<>();
		for (String local : locals) {
			models.add(Fixtures.model(local));
		}
		return models;
	}

	private static String nest(String upper, String event) {
		return "for i0 = 0 to " + upper + "\nfor i1 = 0 to " + upper + "\n" + event + "\ndone\ndone";
	}

	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void messageCountsPastTwoToTheSixtyThreeAreAnErrorNamingTheChannel(boolean fold) {
		List<Model> models = models(nest(TWO_TO_THE_32, "0 send 1 7"), nest(TWO_TO_THE_32, "0 recv 1 7"));
		IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
				() -> Merger.merge(models, new MergeOptions(2, fold), Progress.NONE));
		assertEquals("the models send 4294967296 × 4294967296 messages from rank 0 to rank 1 (7), more than "
				+ "9223372036854775807 (2^63 - 1): message counts are exact 64-bit numbers", error.getMessage());
	}

	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void messageCountsJustBelowTheLimitMerge(boolean fold) throws Exception {
		// 2^31 × 2^31 = 2^62 messages: exact, the loops kept as they are.
		String upper = "2147483647";
		Model global = Merger.merge(models(nest(upper, "0 send 1 7"), nest(upper, "0 recv 1 7")),
				new MergeOptions(2, fold), Progress.NONE);
		String text = ModelPrinter.print(global);
		assertTrue(text.contains("to " + upper), text);
	}

	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void messagesOfARankToItselfPastTheLimitAreAnErrorToo(boolean fold) {
		List<Model> models = models(nest(TWO_TO_THE_32, "0 send 0 3\n0 recv 0 3"), "1 local idle");
		IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
				() -> Merger.merge(models, new MergeOptions(1, fold), Progress.NONE));
		assertTrue(error.getMessage().contains("from rank 0 to rank 0 (3), more than 9223372036854775807"),
				error.getMessage());
	}

	/**
	 * Cancelled at its k-th check, for every k: the merge stops with a CancellationException, never
	 * another failure nor a model; and it checks more often than once per step (2P − 1 steps).
	 */
	@ParameterizedTest
	@ValueSource(strings = { "wavefront", "halo", "solver" })
	void aCancelIsHeardInsideTheStepsWhateverTheCheckItComesAt(String name) throws Exception {
		int ranks = 16;
		Pattern pattern = Patterns.create(name, ranks, 6, 1);
		List<Model> locals = Parallel.map(ranks, 2,
				rank -> NestedLoopRecognizer.model(pattern.events(rank), NlrOptions.DEFAULTS, Progress.NONE));
		long checks = checks(locals, Long.MAX_VALUE);
		assertTrue(checks > 2 * ranks - 1, "checks: " + checks);
		for (long k = 1; k <= checks; k++) {
			long at = k;
			assertThrows(CancellationException.class, () -> checks(locals, at), "cancelled at check " + k);
		}
	}

	/** Merges (one thread, so the checks come in one order) cancelled from its check {@code at}; the checks made. */
	private static long checks(List<Model> locals, long at) throws InconsistentTraceException {
		AtomicLong made = new AtomicLong();
		Merger.merge(locals, new MergeOptions(1, true), Progress.cancelledWhen(() -> made.incrementAndGet() >= at));
		return made.get();
	}
}
