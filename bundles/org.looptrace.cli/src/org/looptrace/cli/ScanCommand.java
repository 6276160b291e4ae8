// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.ScanRecord;
import org.looptrace.scanner.Scanner;
import org.looptrace.trace.TraceFormatException;

/** {@code looptrace scan}: runs the {@code get} annotations of a model over the data traces of a run (paper, V-B). */
public final class ScanCommand implements Command {

	@Override
	public String name() {
		return "scan";
	}

	@Override
	public String summary() {
		return "read the records the model's get annotations ask for from the data traces";
	}

	@Override
	public String help() {
		return """
				usage: looptrace scan <model.loops> --traces FOLDER [-o FILE.csv] [--force]

				Runs the annotations `get "LABEL" {RANKS}.ATTRIBUTE ->|<-` of the model: for every
				occurrence of the construct an annotation is attached to and every rank of RANKS,
				the ATTRIBUTE of one record of FOLDER/data.<rank>, read by position (the event
				traces are not read). On an event, its record; on a loop, -> reads the rank's first
				record in the loop, <- its last one. Streams: records are written as they are read.

				Writes CSV rows label,rank,position,value,indices (indices: i0=3;i1=5), rank by rank,
				each rank in trace order.

				options:
				  --traces FOLDER   the folder holding data.<rank> (docs/FORMATS.md)
				  -o FILE           write the CSV to FILE instead of standard output
				  --force           replace an existing FILE

				example:
				  looptrace scan run.loops --traces run/ -o times.csv
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("--traces", "-o"), Set.of("--force"));
		Path path = Arguments.existingFile(name(), arguments.positional(1, 1, "one model file").get(0));
		String traces = arguments.value("--traces", "");
		if (traces.isEmpty()) {
			throw new UsageException(name() + ": --traces FOLDER is required: the folder holding data.<rank>");
		}
		Path folder = Arguments.existing(name(), traces);
		Model model = readModel(name(), path);
		Scanner scanner = scanner(name(), path, model);
		String output = arguments.value("-o", "");
		Path file = output.isEmpty() ? null : Path.of(output);
		if (file != null && Files.exists(file) && !arguments.flag("--force")) {
			throw new UsageException(name() + ": " + file + " exists; use --force to replace it");
		}
		Progress progress = System.console() != null ? new TerminalProgress(err) : Progress.NONE;
		try (Writer writer = new BufferedWriter(file == null ? new OutputStreamWriter(out, StandardCharsets.UTF_8)
				: Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
			boolean[] started = { false };
			scanner.run(folder, record -> {
				if (!started[0]) { // no header before the data traces are found good
					write(writer, ScanRecord.CSV_HEADER);
					started[0] = true;
				}
				write(writer, record.toCsv());
			}, progress);
			if (!started[0]) {
				write(writer, ScanRecord.CSV_HEADER);
			}
		} catch (TraceFormatException e) {
			throw new UsageException(name() + ": " + e.getMessage());
		} catch (UncheckedIOException e) {
			throw e.getCause();
		}
		return 0;
	}

	private static void write(Writer writer, String line) {
		try {
			writer.write(line);
			writer.write('\n');
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	/** The scanner of a model's annotations; a usage error when it has none. */
	static Scanner scanner(String command, Path path, Model model) throws UsageException {
		Scanner scanner;
		try {
			scanner = Scanner.of(model);
		} catch (IllegalArgumentException e) {
			throw new UsageException(command + ": " + path + ": " + e.getMessage());
		}
		if (scanner.queries().isEmpty()) {
			throw new UsageException(command + ": " + path + " has no annotation: add get \"LABEL\" {RANKS}.ATTRIBUTE -> before a construct");
		}
		return scanner;
	}

	/** Parses and validates a model file, its errors (file:line:column) as a usage error. */
	static Model readModel(String command, Path path) throws UsageException, IOException {
		try {
			return ModelText.parse(Arguments.readText(command, path), path.toString());
		} catch (ModelTextException e) {
			throw new UsageException(command + ": " + path + " is not a valid model:\n" + e.getMessage());
		}
	}
}
