// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.cli.Cli.Result;
import org.looptrace.model.core.RankSet;

/**
 * Ranks and constructs that the model does not have ({@code expand --rank}, {@code render --ranks},
 * {@code positions --construct}) are said, never silently selecting nothing.
 */
class RankOptionsTest {

	private static Path wavefront(Path dir) {
		Path model = dir.resolve("wf.loops");
		Cli.expect(0, "model", Cli.example("wavefront-16").toString(), "--no-cache", "-o", model.toString());
		return model;
	}

	@Test
	void expandOfARankWithoutEventsNamesTheRanksThatHaveSome(@TempDir Path dir) throws Exception {
		String model = wavefront(dir).toString();
		String err = Cli.expectUsageError("expand", "expand", model, "--rank", "99").err();
		assertEquals("looptrace expand: " + model + ": rank 99 owns no event of the model; ranks 0-15 do\n", err);
		Cli.expectUsageError("expand", "expand", model, "--rank", "16");
		assertEquals(Cli.traceLines(org.looptrace.trace.TraceFolder.open(Cli.example("wavefront-16")), 15),
				Cli.expect(0, "expand", model, "--rank", "15").out().lines().toList());
		Path holes = dir.resolve("holes.loops");
		Files.writeString(holes, "0 send 2 a\n0 recv 2 a\nfor i0 = 5 to 7\n  i0 local \"work\"\ndone\n");
		String hole = Cli.expectUsageError("expand", "expand", holes.toString(), "--rank", "3").err();
		assertTrue(hole.endsWith("rank 3 owns no event of the model; ranks 0,2,5-7 do\n"), hole);
		assertEquals("6 local work\n", Cli.expect(0, "expand", holes.toString(), "--rank", "6").out());
	}

	@Test
	void renderWarnsOfRanksOutsideTheModelAndRefusesASetWithNone(@TempDir Path dir) throws Exception {
		String model = wavefront(dir).toString();
		Path svg = dir.resolve("wf.svg");
		Result some = Cli.expect(0, "render", model, "-o", svg.toString(), "--ranks", "0-99");
		assertEquals("looptrace render: warning: --ranks 0-99: ranks 16-99 own no event of " + model
				+ " and are not drawn; ranks 0-15 do\n", some.err());
		assertTrue(some.out().contains(" on 16 ranks"), some::toString);
		Result one = Cli.expect(0, "render", model, "-o", svg.toString(), "--ranks", "3,40", "--force");
		assertTrue(one.err().contains(": rank 40 owns no event of "), one::toString);
		assertEquals("", Cli.expect(0, "render", model, "-o", svg.toString(), "--ranks", "0-15", "--force").err());
		Files.delete(svg);
		String none = Cli.expectUsageError("render", "render", model, "-o", svg.toString(), "--ranks", "50-99").err();
		assertEquals("looptrace render: --ranks 50-99: no rank of the set owns an event of " + model + "; ranks 0-15 do\n", none);
		assertTrue(Cli.list(dir).stream().noneMatch(file -> file.toString().endsWith(".svg")), "nothing drawn");
	}

	@Test
	void positionsOfAMissingConstructCountsTheTopLevel(@TempDir Path dir) throws Exception {
		String model = wavefront(dir).toString();
		String err = Cli.expectUsageError("positions", "positions", model, "--construct", "99").err();
		assertTrue(err.endsWith(": no construct 99: the model holds 12 constructs at its top level (1 to 12)\n"), err);
	}

	/** {@link ModelRanks#outside} against a rank-by-rank difference, on random sets. */
	@Test
	void ranksOutsideAreTheDifferenceOfTheSets() {
		Random random = new Random(8);
		for (int round = 0; round < 2000; round++) {
			RankSet wanted = randomSet(random);
			RankSet owners = randomSet(random);
			RankSet.Builder expected = new RankSet.Builder();
			for (int rank : wanted) {
				if (!owners.contains(rank)) {
					expected.add(rank);
				}
			}
			assertEquals(expected.build(), ModelRanks.outside(wanted, owners), wanted + " outside " + owners);
		}
	}

	private static RankSet randomSet(Random random) {
		RankSet.Builder set = new RankSet.Builder();
		for (int range = random.nextInt(5); range > 0; range--) {
			int from = random.nextInt(60);
			set.addRange(from, from + random.nextInt(random.nextBoolean() ? 1 : 20));
		}
		return set.build();
	}
}
