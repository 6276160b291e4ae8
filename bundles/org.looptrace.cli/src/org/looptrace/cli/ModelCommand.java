// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TracesComment;
import org.looptrace.nlr.LocalModelCache;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.ClusterModel;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.trace.ReplayTags;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.SkippedLines;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.TraceSource;

/**
 * {@code looptrace model}: the global model of a trace folder, NLR on every rank then the merge of
 * the local models (section III of the paper), printed as .loops text.
 */
public final class ModelCommand implements Command {

	/** The skipped lines {@code --lenient} lists; the others are counted. */
	static final int SKIPPED_SHOWN = 20;

	@Override
	public String name() {
		return "model";
	}

	@Override
	public String summary() {
		return "the global loop model of a trace folder (NLR per rank, then merge)";
	}

	@Override
	public String help() {
		return """
				usage: looptrace model <trace folder> [-o model.loops] [--force] [--threads N] [--method M] [-k K] [--no-cache] [--no-fold] [--stats] [--lenient] [--tags FILE] [--calls]

				Builds the global model of a run: nested loop recognition on every rank's trace (in
				parallel), then the merge of the local models into loops that span the ranks which
				communicate. Prints the model as .loops text, or writes it with -o. The model is exact:
				keeping the events of rank p gives trace.p back. The text does not depend on the
				number of threads. Traces that contradict each other (a message never received, a
				collective missing a member) are reported, naming the channel and the ranks.

				options:
				  -o FILE        write the model to FILE (through a temporary file, then moved); an
				                 existing FILE is replaced only with --force; outside the trace
				                 folder, FILE starts with a line "// traces: PATH" naming it
				  --force        replace an existing FILE
				  --threads N    ranks modelled and merged at the same time (default: cores, %d)
				%s  -k K           longest loop body NLR looks for, in terms (default %d)
				  --no-cache     model every rank, without reading or writing the cache of local
				                 models (kept in the trace folder's .looptrace/: a rank whose trace
				                 and options did not change is not modelled again; NLR only)
				  --no-fold      the merge of section III as it is: no loops over ranks (by default,
				                 constructs that differ by an affine function of the rank are folded)
				  --lenient      skip malformed lines instead of stopping at the first one: the first
				                 %d are listed on stderr (file:line:column), then how many there were,
				                 whether the model is made or not; the model is of the readable lines
				                 (never cached)
				  --tags FILE    the table of tags of the replay whose traces these are (docs/REPLAY.md):
				                 the numbers it sent for symbolic tags and the tags of communicators
				                 are read back as the model's tags (into the trace folder's
				                 .looptrace/, the traces left as they are); without the option, the
				                 folder's own replay.tags, which looptrace trace copies beside the
				                 traces of a replay
				  --master URL   model on an Apache Spark cluster: local[N] (N threads of this machine)
				                 or spark://HOST:PORT (a standalone cluster whose machines all read
				                 the folder at the same path); the model has the same bytes; the
				                 launcher adds Spark to the class path (docs/SPARK.md)
				  --stats        print to stderr the events, constructs, loops, coverage, compression
				                 ratio, local models reused and computed, and the time and peak heap
				                 of each phase

				example:
				  looptrace model examples/wavefront-16 -o wavefront.loops --stats
				""".formatted(Runtime.getRuntime().availableProcessors(), LocalMethod.HELP, NlrOptions.DEFAULT_MAX_BODY, SKIPPED_SHOWN)
				+ TraceInput.HELP;
	}

	/**
	 * The folder to model: the traces as they are, or those of a replay with the model's tags, from
	 * the table {@code tags} names or, without it, the folder's own.
	 */
	private Path withTags(Path input, @Nullable String tags) throws UsageException {
		Path table = tags != null ? Arguments.existingFile(name(), tags) : input.resolve(ReplayTags.FILE);
		if (tags == null && !Files.isRegularFile(table)) {
			return input;
		}
		try {
			return ReplayTags.readFile(table).restoreInto(input);
		} catch (IOException e) {
			throw new UsageException(name() + ": " + e.getMessage(), e);
		}
	}

	/** The cluster of {@code --master}: NLR on every rank of the folder, as it is on the shared file system. */
	private ClusterModel cluster(LocalMethod method, Arguments arguments) throws UsageException {
		if (arguments.flag("--lenient") || method != LocalMethod.NLR) {
			throw new UsageException(name() + ": --master models with NLR, all lines read: without --lenient and --method");
		}
		return ClusterModel.find().orElseThrow(() -> new UsageException(name()
				+ ": --master needs the Spark module on the class path: run it through the looptrace launcher"));
	}

	/**
	 * The lines a lenient reading skipped, on standard error: the first {@link #SKIPPED_SHOWN}
	 * (file:line:column: what was expected), then how many there were in all.
	 */
	private static void printSkipped(SkippedLines skipped, Path given, boolean calls, PrintStream err) {
		long count = skipped.count();
		if (count == 0) {
			return;
		}
		List<Diagnostic> shown = skipped.first(SKIPPED_SHOWN);
		shown.forEach(err::println);
		err.println("looptrace model: " + count + (count == 1 ? " malformed line" : " malformed lines") + " skipped"
				+ (count > shown.size() ? ", the first " + shown.size() + " listed above" : "") + "; looptrace check " + given
				+ (calls ? " " + TraceInput.CALLS : "") + " lists them with what else is wrong");
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("-o", "--threads", "-k", "--method", "--master", "--tags"),
				Set.of("--stats", "--force", "--no-cache", "--no-fold", "--lenient", TraceInput.CALLS));
		// messages and the model's header name what the user gave: an archive's trace folder is a cache
		Path given = Arguments.existing(name(), arguments.positional(1, 1, "one trace folder").get(0));
		boolean calls = arguments.flag(TraceInput.CALLS);
		TraceSource source = TraceInput.open(name(), given, calls, err);
		Path input = withTags(source.folder(), arguments.value("--tags"));
		int threads = arguments.intValue("--threads", Runtime.getRuntime().availableProcessors(), 1, 4096);
		NlrOptions nlr = new NlrOptions(arguments.intValue("-k", NlrOptions.DEFAULT_MAX_BODY, 1, 100_000),
				NlrOptions.DEFAULT_STACK_LIMIT, true);
		LocalMethod method = LocalMethod.of(name(), arguments);
		String outputName = arguments.value("-o");
		Path output = outputName == null ? null : Arguments.outputFile(name(), outputName, arguments.flag("--force"), err);
		String master = arguments.value("--master");
		ClusterModel cluster = master == null ? null : cluster(method, arguments);
		Progress progress = TerminalProgress.of(err);
		Phases phases = new Phases();
		SkippedLines skipped = new SkippedLines(SKIPPED_SHOWN);
		TraceFolder folder = null;
		try {
			boolean lenient = arguments.flag("--lenient");
			folder = lenient ? TraceFolder.openLenient(input, skipped) : TraceFolder.open(input);
			// a lenient model is of the readable lines only: it is neither read from the cache nor kept there
			LocalModelCache cache = arguments.flag("--no-cache") || lenient || method != LocalMethod.NLR ? null
					: LocalModelCache.of(folder.folder(), Nlr.cacheConfiguration(nlr));
			MergeOptions options = new MergeOptions(threads, !arguments.flag("--no-fold"));
			Model global;
			if (cluster != null && master != null) {
				global = cluster.model(folder, master, nlr, options, progress);
				phases.end("cluster");
			} else {
				TraceFolder traces = folder;
				global = Pipeline.modelRankByRank(traces,
						(rank, localProgress) -> method.modelRank(traces, rank, nlr, localProgress, cache),
						"read+" + method.label() + "+merge", options, progress, phases::end);
			}
			TerminalProgress.clear(progress);
			printSkipped(skipped, given, calls, err);
			String text = ModelPrinter.print(global);
			if (output == null) {
				out.print(text);
				out.flush();
			} else {
				AtomicFile.write(output, TracesComment.line(output, given, calls) + text);
				out.println(given + ": global model of " + folder.ranks() + " ranks written to " + output);
			}
			phases.end("print");
			if (arguments.flag("--stats")) {
				ModelStatistics.print(global, folder.ranks(), text, phases, err);
				err.printf("local models: %d reused, %d computed%n", cache == null ? 0 : cache.reused(),
						cache == null ? folder.ranks() : cache.computed());
			}
			return 0;
		} catch (TraceFormatException e) {
			printSkipped(skipped, given, calls, err);
			throw new UsageException("model: " + e.getMessage(), e);
		} catch (InconsistentTraceException e) {
			// what was skipped may be what does not balance: said first
			printSkipped(skipped, given, calls, err);
			throw TraceInput.inconsistent(name(), given, calls, source, Objects.requireNonNull(folder), e);
		} catch (IOException e) {
			throw new UsageException("model: " + e.getMessage(), e);
		}
	}
}
