// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.Signals;
import org.looptrace.cli.UsageException;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.profile.ProfileCsv;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.trace.DataTrace;

/**
 * {@code looptrace bench profile}: records per second of the time profile of a loop nest (an outer
 * loop of 21 events an iteration, 10 iterations of an inner loop of two sends and a send after it)
 * over one data trace of N records, against reading the same file sequentially and against reading
 * each record's {@code time} and {@code end} by position: is the profile bounded by reading the data?
 */
final class ProfileBench {

	private ProfileBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench profile", args, Set.of("--records", "--dir"), Set.of("--cold"));
		arguments.positional(0, 0, "no argument besides the options");
		int wanted = arguments.intValue("--records", 10_000_000, 1_000, Integer.MAX_VALUE);
		boolean cold = arguments.flag("--cold");
		if (cold && !Files.isWritable(ScanBench.DROP_CACHES)) {
			throw new UsageException("bench profile: --cold drops the page cache through " + ScanBench.DROP_CACHES + ", which needs root");
		}
		long outer = wanted / 21;
		long records = outer * 21;
		Path dir = Files.createTempDirectory(Path.of(arguments.value("--dir", System.getProperty("java.io.tmpdir"))), "looptrace-profile");
		try {
			Model model = ModelText.parse("""
					for i0 = 0 to %d
					  for i1 = 0 to 9
					    0 send 1 t
					    0 send 2 t
					  done
					  0 send 3 u
					done
					""".formatted(outer - 1), "bench.loops");
			// the data, then 3 runs of each of the 4 rows
			progress.begin("bench profile", 1 + ScanBench.Bench.RUNS * 4L);
			Path data = ScanBench.writeData(dir, records);
			progress.worked(1);
			long bytes = Files.size(data);
			out.println("# looptrace bench profile --records " + wanted + (cold ? " --cold" : "") + ": data.0 of " + bytes / (1 << 20)
					+ " MB, " + records + " records, page cache " + (cold ? "dropped before each run" : "warm") + ", "
					+ Runtime.getRuntime().availableProcessors() + " cores (" + MergeBench.cpu() + "), Java " + System.getProperty("java.version")
					+ ", load average " + ScanBench.load());
			out.println("| what | records | time (best of 3) | records/s | MB/s of data.0 | CPU time of the thread (least of 3) |");
			out.println("|---|---|---|---|---|---|");
			ScanBench.Bench bench = new ScanBench.Bench(out, records, bytes, cold, progress);
			bench.sequentialRead(data);
			long[] sum = { 0 };
			bench.row("time and end of every record by position (DataTrace.value), to a sum", () -> {
				try (DataTrace trace = DataTrace.open(data)) {
					for (long position = 0; position < records; position++) {
						BenchCommand.checkCancelled(position);
						sum[0] += trace.value(position, 1) - trace.value(position, 0);
					}
				}
			});
			bench.row("profile (TimeProfile.of)", () -> sum[0] += TimeProfile.of(model, dir, Signals.PROGRESS).constructs().size());
			bench.row("profile and its CSV to a discarding stream", () -> {
				try (Writer csv = new OutputStreamWriter(java.io.OutputStream.nullOutputStream(), StandardCharsets.UTF_8)) {
					ProfileCsv.write(TimeProfile.of(model, dir, Signals.PROGRESS), csv);
				}
			});
			out.println("load average after: " + ScanBench.load() + " (checksum " + sum[0] % 10 + ")");
			return 0;
		} finally {
			ScanBench.deleteAll(dir);
		}
	}
}
