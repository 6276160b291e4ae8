// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.RankSet;

/** {@code looptrace expand}: the event lines a model stands for (replay), streamed. */
public final class ExpandCommand implements Command {

	/** How many lines are written between two checks that the reader is still there. */
	private static final int CHECK_EVERY = 4096;

	@Override
	public String name() {
		return "expand";
	}

	@Override
	public String summary() {
		return "print the trace events a .loops model stands for";
	}

	@Override
	public String help() {
		return """
				usage: looptrace expand <model.loops> [--rank P]

				Prints the events of the model, one trace line each, in model order: every loop run
				from its lower to its upper bound, expressions evaluated. Streams: memory does not
				grow with the number of events. With --rank, prints the events owned by rank P (the
				sender of a send, the receiver of a recv, the process of sync and local): that is
				what trace.P holds when the model is exact.

				options:
				  --rank P   only the events owned by rank P

				exit status: 0 done, 2 the model does not parse or is not valid (errors are printed as
				file:line:column: error: message), or rank P owns no event of it

				example:
				  looptrace expand examples/models/ring.loops --rank 3
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("--rank"), Set.of());
		Path path = Arguments.existingFile(name(), arguments.positional(1, 1, "one model file").get(0));
		String file = path.toString();
		boolean oneRank = arguments.value("--rank") != null;
		int rank = arguments.intValue("--rank", 0, 0, Integer.MAX_VALUE);
		Model model;
		try {
			model = ModelText.parse(Arguments.readText(name(), path), file);
		} catch (ModelTextException e) {
			throw new UsageException(name() + ": " + file + " is not a valid model:\n" + e.getMessage());
		}
		if (oneRank) {
			RankSet owners = ModelRanks.of(name(), path, model);
			if (!owners.contains(rank)) {
				throw new UsageException(name() + ": " + file + ": rank " + rank + " owns no event of the model; " + ModelRanks.owning(owners));
			}
		}
		ModelExpander events = oneRank ? ModelExpander.expand(model, rank) : ModelExpander.expand(model);
		try {
			for (long count = 1; events.hasNext(); count++) {
				out.append(events.next().toLine()).append('\n');
				if (count % CHECK_EVERY == 0) {
					Signals.PROGRESS.checkCancelled();
					if (out.checkError()) {
						return 0; // the reader went away (e.g. | head): nothing more to do
					}
				}
			}
		} catch (IllegalStateException | ArithmeticException e) {
			// an expression that evaluates to no rank, or out of 64 bits, for some iteration
			throw new UsageException(name() + ": " + file + ": " + e.getMessage());
		}
		return 0;
	}
}
