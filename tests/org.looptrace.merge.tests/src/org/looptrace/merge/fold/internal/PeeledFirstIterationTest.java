// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.Collectors;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;

/** A loop's first iteration written before it, steps between, put back into the loop. */
class PeeledFirstIterationTest {

	private static String putBack(String text) throws Exception {
		return RewrittenTerms.rewritten(text, nodes -> PeeledFirstIteration.putBack(nodes));
	}

	/** A warm-up step, a barrier, then the timed steps: one loop, the barrier after its first iteration only. */
	@Test
	void aWarmUpStepJoinsTheLoopItsBarrierRunsOnce() throws Exception {
		assertEquals("""
				for i0 = 0 to 3
				  0 send 1 5
				  1 recv 0 5
				  for i1 = i0 to 0
				    0 sync MPI_Barrier 0-3
				    1 sync MPI_Barrier 0-3
				  done
				done
				""", putBack("""
				0 send 1 5
				1 recv 0 5
				0 sync MPI_Barrier 0-3
				1 sync MPI_Barrier 0-3
				for i0 = 0 to 2
				  0 send 1 5
				  1 recv 0 5
				done
				"""));
	}

	/** The copy before the loop is its body at iteration -1: numbers of the index are shifted. */
	@Test
	void numbersOfTheIndexAreShifted() throws Exception {
		assertEquals("""
				0 sync MPI_Barrier 0
				for i0 = 0 to 3
				  0 send 1 3+2*i0
				  1 recv 0 3+2*i0
				  for i1 = i0 to 0
				    2 send 3 7
				    3 recv 2 7
				  done
				done
				""", putBack("""
				0 sync MPI_Barrier 0
				0 send 1 3
				1 recv 0 3
				2 send 3 7
				3 recv 2 7
				for i0 = 0 to 2
				  0 send 1 5+2*i0
				  1 recv 0 5+2*i0
				done
				"""));
	}

	/**
	 * A copy folded otherwise (a loop where the body is unrolled, ranks in another order) that gives
	 * every rank the events of the body's iteration -1 joins the loop too.
	 */
	@Test
	void aCopyFoldedOtherwiseJoinsByItsEvents() throws Exception {
		assertEquals("""
				for i0 = 0 to 3
				  0 send 1 5
				  0 recv 1 5
				  0 send 1 6
				  0 recv 1 6
				  for i1 = i0 to 0
				    2 sync MPI_Barrier 2
				  done
				done
				""", putBack("""
				0 send 1 5
				0 send 1 6
				for i0 = 0 to 1
				  0 recv 1 5+i0
				done
				2 sync MPI_Barrier 2
				for i0 = 0 to 2
				  0 send 1 5
				  0 recv 1 5
				  0 send 1 6
				  0 recv 1 6
				done
				"""));
	}

	/**
	 * A warm-up of one round of a loop whose rounds fold as one run of iterations: the loop is taken
	 * a round at a time, and the warm-up is its first round.
	 */
	@Test
	void aWarmUpOfSeveralIterationsJoinsTheLoopTakenThatManyAtATime() throws Exception {
		assertEquals("""
				for i0 = 0 to 2
				  for i1 = 0 to 3
				    mod(i1,4) send mod(1+i1,4) 1
				    mod(i1,4) recv mod(1+i1,4) 1
				  done
				  for i1 = i0 to 0
				    0 sync MPI_Barrier 0-3
				    1 sync MPI_Barrier 0-3
				    2 sync MPI_Barrier 0-3
				    3 sync MPI_Barrier 0-3
				  done
				done
				""", putBack("""
				for i0 = 0 to 3
				  i0 send mod(1+i0,4) 1
				  i0 recv mod(1+i0,4) 1
				done
				0 sync MPI_Barrier 0-3
				1 sync MPI_Barrier 0-3
				2 sync MPI_Barrier 0-3
				3 sync MPI_Barrier 0-3
				for i0 = 0 to 7
				  mod(i0,4) send mod(1+i0,4) 1
				  mod(i0,4) recv mod(1+i0,4) 1
				done
				"""));
	}

	/**
	 * Inside a loop over ranks, a copy folded otherwise is compared at every iteration of that loop:
	 * one that is the body's iteration -1 on rank 0 only stays.
	 */
	@Test
	void aCopyInsideALoopOverRanksIsComparedAtEachRank() throws Exception {
		assertEquals("""
				for i0 = 0 to 3
				  for i1 = 0 to 3
				    i0 send 3-i0 1
				    i0 send 3-i0 2
				    for i2 = i1 to 0
				      i0 sync MPI_Barrier 0-3
				    done
				  done
				done
				""", putBack("""
				for i0 = 0 to 3
				  for i1 = 0 to 1
				    i0 send 3-i0 1+i1
				  done
				  i0 sync MPI_Barrier 0-3
				  for i1 = 0 to 2
				    i0 send 3-i0 1
				    i0 send 3-i0 2
				  done
				done
				"""));
		String onRankZeroOnly = """
				for i0 = 0 to 3
				  i0 send 3-i0 1
				  i0 send 3-i0 2+i0
				  i0 sync MPI_Barrier 0-3
				  for i1 = 0 to 2
				    i0 send 3-i0 1
				    i0 send 3-i0 2
				  done
				done
				""";
		assertEquals(onRankZeroOnly, putBack(onRankZeroOnly));
	}

	/** A copy whose numbers are not the body's at iteration -1, or with nothing between, stays. */
	@Test
	void otherCopiesStay() throws Exception {
		String shifted = """
				0 send 1 5
				1 recv 0 5
				0 sync MPI_Barrier 0
				for i0 = 0 to 2
				  0 send 1 5+i0
				  1 recv 0 5+i0
				done
				""";
		assertEquals(shifted, putBack(shifted));
		String adjacent = """
				0 send 1 5
				1 recv 0 5
				for i0 = 0 to 2
				  0 send 1 5
				  1 recv 0 5
				done
				""";
		assertEquals(adjacent, putBack(adjacent));
	}

	/**
	 * The warm-up opens a loop over ranks that goes on with a barrier: cut in two (each rank's events
	 * are in one iteration), its first part joins the timed loop.
	 */
	@Test
	void aLoopOverRanksIsCutWhereTheCopyEnds() throws Exception {
		assertEquals("""
				for i0 = 0 to 3
				  for i1 = 0 to 3
				    i1 send 3-i1 1
				    3-i1 recv i1 1
				  done
				  for i1 = i0 to 0
				    for i2 = 0 to 3
				      i2 sync MPI_Barrier 0-3
				    done
				  done
				done
				""", putBack("""
				for i0 = 0 to 3
				  i0 send 3-i0 1
				  3-i0 recv i0 1
				  i0 sync MPI_Barrier 0-3
				done
				for i0 = 0 to 2
				  for i1 = 0 to 3
				    i1 send 3-i1 1
				    3-i1 recv i1 1
				  done
				done
				"""));
	}

	/**
	 * Inside a loop from -1, a copy that is the body's iteration -1 at the loop's later iterations
	 * only (at -1 it runs no iteration) stays; inside a triangular nest, whose ranges are not
	 * constant, a copy folded otherwise that reads no index around joins; numbers whose steps
	 * overflow are left as they are.
	 */
	@Test
	void loopsAroundAndOverflowsAreMetSafely() throws Exception {
		String fromMinusOne = """
				for i0 = -1 to 0
				  for i1 = 0 to 1+2*i0
				    0 send 1 5+i1
				  done
				  2 sync MPI_Barrier 2
				  for i1 = 0 to 2
				    0 send 1 5
				    0 send 1 6
				  done
				done
				""";
		assertEquals(fromMinusOne, putBack(fromMinusOne));
		assertEquals("""
				for i0 = 0 to 2
				  for i1 = 0 to i0
				    for i2 = 0 to 3
				      0 send 1 5
				      0 send 1 6
				      for i3 = i2 to 0
				        2 sync MPI_Barrier 2
				      done
				    done
				  done
				done
				""", putBack("""
				for i0 = 0 to 2
				  for i1 = 0 to i0
				    for i2 = 0 to 1
				      0 send 1 5+i2
				    done
				    2 sync MPI_Barrier 2
				    for i2 = 0 to 2
				      0 send 1 5
				      0 send 1 6
				    done
				  done
				done
				"""));
		String overflowing = """
				0 send 1 0
				0 send 1 0
				0 send 1 0
				0 send 1 0
				0 send 1 0
				0 send 1 0
				for i0 = 0 to 3
				  0 send 1 2305843009213693952*i0
				  0 send 1 7
				done
				""";
		assertEquals(overflowing, putBack(overflowing));
	}

	/** A loop in which a rank has events at two iterations is not cut: its events would change order. */
	@Test
	void aLoopWhoseRanksRecurIsNotCut() throws Exception {
		String recurring = """
				for i0 = 0 to 3
				  mod(i0,2) send 2+mod(i0,2) 1
				  2+mod(i0,2) recv mod(i0,2) 1
				  mod(i0,2) sync MPI_Barrier 0-3
				done
				for i0 = 0 to 2
				  for i1 = 0 to 3
				    mod(i1,2) send 2+mod(i1,2) 1
				    2+mod(i1,2) recv mod(i1,2) 1
				  done
				done
				""";
		assertEquals(recurring, putBack(recurring));
	}

	/**
	 * Random programs {@code A X Y (X)^n B}, the copy X sometimes altered, sometimes written rank by
	 * rank, X sometimes a loop over the ranks that goes on with Y, the whole sometimes inside a loop
	 * (from -1, 0 or 1, its index in the tags) or a triangular nest: every rank projects as before
	 * (checked by the rewriting), and the model changes exactly when the copy gives every rank the
	 * events of the body's first iteration.
	 */
	@Test
	void randomProgramsKeepEveryRanksEvents() throws Exception {
		for (int seed = 0; seed < 300; seed++) {
			Random random = new Random(seed);
			boolean altered = random.nextInt(4) == 0;
			boolean overRanks = random.nextBoolean();
			int count = 1 + random.nextInt(3);
			int[][] messages = new int[count][];
			for (int k = 0; k < count; k++) {
				messages[k] = new int[] { random.nextInt(4), random.nextInt(4), 10 + 10 * k, random.nextInt(3) };
			}
			StringBuilder text = new StringBuilder("0 sync MPI_Barrier 0-3\n");
			String copy = steps(messages, null, overRanks, altered ? 7 : 0);
			if (!overRanks && random.nextBoolean()) {
				copy = rankByRank(copy);
			}
			if (overRanks) {
				text.append("for i0 = 0 to 3\n").append(copy).append("i0 sync MPI_Bcast 0-3\ndone\n");
			} else {
				text.append(copy).append("1 send 2 99\n1 recv 2 99\n");
			}
			text.append("for i0 = 0 to ").append(random.nextInt(4)).append('\n');
			String body = steps(messages, "i0", overRanks, 0);
			text.append(overRanks ? "for i1 = 0 to 3\n" + body + "done\n" : body).append("done\n");
			text.append("3 sync MPI_Barrier 3\n");
			String program = switch (random.nextInt(3)) {
			case 0 -> text.toString();
			case 1 -> "for i9 = " + (random.nextInt(3) - 1) + " to 1\n" + text.toString().replaceAll("(send|recv) (\\S+) (\\S+)", "$1 $2 $3+i9") + "done\n";
			default -> "for i8 = 0 to 2\nfor i9 = 0 to i8\n" + text + "done\ndone\n";
			};
			String original = RewrittenTerms.rewritten(program, nodes -> nodes);
			String rewritten = putBack(original);
			assertEquals(!altered, !rewritten.equals(original), "seed " + seed + ":\n" + original + "\n" + rewritten);
		}
	}

	/**
	 * The messages {from, to, tag, step} in a loop over {@code index} (tag plus step times the
	 * index), or at its iteration -1 plus {@code offset} when the index is null; the ranks those of
	 * the loop over ranks when {@code overRanks}.
	 */
	private static String steps(int[][] messages, @Nullable String index, boolean overRanks, int offset) {
		String rank = overRanks ? index == null ? "i0" : "i1" : null;
		StringBuilder steps = new StringBuilder();
		for (int[] message : messages) {
			String from = rank != null ? rank : Integer.toString(message[0]);
			String to = rank != null ? "3-" + rank : Integer.toString(message[1]);
			String tag = index == null ? Integer.toString(message[2] - message[3] + offset)
					: message[2] + (message[3] == 0 ? "" : "+" + message[3] + "*" + index);
			steps.append(from).append(" send ").append(to).append(' ').append(tag).append('\n');
			steps.append(to).append(" recv ").append(from).append(' ').append(tag).append('\n');
		}
		return steps.toString();
	}

	/** The lines of events ordered by their owners (the receiver of a message received), each owner's in order. */
	private static String rankByRank(String events) {
		return Arrays.stream(events.split("\n")).sorted(Comparator.comparing(line -> {
			String[] fields = line.split(" ");
			return fields[1].equals("recv") ? fields[2] : fields[0];
		})).collect(Collectors.joining("\n", "", "\n"));
	}
}
