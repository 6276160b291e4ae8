// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.cli.Command;
import org.looptrace.cli.Signals;
import org.looptrace.cli.TerminalProgress;
import org.looptrace.cli.UsageException;
import org.looptrace.model.core.Progress;

/**
 * {@code looptrace bench <what>}: the benchmarks whose figures docs/PERFORMANCE.md records. Each
 * benchmark lives in its own class; this command only dispatches on the first argument. Every
 * benchmark shows its runs done of those planned on the CLI's progress bar, and stops on Ctrl-C or
 * SIGTERM: the engines it measures are given {@link Signals#PROGRESS}, which cancels without
 * reporting (a bar redrawn inside a measured run would be measured too), its own loops
 * {@link #checkCancelled(long)}, and the programs it runs are stopped.
 */
public final class BenchCommand implements Command {

	@Override
	public String name() {
		return "bench";
	}

	@Override
	public String summary() {
		return "benchmarks of the pipeline's stages (figures for docs/PERFORMANCE.md)";
	}

	@Override
	public String help() {
		return """
				usage: looptrace bench nlr [--events N] [--threads T]
				       looptrace bench merge [--ranks 16,64,...] [--patterns halo,wavefront,...]
				                             [--iterations M] [--threads T] [--no-fold] [--cancel]
				       looptrace bench loops [--events N] [--examples DIR]
				       looptrace bench scan [--records N] [--dir DIR] [--cold] [--no-objects]
				       looptrace bench layout [--constructs N]
				       looptrace bench profile [--records N] [--dir DIR] [--cold]
				       looptrace bench otf2 [--records N] [--ranks P] [--nonblocking] [--dir DIR]
				       looptrace bench replay [--constructs N] [--examples DIR]
				       looptrace bench positions [--ranks 1024,4096,...]
				       looptrace bench fold [--threads T] FILE.loops...
				       looptrace bench diff A.loops B.loops [A.loops B.loops ...]

				On a terminal, a bar shows the runs done of those planned; Ctrl-C or SIGTERM stops
				any benchmark within a second, its temporary files deleted.

				nlr   events per second of nested loop recognition, alone and with reading the trace,
				      on one thread and on T threads, on generated LU-, CG- and halo-like traces of
				      10^6 events up to N; prints a Markdown table and the peak heap.
				      --events N   largest trace (default 100000000)
				      --threads T  threads of the parallel runs (default: cores)

				merge time, processor time (all threads), peak heap and size of the global model of
				      the merge alone (local models built first, untimed) of generated traces at
				      growing numbers of ranks.
				      --ranks      numbers of ranks (default 16,64,256,1024,4096)
				      --patterns   generated patterns (default halo,torus,multipartition,wavefront,ring,solver)
				      --iterations iterations of each pattern (default 10)
				      --threads    threads of the merge (default: cores)
				      --no-fold    the merge of section III alone (default: merge, then folding)
				      --cancel     also the longest time a cancelled merge takes to stop (five
				                   cancels at 1/6 ... 5/6 of its time)

				loops the local-model methods (--method nlr, greedy, optimal) side by side: on every
				      example folder, constructs and time of the local models and constructs of the
				      merged global model; on single-rank traces of N events (default 300000) of the
				      generated patterns, of CG's time loop and of a Fibonacci word (the worst case),
				      time (best of 3) and constructs.
				      --examples   folder of example trace folders (default: the installation's)

				scan  records per second of `looptrace scan` reading every record of a data trace of
				      N records (default 10000000, 24 bytes each, written in DIR, then deleted),
				      against reading the file sequentially; time (best of 3) and CPU time of the
				      scanning thread (least of 3), the machine's load average.
				      --cold       drop the page cache before every run (sync; echo 3 >
				                   /proc/sys/vm/drop_caches: needs root); default: warm
				      --no-objects leave out the scans through a ScanRecord per record (slow)

				profile records per second of `looptrace profile` timing every construct of a loop
				      nest over a data trace of N records (default 10000000, 24 bytes each, written
				      in DIR, then deleted), against reading the file sequentially and reading every
				      record's time and end by position; time (best of 3), CPU time (least of 3).
				      --cold       drop the page cache before every run (needs root)

				layout time of the timeline's layout and of its SVG (`looptrace render`), best of 3,
				      on flat and nested models of 2000 up to N constructs (default 50000) and on
				      the unfolded global models of generated patterns on 64 and 256 ranks.

				otf2  OTF2 records per second read through libotf2 into our events, on one thread
				      and on one thread per rank, and converted to a trace folder, against
				      `otf2-print > /dev/null` on the same archive (time, best of 3): a ring of P
				      ranks (default 4) and N records (default 12000000) written by python3-otf2
				      in DIR, then deleted; --nonblocking receives with MPI_Irecv and MPI_Wait.

				replay time to generate the replay program (`looptrace replay`) of a model of N
				      constructs (default 10000), best of 3, and to build it with mpicc; then every
				      example run replayed with --compute exact under the tracer: its span (first
				      event to last, longest rank, from the data traces) against the run's.
				      --examples   folder of example trace folders (default: the installation's)

				positions time to project a model onto every one of its P ranks (what scan,
				      profile and the time on the model do first), best of 3, for models whose
				      loops over ranks span the P ranks: a ring, a 2-D grid, rounds of a broadcast.
				      --ranks      numbers of ranks (default 1024,4096,16384,65536)

				fold  time and processor time of folding (best and least of 3) of global models
				      written unfolded (`looptrace model --no-fold`), such as the real runs'
				      models in tests/org.looptrace.merge.tests/real-runs; constructs before and after.
				      --threads    threads of the folding (default: cores)

				diff  time and processor time of `looptrace diff` (best and least of 3) on pairs of
				      models written unfolded, such as the real runs' models at two rank counts,
				      compared folded and as written; constructs of both and differences.
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		if (args.isEmpty()) {
			throw new UsageException("bench: expected what to measure: nlr, merge, loops, scan, layout, profile, otf2, replay, positions, fold or diff (see looptrace bench --help)");
		}
		List<String> rest = args.subList(1, args.size());
		Progress bar = TerminalProgress.of(err);
		PrintStream rows = besideTheBar(out, bar);
		try {
			return switch (args.get(0)) {
			case "nlr" -> NlrBench.run(rest, rows, bar);
			case "merge" -> MergeBench.run(rest, rows, bar);
			case "loops" -> LoopsBench.run(rest, rows, bar);
			case "scan" -> ScanBench.run(rest, rows, bar);
			case "layout" -> LayoutBench.run(rest, rows, bar);
			case "profile" -> ProfileBench.run(rest, rows, bar);
			case "otf2" -> Otf2Bench.run(rest, rows, bar);
			case "replay" -> ReplayBench.run(rest, rows, bar);
			case "positions" -> PositionsBench.run(rest, rows, bar);
			case "fold" -> FoldBench.run(rest, rows, bar);
			case "diff" -> DiffBench.run(rest, rows, bar);
			default -> throw new UsageException("bench: unknown benchmark '" + args.get(0) + "': expected nlr, merge, loops, scan, layout, profile, otf2, replay, positions, fold or diff");
			};
		} finally {
			TerminalProgress.clear(bar);
		}
	}

	/**
	 * {@code out}, the bar erased before each row, so that a row never ends up behind it on the
	 * terminal; each row is flushed, to be seen as soon as it is measured.
	 */
	private static PrintStream besideTheBar(PrintStream out, Progress bar) {
		return new PrintStream(new OutputStream() {
			@Override
			public void write(int b) {
				write(new byte[] { (byte) b }, 0, 1);
			}

			@Override
			public void write(byte @Nullable [] bytes, int offset, int length) {
				TerminalProgress.clear(bar);
				out.write(Objects.requireNonNull(bytes), offset, length);
				out.flush();
			}
		}, false, StandardCharsets.UTF_8);
	}

	/**
	 * Stops a benchmark's own loop on Ctrl-C or SIGTERM: called at every step, it asks every 65,536
	 * steps (well under a millisecond of work), so the measured loop hardly pays for it.
	 */
	static void checkCancelled(long step) {
		if ((step & 0xffff) == 0) {
			Signals.PROGRESS.checkCancelled();
		}
	}
}
