// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Projection;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * Folding of global models: constructs that differ by an affine function of the rank
 * become loops over ranks; the model stays exact, never grows, never exceeds the local models, and
 * the models of SPMD patterns keep their size as the number of ranks grows.
 */
public class FoldingTest {

	private static List<List<TraceEvent>> traces(Pattern pattern) {
		return PropertiesTest.traces(pattern);
	}

	private static List<Model> locals(List<List<TraceEvent>> traces) {
		return PropertiesTest.locals(traces, null);
	}

	private static long constructs(Model model) {
		return Folding.constructs(model);
	}

	private static Model folded(List<Model> locals) throws InconsistentTraceException {
		return Merger.merge(locals, new MergeOptions(2), Progress.NONE);
	}

	@Test
	void aCollectiveOnEveryRankIsOneLoopOverTheRanks() throws Exception {
		List<Model> locals = new ArrayList<>();
		for (int p = 0; p < 16; p++) {
			locals.add(Fixtures.model(p + " sync MPI_Allreduce 0-15\n"));
		}
		assertEquals("""
				for i0 = 0 to 15
				  i0 sync MPI_Allreduce 0-15
				done
				""", ModelPrinter.print(folded(locals)));
	}

	/** A chain of three ranks: the two senders differ by a rank shift only, so two copies fold. */
	@Test
	void twoRanksDoingTheSameThingBecomeALoopOfTwo() throws Exception {
		List<Model> locals = List.of(Fixtures.model("0 send 1 t\n"), Fixtures.model("0 recv 1 t\n1 send 2 t\n"),
				Fixtures.model("1 recv 2 t\n"));
		assertEquals("""
				for i0 = 0 to 1
				  i0 send 1+i0 t
				  i0 recv 1+i0 t
				done
				""", ModelPrinter.print(folded(locals)));
	}

	@Test
	void aRingBecomesOneLoopWithAffineRankAndPeer() throws Exception {
		List<List<TraceEvent>> traces = traces(Patterns.create("ring", 64, 5, 1));
		Model model = folded(locals(traces));
		assertTrue(constructs(model) <= 8, ModelPrinter.print(model));
		for (int p = 0; p < traces.size(); p++) {
			assertEquals(traces.get(p), Projection.events(model, p), "events of rank " + p);
		}
	}

	/**
	 * Tags on a communicator fold like numbers (NPB BT numbers its messages on a sub-communicator by
	 * cell): a ring whose tag on {@code c4} is 100 plus the sender, and whose second round uses
	 * {@code c5}, is two loops over the ranks, never one mixing the communicators.
	 */
	@Test
	void tagsOnACommunicatorFoldOverTheRanks() throws Exception {
		int ranks = 16;
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int p = 0; p < ranks; p++) {
			List<TraceEvent> trace = new ArrayList<>();
			int left = (p + ranks - 1) % ranks;
			for (String communicator : List.of("c4.", "c5.")) {
				trace.add(TraceEvent.send(p, (p + 1) % ranks, communicator + (100 + p)));
				trace.add(TraceEvent.recv(left, p, communicator + (100 + left)));
			}
			traces.add(trace);
		}
		assertExactAndNeverLarger(traces, "ring on two communicators");
		String text = ModelPrinter.print(folded(locals(traces)));
		assertTrue(text.contains("i0 send mod(1+i0,16) c4.100+i0\n"), text);
		assertTrue(text.contains("i0 send mod(1+i0,16) c5.100+i0\n"), text);
		assertTrue(constructs(folded(locals(traces))) <= 6, text);
	}

	/**
	 * NPB SP's copy_faces on periodic q × q grids (random q and tags): each rank sends east, west,
	 * south, north, then receives, three times. One nest over the time steps, the rows and the
	 * columns, each rank's eight events written once with their neighbours modulo q (11
	 * constructs; 41 on the 3 × 3 grid before blocks whose ranks walk by one step were tried as
	 * cycles); the model stays exact.
	 */
	@Test
	void theFacesOfAPeriodicGridAreOneNestOverTheGrid() throws Exception {
		Random random = new Random(23);
		for (int round = 0; round < 8; round++) {
			int q = 3 + random.nextInt(4);
			int tag = 1000 * (1 + random.nextInt(9));
			List<List<TraceEvent>> traces = new ArrayList<>();
			for (int p = 0; p < q * q; p++) {
				traces.add(new ArrayList<>());
			}
			int[][] directions = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 } };
			for (int iteration = 0; iteration < 3; iteration++) {
				for (int p = 0; p < q * q; p++) {
					for (int d = 0; d < 4; d++) {
						traces.get(p).add(TraceEvent.send(p, neighbour(p, directions[d], 1, q, q), "c49." + (tag + 1000 * d)));
					}
				}
				for (int p = 0; p < q * q; p++) {
					for (int d = 0; d < 4; d++) {
						traces.get(p).add(TraceEvent.recv(neighbour(p, directions[d], -1, q, q), p, "c49." + (tag + 1000 * d)));
					}
				}
			}
			assertExactAndNeverLarger(traces, q + " x " + q + " grid");
			Model model = folded(locals(traces));
			assertTrue(constructs(model) <= 11, q + " x " + q + ":\n" + ModelPrinter.print(model));
		}
	}

	/** The last rank of a ring sends to rank 0: one loop, its peer modulo the ranks. */
	@Test
	void aRingIsOneLoopWithItsWrapAround() throws Exception {
		assertEquals("""
				for i0 = 0 to 4
				  for i1 = 0 to 63
				    i1 send mod(1+i1,64) 1
				    i1 recv mod(1+i1,64) 1
				  done
				done
				""", ModelPrinter.print(folded(locals(traces(Patterns.create("ring", 64, 5, 1))))));
	}

	/**
	 * A halo exchange on a periodic grid (NPB SP's and BT's copy_faces): every neighbour is affine
	 * modulo the grid, so the model is one nest over rows and columns whatever the number of ranks.
	 */
	@Test
	void aTorusKeepsItsSizeFromSixteenToAThousandRanks() throws Exception {
		Model at64 = folded(locals(traces(Patterns.create("torus", 64, 5, 1))));
		assertTrue(ModelPrinter.print(at64).contains("""
				    for i2 = 0 to 7
				      8*i1+i2 send i2+8*mod(7+i1,8) tag3
				"""), ModelPrinter.print(at64));
		for (int ranks : new int[] { 16, 256, 1024 }) {
			Model model = folded(locals(traces(Patterns.create("torus", ranks, 5, 1))));
			assertEquals(constructs(at64), constructs(model), ranks + " ranks:\n" + ModelPrinter.print(model));
		}
	}

	/**
	 * NPB SP's and BT's solver ({@code generate multipartition}: copy_faces, then pipelines along
	 * the rows, the columns and the diagonal cycles of the torus, forth then back): every rank runs
	 * one program, folded as that program in a loop over the grid's rows and columns, its sweeps
	 * each forth and back one loop over the two directions, the column and diagonal sweeps one
	 * loop over the two ({@code mod(i1-i3,q)}), its peers residues of its row and column. One
	 * model from 5 × 5 to 32 × 32 ranks and for any number of iterations, but for its numbers; on
	 * grids of 3 and 4 ranks a side, where a step back is two or three steps forth, the row sweep
	 * joins the other two as well.
	 */
	@Test
	void aMultipartitionIsOneProgramOverTheRanksAtEveryGridSizeAndIterationCount() throws Exception {
		Model at25 = folded(locals(traces(Patterns.create("multipartition", 25, 3, 1))));
		String text = ModelPrinter.print(at25);
		assertTrue(text.startsWith("for i0 = 0 to 4\n  for i1 = 0 to 4\n    for i2 = 0 to 2\n"), text);
		assertTrue(text.contains("5*i0+i1 send 5*i0+mod(1+i1-2*i3,5) tag5"), text);
		assertTrue(text.contains("5*i0+i1 send 5*mod(1+i0,5)+mod(i1-i3,5) tag5"), text);
		assertTrue(text.contains("5*i0+i1 sync MPI_Allreduce 0-24"), text);
		assertEquals(23, constructs(at25), text);
		for (int[] run : new int[][] { { 25, 7 }, { 36, 3 }, { 49, 4 }, { 64, 3 }, { 100, 2 }, { 256, 3 }, { 1024, 3 } }) {
			Model model = folded(locals(traces(Patterns.create("multipartition", run[0], run[1], 1))));
			assertEquals(shape(at25), shape(model), run[0] + " ranks, " + run[1] + " iterations:\n" + ModelPrinter.print(model));
		}
		Model at9 = folded(locals(traces(Patterns.create("multipartition", 9, 3, 1))));
		assertEquals(22, constructs(at9), ModelPrinter.print(at9));
		for (int[] run : new int[][] { { 9, 7 }, { 16, 3 }, { 16, 5 } }) {
			Model model = folded(locals(traces(Patterns.create("multipartition", run[0], run[1], 1))));
			assertEquals(shape(at9), shape(model), run[0] + " ranks, " + run[1] + " iterations:\n" + ModelPrinter.print(model));
		}
	}

	/**
	 * The model's constructs and how they nest, its numbers aside: a line per construct, indented
	 * as printed, {@code for} and {@code done}, or the event's kind and tag (a collective's name).
	 */
	private static String shape(Model model) {
		return ModelPrinter.print(model).lines().map(line -> {
			String[] words = line.strip().split(" ");
			String indent = line.substring(0, line.length() - line.stripLeading().length());
			String what = words[0].equals("for") || words[0].equals("done") ? words[0]
					: words[1] + " " + (words[1].equals("sync") ? words[2] : words[words.length - 1]);
			return indent + what;
		}).collect(Collectors.joining("\n"));
	}

	/**
	 * Random stencils on random periodic grids: each rank sends to up to four neighbours (offsets
	 * of up to two rows and columns, modulo the grid), then receives from them in a random order.
	 * Folded models project exactly and are never larger than the merge nor the local models.
	 */
	@Test
	void randomStencilsOnToriFoldExactly() throws Exception {
		for (long seed = 0; seed < 60; seed++) {
			Random random = new Random(seed);
			int rows = 1 + random.nextInt(5);
			int columns = 2 + random.nextInt(6);
			List<int[]> offsets = new ArrayList<>();
			for (int k = 1 + random.nextInt(4); k > 0; k--) {
				int down = random.nextInt(5) - 2;
				int right = random.nextInt(5) - 2;
				if (down != 0 || right != 0) {
					offsets.add(new int[] { down, right });
				}
			}
			List<Integer> receiveOrder = new ArrayList<>();
			for (int k = 0; k < offsets.size(); k++) {
				receiveOrder.add(k);
			}
			Collections.shuffle(receiveOrder, random);
			int iterations = 1 + random.nextInt(3);
			List<List<TraceEvent>> traces = new ArrayList<>();
			for (int rank = 0; rank < rows * columns; rank++) {
				List<TraceEvent> trace = new ArrayList<>();
				for (int iteration = 0; iteration < iterations; iteration++) {
					for (int k = 0; k < offsets.size(); k++) {
						int peer = neighbour(rank, offsets.get(k), 1, rows, columns);
						if (peer != rank) {
							trace.add(TraceEvent.send(rank, peer, "t" + k));
						}
					}
					for (int k : receiveOrder) {
						int peer = neighbour(rank, offsets.get(k), -1, rows, columns);
						if (peer != rank) {
							trace.add(TraceEvent.recv(peer, rank, "t" + k));
						}
					}
				}
				traces.add(trace);
			}
			assertExactAndNeverLarger(traces, "seed " + seed);
		}
	}

	/**
	 * Pipelines along the rows of random periodic grids, forth by one move, then back by another
	 * (NPB SP's sweeps, with random moves that pass every rank of a row): the two directions differ by constants inside
	 * {@code mod}, so they are one loop over the direction, a single send in the model. Projection
	 * stays exact.
	 */
	@Test
	void pipelinesForthThenBackAreOneLoopOverTheDirection() throws Exception {
		for (long seed = 0; seed < 30; seed++) {
			Random random = new Random(0x9E3779B97F4A7C15L * (seed + 1)); // small seeds start alike
			int rows = 1 + random.nextInt(4);
			int columns = 4 + random.nextInt(6);
			List<Integer> moves = new ArrayList<>(); // along the whole row: coprime to its length
			for (int move = 1; move < columns; move++) {
				if (BigInteger.valueOf(move).gcd(BigInteger.valueOf(columns)).intValue() == 1) {
					moves.add(move);
				}
			}
			Collections.shuffle(moves, random);
			int forth = moves.get(0);
			int back = moves.get(1);
			int stages = 1 + random.nextInt(3);
			List<List<TraceEvent>> traces = new ArrayList<>();
			for (int rank = 0; rank < rows * columns; rank++) {
				List<TraceEvent> trace = new ArrayList<>();
				for (int move : new int[] { forth, back }) {
					for (int stage = 0; stage < stages; stage++) {
						trace.add(TraceEvent.send(rank, neighbour(rank, new int[] { 0, move }, 1, rows, columns), "t"));
						trace.add(TraceEvent.recv(neighbour(rank, new int[] { 0, move }, -1, rows, columns), rank, "t"));
					}
				}
				traces.add(trace);
			}
			String what = "seed " + seed + ": " + rows + " x " + columns + ", moves " + forth + " and " + back;
			assertExactAndNeverLarger(traces, what);
			String text = ModelPrinter.print(folded(locals(traces)));
			assertEquals(1, text.lines().filter(line -> line.contains(" send ")).count(), what + "\n" + text);
		}
	}

	/**
	 * NPB SP's z sweeps: on a q × q grid, the ranks of each diagonal cycle (row j, column
	 * {@code k - j} modulo q) pass a pipeline along the cycle, one cycle after the other, then all
	 * meet at a barrier. Each cycle is a walk that does not start at its lowest rank (0, 7, 10, 13
	 * on 4 × 4), and the q cycles differ by where their walk wraps around; every rank takes the same
	 * steps, to the next rank of its cycle (the row below, the column before): one program in a loop
	 * over the grid's rows and columns, the same from 16 to 64 ranks.
	 */
	@Test
	void diagonalCyclesOfAMultipartitionFoldAsOneProgramOverTheRanks() throws Exception {
		Model at16 = folded(locals(cycleSweeps(4, 1, 3)));
		for (int q : new int[] { 4, 5, 6, 8 }) {
			Model model = folded(locals(cycleSweeps(q, 1, 3)));
			String text = ModelPrinter.print(model);
			assertTrue(text.contains(q + "*i0+i1 send " + q + "*mod(1+i0," + q + ")+mod(" + (q - 1) + "+i1," + q + ") z"), text);
			assertEquals(constructs(at16), constructs(model), q * q + " ranks:\n" + ModelPrinter.print(model));
		}
	}

	/**
	 * Pipelines along the cycles of random moves on random periodic grids: folded models project
	 * exactly and are never larger than the merge nor the local models.
	 */
	@Test
	void randomCyclePipelinesFoldExactly() throws Exception {
		for (long seed = 0; seed < 40; seed++) {
			Random random = new Random(seed);
			int q = 2 + random.nextInt(6);
			List<List<TraceEvent>> traces = cycleSweeps(q, 1 + random.nextInt(q), 1 + random.nextInt(3));
			assertExactAndNeverLarger(traces, "seed " + seed);
		}
	}

	/**
	 * Traces of pipelines along the cycles of the move one row down and {@code left} columns left
	 * on a q × q periodic grid: each rank sends to the next rank of its cycle and receives from
	 * the one before, {@code stages} times, the cycles one after the other (a rank waits for the
	 * barrier that ends each cycle it is not in), then a barrier of all.
	 */
	static List<List<TraceEvent>> cycleSweeps(int q, int left, int stages) {
		int ranks = q * q;
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < ranks; rank++) {
			List<TraceEvent> trace = new ArrayList<>();
			int next = neighbour(rank, new int[] { 1, -left }, 1, q, q);
			int previous = neighbour(rank, new int[] { 1, -left }, -1, q, q);
			for (int stage = 0; stage < stages && next != rank; stage++) {
				trace.add(TraceEvent.send(rank, next, "z"));
				trace.add(TraceEvent.recv(previous, rank, "z"));
			}
			trace.add(TraceEvent.sync(rank, "MPI_Barrier", RankSet.range(0, ranks - 1)));
			traces.add(trace);
		}
		return traces;
	}

	/**
	 * NPB LU's verification: before each Allreduce, the ranks of one column of a q × q grid send to
	 * their east neighbours, which receive; the other ranks reach the Allreduce at once. Each
	 * collective stays one loop over its members, after the exchange they wait for (the group-major
	 * order alone put the ready members first and the others in pieces after the exchange); with the
	 * columns taken in turn, three steps or more fold into one loop. (Before this order was tried, 2 of
	 * the 20 random runs had their collectives whole.)
	 */
	@Test
	void collectivesWaitForTheExchangesOfTheirMembers() throws Exception {
		for (int q = 4; q <= 7; q++) {
			List<List<TraceEvent>> inTurn = columnExchanges(q, new Random(q), true);
			assertExactAndNeverLarger(inTurn, q + " x " + q + ", columns in turn");
			assertEquals(1, syncs(folded(locals(inTurn))), q + " x " + q + ", columns in turn");
		}
		// random columns: the smallest model is not always the one with whole collectives
		int whole = 0;
		for (long seed = 0; seed < 20; seed++) {
			int q = 4 + (int) (seed % 4);
			List<List<TraceEvent>> traces = columnExchanges(q, new Random(seed), false);
			assertExactAndNeverLarger(traces, "seed " + seed);
			long steps = traces.get(0).stream().filter(event -> event.kind() == EventKind.SYNC).count();
			if (syncs(folded(locals(traces))) <= steps) {
				whole++;
			}
		}
		assertTrue(whole >= 15, whole + " of 20 runs with every collective whole");
	}

	/**
	 * The traces of steps of a column's exchange east, then an Allreduce of all, on a q × q grid: the
	 * columns 0 to q − 2 in turn, or 2 to 6 steps of random columns.
	 */
	static List<List<TraceEvent>> columnExchanges(int q, Random random, boolean inTurn) {
		int steps = inTurn ? q - 1 : 2 + random.nextInt(5);
		int[] columns = new int[steps];
		for (int step = 0; step < steps; step++) {
			columns[step] = inTurn ? step : random.nextInt(q - 1);
		}
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < q * q; rank++) {
			List<TraceEvent> trace = new ArrayList<>();
			for (int column : columns) {
				if (rank % q == column) {
					trace.add(TraceEvent.send(rank, rank + 1, "t"));
				} else if (rank % q == column + 1) {
					trace.add(TraceEvent.recv(rank - 1, rank, "t"));
				}
				trace.add(TraceEvent.sync(rank, "MPI_Allreduce", RankSet.range(0, q * q - 1)));
			}
			traces.add(trace);
		}
		return traces;
	}

	/** Collective events written in a model's text. */
	private static long syncs(Model model) {
		return ModelPrinter.print(model).lines().filter(line -> line.contains(" sync ")).count();
	}

	/**
	 * One of the orders folding tries wraps each rank's run of constructs in a loop of one
	 * iteration; the constructs inside must read their own loop indices one level deeper (a
	 * reviewer's fuzzing found rank 0 sending 178 where the model says 176). Random section III
	 * models of nested constant loops whose tags read the enclosing indices fold exactly.
	 */
	@Test
	void runsOfOneRankReadingTheirOwnIndicesFoldExactly() throws Exception {
		assertFoldsExactly("""
				for i0 = 1 to 1
				  for i1 = 0 to 0
				    0 send 2 178-2*i0
				  done
				done
				0 send 2 5
				""", 3);
		Random random = new Random(47);
		for (int run = 0; run < 300; run++) {
			StringBuilder text = new StringBuilder();
			for (int item = 1 + random.nextInt(4); item > 0; item--) {
				randomItem(random, 0, text);
			}
			assertFoldsExactly(text.toString(), 3);
		}
	}

	/**
	 * BT's rows: k copies of a loop whose tags are one number of the copy r and the index i in
	 * 0..1, {@code c + a*r + b*i + C*mod(r + e*i + f, k)}, each copy written as the plain number it
	 * is on that range (rows 0 and 1 of BT read 3000+10*i, row 2 3002+6*i). The pass over steps
	 * fits them by their values: exact on every rank, and many become one loop over the copies
	 * around one loop over i.
	 */
	@Test
	void copiesWrittenAsDifferentPlainNumbersFoldByTheirValuesExactly() throws Exception {
		Random random = new Random(53);
		int runs = 200;
		int fitted = 0;
		for (int run = 0; run < runs; run++) {
			int k = 3 + random.nextInt(3);
			int events = 2 + random.nextInt(2);
			long[][] numbers = new long[events][];
			for (int event = 0; event < events; event++) {
				numbers[event] = new long[] { 100 + random.nextInt(900), random.nextInt(5) - 2, random.nextInt(5) - 2,
						1 + random.nextInt(4), 1 + random.nextInt(k - 1), random.nextInt(k) };
			}
			StringBuilder text = new StringBuilder();
			for (int r = 0; r < k; r++) {
				text.append("for i0 = 0 to 1\n");
				for (int event = 0; event < events; event++) {
					text.append("  ").append(event % 2).append(" send 2 ").append(plain(numbers[event], r, k)).append('\n');
				}
				text.append("done\n");
			}
			fitted += constructs(assertFoldsExactly(text.toString(), 3)) <= 2 + events ? 1 : 0;
		}
		// Without the fit none is; where some consecutive copies unify by their forms, NLR folds them
		// first and the fit sees a shorter run (89 of 200 are one loop).
		assertTrue(fitted >= runs / 3, fitted + " of " + runs + " one loop over the copies");
	}

	/** {c, a, b, C, e, f}: c + a*r + b*i + C*mod(r + e*i + f, k) on i in 0..1, as the plain number of i it is there. */
	private static String plain(long[] n, int r, int k) {
		long first = n[0] + n[1] * r + n[3] * Math.floorMod(r + n[5], k);
		long slope = n[0] + n[1] * r + n[2] + n[3] * Math.floorMod(r + n[4] + n[5], k) - first;
		return first + (slope == 0 ? "" : (slope > 0 ? "+" : "") + slope + "*i0");
	}

	/** A loop of constant bounds or an event of rank 0 or 1 whose tag reads the indices around it. */
	public static void randomItem(Random random, int depth, StringBuilder text) {
		String indent = "  ".repeat(depth);
		if (depth < 3 && random.nextInt(3) > 0) {
			int lower = random.nextInt(3);
			text.append(indent).append("for i").append(depth).append(" = ").append(lower).append(" to ")
					.append(lower + random.nextInt(3)).append('\n');
			for (int item = 1 + random.nextInt(3); item > 0; item--) {
				randomItem(random, depth + 1, text);
			}
			text.append(indent).append("done\n");
			return;
		}
		StringBuilder tag = new StringBuilder(Integer.toString(100 + random.nextInt(100)));
		for (int k = 0; k < depth; k++) {
			int coefficient = random.nextInt(7) - 3;
			if (coefficient != 0) {
				tag.append(coefficient > 0 ? "+" : "").append(coefficient).append("*i").append(k);
			}
		}
		int rank = random.nextInt(2);
		text.append(indent).append(rank).append(" send ").append(2).append(' ').append(tag).append('\n');
	}

	/** The folded model of the text, which projects on each of the ranks as the text does. */
	private static Model assertFoldsExactly(String text, int ranks) throws Exception {
		Model model = ModelText.parse(text, "random.loops");
		Model folded = Folding.fold(List.of(model), 1, Progress.NONE);
		for (int p = 0; p < ranks; p++) {
			assertEquals(Projection.events(model, p), Projection.events(folded, p), text + "folds to\n" + ModelPrinter.print(folded));
		}
		return folded;
	}

	/** The folded model of the traces projects onto them and is no larger than the merge nor the local models. */
	private static void assertExactAndNeverLarger(List<List<TraceEvent>> traces, String what) throws Exception {
		List<Model> locals = locals(traces);
		Model folded = folded(locals);
		for (int p = 0; p < traces.size(); p++) {
			assertEquals(traces.get(p), Projection.events(folded, p), what + ", rank " + p);
		}
		long local = 0;
		for (Model model : locals) {
			local += constructs(model);
		}
		long merged = constructs(Merger.merge(locals, new MergeOptions(1, false), Progress.NONE));
		assertTrue(constructs(folded) <= Math.min(merged, local), what);
	}

	/**
	 * Sweep3D's four sweeps of a time step on grids of 3 × 3 to 5 × 5 ranks (east or west, then
	 * south or north, each an octant loop of 8 whose tags change at its half): one nest over the
	 * two directions of 14 constructs whatever the grid (four nests of 11, one per sweep, before),
	 * exact, and exact again once printed and read back.
	 */
	@Test
	void theFourSweepsOfAWavefrontAreOneNestOverTheDirections() throws Exception {
		for (int q = 3; q <= 5; q++) {
			List<List<TraceEvent>> traces = sweeps(q, 2);
			Model model = folded(locals(traces));
			String text = ModelPrinter.print(model);
			Model reread = ModelText.parse(text, "sweeps.loops");
			for (int p = 0; p < traces.size(); p++) {
				assertEquals(traces.get(p), Projection.events(model, p), "rank " + p + " of\n" + text);
				assertEquals(traces.get(p), Projection.events(reread, p), "rank " + p + " of the model read again");
			}
			assertEquals(1, text.lines().filter(line -> line.matches(" *for i\\d+ = 0 to 7")).count(), "one octant loop:\n" + text);
			assertTrue(constructs(model) <= 14, q + " × " + q + ":\n" + text);
		}
	}

	/**
	 * Runs of 4 to 8 loops of one skeleton (a time loop of exchanges between pairs of ranks, its
	 * direction changing from one loop to the next) fold exactly and never grow: with tags that
	 * are affine in the pair of loops and the direction, into one time loop; with random tags,
	 * whatever folds (four random numbers fit a nest over 2 × 2 with mod(i0+i1,2): exact, and as
	 * meaningless as the numbers).
	 */
	@Test
	void runsOfLoopsBecomeOneNestWhereTheirNumbersFit() throws Exception {
		Random random = new Random(53);
		for (int round = 0; round < 40; round++) {
			int k = 4 + random.nextInt(5);
			boolean fitting = round % 2 == 0;
			StringBuilder text = new StringBuilder();
			for (int c = 0; c < k; c++) {
				long tag = fitting ? 1000 + 100 * (c / 2) + 10 * (c % 2) : random.nextInt(1_000_000);
				text.append("for i0 = 0 to 5\n");
				for (int pair = 0; pair < 3; pair++) {
					int from = 2 * pair + c % 2;
					int to = 2 * pair + 1 - c % 2;
					text.append(from).append(" send ").append(to).append(' ').append(tag).append("+i0\n");
					text.append(to).append(" recv ").append(from).append(' ').append(tag).append("+i0\n");
				}
				text.append("done\n");
			}
			Model folded = assertFoldsExactly(text.toString(), 6);
			String printed = ModelPrinter.print(folded);
			assertTrue(constructs(folded) <= 5L * k, text + "folds to\n" + printed);
			if (fitting && k % 2 == 0) {
				assertEquals(1, printed.lines().filter(line -> line.matches(" *for i\\d+ = 0 to 5")).count(), printed);
			}
		}
	}

	/**
	 * The messages of Sweep3D's sweeps on a q × q grid over the given time steps: for each pair of
	 * directions (east or west along a row, south or north along a column) and each of the 8
	 * iterations of the octant loop, every rank receives from the rank before it along the row
	 * and along the column, then sends to the ranks after it; the tags are those of the traced
	 * runs (3000 sweeping east and south in the first half of the octants, 6000 in the second, …).
	 */
	static List<List<TraceEvent>> sweeps(int q, int steps) {
		long[][] rowTags = { { 3000, 6000 }, { 9000, 12000 }, { 5000, 6000 }, { 7000, 8000 } };
		long[][] columnTags = { { 4000, 8000 }, { 6000, 8000 }, { 20000, 24000 }, { 14000, 16000 } };
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int p = 0; p < q * q; p++) {
			traces.add(new ArrayList<>());
		}
		for (int step = 0; step < steps; step++) {
			for (int sweep = 0; sweep < 4; sweep++) {
				int along = sweep < 2 ? 1 : -1;
				int down = sweep % 2 == 0 ? 1 : -1;
				for (int octant = 0; octant < 8; octant++) {
					String rowTag = Long.toString(rowTags[sweep][octant / 4]);
					String columnTag = Long.toString(columnTags[sweep][octant / 4]);
					SweepFamiliesTest.sweep(traces, q, q, along, down, rowTag, columnTag);
				}
			}
		}
		return traces;
	}

	/** The rank {@code sign * offset} rows and columns away on a periodic grid. */
	private static int neighbour(int rank, int[] offset, int sign, int rows, int columns) {
		int row = Math.floorMod(rank / columns + sign * offset[0], rows);
		int column = Math.floorMod(rank % columns + sign * offset[1], columns);
		return row * columns + column;
	}

	/**
	 * NPB LU's exchange of faces on a grid of q × q ranks, each rank in turn sending east, receiving
	 * from the west, sending west, receiving from the east, then the same north and south, two to
	 * four times in a row. Each direction's receives are one loop over all the ranks that take them:
	 * a pair of directions folded while the second direction's receives were still coming (the
	 * length of a shorter row, LU's {@code 0 to 3-2*i1} and the rows left) grows at its second
	 * iteration, so that no loop bound reads an index.
	 */
	@Test
	void eachDirectionOfAnExchangeOfFacesIsOneLoopOverItsRanks() throws Exception {
		for (int q = 3; q <= 5; q++) {
			for (int times = 2; times <= 4; times++) {
				List<List<TraceEvent>> traces = faceExchanges(q, times);
				assertExactAndNeverLarger(traces, q + " x " + q + ", " + times + " times");
				String model = ModelPrinter.print(folded(locals(traces)));
				assertTrue(model.lines().noneMatch(line -> line.matches(" *for i\\d+ = .* to .*i\\d+.*")), model);
			}
		}
	}

	static List<List<TraceEvent>> faceExchanges(int q, int times) {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < q * q; rank++) {
			List<TraceEvent> trace = new ArrayList<>();
			int row = rank / q;
			int column = rank % q;
			for (int time = 0; time < times; time++) {
				exchange(trace, rank, column < q - 1 ? rank + 1 : -1, column > 0 ? rank - 1 : -1, "2", "1");
				exchange(trace, rank, row < q - 1 ? rank + q : -1, row > 0 ? rank - q : -1, "4", "3");
			}
			traces.add(trace);
		}
		return traces;
	}

	/** A rank's exchange along one axis: send forward, receive from behind, send back, receive from ahead (-1: none). */
	private static void exchange(List<TraceEvent> trace, int rank, int ahead, int behind, String forward, String back) {
		if (ahead >= 0) {
			trace.add(TraceEvent.send(rank, ahead, forward));
		}
		if (behind >= 0) {
			trace.add(TraceEvent.recv(behind, rank, forward));
			trace.add(TraceEvent.send(rank, behind, back));
		}
		if (ahead >= 0) {
			trace.add(TraceEvent.recv(ahead, rank, back));
		}
	}

	/** Projection on every pattern from 17 to 100 ranks (PropertiesTest covers 2 to 16). */
	@Test
	void foldedModelsProjectExactlyUpToHundredRanks() throws Exception {
		for (String name : Patterns.NAMES) {
			for (int ranks : new int[] { 17, 24, 25, 32, 49, 64, 81, 100 }) {
				List<List<TraceEvent>> traces = traces(Patterns.create(name, ranks, 4, ranks));
				Model model = folded(locals(traces));
				for (int p = 0; p < ranks; p++) {
					assertEquals(traces.get(p), Projection.events(model, p), name + " on " + ranks + ", rank " + p);
				}
			}
		}
	}

	@Test
	void spmdPatternsKeepTheirSizeAsRanksGrow() throws Exception {
		for (String name : List.of("ring", "halo", "multipartition", "wavefront", "solver")) {
			long at64 = constructs(folded(locals(traces(Patterns.create(name, 64, 10, 1)))));
			long at256 = constructs(folded(locals(traces(Patterns.create(name, 256, 10, 1)))));
			assertTrue(at256 <= at64 * 3 / 2, name + ": " + at64 + " constructs on 64 ranks, " + at256 + " on 256");
		}
	}

	/**
	 * From 4 to 16 ranks a model grows at most 1.5×. On grids most of the 16 ranks
	 * are boundary ranks (4 corners, 8 edges, 4 inside); each step is one loop over the ranks that
	 * take it, whatever their number.
	 */
	@Test
	void gridPatternsGrowAtMostHalfFromFourToSixteenRanks() throws Exception {
		for (String name : List.of("halo", "wavefront", "solver")) {
			for (int iterations : new int[] { 1, 5 }) {
				long at4 = constructs(folded(locals(traces(Patterns.create(name, 4, iterations, 1)))));
				long at16 = constructs(folded(locals(traces(Patterns.create(name, 16, iterations, 1)))));
				assertTrue(2 * at16 <= 3 * at4, name + ": " + at4 + " constructs on 4 ranks, " + at16 + " on 16");
			}
		}
	}

	/** A halo step of a 4×4 grid: each direction's sends and receives are one loop over the ranks. */
	@Test
	void eachStepOfAHaloIsOneLoopOverTheRanksThatTakeIt() throws Exception {
		List<List<TraceEvent>> traces = traces(Patterns.create("halo", 16, 1, 1));
		String model = ModelPrinter.print(folded(locals(traces)));
		assertTrue(model.contains("""
				for i0 = 0 to 11
				  4+i0 send i0 tag3
				done
				"""), model);
		assertTrue(model.contains("""
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    4*i0+i1 send 1+4*i0+i1 tag2
				  done
				done
				"""), model);
		assertEquals(20, constructs(folded(locals(traces))), model);
	}

	/**
	 * NPB CG's exchanges on a 4×4 grid: partners rank XOR 2, rank XOR 1 within a row, then the
	 * transposed rank. Not affine in the rank, but affine in its bits, or residues of the column
	 * ({@code mod(2+c,4)}, {@code 3-mod(2+c,4)}): one loop over rows, one over the columns (or two
	 * over the bits of the column), and each rank's six events once.
	 */
	@Test
	void exchangesByRankBitsFoldIntoLoopsOverTheBits() throws Exception {
		List<Model> locals = new ArrayList<>();
		for (int rank = 0; rank < 16; rank++) {
			StringBuilder text = new StringBuilder();
			for (int peer : new int[] { rank ^ 2, rank ^ 1, 4 * (rank % 4) + rank / 4 }) {
				text.append(rank).append(" send ").append(peer).append(" 1\n");
				text.append(peer).append(" recv ").append(rank).append(" 1\n");
			}
			locals.add(Fixtures.model(text.toString()));
		}
		Model model = folded(locals);
		Projection.assertProjection(locals, model);
		assertTrue(constructs(model) <= 9, ModelPrinter.print(model));
	}

	/**
	 * Past 4,096 constructs folding tries its orders in parallel: the bytes stay the same, on a
	 * ring and on a ring whose time loop (one construct over every rank) cuts the system into
	 * segments folded on their own (a step of the ring before the loop, one after).
	 */
	@Test
	void sameBytesWhateverTheNumberOfThreadsAtFourThousandRanks() throws Exception {
		int ranks = 4096;
		List<List<TraceEvent>> phases = new ArrayList<>();
		for (int p = 0; p < ranks; p++) {
			List<TraceEvent> trace = new ArrayList<>();
			for (int step = 0; step < 7; step++) {
				String tag = step == 0 ? "1" : step == 6 ? "3" : "2";
				trace.add(TraceEvent.send(p, (p + 1) % ranks, tag));
				trace.add(TraceEvent.recv((p + ranks - 1) % ranks, p, tag));
			}
			phases.add(trace);
		}
		for (List<List<TraceEvent>> traces : List.of(traces(Patterns.create("ring", ranks, 2, 1)), phases)) {
			List<Model> locals = locals(traces);
			Model model = Merger.merge(locals, new MergeOptions(1), Progress.NONE);
			String one = ModelPrinter.print(model);
			assertEquals(one, ModelPrinter.print(Merger.merge(locals, new MergeOptions(3), Progress.NONE)));
			assertTrue(constructs(model) <= 16, one);
		}
	}

	@Test
	void neverLargerThanTheMergeNorTheLocalModels() throws Exception {
		for (long seed = 0; seed < 300; seed++) {
			int ranks = 2 + (int) (seed % 15);
			List<List<TraceEvent>> traces = RandomPrograms.traces(ranks, 30_000 + seed);
			List<Model> locals = locals(traces);
			Model merged = Merger.merge(locals, new MergeOptions(1, false), Progress.NONE);
			Model folded = folded(locals);
			long size = constructs(folded);
			long local = 0;
			for (Model model : locals) {
				local += constructs(model);
			}
			assertTrue(size <= constructs(merged), "seed " + seed);
			assertTrue(size <= local, "seed " + seed);
		}
	}
}
