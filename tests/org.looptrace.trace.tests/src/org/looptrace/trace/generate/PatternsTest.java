// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.EventReader;
import org.looptrace.trace.EventWriter;
import org.looptrace.trace.TraceFolder;

class PatternsTest {

	/** Set by JUnit before each test (the initial value only satisfies the null analysis). */
	@TempDir
	Path dir = Path.of("");

	/**
	 * Runs the ranks' streams with buffered sends: a receive waits for a message on its channel, a
	 * collective for every member of its group to reach it. Fails on a deadlock or a message left
	 * unreceived; returns the number of events run.
	 */
	static long assertRealizable(Pattern pattern) {
		int ranks = pattern.ranks();
		List<Iterator<TraceEvent>> streams = new ArrayList<>();
		for (int rank = 0; rank < ranks; rank++) {
			streams.add(pattern.events(rank));
		}
		TraceEvent[] waiting = new TraceEvent[ranks];
		boolean[] done = new boolean[ranks];
		Map<Channel, Long> inFlight = new HashMap<>();
		long events = 0;
		while (true) {
			boolean progress = false;
			for (int rank = 0; rank < ranks; rank++) {
				while (!done[rank]) {
					if (waiting[rank] == null) {
						if (!streams.get(rank).hasNext()) {
							done[rank] = true;
							break;
						}
						waiting[rank] = streams.get(rank).next();
						assertEquals(rank, waiting[rank].owner(), "event of another rank in the stream of " + rank);
					}
					TraceEvent event = waiting[rank];
					if (event.kind() == EventKind.SYNC) {
						break;
					}
					if (event.kind() == EventKind.SEND) {
						inFlight.merge(event.channel(), 1L, Long::sum);
					} else if (event.kind() == EventKind.RECV) {
						if (inFlight.getOrDefault(event.channel(), 0L) == 0) {
							break;
						}
						inFlight.merge(event.channel(), -1L, Long::sum);
					}
					waiting[rank] = null;
					events++;
					progress = true;
				}
			}
			for (int rank = 0; rank < ranks; rank++) {
				TraceEvent sync = waiting[rank];
				if (sync != null && sync.kind() == EventKind.SYNC && everyMemberWaitsFor(sync, waiting)) {
					for (int member : sync.group()) {
						waiting[member] = null;
						events++;
					}
					progress = true;
				}
			}
			if (!progress) {
				for (int rank = 0; rank < ranks; rank++) {
					if (!done[rank]) {
						fail(pattern + ": deadlock, rank " + rank + " waits at '" + waiting[rank] + "'");
					}
				}
				inFlight.forEach((channel, count) -> assertEquals(0L, count, pattern + ": messages never received on " + channel));
				return events;
			}
		}
	}

	private static boolean everyMemberWaitsFor(TraceEvent sync, TraceEvent[] waiting) {
		for (int member : sync.group()) {
			TraceEvent other = waiting[member];
			if (other == null || other.kind() != EventKind.SYNC || !other.tag().equals(sync.tag()) || !other.group().equals(sync.group())) {
				return false;
			}
		}
		return true;
	}

	@Test
	void everyPatternIsRealizableAtSeveralSizesAndSeeds() {
		for (String name : Patterns.ALL) {
			for (int ranks = 2; ranks <= 20; ranks++) {
				for (long seed = 0; seed < (name.equals("random") ? 40 : 1); seed++) {
					Pattern pattern = Patterns.create(name, ranks, 1 + (ranks + seed) % 5, seed);
					assertTrue(assertRealizable(pattern) > 0, pattern.toString());
				}
			}
		}
	}

	@Test
	void wavefrontMirrorsTheShapeOfTheLuTrace() {
		// rank 0 of a 4x4 grid: an inner loop of sends (forward sweep), then one of receives (backward sweep)
		List<String> lines = new ArrayList<>();
		Patterns.create("wavefront", 16, 1, 0).events(0).forEachRemaining(event -> lines.add(event.toLine()));
		List<String> expected = new ArrayList<>(List.of("0 sync MPI_Allreduce 0-15", "0 send 1 tag2", "1 recv 0 tag1", "0 send 4 tag4",
				"4 recv 0 tag3", "0 sync MPI_Allreduce 0-15", "0 sync MPI_Barrier 0-15"));
		for (int k = 0; k < 10; k++) {
			expected.addAll(List.of("0 send 1 tag2", "0 send 4 tag4"));
		}
		for (int k = 0; k < 10; k++) {
			expected.addAll(List.of("1 recv 0 tag1", "4 recv 0 tag3"));
		}
		expected.addAll(List.of("0 send 1 tag2", "1 recv 0 tag1", "0 send 4 tag4", "4 recv 0 tag3", "0 sync MPI_Allreduce 0-15"));
		assertEquals(expected, lines);
	}

	@Test
	void writingStopsBeforeTheNextRankWhenCancelled() throws IOException {
		// a rank of this ring has a few events, far fewer than the checks within a rank are apart
		Path folder = dir.resolve("ring");
		Progress cancelledOnceARankIsWritten = new Progress() {
			private boolean rankWritten;

			@Override
			public void begin(@Nullable String task, long totalWork) {
			}

			@Override
			public void worked(long work) {
				rankWritten = true;
			}

			@Override
			public boolean isCancelled() {
				return rankWritten;
			}
		};
		assertThrows(CancellationException.class, () -> Patterns.write(Patterns.create("ring", 4, 3, 0), folder, cancelledOnceARankIsWritten));
		try (Stream<Path> files = Files.list(folder)) {
			assertEquals(List.of("data.0", "trace.0"), files.map(file -> file.getFileName().toString()).sorted().toList());
		}
	}

	@Test
	void streamsAreDeterministicAndEqualToTheWrittenFolder() throws IOException {
		for (String name : Patterns.ALL) {
			Pattern pattern = Patterns.create(name, 6, 4, 17);
			Patterns.write(pattern, dir.resolve(name), Progress.NONE);
			TraceFolder folder = TraceFolder.open(dir.resolve(name));
			for (int rank = 0; rank < 6; rank++) {
				List<TraceEvent> streamed = new ArrayList<>();
				Patterns.create(name, 6, 4, 17).events(rank).forEachRemaining(streamed::add);
				List<TraceEvent> read = new ArrayList<>();
				try (EventReader reader = folder.openEvents(rank); DataTrace data = folder.openData(rank)) {
					for (TraceEvent event; (event = reader.next()) != null;) {
						read.add(event);
					}
					assertEquals(List.of("time", "end", "size"), data.attributes());
					assertEquals(read.size(), data.records());
					for (long i = 0; i < data.records(); i++) {
						long[] record = data.record(i);
						assertTrue(record[0] >= 0 && record[1] > record[0] && record[2] >= 0, name + " record " + i);
						assertTrue(i == 0 || record[0] > data.value(i - 1, "end"), "time goes forward");
					}
				}
				assertEquals(streamed, read, name + " rank " + rank);
			}
		}
	}

	@Test
	void seedChangesRandomTrafficOnly() {
		List<TraceEvent> a = new ArrayList<>();
		List<TraceEvent> b = new ArrayList<>();
		Patterns.create("random", 5, 50, 1).events(2).forEachRemaining(a::add);
		Patterns.create("random", 5, 50, 2).events(2).forEachRemaining(b::add);
		assertNotEquals(a, b);
		List<TraceEvent> c = new ArrayList<>();
		List<TraceEvent> d = new ArrayList<>();
		Patterns.create("halo", 5, 5, 1).events(2).forEachRemaining(c::add);
		Patterns.create("halo", 5, 5, 2).events(2).forEachRemaining(d::add);
		assertEquals(c, d);
	}

	@Test
	void badArguments() {
		assertEquals("unknown pattern 'spiral': expected one of ring, halo, torus, multipartition, wavefront, masterworker, solver, butterfly, random, lu, mg",
				assertThrows(IllegalArgumentException.class, () -> Patterns.create("spiral", 4, 1, 0)).getMessage());
		assertThrows(IllegalArgumentException.class, () -> Patterns.create("ring", 1, 1, 0));
		assertThrows(IllegalArgumentException.class, () -> Patterns.create("ring", 4, -1, 0));
		assertThrows(IllegalArgumentException.class, () -> Patterns.create("ring", 4, 1, 0).events(4));
	}

	private static long usedHeap() {
		Runtime runtime = Runtime.getRuntime();
		for (int i = 0; i < 3; i++) {
			System.gc();
		}
		return runtime.totalMemory() - runtime.freeMemory();
	}

	private static final long MB = 1 << 20;

	@Test
	void tenMillionEventsAreStreamedAndReadInConstantMemory() throws IOException {
		// an interior rank of a 4x4 halo exchange: 8 events per iteration
		Pattern pattern = Patterns.create("halo", 16, 1_250_000, 0);
		Iterator<TraceEvent> stream = pattern.events(5);
		Path file = dir.resolve("trace.5.gz");
		long generatedAt1M = 0;
		long written = 0;
		try (EventWriter writer = EventWriter.create(file)) {
			while (stream.hasNext()) {
				writer.write(stream.next());
				if (++written == 1_000_000) {
					generatedAt1M = usedHeap();
				}
			}
		}
		long generatedAt10M = usedHeap();
		assertEquals(10_000_000, written);
		assertTrue(generatedAt10M - generatedAt1M < 4 * MB, "generator heap grew from " + generatedAt1M / 1024 + " KB at 1M events to "
				+ generatedAt10M / 1024 + " KB at 10M events");

		long read = 0;
		long readAt1M = 0;
		try (EventReader reader = EventReader.open(file, 5, 16)) {
			while (reader.next() != null) {
				if (++read == 1_000_000) {
					readAt1M = usedHeap();
				}
			}
			long readAt10M = usedHeap();
			assertEquals(10_000_000, read);
			assertTrue(readAt10M - readAt1M < 4 * MB, "reader heap grew from " + readAt1M / 1024 + " KB at 1M events to "
					+ readAt10M / 1024 + " KB at 10M events");
		}
	}
}
