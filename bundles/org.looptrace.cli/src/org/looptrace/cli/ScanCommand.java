// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;
import org.looptrace.model.core.AtomicWrite;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.ScanCsv;
import org.looptrace.scanner.Scanner;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.TraceSource;

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
				usage: looptrace scan <model.loops> FOLDER [--csv FILE.csv] [--force] [--calls]
				       looptrace scan <model.loops> --traces FOLDER [-o FILE.csv] [--force]

				Runs the annotations `get "LABEL" {RANKS}.ATTRIBUTE ->|<-` of the model: for every
				occurrence of the construct an annotation is attached to and every rank of RANKS,
				the ATTRIBUTE of one record of FOLDER/data.<rank>, read by position (the event
				traces are not read). On an event, its record; on a loop, -> reads the rank's first
				record in the loop, <- its last one. Streams: records are written as they are read;
				a FILE takes their place only once the scan is done, so a scan that fails leaves no
				FILE, nor changes one that --force would replace.

				Writes CSV rows label,rank,position,value,indices (indices: i0=3;i1=5), rank by rank,
				each rank in trace order.

				arguments and options:
				  FOLDER            the folder holding data.<rank> (docs/FORMATS.md);
				  --traces FOLDER   the same, as an option (give one of the two)
				  --csv FILE        write the CSV to FILE instead of standard output;
				  -o FILE           the same (give one of the two)
				  --force           replace an existing FILE

				examples:
				  looptrace scan run.loops run/ --csv times.csv
				  looptrace scan run.loops --traces run/ -o times.csv
				""" + TraceInput.HELP;
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("--traces", "-o", "--csv"), Set.of("--force", TraceInput.CALLS));
		List<String> positional = arguments.positional(1, 2, "a model file and a trace folder");
		Path path = Arguments.existingFile(name(), positional.get(0));
		String traces = arguments.value("--traces");
		if (traces != null && positional.size() == 2) {
			throw new UsageException(name() + ": the trace folder is given twice (" + positional.get(1) + " and --traces " + traces
					+ "): give one");
		}
		if (traces == null && positional.size() == 1) {
			throw new UsageException(name() + ": a trace FOLDER is required after the model (or --traces FOLDER): the folder holding data.<rank>");
		}
		// read once: the traces its line names and the annotations are of the same text
		String text = Arguments.readText(name(), path);
		TraceSource source = TraceInput.forModel(name(), Arguments.existing(name(), traces != null ? traces : positional.get(1)), text,
				arguments.flag(TraceInput.CALLS), err);
		String csv = arguments.value("--csv");
		String o = arguments.value("-o");
		if (csv != null && o != null) {
			throw new UsageException(name() + ": the CSV file is given twice (--csv " + csv + " and -o " + o + "): give one");
		}
		String output = csv != null ? csv : o;
		Model model = parseModel(name(), path, text);
		Scanner scanner = scanner(name(), path, model);
		Path file = output == null ? null : Arguments.outputFile(name(), output, arguments.flag("--force"), err);
		Progress progress = TerminalProgress.of(err);
		AtomicWrite.Content csvRows = stream -> {
			ScanCsv rows = new ScanCsv(scanner, stream);
			source.read(folder -> {
				scanner.run(folder, rows, progress);
				return rows;
			}).finish();
		};
		try {
			// Standard output is Main's to flush and close; a file appears only once whole.
			if (file == null) {
				csvRows.writeTo(out);
			} else {
				AtomicFile.write(file, csvRows);
			}
		} catch (TraceFormatException e) {
			throw new UsageException(name() + ": " + e.diagnostic());
		} catch (UncheckedIOException e) { // a data trace that cannot be mapped
			throw e.getCause();
		}
		return 0;
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

	/** Reads, parses and validates a model file, its errors (file:line:column) as a usage error. */
	static Model readModel(String command, Path path) throws UsageException, IOException {
		return parseModel(command, path, Arguments.readText(command, path));
	}

	/** Parses and validates the text of the model file {@code path}, its errors (file:line:column) as a usage error. */
	static Model parseModel(String command, Path path, String text) throws UsageException {
		try {
			return ModelText.parse(text, path.toString());
		} catch (ModelTextException e) {
			throw new UsageException(command + ": " + path + " is not a valid model:\n" + e.getMessage());
		}
	}
}
