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
import java.util.Set;
import java.util.TreeMap;

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
	 * @param diagnostics          errors and warnings, per rank in rank order, then across ranks
	 * @param eventsPerRank        the events read in each rank's trace (up to its first error)
	 * @param channels             the distinct channels (src, dst, tag)
	 * @param messages             the sends
	 * @param collectives          the distinct collectives (name, group)
	 * @param collectiveOperations the collective operations executed (per collective, the occurrences in one member's trace)
	 */
	public record Report(List<Diagnostic> diagnostics, long[] eventsPerRank, long channels, long messages, long collectives,
			long collectiveOperations) {

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

		public long errors() {
			return diagnostics.stream().filter(Diagnostic::isError).count();
		}

		public boolean hasErrors() {
			return errors() > 0;
		}

		/** One line: ranks, events, channels, messages, collectives, errors, warnings. */
		public String summary() {
			return ranks() + " ranks, " + events() + " events, " + channels + " channels, " + messages + " messages, "
					+ collectives + " collectives (" + collectiveOperations + " operations), " + errors() + " errors, "
					+ (diagnostics.size() - errors()) + " warnings";
		}
	}

	private final TraceFolder folder;
	private final Progress progress;
	private final List<Diagnostic> diagnostics = new ArrayList<>();
	private final long[] events;
	private final boolean[] complete;
	/** Per channel: sends counted in the sender's trace, receives in the receiver's. */
	private final Map<Channel, long[]> channels = new HashMap<>();
	/** Per collective: occurrences in each rank's trace. */
	private final Map<Collective, long[]> collectives = new HashMap<>();
	private final Set<Outsider> outsiders = new HashSet<>();

	private ConsistencyCheck(TraceFolder folder, Progress progress) {
		this.folder = folder;
		this.progress = progress;
		this.events = new long[folder.ranks()];
		this.complete = new boolean[folder.ranks()];
	}

	/**
	 * Checks every rank of the folder; reports per rank and honours cancellation.
	 *
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static Report check(TraceFolder folder, Progress progress) {
		ConsistencyCheck check = new ConsistencyCheck(folder, progress);
		return check.run();
	}

	private Report run() {
		int ranks = folder.ranks();
		progress.begin("Checking " + ranks + " traces in " + folder.folder(), ranks + 1L);
		List<Integer> withoutData = new ArrayList<>();
		for (int rank = 0; rank < ranks; rank++) {
			progress.checkCancelled();
			readEvents(rank);
			if (folder.dataFile(rank).isPresent()) {
				checkData(rank, folder.dataFile(rank).get());
			} else {
				withoutData.add(rank);
			}
			progress.worked(1);
		}
		if (!withoutData.isEmpty() && withoutData.size() < ranks) {
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
		return new Report(diagnostics, events, channels.size(), messages, collectives.size(), operations);
	}

	private void readEvents(int rank) {
		Path file = folder.traceFile(rank);
		try (EventReader reader = folder.openEvents(rank)) {
			for (TraceEvent event; (event = reader.next()) != null;) {
				count(event, reader);
				if ((++events[rank] & 0xffff) == 0) {
					progress.checkCancelled();
				}
			}
			complete[rank] = true;
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
			if (records < events[rank]) {
				diagnostics.add(Diagnostic.error(data, "short data trace: " + records + " records for the " + events[rank]
						+ " events of " + traceFile.getFileName() + " (was rank " + rank + " killed mid-run?); "
						+ (records == 0 ? "it has no record" : "records 0-" + (records - 1) + " remain readable")));
			} else if (records > events[rank]) {
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
		try (EventReader reader = folder.openEvents(rank)) {
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
		return Diagnostic.error(file, line, 1, message);
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
