// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.RankSet;

/** Positions ({@code @}, {@code #}, absolute) equal brute-force expansion, on the paper's figure 8 and beyond. */
class PositionsTest {

	/** Ten steps of messages along a line of 16 ranks, each closed by an Allreduce. */
	private static final String LINE_EXCHANGE = """
			for i0 = 0 to 9
			  for i1 = 0 to 14
			    i1 send 1+i1 t
			    i1 recv 1+i1 t
			  done
			  for i1 = 0 to 15
			    i1 sync MPI_Allreduce 0-15
			  done
			done
			""";

	@Test
	void figure8NumbersAreThoseOfThePaper() throws Exception {
		Model model = Models.parse(Models.example("figure8-lu.loops"));
		Positions positions = Positions.of(model);
		Loop outer = (Loop) ConstructPath.find(model, "4");
		Loop second = (Loop) ConstructPath.find(model, "4.2");
		assertEquals("@{0=320,1=480,5=640} #{0=2,1=3,5=4}", positions.describe(second, 10));
		int[] ranks = { 0, 1, 5 };
		String[] at = { "671", "999", "1327" };
		String[] perIteration = { "644", "966", "1288" };
		String[] before = { "991+644*i0", "1479+966*i0", "1967+1288*i0" };
		String[] after = { "1311+644*i0", "1959+966*i0", "2607+1288*i0" };
		for (int k = 0; k < ranks.length; k++) {
			Placement loop = single(positions.placements(outer, ranks[k]));
			assertEquals(at[k], loop.at().toString());
			assertEquals(perIteration[k], String.valueOf(loop.perIteration()));
			Placement inner = single(positions.placements(second, ranks[k]));
			assertEquals(before[k], inner.start().toString());
			assertEquals(after[k], inner.end().toString());
			assertEquals(List.of("i0"), inner.indices());
		}
		assertEquals("@{0=640}", positions.describe(ConstructPath.find(model, "4.3"), 10));
		assertEquals("@{1=960}", positions.describe(ConstructPath.find(model, "4.4"), 10));
		assertEquals("@{1=961}", positions.describe(ConstructPath.find(model, "4.6"), 10));
	}

	private static Placement single(List<Placement> placements) {
		assertEquals(1, placements.size(), placements::toString);
		return placements.get(0);
	}

	static List<Path> examples() {
		return Models.exampleModels();
	}

	@ParameterizedTest
	@MethodSource("examples")
	void positionsOfExamplesEqualBruteForceAndExpansion(Path example) throws Exception {
		Model model = Models.parse(example);
		int ranks = Positions.of(model).ranks().max() + 2;
		PositionsAgainstBruteForce.check(model, ranks, example.getFileName().toString());
		PositionsAgainstExpansion.check(model, ranks, example.getFileName().toString());
	}

	@Test
	void triangularNestsGivePolynomialsOfHigherDegree() throws Exception {
		Model model = Models.parse("""
				for i0 = 0 to 6
				  0 local top
				  for i1 = 0 to i0
				    for i2 = i1 to i0
				      0 send 1 t
				      0 recv 1 t
				    done
				    for i2 = 0 to -1+i1
				      0 local x
				    done
				  done
				  get "after" {0,1}.time <-
				  0 local bottom
				done
				""");
		PositionsAgainstBruteForce.check(model, 3, "triangular");
		Placement bottom = single(Positions.of(model).placements(ConstructPath.find(model, "1.3"), 0));
		assertEquals(3, bottom.start().degree(), bottom.start()::toString);
		assertFalse(bottom.start().denominator().equals(java.math.BigInteger.ONE), "rational coefficients: " + bottom.start());
	}

	@Test
	void loopsOverRanksAreUnrolledAndTimeLoopsStaySymbolic() throws Exception {
		Model model = Models.parse(LINE_EXCHANGE);
		Positions positions = Positions.of(model);
		Loop time = (Loop) ConstructPath.find(model, "1");
		Loop exchange = (Loop) ConstructPath.find(model, "1.1");
		assertFalse(positions.isUnrolled(time));
		assertTrue(positions.isUnrolled(exchange));
		// rank 3 receives from 2 (i1 = 2) then sends to 4 (i1 = 3), then takes part in the Allreduce
		List<Placement> receives = positions.placements(ConstructPath.find(model, "1.1.2"), 3);
		assertEquals(1, receives.size());
		assertEquals(Map.of("i1", 2L), receives.get(0).fixed());
		assertEquals("3*i0", receives.get(0).start().toString());
		Placement sync = single(positions.placements(ConstructPath.find(model, "1.2.1"), 3));
		assertEquals("2+3*i0", sync.start().toString());
		assertNull(single(positions.placements(exchange, 3)).perIteration(), "an unrolled loop has no # polynomial");
		PositionsAgainstBruteForce.check(model, 17, "loops over ranks");
	}

	/**
	 * A rank's iterations of a loop over ranks are solved from the owners, never visited one by one:
	 * loops over 10^8 ranks project onto one of them (20 million iterations visited at most), the
	 * only iteration found from an affine owner, those of a ring's neighbour from a residue, and a
	 * grid's row from the interval its columns span.
	 */
	@Test
	void aRanksIterationsAreSolvedFromTheOwners() throws Exception {
		Model model = Models.parse("""
				for i0 = 0 to 9
				  for i1 = 0 to 99999999
				    3+2*i1 send mod(5+3*i1,100000000) 1
				  done
				  for i1 = 0 to 999
				    2*mod(1+3*i1,10) sync MPI_Barrier 0-199999999
				  done
				  for i1 = 0 to 9999
				    for i2 = 0 to 9998
				      10000*i1+i2 send 1+10000*i1+i2 2
				    done
				  done
				done
				""");
		Positions positions = Positions.of(model);
		Construct send = ConstructPath.find(model, "1.1.1");
		assertEquals(List.of(Map.of("i1", 6_172_838L)), positions.placements(send, 12_345_679).stream().map(Placement::fixed).toList());
		assertEquals(List.of(), positions.placements(send, 12_345_678), "an even rank sends nothing");
		// on a grid of 10^4 × 10^4 ranks, the row from the interval the row's sends span, then the column
		Construct row = ConstructPath.find(model, "1.3.1.1");
		assertEquals(List.of(Map.of("i1", 1234L, "i2", 5679L)), positions.placements(row, 12_345_679).stream().map(Placement::fixed).toList());
		assertEquals(List.of(), positions.placements(row, 12_349_999), "the last column sends nothing");
		assertEquals(20, positions.events(12_345_679));
		// 2*mod(1+3*i1, 10) = 8 where 3*i1 ≡ 3 (mod 10): every tenth iteration from 1
		List<Placement> barriers = positions.placements(ConstructPath.find(model, "1.2.1"), 8);
		assertEquals(100, barriers.size());
		assertEquals(Map.of("i1", 1L), barriers.getFirst().fixed());
		assertEquals(Map.of("i1", 991L), barriers.getLast().fixed());
		assertEquals(0, positions.events(200_000_003), "above every owner");
	}

	/** Ranks that are powers of two, pow2(s) and 3*pow2(s) (xors of the argument 0), are solved as any xor. */
	@Test
	void ranksThatArePowersOfTwoArePlaced() throws Exception {
		Model model = Models.parse("""
				for i0 = 0 to 2
				  for s = 0 to 2
				    0 send pow2(s) 7
				    0 recv pow2(s) 7
				    3*pow2(s) local step
				  done
				done
				""");
		Positions positions = Positions.of(model);
		// s decides the owner: unrolled, fixed at 2 on rank 4; i0 stays a loop
		assertEquals(List.of(Map.of("s", 2L)), positions.placements(ConstructPath.find(model, "1.1.2"), 4).stream()
				.map(Placement::fixed).toList());
		assertEquals(3, positions.events(4));
		assertEquals(3, positions.events(12));
		assertEquals(0, positions.events(5));
		PositionsAgainstBruteForce.check(model, 14, "powers of two");
		PositionsAgainstExpansion.check(model, 14, "powers of two");
	}

	@Test
	void summariesSayOncePositionsThatAgreeOverRanks() throws Exception {
		Model model = Models.parse(LINE_EXCHANGE);
		Positions positions = Positions.of(model);
		// an iteration of the time loop: a send and the Allreduce on the ends of the line, a receive more between
		assertEquals("@ 0 # 2 on ranks 0,15 | @ 0 # 3 on ranks 1-14", positions.summarize(ConstructPath.find(model, "1"), 5));
		// in the iteration of the exchange that places it, each is the rank's only event
		assertEquals("@ 0 on ranks 0-14", positions.summarize(ConstructPath.find(model, "1.1.1"), 5));
		assertEquals("@ 0 on ranks 1-15", positions.summarize(ConstructPath.find(model, "1.1.2"), 5));
		// the Allreduce after one exchanged message on the ends of the line, two between
		assertEquals("@ 1 on ranks 0,15 | ...", positions.summarize(ConstructPath.find(model, "1.2"), 1));
	}

	@Test
	void summariesOfRandomModelsGroupEveryRankWithItsOwnPositions() {
		RandomModels random = new RandomModels(23, 5);
		for (int i = 0; i < 200; i++) {
			Model model = random.next();
			Positions positions = Positions.of(model);
			for (var contents = model.eAllContents(); contents.hasNext();) {
				if (contents.next() instanceof Construct construct) {
					String summary = positions.summarize(construct, Integer.MAX_VALUE);
					for (int rank : positions.ranks(construct)) {
						for (Placement placement : positions.placements(construct, rank)) {
							assertTrue(hasGroup(summary, "@ " + placement.at(), rank),
									() -> "rank " + rank + " at " + placement.at() + " in '" + summary + "' of\n"
											+ ModelPrinter.print(model));
						}
					}
				}
			}
		}
	}

	/** Whether a summary has a group of the rank whose positions start with {@code at}. */
	private static boolean hasGroup(String summary, String at, int rank) {
		for (String group : summary.split(" \\| ")) {
			String ranks = group.substring(group.lastIndexOf(' ') + 1);
			if (group.startsWith(at + " ") && RankSet.valueOf(ranks).contains(rank)) {
				return true;
			}
		}
		return false;
	}

	@Test
	void boundsThatCrossForSomeIterationsAreExact() throws Exception {
		Model model = Models.parse("""
				for i0 = 0 to 8
				  for i1 = -2+i0 to 3
				    0 send 1 t
				  done
				  0 local after
				done
				""");
		Positions positions = Positions.of(model);
		// i1 runs from i0-2 to 3: no iteration for i0 > 5, where the closed form of the sum is wrong; i0's
		// range is split there rather than unrolled
		assertFalse(positions.isUnrolled((Loop) ConstructPath.find(model, "1")));
		List<Placement> sends = positions.placements(ConstructPath.find(model, "1.1.1"), 0);
		assertEquals(1, sends.size());
		assertEquals(Map.of("i0", new Placement.Range(0, 5)), sends.get(0).ranges());
		PositionsAgainstBruteForce.check(model, 2, "crossing bounds");
	}

	@Test
	void positionsOfRandomModelsEqualBruteForceAndExpansion() {
		RandomModels random = new RandomModels(11, 5);
		for (int i = 0; i < 400; i++) {
			Model model = random.next();
			String name = "random model " + i + ":\n" + ModelPrinter.print(model);
			PositionsAgainstBruteForce.check(model, 5, name);
			PositionsAgainstExpansion.check(model, 5, name);
		}
	}
}
