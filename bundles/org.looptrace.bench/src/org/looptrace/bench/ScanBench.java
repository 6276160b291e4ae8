// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.cli.Arguments;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.Scanner;
import org.looptrace.trace.DataTraceWriter;

/**
 * {@code looptrace bench scan}: records per second of the in-process scanner on one data trace of N
 * records (three attributes, 24 bytes a record) where an annotation reads every record, against
 * reading the file sequentially: is the scan bounded by I/O? Once with the file in the page cache
 * (warm), the figures of a scan whose data sits on a local disk after a first read.
 */
final class ScanBench {

	private ScanBench() {
	}

	static int run(List<String> args, PrintStream out) throws Exception {
		Arguments arguments = Arguments.parse("bench scan", args, Set.of("--records", "--dir"), Set.of());
		arguments.positional(0, 0, "no argument besides the options");
		int records = arguments.intValue("--records", 10_000_000, 1_000, Integer.MAX_VALUE);
		Path dir = Files.createTempDirectory(Path.of(arguments.value("--dir", System.getProperty("java.io.tmpdir"))), "looptrace-scan");
		try {
			Model model = ModelText.parse("""
					for i0 = 0 to %d
					  get "time" {0}.time ->
					  0 send 1 t
					  get "size" {0}.size <-
					done
					""".formatted(records / 2 - 1), "bench.loops");
			Path data = dir.resolve("data.0");
			try (DataTraceWriter writer = DataTraceWriter.create(data, List.of("time", "end", "size"))) {
				for (long position = 0; position < records; position++) {
					writer.write(position * 1000, position * 1000 + 500, position & 0xffff);
				}
			}
			long bytes = Files.size(data);
			out.println("# looptrace bench scan --records " + records + ": data.0 of " + bytes / (1 << 20) + " MB, "
					+ Runtime.getRuntime().availableProcessors() + " cores (" + MergeBench.cpu() + "), Java " + System.getProperty("java.version"));
			out.println("| what | records | time (best of 3) | records/s | MB/s of data.0 |");
			out.println("|---|---|---|---|---|");
			Scanner scanner = Scanner.of(model);
			row(out, "sequential read of data.0 (64 KB buffers)", records, bytes, () -> {
				try (InputStream in = Files.newInputStream(data)) {
					byte[] buffer = new byte[1 << 16];
					while (in.read(buffer) >= 0) {
						// only the reading is measured
					}
				}
			});
			long[] sum = { 0 };
			row(out, "scan, records to a sum", records, bytes, () -> scanner.run(dir, record -> sum[0] += record.value(), Progress.NONE));
			row(out, "scan, CSV rows to a discarding stream", records, bytes, () -> {
				try (Writer writer = new BufferedWriter(new OutputStreamWriter(OutputStream.nullOutputStream(), StandardCharsets.UTF_8), 1 << 16)) {
					scanner.run(dir, record -> {
						try {
							writer.write(record.toCsv());
							writer.write('\n');
						} catch (IOException e) {
							throw new UncheckedIOException(e);
						}
					}, Progress.NONE);
				}
			});
			return 0;
		} finally {
			try (var files = Files.list(dir)) {
				for (Path file : files.toList()) {
					Files.delete(file);
				}
			}
			Files.delete(dir);
		}
	}

	private interface Measured {
		void run() throws Exception;
	}

	private static void row(PrintStream out, String what, long records, long bytes, Measured measured) throws Exception {
		double best = Double.MAX_VALUE;
		for (int run = 0; run < 3; run++) {
			long start = System.nanoTime();
			measured.run();
			best = Math.min(best, (System.nanoTime() - start) / 1e9);
		}
		out.printf("| %s | %d | %.2f s | %.1f M | %.0f |%n", what, records, best, records / best / 1e6, bytes / best / (1 << 20));
		out.flush();
	}
}
