// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Event;
import org.looptrace.model.Model;
import org.looptrace.model.Recv;
import org.looptrace.model.Send;
import org.looptrace.model.Sync;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.replay.ReplayException;
import org.looptrace.replay.ReplayOptions.Compute;
import org.looptrace.trace.DataTrace;

/**
 * Sizes and gaps of a model's events, read from the data traces of its run: the k-th event of
 * rank p (model order) is record k of {@code data.<p>}. A construct whose size is the same in all
 * its occurrences gets it as a number in the program; the others read theirs, occurrence by
 * occurrence, from the rank's table {@code replay.sizes.<p>}. The gap before an event is its
 * {@code time} minus the {@code end} (else {@code time}) of the rank's previous event: its mean per
 * construct, or every gap from {@code replay.gaps.<p>}. Tables are runs of equal values, one
 * {@code value count} line each.
 */
public final class DataTables {

	/** What a construct's occurrences hold. */
	private static final class Stats {
		long size;
		boolean sizeConstant = true;
		boolean any;
		long gapSum;
		long gaps;
	}

	private final Compute compute;
	private final Map<Event, Stats> stats;
	private final long buffer;
	private final Map<String, String> files;

	private DataTables(Compute compute, Map<Event, Stats> stats, long buffer, Map<String, String> files) {
		this.compute = compute;
		this.stats = stats;
		this.buffer = buffer;
		this.files = files;
	}

	/** Without data: sizes 0, no computation. */
	public static DataTables none() {
		return new DataTables(Compute.NONE, new IdentityHashMap<>(), 1, Map.of());
	}

	/** The C expression of an occurrence's size: a number, or the next value of the rank's table. */
	public String size(Event event) {
		Stats stat = stats.get(event);
		if (stat == null) {
			return "0";
		}
		return stat.sizeConstant ? Long.toString(stat.size) : "LT_SIZE()";
	}

	/** The C expression of the computation before an occurrence, or null for none. */
	public @Nullable String gap(Event event) {
		Stats stat = stats.get(event);
		if (compute == Compute.NONE || stat == null) {
			return null;
		}
		if (compute == Compute.EXACT) {
			return "LT_GAP()";
		}
		long mean = stat.gaps == 0 ? 0 : Math.round((double) stat.gapSum / stat.gaps);
		return mean > 0 ? Long.toString(mean) : null;
	}

	/** The largest size of any occurrence, at least 1: the program's buffer. */
	public long buffer() {
		return buffer;
	}

	/** The tables, by file name. */
	public Map<String, String> files() {
		return files;
	}

	/** Reads the sizes and gaps of every occurrence from {@code folder/data.<rank>}. */
	public static DataTables read(Model model, Path folder, int ranks, Compute compute, Progress progress)
			throws ReplayException, IOException {
		Map<Event, Stats> stats = new IdentityHashMap<>();
		long[] buffer = { 1 };
		try (Reader reader = new Reader(folder, ranks)) {
			OccurrenceWalk.walk(model, (event, line) -> {
				long[] record = reader.next(event, line);
				Stats stat = stats.computeIfAbsent(event, key -> new Stats());
				if (sized(event)) {
					if (stat.any && stat.size != record[0]) {
						stat.sizeConstant = false;
					}
					stat.size = record[0];
					buffer[0] = Math.max(buffer[0], record[0]);
				}
				stat.any = true;
				stat.gapSum += record[1];
				stat.gaps++;
			}, progress);
			reader.checkEnd();
		}
		Map<String, String> files = new LinkedHashMap<>();
		boolean tables = compute == Compute.EXACT || stats.values().stream().anyMatch(stat -> !stat.sizeConstant);
		if (tables) {
			Runs[] sizes = new Runs[ranks];
			Runs[] gaps = new Runs[ranks];
			for (int rank = 0; rank < ranks; rank++) {
				sizes[rank] = new Runs();
				gaps[rank] = new Runs();
			}
			try (Reader reader = new Reader(folder, ranks)) {
				OccurrenceWalk.walk(model, (event, line) -> {
					long[] record = reader.next(event, line);
					if (sized(event) && !stats.get(event).sizeConstant) {
						sizes[line.owner()].add(record[0]);
					}
					if (compute == Compute.EXACT) {
						gaps[line.owner()].add(record[1]);
					}
				}, progress);
			}
			for (int rank = 0; rank < ranks; rank++) {
				if (!sizes[rank].isEmpty()) {
					files.put("replay.sizes." + rank, sizes[rank].text());
				}
				if (!gaps[rank].isEmpty()) {
					files.put("replay.gaps." + rank, gaps[rank].text());
				}
			}
		}
		return new DataTables(compute, stats, buffer[0], files);
	}

	/** Whether MPI is handed a buffer for the event: sends and collectives (a receive takes what comes). */
	private static boolean sized(Event event) {
		return event instanceof Send || event instanceof Sync;
	}

	/** Runs of equal values, as the program reads them. */
	private static final class Runs {
		private final StringBuilder text = new StringBuilder();
		private long value;
		private long count;

		void add(long next) {
			if (count > 0 && next == value) {
				count++;
				return;
			}
			flush();
			value = next;
			count = 1;
		}

		private void flush() {
			if (count > 0) {
				text.append(value).append(' ').append(count).append('\n');
			}
		}

		boolean isEmpty() {
			return count == 0 && text.isEmpty();
		}

		String text() {
			flush();
			count = 0;
			return text.toString();
		}
	}

	/** The data traces of the ranks, each read in order: {size, gap} per record. */
	private static final class Reader implements AutoCloseable {
		private final Path folder;
		private final @Nullable DataTrace[] traces;
		private final long[] positions;
		private final long[] lastEnds;
		private final int[][] attributes;

		Reader(Path folder, int ranks) {
			this.folder = folder;
			this.traces = new DataTrace[ranks];
			this.positions = new long[ranks];
			this.lastEnds = new long[ranks];
			this.attributes = new int[ranks][];
		}

		long[] next(Event event, TraceEvent line) throws ReplayException {
			int rank = line.owner();
			DataTrace data = trace(rank);
			long position = positions[rank]++;
			if (position >= data.records()) {
				throw new ReplayException(event, data.file() + " has " + data.records() + " records, fewer than the events of rank " + rank
						+ " in the model (the model's " + ConstructPath.of(event) + " is event " + (position + 1) + " of the rank)");
			}
			int[] index = attributes[rank];
			long size = event instanceof Recv ? 0 : data.value(position, index[0]);
			long time = data.value(position, index[1]);
			long end = index[2] < 0 ? time : data.value(position, index[2]);
			long gap = position == 0 ? 0 : Math.max(0, time - lastEnds[rank]);
			lastEnds[rank] = end;
			return new long[] { size, gap };
		}

		private DataTrace trace(int rank) throws ReplayException {
			DataTrace data = traces[rank];
			if (data != null) {
				return data;
			}
			Path file = folder.resolve("data." + rank);
			if (!Files.isRegularFile(file)) {
				throw new ReplayException(null, file + ": no such file; expected the data trace of every rank with events");
			}
			try {
				data = DataTrace.open(file);
			} catch (IOException e) {
				throw new ReplayException(null, file + ": " + e.getMessage());
			}
			if (!data.attributes().contains("time") || !data.attributes().contains("size")) {
				String attributes = String.join(", ", data.attributes());
				closeQuietly(data);
				throw new ReplayException(null, file + ": expected the attributes size and time (docs/FORMATS.md), found " + attributes);
			}
			traces[rank] = data;
			attributes[rank] = new int[] { data.attributeIndex("size"), data.attributeIndex("time"), data.attributes().indexOf("end") };
			return data;
		}

		/** Every data trace read to its end: as many records as the model has events on its rank. */
		void checkEnd() throws ReplayException {
			for (int rank = 0; rank < traces.length; rank++) {
				DataTrace data = traces[rank];
				if (data != null && positions[rank] != data.records()) {
					throw new ReplayException(null, data.file() + " has " + data.records() + " records, the model " + positions[rank]
							+ " events on rank " + rank + ": expected the data traces of the model's run");
				}
			}
		}

		private static void closeQuietly(DataTrace data) {
			try {
				data.close();
			} catch (IOException e) {
				// The file was only read: nothing is lost.
			}
		}

		@Override
		public void close() throws IOException {
			for (DataTrace data : traces) {
				if (data != null) {
					data.close();
				}
			}
		}
	}
}
