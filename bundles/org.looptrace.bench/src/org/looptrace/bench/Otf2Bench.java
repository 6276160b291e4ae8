// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.cli.Arguments;
import org.looptrace.cli.Signals;
import org.looptrace.cli.UsageException;
import org.looptrace.model.core.Progress;
import org.looptrace.trace.otf2.Otf2Archive;

/**
 * {@code looptrace bench otf2}: OTF2 records per second read through libotf2 into LoopTrace's events
 * (the upcalls, the mapping, the pull of each rank a batch at a time), on one thread and on all
 * ranks in parallel, and written as a trace folder; against the library's own reader,
 * {@code otf2-print > /dev/null}, on the same archive. The archive is a ring written by
 * python3-otf2: per iteration and rank an MPI_Send and an MPI_Recv with their Enter and Leave
 * (6 records, 2 events of ours); with {@code --nonblocking}, the receive posted in MPI_Irecv
 * (MpiIrecvRequest) and completed in MPI_Wait (MpiIrecv), so each record of a request goes through
 * the reader's bookkeeping of open requests (9 records, 2 events of ours).
 */
final class Otf2Bench {

	private static final String WRITER = """
			import sys, otf2
			from otf2.enums import GroupType, Paradigm, RegionRole
			path, ranks, iterations, nonblocking = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
			with otf2.writer.open(path, timer_resolution=1000000000) as trace:
			    d = trace.definitions
			    node = d.system_tree_node("node")
			    locations = [d.location("Master thread", group=d.location_group("MPI Rank %d" % r, system_tree_parent=node))
			                 for r in range(ranks)]
			    d.group("MPI locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=locations)
			    world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP,
			                   paradigm=Paradigm.MPI, members=list(range(ranks))))
			    send = d.region("MPI_Send", region_role=RegionRole.POINT2POINT, paradigm=Paradigm.MPI)
			    recv = d.region("MPI_Recv", region_role=RegionRole.POINT2POINT, paradigm=Paradigm.MPI)
			    irecv = d.region("MPI_Irecv", region_role=RegionRole.POINT2POINT, paradigm=Paradigm.MPI)
			    wait = d.region("MPI_Wait", region_role=RegionRole.POINT2POINT, paradigm=Paradigm.MPI)
			    for r in range(ranks):
			        w = trace.event_writer_from_location(locations[r])
			        t = 0
			        for i in range(iterations):
			            src, tag, size = (r + ranks - 1) % ranks, i % 4, 8 * (i % 3 + 1)
			            if nonblocking:
			                w.enter(t + 1, irecv); w.mpi_irecv_request(t + 2, 1000 + i); w.leave(t + 3, irecv)
			            w.enter(t + 4, send); w.mpi_send(t + 5, (r + 1) % ranks, world, tag, size); w.leave(t + 6, send)
			            if nonblocking:
			                w.enter(t + 7, wait); w.mpi_irecv(t + 8, src, world, tag, size, 1000 + i); w.leave(t + 9, wait)
			            else:
			                w.enter(t + 7, recv); w.mpi_recv(t + 8, src, world, tag, size); w.leave(t + 9, recv)
			            t += 10
			""";

	private static final int RUNS = 3;

	private Otf2Bench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench otf2", args, Set.of("--records", "--ranks", "--dir"), Set.of("--nonblocking"));
		arguments.positional(0, 0, "no argument besides the options");
		long records = arguments.intValue("--records", 12_000_000, 6_000, Integer.MAX_VALUE);
		int ranks = arguments.intValue("--ranks", 4, 1, 4096);
		boolean nonblocking = arguments.flag("--nonblocking");
		int perIteration = nonblocking ? 9 : 6;
		int iterations = (int) (records / perIteration / ranks);
		long total = (long) perIteration * iterations * ranks;
		Path dir = Files.createTempDirectory(Path.of(arguments.value("--dir", System.getProperty("java.io.tmpdir"))), "looptrace-otf2");
		try {
			Path archive = dir.resolve("run");
			// the archive written, then 3 runs of each of the 4 rows
			progress.begin("bench otf2", 1 + RUNS * 4L);
			if (exec(List.of("/usr/bin/python3", "-c", WRITER, archive.toString(), Integer.toString(ranks), Integer.toString(iterations),
					nonblocking ? "1" : "0"), dir.resolve("writer.log")) != 0) {
				throw new UsageException("bench otf2: python3-otf2 could not write the archive: " + Files.readString(dir.resolve("writer.log")));
			}
			progress.worked(1);
			Otf2Archive otf2 = Otf2Archive.open(archive);
			int cores = Runtime.getRuntime().availableProcessors();
			out.println("# looptrace bench otf2 --records " + records + " --ranks " + ranks + ": " + total + " OTF2 records ("
					+ iterations + " iterations of " + (nonblocking ? "MPI_Irecv, MPI_Send, MPI_Wait" : "MPI_Send, MPI_Recv")
					+ " with their Enter and Leave per rank), "
					+ size(archive) / (1 << 20) + " MB, " + cores + " cores (" + MergeBench.cpu() + "), Java "
					+ System.getProperty("java.version"));
			out.println("| what | records | time (best of 3) | records/s | against otf2-print |");
			out.println("|---|---|---|---|---|");
			Path anchor = archive.resolve(Otf2Archive.ANCHOR);
			double anchorTime = best(progress, () -> exec(List.of("otf2-print", anchor.toString()), null));
			row(out, "otf2-print > /dev/null (libotf2's own reader, one thread)", total, anchorTime, anchorTime);
			row(out, "read into our events, 1 thread", total, best(progress, () -> read(otf2, 1)), anchorTime);
			row(out, "read into our events, " + Math.min(cores, ranks) + " threads (ranks in parallel)", total,
					best(progress, () -> read(otf2, Math.min(cores, ranks))), anchorTime);
			Path folder = dir.resolve("folder");
			row(out, "convert: trace.<p> and data.<p> written, " + Math.min(cores, ranks) + " threads", total,
					best(progress, () -> otf2.convert(folder, false, Math.min(cores, ranks), Signals.PROGRESS)), anchorTime);
			return 0;
		} finally {
			try (Stream<Path> files = Files.walk(dir)) {
				for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
					Files.delete(file);
				}
			}
		}
	}

	private interface Work {
		void run() throws Exception;
	}

	/** The best wall time of {@link #RUNS} runs, in seconds, each run a unit of {@code progress}. */
	private static double best(Progress progress, Work work) throws Exception {
		double best = Double.MAX_VALUE;
		for (int i = 0; i < RUNS; i++) {
			long start = System.nanoTime();
			work.run();
			best = Math.min(best, (System.nanoTime() - start) / 1e9);
			progress.worked(1);
		}
		return best;
	}

	private static void row(PrintStream out, String what, long records, double seconds, double anchor) {
		out.printf("| %s | %d | %.3f s | %.2f M | %.2fx its time |%n", what, records, seconds, records / seconds / 1e6, seconds / anchor);
	}

	/** Reads every rank's events on {@code threads} threads. */
	private static void read(Otf2Archive archive, int threads) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<Long>> counts = new ArrayList<>();
			for (int rank = 0; rank < archive.ranks(); rank++) {
				int p = rank;
				// the events are counted by read; the benchmark stops between two of them
				counts.add(pool.submit(() -> archive.read(p, false, event -> Signals.PROGRESS.checkCancelled())));
			}
			for (Future<Long> count : counts) {
				count.get();
			}
		} finally {
			pool.shutdownNow();
			pool.awaitTermination(1, TimeUnit.MINUTES);
		}
	}

	private static long size(Path folder) throws IOException {
		try (Stream<Path> files = Files.walk(folder)) {
			return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
		}
	}

	/** Runs a command, its output to {@code log} (or discarded); its exit status. Ctrl-C or SIGTERM stops it. */
	private static int exec(List<String> command, @Nullable Path log) throws IOException, InterruptedException {
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.redirectOutput(log == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(log.toFile()));
		return Signals.waitFor(builder.start());
	}
}
