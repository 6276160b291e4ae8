// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RankSetTest {

	@Test
	void parsesRangesAndLists() {
		RankSet set = RankSet.valueOf("0,2,4-7");
		assertEquals(6, set.size());
		assertTrue(set.contains(5));
		assertFalse(set.contains(3));
		assertEquals("0,2,4-7", set.toString());
	}

	@Test
	void canonicalTextMergesAdjacentRanges() {
		assertEquals("0-15", RankSet.valueOf("0-7,8-15").toString());
		assertEquals("0,1", RankSet.valueOf("1,0").toString());
		assertEquals("0-2", RankSet.valueOf("2,0,1").toString());
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "a", "1-", "-1", "3-1", "1,,2", "1 2" })
	void rejectsMalformedText(String text) {
		IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> RankSet.valueOf(text));
		assertTrue(error.getMessage().startsWith("expected"), error.getMessage());
	}

	@Test
	void randomSetsRoundTripAndAgreeWithATreeSet() {
		Random random = new Random(42);
		for (int round = 0; round < 2000; round++) {
			TreeSet<Integer> expected = new TreeSet<>();
			RankSet.Builder builder = new RankSet.Builder();
			for (int i = random.nextInt(12); i > 0; i--) {
				int from = random.nextInt(40);
				int to = from + random.nextInt(5);
				builder.addRange(from, to);
				for (int rank = from; rank <= to; rank++) {
					expected.add(rank);
				}
			}
			RankSet set = builder.build();
			assertEquals(expected.size(), set.size());
			TreeSet<Integer> actual = new TreeSet<>();
			set.forEach(actual::add);
			assertEquals(expected, actual);
			if (!set.isEmpty()) {
				assertEquals(set, RankSet.valueOf(set.toString()));
			}
			RankSet other = RankSet.of(random.nextInt(40), random.nextInt(40));
			for (int rank = 0; rank < 50; rank++) {
				assertEquals(set.contains(rank) && other.contains(rank), set.intersection(other).contains(rank));
				assertEquals(set.contains(rank) || other.contains(rank), set.union(other).contains(rank));
			}
		}
	}
}
