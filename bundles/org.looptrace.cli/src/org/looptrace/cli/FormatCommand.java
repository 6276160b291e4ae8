// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;

/** {@code looptrace format}: model text in the canonical layout, comments kept. */
public final class FormatCommand implements Command {

	@Override
	public String name() {
		return "format";
	}

	@Override
	public String summary() {
		return "format a .loops model in the canonical layout, keeping comments";
	}

	@Override
	public String help() {
		return """
				usage: looptrace format <model.loops> [-i | --in-place] [--check]

				Prints the model text formatted as the printer writes models: one construct per line,
				two spaces per loop level, single spaces, expressions in canonical form (1+i0), words
				quoted only where needed. Comments stay where they are; blank lines go.

				options:
				  -i, --in-place   rewrite the file instead of printing it (only if it parses; the new
				                   text goes to a temporary file that then replaces the file)
				  --check          print nothing; exit with 1 if the file is not formatted, 0 if it is

				exit status: 0 done, 1 not formatted (--check), 2 the file does not parse (errors are
				printed as file:line:column: error: message)

				example:
				  looptrace format -i examples/models/figure3.loops
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of(), Set.of("-i", "--in-place", "--check"));
		Path file = Arguments.existingFile(name(), arguments.positional(1, 1, "one model file").get(0));
		boolean inPlace = arguments.flag("-i") || arguments.flag("--in-place");
		boolean check = arguments.flag("--check");
		if (inPlace && check) {
			throw new UsageException(name() + ": --in-place and --check exclude each other");
		}
		String text = Arguments.readText(name(), file);
		String formatted;
		try {
			formatted = ModelText.format(text, file.toString());
		} catch (ModelTextException e) {
			throw new UsageException(name() + ": " + file + " does not parse:\n" + e.getMessage());
		}
		if (check) {
			if (!formatted.equals(text)) {
				err.println(file + ": not formatted (looptrace format -i " + file + " formats it)");
				return 1;
			}
			return 0;
		}
		if (inPlace) {
			if (!formatted.equals(text)) {
				AtomicFile.write(file, formatted);
			}
			return 0;
		}
		out.print(formatted);
		return 0;
	}
}
