// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.matrix.CommunicationMatrix;
import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;
import org.looptrace.model.Construct;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.scanner.MessageBytes;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.TraceSource;

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
				usage: looptrace matrix <trace folder | model.loops> [--construct PATH] [--bytes] [--csv] [--calls]

				The communication matrix of a run: how many messages each rank sends to each other
				rank. Computed from the model (a trace folder is modelled first, as by `looptrace
				model`), bottom-up: a loop body's matrix is multiplied by the loop's iterations, the
				events are never expanded. Equal to counting the send lines of the trace files.

				options:
				  --construct PATH  only the messages of one construct, over all iterations of the
				                    loops around it; PATH numbers constructs from 1 at each level, as
				                    the outline shows them: 3.2 is the second construct in the body
				                    of the third top-level construct
				  --bytes           also the bytes of the messages: the sum of the size attribute of
				                    each send in the data traces data.<rank> of the run (the trace
				                    folder given, or the folder named by the model's first line
				                    `// traces: PATH`, else the model's own folder); with --calls,
				                    an archive that folder names is read with its calls, as the
				                    model was made
				  --csv             rows source,destination,messages[,bytes] (only pairs that
				                    talk); otherwise a grid with row and column sums for up to %d
				                    ranks, a line per pair beyond

				example:
				  looptrace matrix examples/halo-16 --construct 1 --bytes
				""".formatted(GRID_RANKS) + TraceInput.HELP;
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("--construct"), Set.of("--csv", "--bytes", TraceInput.CALLS));
		Path given = Arguments.existing(name(), arguments.positional(1, 1, "one trace folder or model file").get(0));
		boolean calls = arguments.flag(TraceInput.CALLS);
		boolean modelFile = !Files.isDirectory(given) && !TraceInput.isArchive(given);
		// a model file's --calls is for the archive its header names, which --bytes reads
		@Nullable TraceSource source = modelFile && arguments.flag("--bytes") ? null : TraceInput.open(name(), given, calls, err);
		Path input = source == null ? given : source.folder();
		// a model file is read once: its text gives the model and, for --bytes, the traces it names
		@Nullable String text = source == null ? Arguments.readText(name(), given) : null;
		Model model = text != null ? ModelInput.parse(name(), given, text) : ModelInput.load(name(), given, input);
		String path = arguments.value("--construct");
		CommunicationMatrix matrix;
		@Nullable Construct construct = null;
		try {
			if (path != null) {
				construct = ConstructPath.find(model, path);
			}
			matrix = path == null ? CommunicationMatrix.of(model, Signals.PROGRESS)
					: CommunicationMatrix.of(model, path, Signals.PROGRESS);
		} catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
			throw new UsageException(name() + ": " + given + ": " + e.getMessage());
		}
		@Nullable SortedMap<Channel, Long> bytes = arguments.flag("--bytes")
				? bytes(model, construct == null ? model : construct, given, source, text, calls, err)
				: null;
		if (arguments.flag("--csv")) {
			out.println("source,destination,messages" + (bytes == null ? "" : ",bytes"));
			matrix.channels().forEach((channel, count) -> out.println(channel.source() + "," + channel.destination() + ","
					+ count + (bytes == null ? "" : "," + bytes.getOrDefault(channel, 0L))));
		} else {
			print(matrix.channels(), "messages", out);
			if (bytes != null) {
				out.println();
				out.println("bytes:");
				print(bytes, "bytes", out);
			}
		}
		return 0;
	}

	/**
	 * Bytes per pair of ranks of one construct, from the data traces of the traces given
	 * ({@code source}), or, for a model file ({@code source} null, {@code text} its text), of the
	 * traces it names, which may be an archive, read with its calls when {@code calls} says so, as the
	 * model was made.
	 */
	private SortedMap<Channel, Long> bytes(Model model, EObject construct, Path given, @Nullable TraceSource source,
			@Nullable String text, boolean calls, PrintStream err) throws IOException, UsageException {
		TraceSource data = source != null ? source : TraceInput.ofModel(name(), given, Objects.requireNonNull(text), calls, err);
		SortedMap<org.looptrace.model.core.Channel, Long> perChannel;
		try {
			perChannel = data.read(folder -> MessageBytes.of(model, construct, folder, Signals.PROGRESS));
		} catch (TraceFormatException e) {
			Path anchor = data.anchor();
			throw new UsageException(name() + ": " + e.diagnostic() + " (--bytes reads the size of each message from "
					+ (anchor != null ? "the archive " + anchor : "the data traces data.<rank> of " + data.folder()) + ")");
		}
		SortedMap<Channel, Long> pairs = new TreeMap<>();
		perChannel.forEach((channel, total) -> pairs.merge(new Channel(channel.src(), channel.dst()), total, Math::addExact));
		return pairs;
	}

	/** A grid with row and column sums, or a line per pair beyond {@link #GRID_RANKS} ranks. */
	private static void print(SortedMap<Channel, Long> cells, String unit, PrintStream out) {
		TreeMap<Long, Long> sent = new TreeMap<>();
		TreeMap<Long, Long> received = new TreeMap<>();
		long total = 0;
		for (Map.Entry<Channel, Long> cell : cells.entrySet()) {
			sent.merge(cell.getKey().source(), cell.getValue(), Math::addExact);
			received.merge(cell.getKey().destination(), cell.getValue(), Math::addExact);
			total = Math.addExact(total, cell.getValue());
		}
		TreeSet<Long> ranks = new TreeSet<>(sent.keySet());
		ranks.addAll(received.keySet());
		if (ranks.isEmpty()) {
			out.println("no " + unit);
			return;
		}
		if (ranks.size() > GRID_RANKS) {
			for (Map.Entry<Channel, Long> entry : cells.entrySet()) {
				out.printf("%d -> %d: %d%n", entry.getKey().source(), entry.getKey().destination(), entry.getValue());
			}
			out.printf("total: %d %s between %d ranks%n", total, unit, ranks.size());
			return;
		}
		int width = Math.max(5, Long.toString(total).length() + 1);
		StringBuilder header = new StringBuilder(String.format("%" + width + "s", "src\\dst"));
		ranks.forEach(rank -> header.append(String.format("%" + width + "d", rank)));
		header.append(String.format("%" + width + "s", "sum"));
		out.println(header);
		for (long source : ranks) {
			StringBuilder row = new StringBuilder(String.format("%" + width + "d", source));
			for (long destination : ranks) {
				Long count = cells.get(new Channel(source, destination));
				row.append(String.format("%" + width + "s", count == null ? "." : Long.toString(count)));
			}
			row.append(String.format("%" + width + "d", sent.getOrDefault(source, 0L)));
			out.println(row);
		}
		StringBuilder sums = new StringBuilder(String.format("%" + width + "s", "sum"));
		ranks.forEach(rank -> sums.append(String.format("%" + width + "d", received.getOrDefault(rank, 0L))));
		sums.append(String.format("%" + width + "d", total));
		out.println(sums);
	}
}
