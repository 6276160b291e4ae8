// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/**
 * The parallel map and tree reduction give the sequential results whatever the number of threads;
 * the reduction follows a tree fixed by the count and holds few results at once.
 */
class ParallelTest {

	@Test
	void mapGivesResultsInIndexOrder() {
		Random random = new Random(1);
		for (int trial = 0; trial < 50; trial++) {
			int count = random.nextInt(40);
			int threads = 1 + random.nextInt(6);
			List<Integer> expected = new ArrayList<>();
			for (int i = 0; i < count; i++) {
				expected.add(i * i);
			}
			assertEquals(expected, Parallel.map(count, threads, i -> i * i), count + " on " + threads);
		}
	}

	@Test
	void reduceCombinesAdjacentRangesInOrder() {
		Random random = new Random(2);
		for (int trial = 0; trial < 50; trial++) {
			int count = 1 + random.nextInt(40);
			int threads = 1 + random.nextInt(6);
			StringBuilder expected = new StringBuilder();
			for (int i = 0; i < count; i++) {
				expected.append('[').append(i).append(']');
			}
			// Concatenation is associative but not commutative: any other order of operands shows.
			assertEquals(expected.toString(),
					Parallel.reduce(count, threads, i -> "[" + i + "]", (first, second) -> first + second),
					count + " on " + threads);
		}
	}

	@Test
	void reduceCombinesEachResultOnce() {
		AtomicLong combinations = new AtomicLong();
		long sum = Parallel.reduce(37, 3, i -> (long) i, (first, second) -> {
			combinations.incrementAndGet();
			return first + second;
		});
		assertEquals(36L * 37 / 2, sum);
		assertEquals(36, combinations.get());
	}

	@Test
	void reduceFollowsTheLevelByLevelTreeWhateverTheThreads() {
		for (int count = 1; count <= 300; count += count < 40 ? 1 : 37) {
			String expected = levelByLevel(count);
			for (int threads = 1; threads <= 5; threads++) {
				assertEquals(expected, Parallel.reduce(count, threads, i -> Integer.toString(i),
						(first, second) -> "(" + first + " " + second + ")"), count + " on " + threads);
			}
		}
	}

	/** The pairing (0 1) (2 3) …, then those pairs, an odd last one carried up: the tree's definition. */
	private static String levelByLevel(int count) {
		List<String> level = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			level.add(Integer.toString(i));
		}
		while (level.size() > 1) {
			List<String> next = new ArrayList<>();
			for (int i = 0; i + 1 < level.size(); i += 2) {
				next.add("(" + level.get(i) + " " + level.get(i + 1) + ")");
			}
			if (level.size() % 2 == 1) {
				next.add(level.get(level.size() - 1));
			}
			level = next;
		}
		return level.get(0);
	}

	@Test
	void aRangeOfTheTreeReducedAloneIsTheSubtree() {
		Random random = new Random(4);
		for (int trial = 0; trial < 200; trial++) {
			int count = 2 + random.nextInt(500);
			String whole = levelByLevel(count);
			// any node of the tree, reached by random splits, reduces on its own to its bracket in the whole
			int lo = 0;
			int hi = count;
			while (hi - lo > 1 && random.nextInt(4) != 0) {
				int split = Parallel.split(lo, hi);
				if (random.nextBoolean()) {
					hi = split;
				} else {
					lo = split;
				}
			}
			int first = lo;
			String node = Parallel.reduce(hi - lo, 1 + random.nextInt(4), i -> Integer.toString(first + i),
					(a, b) -> "(" + a + " " + b + ")");
			assertTrue(whole.contains(node), node + " in " + whole);
			if (hi - lo > 1) {
				assertTrue(node.startsWith("(") && node.endsWith(")"), node);
			}
		}
	}

	@Test
	void reduceHoldsAFewResultsPerThreadAndPerLevelAtOnce() {
		for (int threads = 1; threads <= 4; threads++) {
			AtomicLong alive = new AtomicLong();
			AtomicLong most = new AtomicLong();
			int count = 5000;
			Parallel.reduce(count, threads, i -> {
				most.accumulateAndGet(alive.incrementAndGet(), Math::max);
				return i;
			}, (first, second) -> {
				// two operands consumed, one result made
				alive.decrementAndGet();
				return first + second;
			});
			// leaves wait for a permit: two per thread, plus the results of one node per level (13 levels)
			long bound = 2L * threads + threads + 2 * 13;
			assertTrue(most.get() <= bound, "at most " + bound + " results at once on " + threads + " threads, found "
					+ most.get());
		}
	}

	@Test
	void reduceReportsTheFailureOfTheFirstOperandThenTheSecondThenTheCombination() {
		Random random = new Random(9);
		for (int trial = 0; trial < 300; trial++) {
			int count = 1 + random.nextInt(60);
			long seed = random.nextLong();
			String expected;
			try {
				expected = "no failure " + sequential(0, count, seed);
			} catch (IOException e) {
				expected = e.getMessage();
			}
			for (int threads = 1; threads <= 4; threads++) {
				String found;
				try {
					found = "no failure " + Parallel.reduce(count, threads, i -> leaf(i, seed),
							(first, second) -> combine(first, second, seed));
				} catch (IOException e) {
					found = e.getMessage();
				}
				assertEquals(expected, found, count + " on " + threads + ", seed " + seed);
			}
		}
	}

	/** The reduction of [lo, hi) computed depth first, first operand first: the failure reported is the first met. */
	private static String sequential(int lo, int hi, long seed) throws IOException {
		if (hi - lo == 1) {
			return leaf(lo, seed);
		}
		int split = Parallel.split(lo, hi);
		String first = sequential(lo, split, seed);
		String second = sequential(split, hi, seed);
		return combine(first, second, seed);
	}

	private static String leaf(int index, long seed) throws IOException {
		if (new Random(seed + index).nextInt(10) == 0) {
			throw new IOException("leaf " + index);
		}
		return "[" + index + "]";
	}

	private static String combine(String first, String second, long seed) throws IOException {
		if (new Random(seed ^ (first + second).hashCode()).nextInt(8) == 0) {
			throw new IOException("combining " + first + " and " + second);
		}
		return first + second;
	}

	@Test
	void splitRefusesARangeOfOneIndex() {
		assertThrows(IllegalArgumentException.class, () -> Parallel.split(3, 4));
	}

	@Test
	void mapRethrowsTheFirstFailureInIndexOrderAsThrown() {
		IOException failure = assertThrows(IOException.class, () -> Parallel.map(20, 4, i -> {
			if (i % 7 == 5) {
				throw new IOException("index " + i);
			}
			return i;
		}));
		assertEquals("index 5", failure.getMessage());
	}

	@Test
	void noTaskRunsAfterAFailureIsThrown() {
		for (int threads : new int[] { 1, 2, 4 }) {
			AtomicInteger running = new AtomicInteger();
			assertThrows(IOException.class, () -> Parallel.map(8, threads, i -> {
				running.incrementAndGet();
				try {
					if (i == 1) {
						throw new IOException("index 1");
					}
					long end = System.nanoTime() + 300_000_000L;
					while (System.nanoTime() < end) {
						Progress.NONE.checkCancelled();
					}
					return i;
				} finally {
					running.decrementAndGet();
				}
			}));
			assertEquals(0, running.get(), threads + " threads");
		}
	}

	@Test
	void reduceRethrowsTheFailureOfAnOperandAsThrown() {
		IOException failure = assertThrows(IOException.class, () -> Parallel.reduce(9, 3, i -> i, (first, second) -> {
			if (second == 7) {
				throw new IOException("combining " + first + " and " + second);
			}
			return first + second;
		}));
		assertEquals("combining 6 and 7", failure.getMessage());
	}

	@Test
	void runtimeFailuresStayWhatTheyAre() {
		assertThrows(IllegalStateException.class, () -> Parallel.map(3, 2, i -> {
			throw new IllegalStateException("always");
		}));
	}
}
