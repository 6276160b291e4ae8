// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.analysis.collectives.CollectivePatterns;
import org.looptrace.analysis.collectives.GroupPattern;
import org.looptrace.analysis.collectives.Occurrence;
import org.looptrace.analysis.patterns.ContextualPatterns;
import org.looptrace.analysis.patterns.ProcessPattern;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;

/**
 * {@code looptrace patterns}: groups of point-to-point messages that resemble collectives (paper
 * 004) and named shapes, or the per-process patterns of paper 002.
 */
public final class PatternsCommand implements Command {

	@Override
	public String name() {
		return "patterns";
	}

	@Override
	public String summary() {
		return "point-to-point groups resembling collectives (bcast, reduce, ...) and shapes (ring, halo, ...)";
	}

	@Override
	public String help() {
		return """
				usage: looptrace patterns <trace folder | model.loops> [--csv] [--occurrences]
				                          [--no-context] [--per-rank]

				Groups of point-to-point messages that implement a collective operation by hand
				(paper 004): bcast and reduce (linear and binomial trees, any root), allgather
				(ring), allreduce (butterfly / recursive doubling), alltoall (pairwise), barrier
				(dissemination); and the shapes ring, halo, wavefront and master-worker. A bcast
				and a scatter send the same messages (as do reduce and gather, allreduce and a
				recursive-doubling allgather): they are named bcast, reduce and allreduce.

				Works on the global model (a trace folder is modelled first, as by `looptrace
				model`): a group inside a loop is found once and counted by the loop's iterations.
				With the call context recorded by `looptrace trace --functions` (local call F /
				local return F), the messages of one call of a function make a group: what paper
				002 found far more precise. See docs/PATTERNS.md.

				Prints one line per pattern: kind, root, group, function, occurrences.

				options:
				  --csv          comma-separated values, columns kind,root,group,context,occurrences
				                 (root empty when there is none, context empty outside functions)
				  --occurrences  then every place found, with its ranks, the loops repeating it and
				                 the construct paths of its sends (as `looptrace positions` names
				                 constructs); with --csv a second table after an empty line,
				                 columns kind,root,group,context,occurrences,loops,constructs
				  --no-context   ignore calls and returns: group by loop body, tag and order
				  --per-rank     the per-process patterns of paper 002 instead (sequences repeated
				                 on one rank), columns rank,context,places,occurrences,events

				example:
				  looptrace patterns run/ --csv --occurrences
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of(),
				Set.of("--no-context", "--csv", "--occurrences", "--per-rank"));
		Path input = Arguments.existing(name(), arguments.positional(1, 1, "one trace folder or model file").get(0));
		if (arguments.flag("--per-rank") && arguments.flag("--occurrences")) {
			throw new UsageException(name() + ": --occurrences lists groups of messages, not --per-rank patterns");
		}
		Model model = ModelInput.load(name(), input);
		boolean useContext = !arguments.flag("--no-context");
		boolean csv = arguments.flag("--csv");
		try {
			if (arguments.flag("--per-rank")) {
				perRank(ContextualPatterns.find(model, useContext), csv, out);
			} else {
				CollectivePatterns found = CollectivePatterns.find(model, useContext, Progress.NONE);
				groups(found, csv, arguments.flag("--occurrences"), out);
			}
		} catch (IllegalStateException | ArithmeticException e) {
			throw new UsageException(name() + ": " + input + ": " + e.getMessage());
		}
		return 0;
	}

	private static void groups(CollectivePatterns found, boolean csv, boolean occurrences, PrintStream out) {
		if (csv) {
			out.println("kind,root,group,context,occurrences");
		} else if (found.patterns().isEmpty()) {
			out.println("no patterns");
		}
		for (GroupPattern pattern : found.patterns()) {
			out.println(csv ? csvRow(pattern) : text(pattern));
		}
		if (!occurrences) {
			return;
		}
		out.println(csv ? "" : "\noccurrences:");
		if (csv) {
			out.println("kind,root,group,context,occurrences,loops,constructs");
		}
		for (Occurrence occurrence : found.occurrences()) {
			String loops = String.join(" ", occurrence.loops());
			String constructs = String.join(" ", occurrence.constructs());
			if (csv) {
				out.printf("%s,%s,%s%n", csvRow(occurrence.pattern()), csvField(loops), csvField(constructs));
			} else {
				out.printf("%s%s; sends %s%n", text(occurrence.pattern()),
						loops.isEmpty() ? "" : "; in loops " + loops, constructs);
			}
		}
	}

	private static String csvRow(GroupPattern pattern) {
		return String.join(",", pattern.kind(), pattern.rootText(), csvField(pattern.group().toString()),
				csvField(pattern.context()), Long.toString(pattern.occurrences()));
	}

	private static String text(GroupPattern pattern) {
		return pattern.kind() + (pattern.root().isPresent() ? " from rank " + pattern.rootText() : "") + " over "
				+ pattern.group() + (pattern.context().isEmpty() ? "" : " in " + pattern.context()) + ": "
				+ pattern.occurrences() + (pattern.occurrences() == 1 ? " occurrence" : " occurrences");
	}

	private static void perRank(List<ProcessPattern> patterns, boolean csv, PrintStream out) {
		if (csv) {
			out.println("rank,context,places,occurrences,events");
		}
		for (ProcessPattern pattern : patterns) {
			String events = String.join("; ", pattern.events());
			if (csv) {
				out.printf("%d,%s,%d,%d,%s%n", pattern.rank(), csvField(pattern.context()), pattern.places(),
						pattern.occurrences(), csvField(events));
			} else {
				out.printf("rank %d%s: %d places, %d occurrences: %s%n", pattern.rank(),
						pattern.context().isEmpty() ? "" : " in " + pattern.context(), pattern.places(), pattern.occurrences(),
						events);
			}
		}
	}

	/** A CSV field, quoted when it holds a comma, a quote or a line end. */
	private static String csvField(String text) {
		return text.matches("[^,\"\n\r]*") ? text : '"' + text.replace("\"", "\"\"") + '"';
	}
}
