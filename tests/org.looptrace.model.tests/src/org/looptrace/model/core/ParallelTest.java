// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The parallel map and tree reduction give the sequential results whatever the number of threads. */
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
