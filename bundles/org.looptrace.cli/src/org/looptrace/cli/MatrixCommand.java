// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeSet;

import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;
import org.looptrace.analysis.matrix.CommunicationMatrix;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;

/** {@code looptrace matrix}: messages between every pair of ranks, from a model (figure 6 of the paper). */
public final class MatrixCommand implements Command {

	/** Up to this many ranks the matrix prints as a grid; beyond, one line per pair that talks. */
	private static final int GRID_RANKS = 24;

	@Override
	public String name() {
		return "matrix";
	}

	@Override
	public String summary() {
		return "messages between every pair of ranks, for a run or one construct of its model";
	}

	@Override
	public String help() {
		return """
				usage: looptrace matrix <trace folder | model.loops> [--construct PATH] [--csv]

				The communication matrix of a run: how many messages each rank sends to each other
				rank. Computed from the model (a trace folder is modelled first, as by `looptrace
				model`), bottom-up: a loop body's matrix is multiplied by the loop's iterations, the
				events are never expanded. Equal to counting the send lines of the trace files.

				options:
				  --construct PATH  only the messages of one construct, over all iterations of the
				                    loops around it; PATH numbers constructs from 1 at each level, as
				                    the outline shows them: 3.2 is the second construct in the body
				                    of the third top-level construct
				  --csv             rows source,destination,messages (only pairs that talk);
				                    otherwise a grid with row and column sums for up to %d ranks, a
				                    line per pair beyond

				example:
				  looptrace matrix examples/halo-16 --construct 1
				""".formatted(GRID_RANKS);
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("--construct"), Set.of("--csv"));
		Path input = Arguments.existing(name(), arguments.positional(1, 1, "one trace folder or model file").get(0));
		Model model = ModelInput.load(name(), input);
		CommunicationMatrix matrix;
		try {
			String path = arguments.value("--construct");
			matrix = path == null ? CommunicationMatrix.of(model, Progress.NONE)
					: CommunicationMatrix.of(model, path, Progress.NONE);
		} catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
			throw new UsageException(name() + ": " + input + ": " + e.getMessage());
		}
		if (arguments.flag("--csv")) {
			out.println("source,destination,messages");
			matrix.channels().forEach((channel, count) -> out.printf("%d,%d,%d%n", channel.source(),
					channel.destination(), count));
		} else {
			print(matrix, out);
		}
		return 0;
	}

	private static void print(CommunicationMatrix matrix, PrintStream out) {
		NavigableMap<Long, Long> sent = matrix.sent();
		NavigableMap<Long, Long> received = matrix.received();
		TreeSet<Long> ranks = new TreeSet<>(sent.keySet());
		ranks.addAll(received.keySet());
		if (ranks.isEmpty()) {
			out.println("no messages");
			return;
		}
		if (ranks.size() > GRID_RANKS) {
			for (Map.Entry<Channel, Long> entry : matrix.channels().entrySet()) {
				out.printf("%d -> %d: %d%n", entry.getKey().source(), entry.getKey().destination(), entry.getValue());
			}
			out.printf("total: %d messages between %d ranks%n", matrix.total(), ranks.size());
			return;
		}
		int width = Math.max(5, Long.toString(matrix.total()).length() + 1);
		StringBuilder header = new StringBuilder(String.format("%" + width + "s", "src\\dst"));
		ranks.forEach(rank -> header.append(String.format("%" + width + "d", rank)));
		header.append(String.format("%" + width + "s", "sum"));
		out.println(header);
		for (long source : ranks) {
			StringBuilder row = new StringBuilder(String.format("%" + width + "d", source));
			for (long destination : ranks) {
				long count = matrix.messages(source, destination);
				row.append(String.format("%" + width + "s", count == 0 ? "." : Long.toString(count)));
			}
			row.append(String.format("%" + width + "d", sent.getOrDefault(source, 0L)));
			out.println(row);
		}
		StringBuilder sums = new StringBuilder(String.format("%" + width + "s", "sum"));
		ranks.forEach(rank -> sums.append(String.format("%" + width + "d", received.getOrDefault(rank, 0L))));
		sums.append(String.format("%" + width + "d", matrix.total()));
		out.println(sums);
	}
}
