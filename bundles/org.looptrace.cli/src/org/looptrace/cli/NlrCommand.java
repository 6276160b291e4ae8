// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/**
 * {@code looptrace nlr}: the local model of one trace file (printed), or of every rank of a trace
 * folder (written as {@code local.<rank>.loops}).
 */
public final class NlrCommand implements Command {

	@Override
	public String name() {
		return "nlr";
	}

	@Override
	public String summary() {
		return "nested loop recognition: the local loop model of each rank's trace";
	}

	@Override
	public String help() {
		return """
				usage: looptrace nlr <trace file> [--method M] [-k K] [--stack N] [--no-affine]
				       looptrace nlr <trace folder> -o <dir> [--threads N] [--method M] [-k K] [--stack N] [--no-affine] [--calls]

				Nested loop recognition (Ketterlin and Clauss, CGO 2008), one streaming pass per rank.
				For a trace file, prints its local model as .loops text. For a trace folder, writes the
				model of rank p to <dir>/local.<p>.loops, ranks modelled in parallel; the files do not
				depend on the number of threads. Models are lossless: they expand to the trace.

				options:
				%s  -k K           longest loop body looked for, in terms (default %d)
				  --stack N      working stack limit in terms, past which the oldest terms are
				                 emitted as they are (default %d)
				  --no-affine    only equal events repeat (no affine fields or triangular bounds)
				  -o <dir>       for a folder: the folder to write local.<rank>.loops into, created
				                 when missing (written beside it, then moved)
				  --force        replace <dir> when it holds anything (all of it)
				  --threads N    for a folder: ranks modelled at the same time (default: cores, %d)

				example:
				  looptrace nlr traces/trace.0
				  looptrace nlr traces -o models --threads 4
				""".formatted(LocalMethod.HELP, NlrOptions.DEFAULT_MAX_BODY, NlrOptions.DEFAULT_STACK_LIMIT,
				Runtime.getRuntime().availableProcessors()) + TraceInput.HELP;
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("-k", "--stack", "-o", "--threads", "--method"),
				Set.of("--no-affine", "--force", TraceInput.CALLS));
		Path given = Arguments.existing(name(), arguments.positional(1, 1, "one trace file or folder").get(0));
		Path input = TraceInput.folder(name(), given, arguments.flag(TraceInput.CALLS), err);
		NlrOptions options = new NlrOptions(arguments.intValue("-k", NlrOptions.DEFAULT_MAX_BODY, 1, 100_000),
				arguments.intValue("--stack", NlrOptions.DEFAULT_STACK_LIMIT, 1, 100_000_000), !arguments.flag("--no-affine"));
		LocalMethod method = LocalMethod.of(name(), arguments);
		try {
			if (!Files.isDirectory(input)) {
				if (arguments.value("-o") != null || arguments.value("--threads") != null) {
					throw new UsageException("nlr: -o and --threads apply to a trace folder, " + input + " is a file");
				}
				out.print(ModelPrinter.print(method.modelFile(input, options, Signals.PROGRESS)));
				return 0;
			}
			String output = arguments.value("-o");
			if (output == null) {
				throw new UsageException("nlr: " + given + (TraceInput.isArchive(given) ? " is an OTF2 archive" : " is a folder")
						+ ": expected -o <dir> for its local models");
			}
			Path dir = Arguments.outputFolder(name(), output, arguments.flag("--force"), err);
			int threads = arguments.intValue("--threads", Runtime.getRuntime().availableProcessors(), 1, 4096);
			List<Model> models = method.modelFolder(TraceFolder.open(input), options, threads, Signals.PROGRESS);
			List<Path> written = AtomicFolder.writeFiles(dir, into -> {
				List<Path> files = new ArrayList<>();
				for (int rank = 0; rank < models.size(); rank++) {
					files.add(Files.writeString(into.resolve("local." + rank + ".loops"), ModelPrinter.print(models.get(rank))));
				}
				return files;
			});
			out.println(given + ": " + written.size() + " local models written to " + dir);
			return 0;
		} catch (TraceFormatException e) {
			throw new UsageException("nlr: " + e.getMessage(), e);
		}
	}
}
