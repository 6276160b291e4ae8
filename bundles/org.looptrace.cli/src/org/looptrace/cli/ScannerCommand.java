// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.looptrace.model.Model;
import org.looptrace.scanner.Scanner;
import org.looptrace.scanner.ScannerGenerator;
import org.looptrace.scanner.ScannerGenerator.Language;

/** {@code looptrace scanner}: a standalone scanner, in C or Java, generated from a model's annotations. */
public final class ScannerCommand implements Command {

	@Override
	public String name() {
		return "scanner";
	}

	@Override
	public String summary() {
		return "generate a standalone C or Java scanner of the model's get annotations";
	}

	@Override
	public String help() {
		return """
				usage: looptrace scanner <model.loops> --lang c|java -o DIR [--force]

				Generates the annotation compiler's program (paper, section V-B): the loops of the
				model copied as loops, the positions of the annotated constructs as polynomials of
				their indices, reading FOLDER/data.<rank> by position. It prints the same CSV rows
				as `looptrace scan`; read it, change it, run it where the data traces are.

				  --lang c      DIR/scan.c and DIR/Makefile: make -C DIR, then DIR/scan FOLDER
				  --lang java   DIR/Scan.java: java DIR/Scan.java FOLDER (JDK 11 or later)
				  -o DIR        the folder to write, created when missing (written beside it, then moved)
				  --force       replace DIR when it holds anything (all of it)

				example:
				  looptrace scanner run.loops --lang c -o scan-run && make -C scan-run && scan-run/scan run/
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("--lang", "-o"), Set.of("--force"));
		Path path = Arguments.existingFile(name(), arguments.positional(1, 1, "one model file").get(0));
		String lang = arguments.value("--lang", "").toLowerCase(Locale.ROOT);
		if (!lang.equals("c") && !lang.equals("java")) {
			throw new UsageException(name() + ": --lang c or --lang java is required" + (lang.isEmpty() ? "" : ", not '" + lang + "'"));
		}
		String output = arguments.value("-o", "");
		if (output.isEmpty()) {
			throw new UsageException(name() + ": -o DIR is required: the folder to write the scanner into");
		}
		Path folder = Arguments.outputFolder(name(), output, arguments.flag("--force"), err);
		Model model = ScanCommand.readModel(name(), path);
		Scanner scanner = ScanCommand.scanner(name(), path, model);
		Language language = lang.equals("c") ? Language.C : Language.JAVA;
		AtomicFolder.writeFiles(folder, into -> ScannerGenerator.write(scanner, language, into, false)).forEach(out::println);
		return 0;
	}
}
