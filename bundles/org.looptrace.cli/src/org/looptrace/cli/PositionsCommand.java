// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.scanner.Placement;
import org.looptrace.scanner.Positions;

/** {@code looptrace positions}: where the constructs of a model are in each rank's trace (paper, figure 8). */
public final class PositionsCommand implements Command {

	@Override
	public String name() {
		return "positions";
	}

	@Override
	public String summary() {
		return "positions of a model's constructs per rank, as polynomials of the loop indices";
	}

	@Override
	public String help() {
		return """
				usage: looptrace positions <model.loops> [--construct PATH] [--ranks N]

				For every construct of the model, its positions per rank as figure 8 of the paper
				comments them: @ is the position of its first event relative to the start of the
				enclosing loop's iteration (of the trace at the top), # the events of one iteration
				of a loop. Positions count the events a rank owns (a recv is its receiver's): they
				are line numbers - 1 in trace.<rank> and record numbers in data.<rank>. Computed on
				the model, never expanded: polynomials of the enclosing loop indices.

				With --construct, one line per rank: the absolute position of the construct's first
				event in each occurrence (what a scanner reads), and its events per occurrence.

				options:
				  --construct PATH   one construct, by its path (1-based positions, dots: 4.2)
				  --ranks N          show at most N ranks per construct (default 8)

				example:
				  looptrace positions examples/models/figure8-lu.loops --construct 4.2
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("--construct", "--ranks"), Set.of());
		Path path = Arguments.existingFile(name(), arguments.positional(1, 1, "one model file").get(0));
		Model model = ScanCommand.readModel(name(), path);
		Positions positions = Positions.of(model);
		int ranks = arguments.intValue("--ranks", 8, 1, Integer.MAX_VALUE);
		try {
			String constructPath = arguments.value("--construct", "");
			if (!constructPath.isEmpty()) {
				Construct construct = find(model, constructPath, path);
				for (int rank : positions.ranks(construct)) {
					for (Placement placement : positions.placements(construct, rank)) {
						out.printf("rank %d%s: start %s, events %s%n", rank, placement.where().isEmpty() ? "" : " " + placement.where(),
								placement.start(), placement.count());
					}
				}
				return 0;
			}
			print(model, positions, ranks, out);
		} catch (IllegalArgumentException e) {
			throw new UsageException(name() + ": " + path + ": " + e.getMessage());
		}
		return 0;
	}

	private Construct find(Model model, String constructPath, Path file) throws UsageException {
		try {
			return ConstructPath.find(model, constructPath);
		} catch (IllegalArgumentException e) {
			throw new UsageException(name() + ": " + file + ": " + e.getMessage());
		}
	}

	private static void print(org.looptrace.model.Block block, Positions positions, int ranks, PrintStream out) {
		for (Construct construct : ConstructPath.constructs(block)) {
			out.printf("%-10s %-5s %s%n", ConstructPath.of(construct), construct instanceof Event ? "event" : "loop",
					positions.describe(construct, ranks));
			if (construct instanceof org.looptrace.model.Loop loop) {
				print(loop, positions, ranks, out);
			}
		}
	}
}
