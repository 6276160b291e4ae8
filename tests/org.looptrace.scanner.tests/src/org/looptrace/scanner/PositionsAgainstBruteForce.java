// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.core.ConstructPath;

/** Asserts that every position {@link Positions} gives equals what {@link BruteForce} counts. */
final class PositionsAgainstBruteForce {

	private PositionsAgainstBruteForce() {
	}

	/** Checks every construct, occurrence and iteration on ranks 0 to {@code ranks - 1}. */
	static void check(Block model, int ranks, String name) {
		Positions positions = Positions.of(model);
		for (int rank = 0; rank < ranks; rank++) {
			check(model, positions, rank, name + ", rank " + rank);
		}
	}

	private static void check(Block model, Positions positions, int rank, String context) {
		BruteForce brute = BruteForce.run(model, rank);
		assertEquals(brute.events(), positions.events(rank), context + ": events");
		Set<String> seen = new HashSet<>();
		Set<Construct> reached = Collections.newSetFromMap(new IdentityHashMap<>());
		for (BruteForce.Occurrence occurrence : brute.occurrences) {
			Construct construct = occurrence.construct();
			Map<String, Long> indices = occurrence.indices();
			Supplier<String> where = () -> context + ", construct " + ConstructPath.of(construct) + " at " + indices;
			Placement placement = find(positions, construct, rank, indices);
			if (placement != null) {
				seen.add(key(placement));
			}
			if (occurrence.count() == 0) {
				if (placement != null) {
					assertEquals(BigInteger.ZERO, placement.count().evaluate(indices), () -> where.get() + ": count");
				}
				continue;
			}
			reached.add(construct);
			assertNotNull(placement, () -> where.get() + ": no placement, brute force counts " + occurrence.count() + " events");
			assertEquals(occurrence.start(), placement.start().evaluate(indices).longValueExact(),
					() -> where.get() + ": start " + placement.start());
			assertEquals(occurrence.count(), placement.count().evaluate(indices).longValueExact(),
					() -> where.get() + ": count " + placement.count());
			assertEquals(occurrence.start() - occurrence.iterationStart(), placement.at().evaluate(indices).longValueExact(),
					() -> where.get() + ": @ " + placement.at());
			assertEquals(occurrence.start() + occurrence.count(), placement.end().evaluate(indices).longValueExact(),
					() -> where.get() + ": end");
		}
		for (BruteForce.IterationCount iteration : brute.iterations) {
			Loop loop = iteration.loop();
			if (positions.isUnrolled(loop)) {
				continue;
			}
			Placement placement = find(positions, loop, rank, iteration.indices());
			Supplier<String> where = () -> context + ", # of loop " + ConstructPath.of(loop) + " at " + iteration.indices();
			if (placement == null) {
				assertEquals(0, iteration.count(), () -> where.get() + ": no placement");
				continue;
			}
			Polynomial perIteration = placement.perIteration();
			assertNotNull(perIteration, where);
			assertEquals(iteration.count(), perIteration.evaluate(iteration.indices()).longValueExact(),
					() -> where.get() + ": # " + perIteration);
		}
		// a placement without occurrence is allowed only for a construct the rank never reaches with events
		// (inside loops whose bounds leave them empty): no spurious values of unrolled indices
		for (Construct construct : constructs(model)) {
			for (Placement placement : positions.placements(construct, rank)) {
				assertTrue(seen.contains(key(placement)) || !reached.contains(construct),
						() -> context + ": placement " + placement + " of " + ConstructPath.of(construct) + " has no occurrence");
			}
		}
	}

	private static String key(Placement placement) {
		return System.identityHashCode(placement.construct()) + " " + placement.fixed();
	}

	/** The placement of a construct whose unrolled indices have the values of the occurrence. */
	private static @Nullable Placement find(Positions positions, Construct construct, int rank, Map<String, Long> indices) {
		Map<String, Long> fixed = new LinkedHashMap<>();
		for (EObject container = construct.eContainer(); container instanceof Loop loop; container = container.eContainer()) {
			if (positions.isUnrolled(loop)) {
				fixed.put(loop.getIndex(), indices.get(loop.getIndex()));
			}
		}
		@Nullable Placement found = null;
		for (Placement placement : positions.placements(construct, rank)) {
			if (placement.fixed().equals(fixed) && placement.holdsAt(indices)) {
				// a split loop has a placement per piece: they differ in the # of its iterations only
				assertTrue(found == null || construct instanceof Loop && placement.start().equals(found.start()),
						"two placements of " + ConstructPath.of(construct) + " with " + fixed);
				found = found == null ? placement : found;
			}
		}
		return found;
	}

	private static List<Construct> constructs(Block block) {
		List<Construct> all = new java.util.ArrayList<>();
		block.eAllContents().forEachRemaining(object -> {
			if (object instanceof Construct construct) {
				all.add(construct);
			}
		});
		return all;
	}
}
