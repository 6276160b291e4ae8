// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Set;

import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.nlr.LocalModelCache;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/**
 * {@code looptrace model}: the global model of a trace folder, NLR on every rank then the merge of
 * the local models (section III of the paper), printed as .loops text.
 */
public final class ModelCommand implements Command {

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
				usage: looptrace model <trace folder> [-o model.loops] [--force] [--threads N] [--method M] [-k K] [--no-cache] [--stats]

				Builds the global model of a run: nested loop recognition on every rank's trace (in
				parallel), then the merge of the local models into loops that span the ranks which
				communicate. Prints the model as .loops text, or writes it with -o. The model is exact:
				keeping the events of rank p gives trace.p back. The text does not depend on the
				number of threads. Traces that contradict each other (a message never received, a
				collective missing a member) are reported, naming the channel and the ranks.

				options:
				  -o FILE        write the model to FILE (through a temporary file, then moved); an
				                 an existing FILE is replaced only with --force
				  --force        replace an existing FILE
				  --threads N    ranks modelled and merged at the same time (default: cores, %d)
				%s  -k K           longest loop body NLR looks for, in terms (default %d)
				  --no-cache     model every rank, without reading or writing the cache of local
				                 models (kept in the trace folder's .looptrace/: a rank whose trace
				                 and options did not change is not modelled again; NLR only)
				  --stats        print to stderr the events, constructs, loops, coverage, compression
				                 ratio, local models reused and computed, and the time and peak heap
				                 of each phase

				example:
				  looptrace model examples/wavefront-16 -o wavefront.loops --stats
				""".formatted(Runtime.getRuntime().availableProcessors(), LocalMethod.HELP, NlrOptions.DEFAULT_MAX_BODY);
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("-o", "--threads", "-k", "--method"), Set.of("--stats", "--force", "--no-cache"));
		Path input = Arguments.existing(name(), arguments.positional(1, 1, "one trace folder").get(0));
		int threads = arguments.intValue("--threads", Runtime.getRuntime().availableProcessors(), 1, 4096);
		NlrOptions nlr = new NlrOptions(arguments.intValue("-k", NlrOptions.DEFAULT_MAX_BODY, 1, 100_000),
				NlrOptions.DEFAULT_STACK_LIMIT, true);
		LocalMethod method = LocalMethod.of(name(), arguments);
		Path output = arguments.value("-o") == null ? null : Path.of(arguments.value("-o"));
		// The file may be a model the user annotated: never replaced without being asked to.
		if (output != null && Files.exists(output) && (Files.isDirectory(output) || !arguments.flag("--force"))) {
			throw new UsageException("model: " + output + (Files.isDirectory(output) ? " is a folder, expected a file"
					: " exists: use --force to replace it"));
		}
		Progress progress = System.console() != null ? new TerminalProgress(err) : Progress.NONE;
		Phases phases = new Phases();
		try {
			TraceFolder folder = TraceFolder.open(input);
			LocalModelCache cache = arguments.flag("--no-cache") || method != LocalMethod.NLR ? null
					: LocalModelCache.of(folder.folder(), Nlr.cacheConfiguration(nlr));
			List<Model> locals = method.modelFolder(folder, nlr, threads, progress, cache);
			phases.end("read+" + method.label());
			Model global = Merger.merge(locals, new MergeOptions(threads), progress);
			phases.end("merge");
			if (progress instanceof TerminalProgress bar) {
				bar.clear();
			}
			String text = ModelPrinter.print(global);
			if (output == null) {
				out.print(text);
				out.flush();
			} else {
				write(output, text);
				out.println(input + ": global model of " + folder.ranks() + " ranks written to " + output);
			}
			phases.end("print");
			if (arguments.flag("--stats")) {
				stats(global, folder.ranks(), text, phases, err);
				err.printf("local models: %d reused, %d computed%n", cache == null ? 0 : cache.reused(),
						cache == null ? folder.ranks() : cache.computed());
			}
			return 0;
		} catch (TraceFormatException e) {
			throw new UsageException("model: " + e.getMessage(), e);
		} catch (InconsistentTraceException e) {
			throw new UsageException("model: " + input + ": inconsistent traces: " + e.getMessage(), e);
		} catch (IOException e) {
			throw new UsageException("model: " + e.getMessage(), e);
		}
	}

	/** Writes through a temporary file in the same folder, so a failure never leaves half a model. */
	private static void write(Path output, String text) throws IOException, UsageException {
		Path folder = Arguments.outputFolder("model", output.toAbsolutePath().getParent());
		Path temporary = Files.createTempFile(folder, ".looptrace-", ".loops");
		try {
			Files.writeString(temporary, text, StandardCharsets.UTF_8);
			Files.move(temporary, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		} finally {
			Files.deleteIfExists(temporary);
		}
	}

	private static void stats(Model global, int ranks, String text, Phases phases, PrintStream err) {
		long[] counts = new long[2];
		count(global.getItems(), counts);
		long events = 0;
		for (ModelExpander it = ModelExpander.expand(global); it.hasNext(); it.next()) {
			events++;
		}
		long constructs = counts[0] + counts[1];
		// Coverage of the top-level loops: which groups of ranks the merge could put together.
		java.util.Map<String, Integer> coverages = new java.util.TreeMap<>();
		for (Item item : global.getItems()) {
			if (item instanceof Loop loop) {
				RankSet.Builder owners = new RankSet.Builder();
				for (ModelExpander it = ModelExpander.expand(loop); it.hasNext();) {
					owners.add(it.next().owner());
				}
				coverages.merge(owners.build().toString(), 1, Integer::sum);
			}
		}
		StringBuilder loops = new StringBuilder();
		coverages.forEach((coverage, count) -> loops.append(loops.isEmpty() ? "" : ", ").append(coverage)
				.append(count == 1 ? "" : " (" + count + " loops)"));
		err.printf("events:        %d%n", events);
		err.printf("constructs:    %d (%d loops, %d events), %d top-level, %d lines of text%n", constructs, counts[0],
				counts[1], global.getItems().size(), text.lines().count());
		err.printf("coverage:      %d ranks; top-level loops cover %s%n", ranks,
				loops.isEmpty() ? "nothing (no loop)" : loops);
		err.printf("compression:   %.1f events per construct%n", constructs == 0 ? 0.0 : (double) events / constructs);
		err.print(phases.report());
	}

	/** Counts loops ([0]) and events ([1]) of the model tree. */
	private static void count(List<Item> items, long[] counts) {
		for (Item item : items) {
			if (item instanceof Loop loop) {
				counts[0]++;
				count(loop.getItems(), counts);
			} else if (item instanceof Event) {
				counts[1]++;
			}
		}
	}

	/** Time and peak heap of consecutive phases. */
	static final class Phases {
		private final StringBuilder report = new StringBuilder();
		private long start = System.nanoTime();

		Phases() {
			HeapPeak.reset();
		}

		void end(String phase) {
			long now = System.nanoTime();
			report.append(String.format("%-14s %8.3f s, peak heap %d MB%n", phase + ":", (now - start) / 1e9,
					HeapPeak.bytes() / (1 << 20)));
			HeapPeak.reset();
			start = System.nanoTime();
		}

		String report() {
			return report.toString();
		}
	}

	/** A one-line progress bar on a terminal, redrawn at most ten times a second. */
	static final class TerminalProgress implements Progress {
		private final PrintStream err;
		private String task = "";
		private long total;
		private long done;
		private long drawn;

		TerminalProgress(PrintStream err) {
			this.err = err;
		}

		@Override
		public synchronized void begin(String task, long totalWork) {
			this.task = task;
			this.total = totalWork;
			this.done = 0;
			draw();
		}

		@Override
		public synchronized void worked(long work) {
			done += work;
			if (System.nanoTime() - drawn > 100_000_000L || done == total) {
				draw();
			}
		}

		@Override
		public boolean isCancelled() {
			return false;
		}

		private void draw() {
			drawn = System.nanoTime();
			String line;
			if (total > 0) {
				int width = 30;
				int filled = (int) Math.min(width, done * width / total);
				line = String.format("%s [%s%s] %d/%d", task, "#".repeat(filled), " ".repeat(width - filled), done, total);
			} else {
				line = task + ": " + done;
			}
			err.print("\r" + line + "\033[K");
			err.flush();
		}

		synchronized void clear() {
			err.print("\r\033[K");
			err.flush();
		}
	}
}
