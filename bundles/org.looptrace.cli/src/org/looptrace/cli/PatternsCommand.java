// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.analysis.patterns.ContextualPatterns;
import org.looptrace.analysis.patterns.ProcessPattern;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;

/** {@code looptrace patterns}: the per-process communication patterns of a model (paper 002). */
public final class PatternsCommand implements Command {

	@Override
	public String name() {
		return "patterns";
	}

	@Override
	public String summary() {
		return "communication patterns repeated on each rank, within the functions they run in";
	}

	@Override
	public String help() {
		return """
				usage: looptrace patterns <model.loops> [--no-context] [--csv]

				The per-process communication patterns of a model (Alawneh and Hamou-Lhadj, paper 002,
				step 1): the sequences of send, recv and sync events of a rank that repeat, maximal
				(not extendable alike to the left or right at all their places), of two events or
				more. Loops are contiguous repetitions: their bodies are read once, and a place in a
				loop counts for its iterations. With the call context recorded by
				`looptrace trace --functions` (local call F / local return F), patterns are looked
				for within each function, never across two: what the paper found far more precise.

				Prints one pattern a line: rank, function, places in the model, occurrences in the
				trace, the events.

				options:
				  --no-context   ignore calls and returns: one sequence per rank
				  --csv          comma-separated values, columns rank,context,places,occurrences,events
				                 (events separated by "; ")

				example:
				  looptrace patterns run.loops --csv
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of(), Set.of("--no-context", "--csv"));
		Path path = Arguments.existingFile(name(), arguments.positional(1, 1, "one model file").get(0));
		Model model;
		try {
			model = ModelText.parse(Arguments.readText(name(), path), path.toString());
		} catch (ModelTextException e) {
			throw new UsageException(name() + ": " + path + " is not a valid model:\n" + e.getMessage());
		}
		List<ProcessPattern> patterns;
		try {
			patterns = ContextualPatterns.find(model, !arguments.flag("--no-context"));
		} catch (IllegalStateException | ArithmeticException e) {
			throw new UsageException(name() + ": " + path + ": " + e.getMessage());
		}
		boolean csv = arguments.flag("--csv");
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
		return 0;
	}

	/** A CSV field, quoted when it holds a comma, a quote or a line end. */
	private static String csvField(String text) {
		return text.matches("[^,\"\n\r]*") ? text : '"' + text.replace("\"", "\"\"") + '"';
	}
}
