// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.looptrace.model.core.Channel;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/**
 * Checks that a trace folder is one consistent run: every file well formed, every message sent
 * received (per FIFO channel, the sends in the sender's trace and the receives in the receiver's
 * trace balance), every collective seen as often by every member of its group and by no one else,
 * every data trace as long as its event trace. Traces are streamed: memory grows with the number of
 * channels and collectives, not with the length of the traces.
 * <p>
 * The check recovers from bad input the way a compiler does: a malformed line is reported and
 * skipped, and the rest of its file is still read and matched with the other ranks; a missing rank
 * is reported and the other ranks are still checked. Only a file that cannot be read past some
 * point (corrupt or truncated gzip) keeps its rank out of the matching, since most of its events are
 * unknown. Diagnostics are capped per file; a note says how many were left out.
 */
public final class ConsistencyCheck {

	/** A collective operation: its name and group. */
	private record Collective(String name, RankSet group) {
	}

	/** A rank that takes part in a collective whose group does not contain it. */
	private record Outsider(int rank, Collective collective) {
	}

	/**
	 * What the check found.
	 *
	 * @param diagnostics          errors, warnings and notes, per rank in rank order, then across ranks,
	 *                             at most {@code shownPerFile} errors and warnings per file
	 * @param eventsPerRank        the events read in each rank's trace (its readable lines)
	 * @param channels             the distinct channels (src, dst, tag)
	 * @param messages             the sends
	 * @param collectives          the distinct collectives (name, group)
	 * @param collectiveOperations the collective operations executed (per collective, the occurrences in one member's trace)
	 * @param skippedLines         the malformed lines skipped in all files
	 * @param errorsLeftOut        the errors found but not in {@code diagnostics} (past the cap of their file)
	 */
	public record Report(List<Diagnostic> diagnostics, long[] eventsPerRank, long channels, long messages, long collectives,
			long collectiveOperations, long skippedLines, long errorsLeftOut) {

		public Report {
			diagnostics = List.copyOf(diagnostics);
			eventsPerRank = eventsPerRank.clone();
		}

		@Override
		public long[] eventsPerRank() {
			return eventsPerRank.clone();
		}

		public int ranks() {
			return eventsPerRank.length;
		}

		/** The events of all ranks. */
		public long events() {
			return Arrays.stream(eventsPerRank).sum();
		}

		/** All errors found, those left out of {@link #diagnostics()} included. */
		public long errors() {
			return diagnostics.stream().filter(Diagnostic::isError).count() + errorsLeftOut;
		}

		public boolean hasErrors() {
			return errors() > 0;
		}

		/** This report with {@code first} (e.g. what reading the traces warned about) before its diagnostics. */
		public Report withDiagnosticsFirst(List<Diagnostic> first) {
			List<Diagnostic> all = new ArrayList<>(first);
			all.addAll(diagnostics);
			return new Report(all, eventsPerRank, channels, messages, collectives, collectiveOperations, skippedLines,
					errorsLeftOut);
		}

		private long warnings() {
			return diagnostics.stream().filter(d -> d.severity() == Diagnostic.Severity.WARNING).count();
		}

		/** One line: ranks, events, channels, messages, collectives, errors (skipped lines, left out), warnings. */
		public String summary() {
			List<String> details = new ArrayList<>();
			if (skippedLines > 0) {
				details.add(skippedLines + (skippedLines == 1 ? " skipped line" : " skipped lines"));
			}
			if (errorsLeftOut > 0) {
				details.add(errorsLeftOut + " not shown");
			}
			return ranks() + " ranks, " + events() + " events, " + channels + " channels, " + messages + " messages, "
					+ collectives + " collectives (" + collectiveOperations + " operations), " + errors() + " errors"
					+ (details.isEmpty() ? "" : " (" + String.join(", ", details) + ")") + ", " + warnings() + " warnings";
		}
	}

	/** Errors and warnings shown per file by default. */
	public static final int DEFAULT_SHOWN_PER_FILE = 10;

	private final TraceFolder folder;
	private final Progress progress;
	private final int shownPerFile;
	private final SkippedLines skipped;
	private final List<Diagnostic> diagnostics = new ArrayList<>();
	private final long[] events;
	/** Ranks whose trace was read to its end (lines skipped or not): their messages are matched. */
	private final boolean[] complete;
	/** Per channel: sends counted in the sender's trace, receives in the receiver's. */
	private final Map<Channel, long[]> channels = new HashMap<>();
	/** Per collective: occurrences in each rank's trace. */
	private final Map<Collective, long[]> collectives = new HashMap<>();
	private final Set<Outsider> outsiders = new HashSet<>();

	private ConsistencyCheck(TraceFolder folder, Progress progress, int shownPerFile) {
		if (shownPerFile < 1) {
			throw new IllegalArgumentException("shownPerFile must be at least 1, found " + shownPerFile);
		}
		this.folder = folder;
		this.progress = progress;
		this.shownPerFile = shownPerFile;
		this.skipped = new SkippedLines(shownPerFile);
		this.events = new long[folder.ranks()];
		this.complete = new boolean[folder.ranks()];
	}

	/**
	 * Checks every rank of the folder, showing at most {@link #DEFAULT_SHOWN_PER_FILE} diagnostics per
	 * file; reports per rank and honours cancellation.
	 *
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static Report check(TraceFolder folder, Progress progress) {
		return check(folder, progress, DEFAULT_SHOWN_PER_FILE);
	}

	/**
	 * Checks every rank of the folder (strict or lenient: the check always skips malformed lines and
	 * reports missing ranks); reports per rank and honours cancellation.
	 *
	 * @param shownPerFile the errors and warnings shown per file (at least 1); the others are counted
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static Report check(TraceFolder folder, Progress progress, int shownPerFile) {
		return new ConsistencyCheck(folder, progress, shownPerFile).run();
	}

	private Report run() {
		int ranks = folder.ranks();
		progress.begin("Checking " + ranks + " traces in " + folder.folder(), ranks + 1L);
		List<Integer> withoutData = new ArrayList<>();
		for (int rank = 0; rank < ranks; rank++) {
			progress.checkCancelled();
			if (folder.missingRanks().contains(rank)) {
				diagnostics.add(Diagnostic.error(folder.traceFile(rank), "missing trace file of rank " + rank
						+ ": the other ranks are checked, but their messages and collectives with rank " + rank + " are not matched"));
				progress.worked(1);
				continue;
			}
			readEvents(rank);
			Optional<Path> data = folder.dataFile(rank);
			if (data.isPresent()) {
				checkData(rank, data.get());
			} else {
				withoutData.add(rank);
			}
			progress.worked(1);
		}
		if (!withoutData.isEmpty() && withoutData.size() < ranks - folder.missingRanks().size()) {
			RankSet missing = RankSet.of(withoutData.stream().mapToInt(Integer::intValue).toArray());
			diagnostics.add(Diagnostic.warning(folder.folder(), "no data." + missing + " while the other ranks have data traces"));
		}
		checkChannels();
		checkCollectives();
		progress.worked(1);
		long messages = channels.values().stream().mapToLong(counts -> counts[0]).sum();
		long operations = 0;
		for (Map.Entry<Collective, long[]> entry : collectives.entrySet()) {
			long most = 0;
			for (int member : entry.getKey().group()) {
				most = Math.max(most, entry.getValue()[member]);
			}
			operations += most;
		}
		return capped(messages, operations);
	}

	/**
	 * The report, showing at most {@link #shownPerFile} errors and warnings per file, in order, and a
	 * note per file that had more. Skipped lines past the cap were only counted by {@link #skipped}.
	 */
	private Report capped(long messages, long operations) {
		Map<Path, long[]> shown = new HashMap<>();
		Map<Path, Long> leftOut = new TreeMap<>();
		List<Diagnostic> kept = new ArrayList<>();
		long errorsLeftOut = 0;
		for (Diagnostic diagnostic : diagnostics) {
			if (++shown.computeIfAbsent(diagnostic.file(), file -> new long[1])[0] <= shownPerFile) {
				kept.add(diagnostic);
			} else {
				leftOut.merge(diagnostic.file(), 1L, Long::sum);
				errorsLeftOut += diagnostic.isError() ? 1 : 0;
			}
		}
		for (int rank = 0; rank < events.length; rank++) {
			Path file = folder.traceFile(rank);
			long notKept = skipped.count(file) - skipped.of(file).size();
			if (notKept > 0) {
				leftOut.merge(file, notKept, Long::sum);
				errorsLeftOut += notKept;
			}
		}
		leftOut.forEach((file, count) -> kept.add(Diagnostic.leftOut(file, count, "errors and warnings", shownPerFile)));
		return new Report(kept, events, channels.size(), messages, collectives.size(), operations, skipped.count(), errorsLeftOut);
	}

	/** Reads the trace of a rank; its diagnostics are added in line order. */
	private void readEvents(int rank) {
		int first = diagnostics.size();
		Path file = folder.traceFile(rank);
		try (EventReader reader = EventReader.open(file, rank, folder.ranks(), skipped)) {
			try {
				for (TraceEvent event; (event = reader.next()) != null;) {
					count(event, reader);
					if ((++events[rank] & 0xffff) == 0) {
						progress.checkCancelled();
					}
				}
				complete[rank] = true;
				Diagnostic cutShort = reader.cutShort();
				if (cutShort != null) {
					diagnostics.add(cutShort);
				}
			} finally {
				diagnostics.addAll(skipped.of(file));
				diagnostics.subList(first, diagnostics.size()).sort(Comparator.comparingLong(Diagnostic::line));
			}
		} catch (TraceFormatException e) {
			diagnostics.add(e.diagnostic());
			long readable = Math.max(0, e.diagnostic().line() - 1);
			diagnostics.add(Diagnostic.warning(file, "checked only up to line " + readable + " (" + events[rank]
					+ (events[rank] == 1 ? " event" : " events") + "): the rest is unreadable, so the messages and collectives of rank " + rank
					+ " are not matched with the other ranks"));
		} catch (IOException e) {
			diagnostics.add(Diagnostic.error(file, "cannot read: " + e.getMessage()));
		}
	}

	private void count(TraceEvent event, EventReader reader) {
		switch (event.kind()) {
		case SEND -> channels.computeIfAbsent(event.channel(), c -> new long[2])[0]++;
		case RECV -> channels.computeIfAbsent(event.channel(), c -> new long[2])[1]++;
		case SYNC -> {
			Collective collective = new Collective(event.tag(), event.group());
			collectives.computeIfAbsent(collective, c -> new long[folder.ranks()])[event.rank()]++;
			if (!event.group().contains(event.rank()) && outsiders.add(new Outsider(event.rank(), collective))) {
				diagnostics.add(Diagnostic.error(reader.file(), reader.line(), 1, "rank " + event.rank() + " takes part in collective "
						+ event.tag() + " over group " + event.group() + ", which does not contain it"));
			}
		}
		case LOCAL -> {
			// local events match nothing
		}
		}
	}

	private void checkData(int rank, Path data) {
		try (DataTrace trace = DataTrace.open(data)) {
			long records = trace.records();
			long headerAndRecords = 16L + 16L * trace.attributes().size() + records * 8L * trace.attributes().size();
			long extra = Files.size(data) - headerAndRecords;
			if (extra > 0) {
				diagnostics.add(Diagnostic.warning(data, "ends with a partial record (" + extra + " bytes after record " + records
						+ "): the writer was interrupted"));
			}
			if (!complete[rank]) {
				return;
			}
			Path traceFile = folder.traceFile(rank);
			// a skipped line may have been an event with its record, or garbage without one
			long lines = events[rank] + skipped.count(traceFile);
			if (records < events[rank]) {
				diagnostics.add(Diagnostic.error(data, "short data trace: " + records + " records for the " + events[rank]
						+ " events of " + traceFile.getFileName() + " (was rank " + rank + " killed mid-run?); "
						+ (records == 0 ? "it has no record" : "records 0-" + (records - 1) + " remain readable")));
			} else if (records > lines) {
				diagnostics.add(Diagnostic.error(data, "long data trace: " + records + " records for the " + events[rank]
						+ " events of " + traceFile.getFileName() + " (expected one record per event)"));
			}
		} catch (TraceFormatException e) {
			diagnostics.add(e.diagnostic());
		} catch (IOException e) {
			diagnostics.add(Diagnostic.error(data, "cannot read: " + e.getMessage()));
		}
	}

	private void checkChannels() {
		// first unmatched event per rank and channel, located by a second pass over those ranks only
		TreeMap<Integer, Map<Channel, long[]>> unmatched = new TreeMap<>();
		List<Channel> sorted = new ArrayList<>(channels.keySet());
		sorted.sort(null);
		for (Channel channel : sorted) {
			long[] counts = channels.get(channel);
			if (counts[0] != counts[1] && complete[channel.src()] && complete[channel.dst()]) {
				int rank = counts[0] > counts[1] ? channel.src() : channel.dst();
				// {index of the first unmatched event on the channel, sends, recvs}
				unmatched.computeIfAbsent(rank, r -> new HashMap<>()).put(channel,
						new long[] { Math.min(counts[0], counts[1]), counts[0], counts[1] });
			}
		}
		for (Map.Entry<Integer, Map<Channel, long[]>> entry : unmatched.entrySet()) {
			progress.checkCancelled();
			locate(entry.getKey(), entry.getValue());
		}
	}

	private void locate(int rank, Map<Channel, long[]> wanted) {
		Map<Channel, Long> seen = new HashMap<>();
		List<Diagnostic> found = new ArrayList<>();
		Path file = folder.traceFile(rank);
		// skipped lines were reported by the first pass
		try (EventReader reader = EventReader.open(file, rank, folder.ranks(), new SkippedLines(0))) {
			for (TraceEvent event; (event = reader.next()) != null && found.size() < wanted.size();) {
				if (event.kind() == EventKind.SEND || event.kind() == EventKind.RECV) {
					long[] counts = wanted.get(event.channel());
					if (counts != null) {
						long index = seen.merge(event.channel(), 1L, Long::sum) - 1;
						if (index == counts[0]) {
							found.add(unmatched(event, file, reader.line(), counts));
						}
					}
				}
			}
		} catch (IOException e) {
			// the first pass read this file whole: it changed under us
			found.add(Diagnostic.error(file, "cannot read again: " + e.getMessage()));
		}
		found.sort(Comparator.comparingLong(Diagnostic::line));
		diagnostics.addAll(found);
	}

	private Diagnostic unmatched(TraceEvent event, Path file, long line, long[] counts) {
		Channel channel = event.channel();
		String sender = folder.traceFile(channel.src()).getFileName() + " sends " + messages(counts[1]);
		String receiver = folder.traceFile(channel.dst()).getFileName() + " receives " + messages(counts[2]);
		long missing = Math.abs(counts[1] - counts[2]);
		String message;
		if (event.kind() == EventKind.SEND) {
			message = "unmatched send on channel " + channel + ": "
					+ (missing == 1 ? "this send is" : "this send and the " + (missing - 1) + " after it are") + " never received ("
					+ sender + ", " + receiver + ")";
		} else {
			message = "unmatched recv on channel " + channel + ": "
					+ (missing == 1 ? "this receive has" : "this receive and the " + (missing - 1) + " after it have")
					+ " no matching send (" + receiver + ", " + sender + ")";
		}
		return Diagnostic.error(file, line, 1, message + skippedNearby(channel));
	}

	/** Where the two ends of a channel had lines skipped: one of them may be the missing message. */
	private String skippedNearby(Channel channel) {
		List<String> files = new ArrayList<>();
		for (int rank : new TreeSet<>(List.of(channel.src(), channel.dst()))) {
			long count = skipped.count(folder.traceFile(rank));
			if (count > 0) {
				files.add(folder.traceFile(rank).getFileName() + " (" + count + ")");
			}
		}
		return files.isEmpty() ? "" : "; lines skipped in " + String.join(" and ", files) + " may be the other end";
	}

	private void checkCollectives() {
		List<Collective> sorted = new ArrayList<>(collectives.keySet());
		sorted.sort(Comparator.comparing(Collective::name).thenComparing(c -> c.group().toString()));
		for (Collective collective : sorted) {
			long[] counts = collectives.get(collective);
			long most = 0;
			for (int member : collective.group()) {
				if (complete[member]) {
					most = Math.max(most, counts[member]);
				}
			}
			for (int member : collective.group()) {
				if (complete[member] && counts[member] < most) {
					diagnostics.add(Diagnostic.error(folder.traceFile(member), "missing member of collective " + collective.name()
							+ " over " + collective.group() + ": rank " + member + " takes part " + times(counts[member])
							+ ", other members " + times(most) + " (" + (most - counts[member]) + " missing)"));
				}
			}
		}
	}

	private static String times(long count) {
		return count == 1 ? "once" : count + " times";
	}

	private static String messages(long count) {
		return count == 1 ? "1 message" : count + " messages";
	}
}
