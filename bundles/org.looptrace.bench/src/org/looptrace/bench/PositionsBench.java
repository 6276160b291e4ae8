// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.Signals;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.Positions;

/**
 * {@code looptrace bench positions}: the time to project a model onto every one of its P ranks (what
 * a scan, a time profile or the time on the model do before they read a record), for models whose
 * loops over ranks span all P ranks: a ring (owners affine, and a neighbour modulo P), a 2-D grid of
 * √P × √P ranks exchanging along its rows (a nest of two loops over ranks), the same grid periodic
 * (each row a ring), a broadcast whose rounds are one loop with its ranks read modulo P, and a
 * butterfly over the largest power of two of ranks (recursive doubling, peers {@code xor(r,pow2(s))},
 * owners solved per rank rather than by running every iteration). Each run
 * on a new {@link Positions}: nothing cached from the one before. Beside it, the time to expand the
 * model into the events of every rank, one rank after the other ({@code looptrace expand --rank}).
 */
final class PositionsBench {

	/** The models of each number of ranks: ring, grid, periodic grid, broadcast, butterfly. */
	private static final int MODELS = 5;
	private static final int RUNS = 3;

	private PositionsBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench positions", args, Set.of("--ranks"), Set.of());
		arguments.positional(0, 0, "no argument besides the options");
		List<Integer> rankCounts = MergeBench.rankCounts("bench positions", arguments.value("--ranks", "1024,4096,16384,65536"));
		out.println("# looptrace bench positions --ranks " + rankCounts.toString().replace(" ", "").replace("[", "").replace("]", "")
				+ ": " + Runtime.getRuntime().availableProcessors() + " cores (" + MergeBench.cpu() + "), Java "
				+ System.getProperty("java.version") + ", load average " + ScanBench.load());
		out.println("| model | ranks | every rank projected (best of 3) | ranks/s | every rank expanded (best of 3) |");
		out.println("|---|---|---|---|---|");
		progress.begin("bench positions", rankCounts.size() * MODELS * 2L * RUNS);
		for (int ranks : rankCounts) {
			int side = (int) Math.round(Math.sqrt(ranks));
			row(out, progress, "ring", ranks, """
					for i0 = 0 to 99
					  for i1 = 0 to %1$d
					    i1 send mod(1+i1,%2$d) 1
					    mod(1+i1,%2$d) recv i1 1
					  done
					  for i1 = 0 to %1$d
					    i1 sync MPI_Allreduce 0-%1$d
					  done
					done
					""".formatted(ranks - 1, ranks));
			row(out, progress, "grid " + side + " × " + side, side * side, """
					for i0 = 0 to 99
					  for i1 = 0 to %1$d
					    for i2 = 0 to %2$d
					      %3$d*i1+i2 send 1+%3$d*i1+i2 1
					      1+%3$d*i1+i2 recv %3$d*i1+i2 1
					    done
					  done
					done
					""".formatted(side - 1, side - 2, side));
			row(out, progress, "periodic grid " + side + " × " + side, side * side, """
					for i0 = 0 to 99
					  for i1 = 0 to %1$d
					    for i2 = 0 to %1$d
					      %2$d*i1+i2 send %2$d*i1+mod(1+i2,%2$d) 1
					      %2$d*i1+mod(1+i2,%2$d) recv %2$d*i1+i2 1
					    done
					  done
					done
					""".formatted(side - 1, side));
			row(out, progress, "rounds of a broadcast", ranks, """
					for i0 = 0 to %1$d
					  mod(i0,%2$d) sync MPI_Bcast 0-%3$d
					done
					""".formatted(10 * ranks - 1, ranks, ranks - 1));
			int butterfly = Integer.highestOneBit(ranks);
			row(out, progress, "butterfly", butterfly, """
					for i0 = 0 to 9
					  for s = 0 to %2$d
					    for r = 0 to %1$d
					      r send xor(r,pow2(s)) 1
					      xor(r,pow2(s)) recv r 1
					    done
					  done
					done
					""".formatted(butterfly - 1, Integer.numberOfTrailingZeros(butterfly) - 1));
		}
		return 0;
	}

	/** A row: {@link #RUNS} runs of the projection, then of the expansion, each run a unit of {@code progress}. */
	private static void row(PrintStream out, Progress progress, String name, int ranks, String text) throws Exception {
		Model model = ModelText.parse(text, name + ".loops");
		long best = Long.MAX_VALUE;
		long events = 0;
		for (int run = 0; run < RUNS; run++) {
			long start = System.nanoTime();
			Positions positions = Positions.of(model);
			events = 0;
			for (int rank = 0; rank < ranks; rank++) {
				Signals.PROGRESS.checkCancelled();
				events += positions.events(rank);
			}
			best = Math.min(best, System.nanoTime() - start);
			progress.worked(1);
		}
		long bestExpansion = Long.MAX_VALUE;
		for (int run = 0; run < RUNS; run++) {
			long start = System.nanoTime();
			long expanded = 0;
			for (int rank = 0; rank < ranks; rank++) {
				for (ModelExpander lines = ModelExpander.expand(model, rank); lines.hasNext(); lines.next()) {
					BenchCommand.checkCancelled(expanded++);
				}
			}
			bestExpansion = Math.min(bestExpansion, System.nanoTime() - start);
			progress.worked(1);
			if (expanded != events) {
				throw new IllegalStateException(name + ": " + expanded + " events expanded, " + events + " projected");
			}
		}
		out.printf("| %s (%,d events) | %,d | %.3f s | %,.0f | %.3f s |%n", name, events, ranks, best / 1e9, ranks / (best / 1e9),
				bestExpansion / 1e9);
	}
}
