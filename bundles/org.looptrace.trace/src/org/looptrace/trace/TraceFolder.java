// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.Tokens;

/**
 * A trace folder: {@code trace.<p>} or {@code trace.<p>.gz} for every rank {@code p} from 0 without
 * gaps, and optionally {@code data.<p>}. Opening it only lists the folder; the traces are streamed
 * by the readers it opens. A folder opened {@linkplain #openLenient leniently} may miss ranks and
 * opens readers that skip malformed lines.
 */
public final class TraceFolder {

	private final Path folder;
	/** The trace file of each rank; for a missing rank, the name it would have. */
	private final Path[] traces;
	private final RankSet missing;
	private final @Nullable SkippedLines skipped;

	private TraceFolder(Path folder, Path[] traces, RankSet missing, @Nullable SkippedLines skipped) {
		this.folder = folder;
		this.traces = traces;
		this.missing = missing;
		this.skipped = skipped;
	}

	/**
	 * Lists the trace files of a folder, strict: every rank must have its trace file, and its readers
	 * stop at the first malformed line.
	 *
	 * @throws TraceFormatException when the folder cannot be read, holds no trace file, or its ranks
	 *                              have gaps or duplicates (naming the missing or doubled files)
	 */
	public static TraceFolder open(Path folder) throws TraceFormatException {
		TraceFolder traces = list(folder, null);
		if (!traces.missing.isEmpty()) {
			throw new TraceFormatException(Diagnostic.error(folder, traces.gaps()));
		}
		return traces;
	}

	/**
	 * Lists the trace files of a folder, lenient: ranks may be missing ({@link #missingRanks()}; the
	 * folder has as many ranks as its highest trace file says), and the readers it opens skip malformed
	 * lines, reporting them to {@code skipped}.
	 *
	 * @throws TraceFormatException when the folder cannot be read, holds no trace file, or has two
	 *                              trace files for one rank
	 */
	public static TraceFolder openLenient(Path folder, SkippedLines skipped) throws TraceFormatException {
		return list(folder, skipped);
	}

	private static TraceFolder list(Path folder, @Nullable SkippedLines skipped) throws TraceFormatException {
		if (!Files.isDirectory(folder)) {
			throw new TraceFormatException(Diagnostic.error(folder, "not a folder: expected a trace folder holding trace.0, trace.1, ..."));
		}
		TreeMap<Integer, Path> found = new TreeMap<>();
		List<String> doubled = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, "trace.*")) {
			for (Path entry : entries) {
				int rank = rankOf(entry.getFileName().toString());
				if (rank >= 0) {
					Path other = found.put(rank, entry);
					if (other != null) {
						doubled.add(other.getFileName() + " and " + entry.getFileName());
					}
				}
			}
		} catch (IOException e) {
			throw new TraceFormatException(Diagnostic.error(folder, "cannot list the folder: " + e.getMessage()), e);
		}
		if (found.isEmpty()) {
			throw new TraceFormatException(Diagnostic.error(folder, "no trace files: expected trace.<rank> or trace.<rank>.gz for ranks 0, 1, ... in "
					+ folder.toAbsolutePath().normalize() + ", " + contents(folder)));
		}
		if (!doubled.isEmpty()) {
			doubled.sort(null);
			throw new TraceFormatException(Diagnostic.error(folder, "duplicate ranks: " + String.join(", ", doubled)
					+ " (expected one trace file per rank, plain or gzip-compressed)"));
		}
		int ranks = found.lastKey() + 1;
		RankSet.Builder missing = new RankSet.Builder();
		Path[] traces = new Path[ranks];
		for (int rank = 0; rank < ranks; rank++) {
			Path trace = found.get(rank);
			if (trace == null) {
				missing.add(rank);
				trace = folder.resolve("trace." + rank);
			}
			traces[rank] = trace;
		}
		return new TraceFolder(folder, traces, missing.build(), skipped);
	}

	/** What a folder without trace files holds instead, in words: data traces without their event traces, say. */
	private static String contents(Path folder) throws TraceFormatException {
		List<String> data = new ArrayList<>();
		int others = 0;
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
			for (Path entry : entries) {
				if (isRunFile(entry)) {
					data.add(entry.getFileName().toString());
				} else {
					others++;
				}
			}
		} catch (IOException e) {
			throw new TraceFormatException(Diagnostic.error(folder, "cannot list the folder: " + e.getMessage()), e);
		}
		if (data.isEmpty()) {
			return others == 0 ? "which is empty" : "which holds " + others + (others == 1 ? " other file" : " other files");
		}
		data.sort(Comparator.comparingInt(name -> rankOfRunFile(Path.of(name))));
		String which = data.size() == 1 ? data.get(0) : data.get(0) + " to " + data.getLast();
		return "which holds the data traces " + which + " (" + data.size() + " files) but not their event traces";
	}

	/** What {@link #missingRanks()} means for the folder, in words. */
	private String gaps() {
		long found = traces.length - missing.size();
		return "ranks have gaps: missing trace." + missing + (missing.size() == 1 ? "" : " (" + missing.size() + " files)")
				+ "; found " + found + " trace files up to trace." + (traces.length - 1) + ", ranks are numbered from 0 without gaps";
	}

	/** The ranks below {@link #ranks()} without a trace file: empty unless the folder was opened leniently. */
	public RankSet missingRanks() {
		return missing;
	}

	/** Whether readers skip malformed lines (the folder was opened leniently). */
	public boolean isLenient() {
		return skipped != null;
	}

	/**
	 * Whether a file is one a run writes into a trace folder: {@code trace.<p>}, {@code trace.<p>.gz}
	 * or {@code data.<p>}. Other files of the folder belong to the user.
	 */
	public static boolean isRunFile(Path file) {
		return rankOfRunFile(file) >= 0;
	}

	/**
	 * The rank of a run file ({@code trace.<p>}, {@code trace.<p>.gz} or {@code data.<p>}: see
	 * {@link #isRunFile(Path)}), or -1 for another file.
	 */
	public static int rankOfRunFile(Path file) {
		String name = file.getFileName().toString();
		if (name.startsWith("trace.")) {
			return rankOf(name);
		}
		String data = name.startsWith("data.") ? name.substring("data.".length()) : "";
		return isRank(data) ? Integer.parseInt(data) : -1;
	}

	/** The rank of {@code trace.<p>} or {@code trace.<p>.gz}, or -1 for another name. */
	private static int rankOf(String name) {
		String rank = name.substring("trace.".length());
		if (rank.endsWith(".gz")) {
			rank = rank.substring(0, rank.length() - 3);
		}
		return isRank(rank) ? Integer.parseInt(rank) : -1;
	}

	private static boolean isRank(String text) {
		return Tokens.isNumber(text) && !text.startsWith("-") && text.length() <= 9;
	}

	public Path folder() {
		return folder;
	}

	/** The number of ranks: trace files are {@code 0 .. ranks() - 1} (some missing in a lenient folder). */
	public int ranks() {
		return traces.length;
	}

	/** The event trace of a rank: {@code trace.<rank>} or {@code trace.<rank>.gz}. */
	public Path traceFile(int rank) {
		return traces[rank];
	}

	/**
	 * Opens the event trace of a rank, checking that every event is its own and every rank is in the
	 * folder; in a lenient folder, the reader skips malformed lines.
	 *
	 * @throws TraceFormatException for a missing rank of a lenient folder
	 */
	public EventReader openEvents(int rank) throws IOException {
		if (missing.contains(rank)) {
			throw new TraceFormatException(Diagnostic.error(traceFile(rank), "missing: " + gaps()));
		}
		return EventReader.open(traceFile(rank), rank, ranks(), skipped);
	}

	/** {@code data.<rank>} when the folder holds it. */
	public Optional<Path> dataFile(int rank) {
		Path data = folder.resolve("data." + rank);
		return rank >= 0 && rank < ranks() && Files.isRegularFile(data) ? Optional.of(data) : Optional.empty();
	}

	/** Opens the data trace of a rank; a {@link TraceFormatException} when the folder has none. */
	public DataTrace openData(int rank) throws IOException {
		Path data = dataFile(rank).orElseThrow(() -> new TraceFormatException(
				Diagnostic.error(folder.resolve("data." + rank), "no data trace for rank " + rank + " in this folder")));
		return DataTrace.open(data);
	}
}
