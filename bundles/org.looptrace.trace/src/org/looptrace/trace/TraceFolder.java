// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.Tokens;

/**
 * A trace folder: {@code trace.<p>} or {@code trace.<p>.gz} for every rank {@code p} from 0 without
 * gaps, and optionally {@code data.<p>}. Opening it only lists the folder; the traces are streamed
 * by the readers it opens.
 */
public final class TraceFolder {

	private final Path folder;
	private final Path[] traces;

	private TraceFolder(Path folder, Path[] traces) {
		this.folder = folder;
		this.traces = traces;
	}

	/**
	 * Lists the trace files of a folder.
	 *
	 * @throws TraceFormatException when the folder cannot be read, holds no trace file, or its ranks
	 *                              have gaps or duplicates (naming the missing or doubled files)
	 */
	public static TraceFolder open(Path folder) throws TraceFormatException {
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
			throw new TraceFormatException(Diagnostic.error(folder,
					"no trace files: expected trace.<rank> or trace.<rank>.gz for ranks 0, 1, ..."));
		}
		if (!doubled.isEmpty()) {
			doubled.sort(null);
			throw new TraceFormatException(Diagnostic.error(folder, "duplicate ranks: " + String.join(", ", doubled)
					+ " (expected one trace file per rank, plain or gzip-compressed)"));
		}
		int ranks = found.lastKey() + 1;
		if (found.size() != ranks) {
			RankSet.Builder missing = new RankSet.Builder();
			for (int rank = 0; rank < ranks; rank++) {
				if (!found.containsKey(rank)) {
					missing.add(rank);
				}
			}
			RankSet gaps = missing.build();
			throw new TraceFormatException(Diagnostic.error(folder, "ranks have gaps: missing trace." + gaps
					+ (gaps.size() == 1 ? "" : " (" + gaps.size() + " files)") + "; found " + found.size()
					+ " trace files up to trace." + found.lastKey() + ", ranks are numbered from 0 without gaps"));
		}
		return new TraceFolder(folder, found.values().toArray(Path[]::new));
	}

	/**
	 * Whether a file is one a run writes into a trace folder: {@code trace.<p>}, {@code trace.<p>.gz}
	 * or {@code data.<p>}. Other files of the folder belong to the user.
	 */
	public static boolean isRunFile(Path file) {
		String name = file.getFileName().toString();
		return name.startsWith("trace.") && rankOf(name) >= 0
				|| name.startsWith("data.") && isRank(name.substring("data.".length()));
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

	/** The number of ranks: trace files are {@code 0 .. ranks() - 1}. */
	public int ranks() {
		return traces.length;
	}

	/** The event trace of a rank: {@code trace.<rank>} or {@code trace.<rank>.gz}. */
	public Path traceFile(int rank) {
		return traces[rank];
	}

	/** Opens the event trace of a rank, checking that every event is its own and every rank is in the folder. */
	public EventReader openEvents(int rank) throws IOException {
		return EventReader.open(traceFile(rank), rank, ranks());
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
