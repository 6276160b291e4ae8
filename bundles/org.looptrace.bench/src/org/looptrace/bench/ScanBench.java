// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.cli.Arguments;
import org.looptrace.cli.Signals;
import org.looptrace.cli.UsageException;
import org.looptrace.lang.ModelText;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.ScanCsv;
import org.looptrace.scanner.Scanner;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.DataTraceWriter;

/**
 * {@code looptrace bench scan}: records per second of the in-process scanner on one data trace of N
 * records (three attributes, 24 bytes a record) where two annotations read every record once,
 * against reading the file sequentially: is the scan bounded by I/O? With the file in the page cache
 * (warm) or, with {@code --cold}, the page cache dropped before every run (needs root). Besides the
 * time, the CPU time of the thread that scans (ThreadMXBean), which a loaded machine does not change.
 */
final class ScanBench {

	static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

	private ScanBench() {
	}

	static int run(List<String> args, PrintStream out, Progress progress) throws Exception {
		Arguments arguments = Arguments.parse("bench scan", args, Set.of("--records", "--dir"), Set.of("--cold", "--no-objects"));
		arguments.positional(0, 0, "no argument besides the options");
		int records = arguments.intValue("--records", 10_000_000, 1_000, Integer.MAX_VALUE);
		boolean cold = arguments.flag("--cold");
		boolean objects = !arguments.flag("--no-objects");
		if (cold && !Files.isWritable(DROP_CACHES)) {
			throw new UsageException("bench scan: --cold drops the page cache through " + DROP_CACHES + ", which needs root");
		}
		Path dir = Files.createTempDirectory(Path.of(arguments.value("--dir", System.getProperty("java.io.tmpdir"))), "looptrace-scan");
		try {
			// the data, then 3 runs of the rows of reading, of the scanner and of the objects
			progress.begin("bench scan", 1 + Bench.RUNS * (6L + (objects ? 2 : 0)));
			// parsed first: the language's first start takes seconds that cannot be cancelled
			Scanner scanner = Scanner.of(ModelText.parse("""
					for i0 = 0 to %d
					  get "time" {0}.time ->
					  0 send 1 t
					  0 send 1 t
					  get "size" {0}.size <-
					done
					""".formatted(records / 2 - 1), "bench.loops"));
			Path data = writeData(dir, records);
			progress.worked(1);
			long bytes = Files.size(data);
			out.println("# looptrace bench scan --records " + records + (cold ? " --cold" : "") + ": data.0 of " + bytes / (1 << 20)
					+ " MB, page cache " + (cold ? "dropped before each run" : "warm") + ", " + Runtime.getRuntime().availableProcessors()
					+ " cores (" + MergeBench.cpu() + "), Java " + System.getProperty("java.version") + ", load average " + load());
			out.println("| what | records | time (best of 3) | records/s | MB/s of data.0 | CPU time of the thread (least of 3) |");
			out.println("|---|---|---|---|---|---|");
			// the model's two annotations read every record of an even count once
			int read = records / 2 * 2;
			Bench bench = new Bench(out, read, bytes, cold, progress);
			long[] sum = { 0 };
			readingRows(bench, data, read, sum);
			scanRows(bench, scanner, dir, sum);
			if (objects) { // the slow path, to compare
				objectRows(bench, scanner, dir, sum);
			}
			out.println("load average after: " + load());
			return 0;
		} finally {
			deleteAll(dir);
		}
	}

	/** {@code data.0} in the folder: records with three attributes. */
	static Path writeData(Path dir, long records) throws IOException {
		Path data = dir.resolve("data.0");
		try (DataTraceWriter writer = DataTraceWriter.create(data, List.of("time", "end", "size"))) {
			for (long position = 0; position < records; position++) {
				BenchCommand.checkCancelled(position);
				writer.write(position * 1000, position * 1000 + 500, position & 0xffff);
			}
		}
		return data;
	}

	/** The bounds without a scanner: reading the file, and every record by position. */
	private static void readingRows(Bench bench, Path data, int read, long[] sum) throws Exception {
		bench.sequentialRead(data);
		bench.row("every record by position (DataTrace.value), to a sum", () -> {
			try (DataTrace trace = DataTrace.open(data)) {
				for (long position = 0; position < read; position++) {
					BenchCommand.checkCancelled(position);
					sum[0] += trace.value(position, 2);
				}
			}
		});
	}

	/** The scanner to a sum and to CSV, and the writing of as many bytes as its CSV alone. */
	private static void scanRows(Bench bench, Scanner scanner, Path dir, long[] sum) throws Exception {
		bench.row("scan, records to a sum (RecordSink)", () -> scanner.run(dir, (query, rank, position, value, indices, depth) -> sum[0] += value,
				Signals.PROGRESS));
		bench.row("scan, CSV rows to a discarding stream (ScanCsv)", () -> {
			ScanCsv csv = new ScanCsv(scanner, OutputStream.nullOutputStream());
			scanner.run(dir, csv, Signals.PROGRESS);
			csv.finish();
		});
		Path csvFile = dir.resolve("scan.csv");
		bench.row("scan, CSV rows to a file in DIR, synced (ScanCsv)", () -> {
			try (FileOutputStream file = new FileOutputStream(csvFile.toFile())) {
				ScanCsv csv = new ScanCsv(scanner, file);
				scanner.run(dir, csv, Signals.PROGRESS);
				csv.finish();
				file.getFD().sync();
			}
		});
		long csvBytes = Files.size(csvFile);
		bench.row("no scan: writing as many bytes as that CSV (" + csvBytes / (1 << 20) + " MB), synced", () -> {
			try (FileOutputStream file = new FileOutputStream(csvFile.toFile())) {
				byte[] buffer = new byte[1 << 16];
				for (long left = csvBytes; left > 0; left -= buffer.length) {
					Signals.PROGRESS.checkCancelled();
					file.write(buffer, 0, (int) Math.min(buffer.length, left));
				}
				file.getFD().sync();
			}
		});
	}

	/** The scanner through a ScanRecord object per record. */
	private static void objectRows(Bench bench, Scanner scanner, Path dir, long[] sum) throws Exception {
		bench.row("scan, a ScanRecord per record, to a sum", () -> scanner.run(dir, record -> sum[0] += record.value(), Signals.PROGRESS));
		bench.row("scan, CSV from ScanRecord.toCsv() to a discarding stream", () -> {
			try (Writer writer = new BufferedWriter(new OutputStreamWriter(OutputStream.nullOutputStream(), StandardCharsets.UTF_8), 1 << 16)) {
				scanner.run(dir, record -> {
					try {
						writer.write(record.toCsv());
						writer.write('\n');
					} catch (IOException e) {
						throw new UncheckedIOException(e);
					}
				}, Signals.PROGRESS);
			}
		});
	}

	static void deleteAll(Path dir) throws IOException {
		try (var files = Files.list(dir)) {
			for (Path file : files.toList()) {
				Files.delete(file);
			}
		}
		Files.delete(dir);
	}

	/** The load averages of the last 1, 5 and 15 minutes, as {@code uptime} prints them. */
	static String load() {
		try {
			String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
			return fields[0] + ", " + fields[1] + ", " + fields[2];
		} catch (IOException | RuntimeException e) {
			return "unknown (no /proc/loadavg)";
		}
	}

	interface Measured {
		void run() throws Exception;
	}

	/** Rows of the table: best time and least CPU time of three runs, cold or warm, each run a unit of {@code progress}. */
	record Bench(PrintStream out, long records, long bytes, boolean cold, Progress progress) {

		static final int RUNS = 3;

		void row(String what, Measured measured) throws Exception {
			ThreadMXBean threads = ManagementFactory.getThreadMXBean();
			double best = Double.MAX_VALUE;
			double cpu = Double.MAX_VALUE;
			for (int run = 0; run < RUNS; run++) {
				if (cold) {
					dropPageCache();
				}
				long startCpu = threads.getCurrentThreadCpuTime();
				long start = System.nanoTime();
				measured.run();
				best = Math.min(best, (System.nanoTime() - start) / 1e9);
				cpu = Math.min(cpu, (threads.getCurrentThreadCpuTime() - startCpu) / 1e9);
				progress.worked(1);
			}
			out.printf("| %s | %d | %.2f s | %.1f M | %.0f | %.2f s |%n", what, records, best, records / best / 1e6, bytes / best / (1 << 20),
					cpu);
			out.flush();
		}

		/** The row of reading a file from start to end in 64 KB buffers: what a reader of that file cannot beat. */
		void sequentialRead(Path file) throws Exception {
			row("sequential read of " + file.getFileName() + " (64 KB buffers)", () -> {
				try (InputStream in = Files.newInputStream(file)) {
					byte[] buffer = new byte[1 << 16];
					while (in.read(buffer) >= 0) {
						Signals.PROGRESS.checkCancelled();
					}
				}
			});
		}

		/** {@code sync; echo 3 > /proc/sys/vm/drop_caches}: the next read comes from the disk. */
		private static void dropPageCache() throws IOException, InterruptedException {
			if (new ProcessBuilder("sync").inheritIO().start().waitFor() != 0) {
				throw new IOException("sync failed");
			}
			Files.writeString(DROP_CACHES, "3");
		}
	}
}
