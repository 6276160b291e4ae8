// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.looptrace.model.core.AtomicWrite;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.DataTraceWriter;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.EventWriter;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.internal.ArchiveReader;
import org.looptrace.trace.otf2.internal.Mapping;
import org.looptrace.trace.otf2.internal.RankEvents;

/**
 * An OTF2 archive read as the traces of a run, through libotf2: its anchor file ({@code traces.otf2}
 * as Score-P names it), its global definitions (read when it is opened) and, per MPI rank, the events
 * of the rank's master location mapped onto LoopTrace's events and data records (docs/FORMATS.md).
 * <p>
 * The engine reads trace folders: {@link #traceFolder} writes the archive as one
 * ({@code trace.<p>} and {@code data.<p>} with {@code time}, {@code end}, {@code size}) into
 * {@code .looptrace/otf2/} beside the anchor, once, and reuses it while the archive does not change;
 * {@link #convert} writes it where asked. Ranks are read in parallel, each pulled a batch at a time.
 */
public final class Otf2Archive {

	/** The name Score-P gives the anchor file. */
	public static final String ANCHOR = "traces.otf2";
	/** The attributes of the data traces written from an archive, in this order. */
	public static final List<String> DATA_ATTRIBUTES = List.of("time", "end", "size");

	private static final String STAMP = "archive.stamp";
	/** A lock per converted folder, so that one archive is converted once at a time. */
	private static final ConcurrentHashMap<Path, Object> CONVERTING = new ConcurrentHashMap<>();
	/** Beside the converted folder's stamp: per rank, the receive requests its events never complete. */
	private static final String REQUESTS_FILE = "receive-requests";
	/**
	 * Beside the plain conversion: the stamp of the archive, then per rank the records of its
	 * location's event file; written by whatever read them all, valid while the stamp matches.
	 */
	private static final String RECORDS_FILE = "records";

	private final Mapping mapping;
	/** Per rank, the receive requests never completed; known once the events were read or their conversion reused. */
	private final long[] uncompleted;
	/** Per rank, the records of its location's event file; known once the events were read. */
	private final long[] recordsRead;

	private Otf2Archive(Mapping mapping) {
		this.mapping = mapping;
		this.uncompleted = new long[mapping.ranks()];
		this.recordsRead = new long[mapping.ranks()];
	}

	/**
	 * The anchor file of an archive given as its anchor ({@code *.otf2}) or as the folder holding it
	 * ({@code traces.otf2}, or a folder holding exactly one {@code *.otf2}); empty for anything else
	 * (a trace folder of LoopTrace's own format among them).
	 */
	public static Optional<Path> anchorOf(Path path) {
		if (Files.isRegularFile(path)) {
			return path.getFileName().toString().endsWith(".otf2") ? Optional.of(path) : Optional.empty();
		}
		if (!Files.isDirectory(path)) {
			return Optional.empty();
		}
		Path traces = path.resolve(ANCHOR);
		if (Files.isRegularFile(traces)) {
			return Optional.of(traces);
		}
		List<Path> anchors = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(path, "*.otf2")) {
			entries.forEach(entry -> {
				if (Files.isRegularFile(entry)) {
					anchors.add(entry);
				}
			});
		} catch (IOException e) {
			return Optional.empty();
		}
		return anchors.size() == 1 ? Optional.of(anchors.get(0)) : Optional.empty();
	}

	/**
	 * Opens an archive (its anchor or the folder holding it) and reads its global definitions.
	 *
	 * @throws Otf2UnavailableException when libotf2 cannot be loaded (saying which package to install)
	 * @throws TraceFormatException     when the archive cannot be read or has no MPI ranks, naming the file
	 */
	public static Otf2Archive open(Path path) throws IOException {
		Path anchor = anchorOf(path).orElseThrow(() -> new TraceFormatException(Diagnostic.error(path,
				"not an OTF2 archive: expected an anchor file *.otf2, or a folder holding " + ANCHOR)));
		return new Otf2Archive(ArchiveReader.definitions(anchor));
	}

	public Path anchor() {
		return mapping.anchor();
	}

	/** The number of MPI ranks. */
	public int ranks() {
		return mapping.ranks();
	}

	/**
	 * The records of the ranks' locations (region enters and leaves among them, so more than the events
	 * they map onto), counted in their event files: the counts the definitions announce are not to be
	 * trusted (EZTrace 2.0 announces 2 per location whatever it wrote). The counts are saved under the
	 * archive's stamp in {@code .looptrace/otf2/}, by this and by {@link #traceFolder}: while the archive
	 * does not change they are read from there, and no event file is read.
	 *
	 * @param progress one unit per rank; cancelled between ranks
	 * @throws TraceFormatException for an event file that cannot be read, naming it
	 */
	public long records(Progress progress) throws IOException {
		progress.begin("Counting the records of " + anchor().getFileName(), ranks());
		// one stamp for both: it lists every file of the archive, a million at a million ranks
		String stamp = stamp(anchor());
		Optional<long[]> saved = savedRecords(anchor(), stamp).filter(counts -> counts.length == ranks());
		if (saved.isPresent()) {
			return Arrays.stream(saved.get()).sum();
		}
		long[] counted = new long[ranks()];
		for (int rank = 0; rank < ranks(); rank++) {
			progress.checkCancelled();
			try (RankEvents events = new RankEvents(mapping, rank, false)) {
				counted[rank] = events.records();
			}
			progress.worked(1);
		}
		try {
			saveRecords(stamp, counted);
		} catch (IOException e) {
			// an archive in a folder we cannot write to: counted again next time, still right
		}
		return Arrays.stream(counted).sum();
	}

	/**
	 * Per rank, the records of the archive of {@code anchor} as {@link #records} or {@link #traceFolder}
	 * saved them, when they did under its current stamp: read without libotf2 and without the archive
	 * (but for the sizes and times of its files), so the ranks too are known by it. Empty when none are saved.
	 */
	public static Optional<long[]> savedRecords(Path anchor) throws IOException {
		return savedRecords(anchor, stamp(anchor));
	}

	/** As {@link #savedRecords(Path)}, the archive's current stamp given. */
	private static Optional<long[]> savedRecords(Path anchor, String stamp) throws IOException {
		Path file = convertedFolder(anchor, false).resolve(RECORDS_FILE);
		if (!Files.isRegularFile(file)) {
			return Optional.empty();
		}
		String saved = Files.readString(file, StandardCharsets.UTF_8);
		if (!saved.startsWith(stamp)) {
			return Optional.empty();
		}
		return counts(saved.substring(stamp.length()).lines().toList());
	}

	/** Saves per-rank counts of records read under {@code stamp}, the archive's stamp before they were read. */
	private void saveRecords(String stamp, long[] counted) throws IOException {
		StringBuilder text = new StringBuilder(stamp);
		for (long count : counted) {
			text.append(count).append('\n');
		}
		// whole or not at all: another job may read it meanwhile
		AtomicWrite.file(convertedFolder(anchor(), false).resolve(RECORDS_FILE), text.toString().getBytes(StandardCharsets.UTF_8),
				Progress.NONE);
	}

	/** Counts, one a line, or empty when the lines are not that (or there are none). */
	private static Optional<long[]> counts(List<String> lines) {
		if (lines.isEmpty() || !lines.stream().allMatch(line -> line.matches("[0-9]{1,18}"))) {
			return Optional.empty();
		}
		return Optional.of(lines.stream().mapToLong(Long::parseLong).toArray());
	}

	/**
	 * Warnings about the archive's definitions (duplicates that differ, a missing clock, ...) and, once
	 * its events were read ({@link #convert}, {@link #traceFolder}), about receives it requests and never
	 * completes.
	 */
	public List<Diagnostic> warnings() {
		List<Diagnostic> warnings = new ArrayList<>(mapping.warnings());
		Map<Long, RankSet.Builder> ranksByCount = new LinkedHashMap<>();
		for (int rank = 0; rank < ranks(); rank++) {
			if (uncompleted[rank] > 0) {
				ranksByCount.computeIfAbsent(uncompleted[rank], count -> new RankSet.Builder()).add(rank);
			}
		}
		if (!ranksByCount.isEmpty()) {
			List<String> counts = new ArrayList<>();
			ranksByCount.forEach((count, ranks) -> {
				RankSet set = ranks.build();
				String what = counts.isEmpty() ? count == 1 ? " nonblocking receive" : " nonblocking receives" : "";
				counts.add(count + what + (set.size() == 1 ? " of rank " : " of each of ranks ") + set);
			});
			boolean one = Arrays.stream(uncompleted).sum() == 1;
			warnings.add(Diagnostic.warning(anchor(), String.join(", ", counts) + (one ? " is" : " are")
					+ " requested but never completed in the archive: " + uncompletedCause()));
		}
		return warnings;
	}

	/**
	 * Why ranks receive fewer messages than are sent to them, when the archive says so: those of
	 * {@code ranks} that request receives it never completes (EZTrace 2.0 archives among others), with
	 * the remedy, both worded by what the archive says of its writer;
	 * empty when they complete every receive they request, or before the events were read.
	 */
	public Optional<String> missingReceives(RankSet ranks) {
		RankSet.Builder requesting = new RankSet.Builder();
		long requests = 0;
		for (int rank : ranks) {
			if (rank >= 0 && rank < ranks() && uncompleted[rank] > 0) {
				requesting.add(rank);
				requests += uncompleted[rank];
			}
		}
		RankSet found = requesting.build();
		if (found.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of((found.size() == 1 ? "rank " + found + " requests " : "ranks " + found + " request ") + requests
				+ " nonblocking receives that " + anchor() + " never completes (" + uncompletedCause() + "): " + remedy());
	}

	/** Why requested receives are not in the archive, naming its writer when the archive says which. */
	private String uncompletedCause() {
		String writer = mapping.writer();
		if (ezTrace()) {
			return writer + " records no MpiIrecv; their source and tag are unknown";
		}
		return (writer.isEmpty() ? "the archive names no writer and records" : "its writer, " + writer + ", records")
				+ " no MpiIrecv completing them; their source and tag are unknown";
	}

	/** What to do about receives the archive never completes. */
	private String remedy() {
		return ezTrace() ? "trace the run with Score-P or LoopTrace's tracer, which record them"
				: "trace the run with a tracer that records the MpiIrecv completing each nonblocking receive, such as LoopTrace's tracer";
	}

	/** Whether the archive says EZTrace wrote it, which never records the receives it completes nonblocking. */
	private boolean ezTrace() {
		return mapping.writer().toLowerCase(Locale.ROOT).contains("eztrace");
	}

	/**
	 * Writes the archive as a trace folder: {@code trace.<p>} and {@code data.<p>} for every rank,
	 * ranks on up to {@code threads} threads.
	 *
	 * @param calls whether Enter and Leave of regions become {@code local call F} / {@code local return F}
	 */
	public void convert(Path folder, boolean calls, int threads, Progress progress) throws IOException {
		Files.createDirectories(folder);
		progress.begin("Reading " + anchor().getFileName(), ranks());
		Progress shared = Parallel.shared(progress);
		Parallel.map(ranks(), threads, rank -> {
			shared.checkCancelled();
			convertRank(rank, folder, calls, shared);
			shared.worked(1);
			return rank;
		});
	}

	/**
	 * Streams the events of one rank to {@code sink}, pulled from the library a batch at a time.
	 *
	 * @param calls whether Enter and Leave of regions become {@code local call F} / {@code local return F}
	 * @return the number of events
	 */
	public long read(int rank, boolean calls, Consumer<TraceEvent> sink) throws IOException {
		long n = 0;
		try (RankEvents events = new RankEvents(mapping, rank, calls)) {
			for (TraceEvent event; (event = events.next()) != null; n++) {
				sink.accept(event);
			}
		}
		return n;
	}

	/** Writes the trace and data trace of a rank, and notes its receive requests never completed and its records. */
	private void convertRank(int rank, Path folder, boolean calls, Progress progress) throws IOException {
		try (RankEvents events = new RankEvents(mapping, rank, calls);
				EventWriter trace = EventWriter.create(folder.resolve("trace." + rank));
				DataTraceWriter data = DataTraceWriter.create(folder.resolve("data." + rank), DATA_ATTRIBUTES)) {
			long n = 0;
			for (TraceEvent event; (event = events.next()) != null;) {
				trace.write(event);
				data.write(events.time(), events.end(), events.size());
				if ((++n & 0xffff) == 0) {
					progress.checkCancelled();
				}
			}
			uncompleted[rank] = events.uncompletedReceives();
			recordsRead[rank] = events.records();
		}
	}

	/**
	 * The archive as a trace folder, written into {@code .looptrace/otf2/} (or {@code otf2-calls/})
	 * beside the anchor unless it is there from an unchanged archive; the records it read are saved
	 * for {@link #records} too. Callers converting the same archive at the same time (views of one
	 * model opened together) wait for the first: it is written once.
	 */
	public TraceFolder traceFolder(boolean calls, int threads, Progress progress) throws IOException {
		Path folder = convertedFolder(anchor(), calls);
		synchronized (CONVERTING.computeIfAbsent(folder.toAbsolutePath().normalize(), key -> new Object())) {
			if (!isConverted(anchor(), calls) || !readConversion(calls)) {
				String stamp = stamp(anchor());
				Files.deleteIfExists(folder.resolve(STAMP));
				try (Stream<Path> old = Files.isDirectory(folder) ? Files.list(folder) : Stream.empty()) {
					for (Path file : old.filter(TraceFolder::isRunFile).toList()) {
						Files.delete(file);
					}
				}
				convert(folder, calls, threads, progress);
				StringBuilder counts = new StringBuilder();
				for (long count : uncompleted) {
					counts.append(count).append('\n');
				}
				Files.writeString(folder.resolve(REQUESTS_FILE), counts, StandardCharsets.UTF_8);
				saveRecords(stamp, recordsRead);
				Files.writeString(folder.resolve(STAMP), stamp, StandardCharsets.UTF_8);
			}
		}
		return TraceFolder.open(folder);
	}

	/** The folder {@link #traceFolder} writes the archive of {@code anchor} into. */
	static Path convertedFolder(Path anchor, boolean calls) {
		return anchor.resolveSibling(".looptrace").resolve(calls ? "otf2-calls" : "otf2");
	}

	/**
	 * Whether {@link #traceFolder} wrote the archive of {@code anchor} and the archive did not change
	 * since: its files are compared with the stamp written then, without the library.
	 */
	static boolean isConverted(Path anchor, boolean calls) throws IOException {
		Path folder = convertedFolder(anchor, calls);
		Path stamp = folder.resolve(STAMP);
		return Files.isRegularFile(stamp) && Files.isRegularFile(folder.resolve(REQUESTS_FILE))
				&& Files.readString(stamp, StandardCharsets.UTF_8).equals(stamp(anchor));
	}

	/**
	 * Reads what a conversion saved besides the trace folder: per rank, the receive requests never
	 * completed. False when they are not there for every rank.
	 */
	boolean readConversion(boolean calls) throws IOException {
		Path file = convertedFolder(anchor(), calls).resolve(REQUESTS_FILE);
		if (!Files.isRegularFile(file)) {
			return false;
		}
		Optional<long[]> counts = counts(Files.readAllLines(file, StandardCharsets.UTF_8)).filter(saved -> saved.length == ranks());
		counts.ifPresent(saved -> System.arraycopy(saved, 0, uncompleted, 0, ranks()));
		return counts.isPresent();
	}

	/** What identifies the archive's contents: name, size and time of each of its files. */
	private static String stamp(Path anchor) throws IOException {
		StringBuilder text = new StringBuilder("otf2 archive v1\n");
		for (Path file : files(anchor)) {
			text.append(anchor.resolveSibling("").relativize(file)).append(' ').append(Files.size(file)).append(' ')
					.append(Files.getLastModifiedTime(file).toMillis()).append('\n');
		}
		return text.toString();
	}

	/**
	 * The files of the archive whose anchor is {@code anchor} ({@code NAME.otf2}), those that exist, in
	 * order: the anchor, its global definitions {@code NAME.def} and every file under {@code NAME/} (the
	 * locations' definitions and events). Reading them needs no library: copying an archive copies these.
	 */
	public static List<Path> files(Path anchor) throws IOException {
		String name = anchor.getFileName().toString().replaceFirst("\\.otf2$", "");
		List<Path> files = new ArrayList<>(List.of(anchor));
		Path definitions = anchor.resolveSibling(name + ".def");
		if (Files.isRegularFile(definitions)) {
			files.add(definitions);
		}
		Path locations = anchor.resolveSibling(name);
		if (Files.isDirectory(locations)) {
			try (Stream<Path> entries = Files.walk(locations)) {
				entries.filter(Files::isRegularFile).sorted().forEach(files::add);
			}
		}
		return files;
	}

	/** The event file of a rank's location, where diagnostics about its events point. */
	public Path eventFile(int rank) {
		return mapping.eventFile(rank);
	}

	/** A rank's location as diagnostics name it: {@code location L (rank P, NAME)}. */
	public String describe(int rank) {
		return mapping.describe(rank);
	}

	/**
	 * The positions in the archive of some events of a rank, read once: for each index {@code n}
	 * (1-based, the line of {@code trace.<rank>} written with the same {@code calls}), the position of
	 * the record it was read from among those of the rank's location (1-based, as otf2-print counts;
	 * an MPI call's records other than its message or collective do not become events, so the two differ).
	 */
	public Map<Long, Long> positions(int rank, boolean calls, Collection<Long> indexes) throws IOException {
		Set<Long> wanted = new HashSet<>(indexes);
		Map<Long, Long> found = new HashMap<>();
		try (RankEvents events = new RankEvents(mapping, rank, calls)) {
			for (long n = 1; found.size() < wanted.size() && events.next() != null; n++) {
				if (wanted.contains(n)) {
					found.put(n, events.position());
				}
			}
		}
		return found;
	}

	/** Whether libotf2 can be loaded; when it cannot, the message of the exception says what to install. */
	public static void checkLibrary() throws Otf2UnavailableException {
		ArchiveReader.library();
	}
}
