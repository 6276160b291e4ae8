// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.looptrace.scanner.ScanRecord.csvField;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.looptrace.analysis.collectives.CollectivePatterns;
import org.looptrace.analysis.collectives.GroupPattern;
import org.looptrace.analysis.collectives.Occurrence;
import org.looptrace.analysis.patterns.ContextualPatterns;
import org.looptrace.analysis.patterns.GlobalPattern;
import org.looptrace.analysis.patterns.ProcessPattern;
import org.looptrace.model.Model;

/**
 * {@code looptrace patterns}: groups of point-to-point messages that resemble collectives
 * (Kranzlmüller, Knüpfer and Nagel, <i>Pattern Matching of Collective MPI Operations</i>) and named
 * shapes, or the contextual patterns of Alawneh, Hamou-Lhadj, Murtaza and Liu (<i>A Contextual
 * Approach for Effective Recovery of Inter-process Communication Patterns from HPC Traces</i>).
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
				                          [--no-context] [--per-rank | --global] [--calls]

				Groups of point-to-point messages that implement a collective operation by hand
				(after Kranzlmueller, Knuepfer and Nagel, "Pattern Matching of Collective MPI
				Operations"): bcast and reduce (linear and binomial trees, any root), allgather
				(ring), allreduce (butterfly / recursive doubling), alltoall (pairwise), barrier
				(dissemination); and the shapes ring, halo, wavefront and master-worker. A bcast
				and a scatter send the same messages (as do reduce and gather, allreduce and a
				recursive-doubling allgather): the sizes of the messages, read from the data
				traces (data.<rank>) of a trace folder, tell them apart (a binomial scatter or
				gather, a recursive-doubling allgather: different amounts on different edges).
				Without data traces (or from a model file) they are named bcast, reduce and
				allreduce, and the output says the size check was not possible.

				Works on the global model (a trace folder is modelled first, as by `looptrace
				model`): a group inside a loop is found once and counted by the loop's iterations.
				With the call context recorded by `looptrace trace --functions` (local call F /
				local return F), the messages of one call of a function make a group: far more
				precise, as Alawneh, Hamou-Lhadj, Murtaza and Liu found ("A Contextual Approach
				for Effective Recovery of Inter-process Communication Patterns from HPC
				Traces"). See docs/PATTERNS.md.

				Prints one line per pattern: kind, root, group, function, occurrences; then a
				note when no sizes were read and some pattern could be another operation.

				options:
				  --csv          comma-separated values, columns
				                 kind,root,group,context,occurrences,sizes (root empty when there is
				                 none, context empty outside functions; sizes: "read" when the data
				                 traces decided the kind, "unread" when they could have but there were
				                 none, empty for kinds sizes do not change)
				  --occurrences  then every place found, with its ranks, the loops repeating it and
				                 the construct paths of its sends (as `looptrace positions` names
				                 constructs); with --csv a second table after an empty line,
				                 columns kind,root,group,context,occurrences,loops,constructs
				  --no-context   ignore calls and returns: group by loop body, tag and order
				  --per-rank     the per-process patterns of Alawneh et al. instead (sequences repeated
				                 on one rank), columns rank,context,places,occurrences,events
				  --global       the global patterns of Alawneh et al. instead (step 2): the per-rank
				                 patterns of partner ranks joined by their messages, a partner event
				                 in no pattern added as it is; one line per part, columns
				                 pattern,ranks,occurrences,rank,context,events (rank and context
				                 empty on the row of a single event)

				example:
				  looptrace patterns run/ --csv --occurrences
				""" + TraceInput.HELP;
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of(),
				Set.of("--no-context", "--csv", "--occurrences", "--per-rank", "--global", TraceInput.CALLS));
		Path given = Arguments.existing(name(), arguments.positional(1, 1, "one trace folder or model file").get(0));
		Path input = TraceInput.folder(name(), given, arguments.flag(TraceInput.CALLS), err);
		if (arguments.flag("--per-rank") && arguments.flag("--occurrences")) {
			throw new UsageException(name() + ": --occurrences lists groups of messages, not --per-rank patterns");
		}
		if (arguments.flag("--global") && arguments.flag("--occurrences")) {
			throw new UsageException(name() + ": --occurrences lists groups of messages, not --global patterns");
		}
		if (arguments.flag("--global") && arguments.flag("--per-rank")) {
			throw new UsageException(name() + ": --global and --per-rank are two different listings: give one");
		}
		Model model = ModelInput.load(name(), given, input);
		boolean useContext = !arguments.flag("--no-context");
		boolean csv = arguments.flag("--csv");
		try {
			if (arguments.flag("--per-rank")) {
				perRank(ContextualPatterns.find(model, useContext), csv, out);
			} else if (arguments.flag("--global")) {
				global(ContextualPatterns.global(model, useContext), csv, out);
			} else {
				CollectivePatterns found = Files.isDirectory(input)
						? CollectivePatterns.find(model, useContext, input, Signals.PROGRESS)
						: CollectivePatterns.find(model, useContext, Signals.PROGRESS);
				groups(found, csv, arguments.flag("--occurrences"), out);
			}
		} catch (IllegalStateException | ArithmeticException e) {
			throw new UsageException(name() + ": " + given + ": " + e.getMessage());
		}
		return 0;
	}

	private static void groups(CollectivePatterns found, boolean csv, boolean occurrences, PrintStream out) {
		if (csv) {
			out.println(CollectivePatterns.CSV_COLUMNS);
		} else if (found.patterns().isEmpty()) {
			out.println("no patterns");
		}
		Set<String> unchecked = new TreeSet<>();
		for (GroupPattern pattern : found.patterns()) {
			out.println(csv ? found.csvRow(pattern) : text(pattern));
			if (found.sizes(pattern).equals("unread")) {
				unchecked.add(pattern.kind() + " may be a " + pattern.sameMessagesAs().get());
			}
		}
		if (!csv && !unchecked.isEmpty()) {
			out.println("note: no data traces, so no size check (" + String.join(", ", unchecked)
					+ "): give the trace folder with its data.<rank> files");
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
				out.printf("%s,%s,%s%n", CollectivePatterns.csvFields(occurrence.pattern()), csvField(loops), csvField(constructs));
			} else {
				out.printf("%s%s; sends %s%n", text(occurrence.pattern()),
						loops.isEmpty() ? "" : "; in loops " + loops, constructs);
			}
		}
	}

	private static String text(GroupPattern pattern) {
		return pattern.kind() + (pattern.root().isPresent() ? " from rank " + pattern.rootText() : "") + " over "
				+ pattern.group() + (pattern.context().isEmpty() ? "" : " in " + pattern.context()) + ": "
				+ pattern.occurrences() + (pattern.occurrences() == 1 ? " occurrence" : " occurrences");
	}

	private static void perRank(List<ProcessPattern> patterns, boolean csv, PrintStream out) {
		if (csv) {
			out.println("rank,context,places,occurrences,events");
		} else if (patterns.isEmpty()) {
			out.println("no per-rank patterns: no sequence of events stands at two places of a rank's model");
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

	private static void global(List<GlobalPattern> patterns, boolean csv, PrintStream out) {
		if (csv) {
			out.println("pattern,ranks,occurrences,rank,context,events");
		} else if (patterns.isEmpty()) {
			out.println("no global patterns");
		}
		int number = 0;
		for (GlobalPattern pattern : patterns) {
			number++;
			if (csv) {
				String head = number + "," + csvField(pattern.ranks().toString()) + "," + pattern.occurrences() + ",";
				for (ProcessPattern part : pattern.parts()) {
					out.println(head + part.rank() + "," + csvField(part.context()) + ","
							+ csvField(String.join("; ", part.events())));
				}
				for (String single : pattern.singles()) {
					out.println(head + ",," + csvField(single));
				}
				continue;
			}
			out.printf("global pattern %d over %s: %d occurrences%n", number, pattern.ranks(), pattern.occurrences());
			for (ProcessPattern part : pattern.parts()) {
				out.printf("  rank %d%s: %s%n", part.rank(), part.context().isEmpty() ? "" : " in " + part.context(),
						String.join("; ", part.events()));
			}
			for (String single : pattern.singles()) {
				out.println("  single event: " + single);
			}
		}
	}

}
