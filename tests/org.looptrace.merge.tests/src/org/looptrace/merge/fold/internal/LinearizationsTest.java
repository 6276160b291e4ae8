// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.model.core.RankSet;

/** The orders folding tries: each keeps every rank's constructs in order, whatever the keys. */
class LinearizationsTest {

	/**
	 * Rank 0 exchanges (key "x") before its Allreduce ("c"), ranks 1 and 2 reach theirs at once. The
	 * group-major order puts the two ready members first, the collective order waits for the third.
	 */
	@Test
	void aCollectiveWaitsForItsLastMember() {
		List<RankSet> ranks = List.of(RankSet.of(0), RankSet.of(0), RankSet.of(1), RankSet.of(2));
		List<String> keys = List.of("x", "c", "c", "c");
		assertArrayEquals(new int[] { 2, 3, 0, 1 }, Linearizations.groupMajor(ranks, keys));
		assertArrayEquals(new int[] { 0, 1, 2, 3 }, Linearizations.groupMajor(ranks, keys, Map.of("c", 3)));
	}

	/**
	 * Two ranks take two collectives in crossed orders (a and b on rank 0, b and a on rank 1): neither
	 * can go whole, so the largest waiting group goes as it is (on a tie, the one of the earliest
	 * construct: a's member on rank 0); then b is whole, then the rest of a.
	 */
	@Test
	void crossedCollectivesStillGo() {
		List<RankSet> ranks = List.of(RankSet.of(0), RankSet.of(0), RankSet.of(1), RankSet.of(1));
		List<String> keys = List.of("a", "b", "b", "a");
		int[] order = Linearizations.groupMajor(ranks, keys, Map.of("a", 2, "b", 2));
		assertArrayEquals(new int[] { 0, 1, 2, 3 }, order);
		assertValid(ranks, order, "crossed");
	}

	/**
	 * Three rounds on four ranks: each rank sends ("s") and receives ("r"); ranks 1 and 2 also
	 * exchange across ("x"), ranks 0 and 3 skip that step and run ahead. Group-major takes the next
	 * round's sends of the ranks ahead before this round's exchange; the instance-major order ends
	 * each round before the next, every round in the same order: all sends, all receives, the
	 * exchange.
	 */
	@Test
	void roundsComeOutAlikeWhenSomeRanksSkipAStep() {
		List<RankSet> ranks = new ArrayList<>();
		List<String> steps = new ArrayList<>();
		for (int rank = 0; rank < 4; rank++) {
			for (int round = 0; round < 3; round++) {
				for (String step : rank == 1 || rank == 2 ? List.of("s", "r", "x") : List.of("s", "r")) {
					ranks.add(RankSet.of(rank));
					steps.add(step);
				}
			}
		}
		int[] order = Linearizations.instanceMajor(ranks, steps);
		assertValid(ranks, order, "rounds");
		StringBuilder taken = new StringBuilder();
		for (int i : order) {
			taken.append(steps.get(i));
		}
		String round = "ssssrrrrxx";
		assertEquals(round.repeat(3), taken.toString());
		StringBuilder grouped = new StringBuilder();
		for (int i : Linearizations.groupMajor(ranks, steps)) {
			grouped.append(steps.get(i));
		}
		assertTrue(!grouped.toString().equals(round.repeat(3)), "group-major mixes the rounds: " + grouped);
	}

	/** Random systems (constructs of one rank, of several, of none), random keys, random whole groups. */
	@Test
	void everyOrderKeepsEachRanksOrder() {
		Random random = new Random(7);
		for (int round = 0; round < 2000; round++) {
			int rankCount = 1 + random.nextInt(6);
			int size = random.nextInt(40);
			List<RankSet> ranks = new ArrayList<>();
			List<Integer> keys = new ArrayList<>();
			for (int i = 0; i < size; i++) {
				int[] members = random.ints(random.nextInt(3), 0, rankCount).distinct().sorted().toArray();
				ranks.add(members.length == 0 ? RankSet.EMPTY : RankSet.of(members));
				keys.add(random.nextInt(4));
			}
			Map<Integer, Integer> whole = new HashMap<>();
			for (int key = 0; key < 4; key++) {
				if (random.nextBoolean()) {
					whole.put(key, 1 + random.nextInt(size + 1));
				}
			}
			String what = "round " + round;
			assertValid(ranks, Linearizations.rankMajor(ranks), what + " rank-major");
			assertValid(ranks, Linearizations.groupMajor(ranks, keys), what + " group-major");
			assertValid(ranks, Linearizations.groupMajor(ranks, keys, whole), what + " whole groups");
			assertValid(ranks, Linearizations.instanceMajor(ranks, keys), what + " instance-major");
			assertArrayEquals(Linearizations.groupMajor(ranks, keys), Linearizations.groupMajor(ranks, keys, Map.of()),
					what + ": no whole group is the group-major order");
		}
	}

	/** The order is a permutation in which the constructs of each rank keep their order. */
	private static void assertValid(List<RankSet> ranks, int[] order, String what) {
		int[] sorted = order.clone();
		Arrays.sort(sorted);
		for (int i = 0; i < sorted.length; i++) {
			assertEquals(i, sorted[i], what + ": not a permutation " + Arrays.toString(order));
		}
		Map<Integer, Integer> last = new HashMap<>();
		for (int i : order) {
			for (PrimitiveIterator.OfInt members = ranks.get(i).iterator(); members.hasNext();) {
				int rank = members.nextInt();
				Integer previous = last.put(rank, i);
				assertTrue(previous == null || previous < i, what + ": rank " + rank + " out of order " + Arrays.toString(order));
			}
		}
	}
}
