// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import static org.looptrace.nlr.Traces.assertLossless;
import static org.looptrace.nlr.Traces.randomEvent;
import static org.looptrace.nlr.Traces.repeat;
import static org.looptrace.nlr.Traces.send;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.model.core.TraceEvent;

/** Invariant 1 on thousands of random and adversarial traces: the expansion of the model is the trace. */
class LosslessTest {

	/** Small K, tiny stacks, affine on and off: the corners where reductions and flushes meet. */
	private static final NlrOptions[] OPTIONS = { NlrOptions.DEFAULTS, NlrOptions.DEFAULTS.withAffine(false),
			new NlrOptions(1, 4096, true), new NlrOptions(2, 5, true), new NlrOptions(3, 1, true),
			new NlrOptions(5, 2, false), new NlrOptions(4, 12, true) };

	@Test
	void randomEventsFromSmallAlphabets() {
		Random random = new Random(1);
		for (int round = 0; round < 1500; round++) {
			int alphabet = 1 + random.nextInt(6);
			List<TraceEvent> trace = new ArrayList<>();
			for (int i = random.nextInt(300); i > 0; i--) {
				trace.add(randomEvent(random, alphabet));
			}
			assertLossless(trace, OPTIONS[round % OPTIONS.length], "random round " + round);
		}
	}

	@Test
	void randomLoopNestsWithAffineFieldsAndTriangularBounds() {
		Random random = new Random(2);
		for (int round = 0; round < 2000; round++) {
			List<TraceEvent> trace = Traces.randomNest(random, 1 + random.nextInt(4), 3000);
			assertLossless(trace, OPTIONS[round % OPTIONS.length], "nest round " + round);
		}
	}

	/** A period broken by one different event, anywhere, including the first and last iteration. */
	@Test
	void nearRepetitions() {
		Random random = new Random(3);
		for (int round = 0; round < 1500; round++) {
			assertLossless(Traces.nearRepetition(random), OPTIONS[round % OPTIONS.length], "near repetition round " + round);
		}
	}

	/** Bodies around and beyond K, for K from 1 to 8. */
	@Test
	void bodiesLongerThanK() {
		Random random = new Random(4);
		for (int round = 0; round < 800; round++) {
			int k = 1 + random.nextInt(8);
			List<TraceEvent> body = new ArrayList<>();
			for (int i = 0; i < k + random.nextInt(4) - 1; i++) {
				body.add(send(i, "t"));
			}
			List<TraceEvent> trace = repeat(body, 2 + random.nextInt(6));
			trace.add(send(99, "end"));
			int limit = random.nextBoolean() ? 1 + random.nextInt(3 * k + 2) : 4096;
			assertLossless(trace, new NlrOptions(k, limit, random.nextBoolean()), "K round " + round);
		}
	}

	/**
	 * Arithmetic sequences: steps of any sign, sequences that are affine for two steps only, numbers
	 * next to symbols that look like them.
	 */
	@Test
	void arithmeticSequences() {
		Random random = new Random(5);
		for (int round = 0; round < 1500; round++) {
			List<TraceEvent> trace = new ArrayList<>();
			long value = random.nextInt(100) - 50;
			long step = random.nextInt(7) - 3;
			for (int i = random.nextInt(40); i > 0; i--) {
				if (random.nextInt(6) == 0) {
					step = random.nextInt(7) - 3;
				}
				value += step;
				String tag = random.nextInt(5) == 0 ? "tag" + value : Long.toString(value);
				trace.add(random.nextBoolean() ? TraceEvent.local(0, List.of(Long.toString(value), "w"))
						: TraceEvent.recv((int) Math.abs(value), 0, tag));
			}
			assertLossless(trace, OPTIONS[round % OPTIONS.length], "arithmetic round " + round);
		}
	}

	/** Values at the ends of the long range: steps and extrapolations that overflow must not unify. */
	@Test
	void extremeValues() {
		long[] values = { Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 0, -1 };
		Random random = new Random(6);
		for (int round = 0; round < 500; round++) {
			List<TraceEvent> trace = new ArrayList<>();
			long base = values[random.nextInt(values.length)];
			long step = random.nextBoolean() ? 1 : Long.MAX_VALUE / 2;
			for (int i = 0; i < 2 + random.nextInt(6); i++) {
				trace.add(TraceEvent.local(0, List.of(Long.toString(base + step * i))));
			}
			assertLossless(trace, OPTIONS[round % OPTIONS.length], "extreme round " + round);
		}
	}

	/**
	 * Three values in range whose step times 2 is not (found by a bug hunt): the loop they would
	 * make could not be expanded within 64 bits, so they stay apart; and steps that do fit still fold.
	 */
	@Test
	void stepsWhoseProductsOverflowDoNotFold() {
		List<TraceEvent> trace = new ArrayList<>();
		for (long value : new long[] { -6_000_000_000_000_000_000L, -1_000_000_000_000_000_000L, 4_000_000_000_000_000_000L }) {
			trace.add(TraceEvent.local(0, List.of("w", Long.toString(value))));
		}
		for (NlrOptions options : OPTIONS) {
			assertLossless(trace, options, "overflowing step, " + options);
		}
		List<TraceEvent> fitting = new ArrayList<>();
		for (long i = 0; i < 5; i++) {
			fitting.add(TraceEvent.local(0, List.of("w", Long.toString(-4_000_000_000_000_000_000L + 2_000_000_000_000_000_000L * i))));
		}
		assertLossless(fitting, NlrOptions.DEFAULTS, "fitting step");
	}
}
