// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.internal.Specialisation;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.Durations;
import org.looptrace.scanner.profile.RankTime;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.DataTraceWriter;
import org.looptrace.trace.TraceFormatException;

/** The time of every construct equals brute force over the model run event by event, on random models and the examples. */
class TimeProfileTest {

	@Test
	void randomModelsTakeTheTimesOfTheirEventsRunOneByOne(@TempDir Path folder) throws Exception {
		RandomModels random = new RandomModels(77, 5);
		long iterations = 0;
		for (int i = 0; i < 300; i++) {
			Model model = random.next();
			ScannerTest.writeData(model, 5, folder, i);
			int number = i;
			iterations += assertLikeBruteForce(model, folder, 5, () -> "random model " + number + ":\n" + ModelPrinter.print(model));
		}
		assertTrue(iterations > 1000, "the random models timed " + iterations + " iterations");
	}

	@Test
	void exampleModelsTakeTheTimesOfTheirEventsRunOneByOne(@TempDir Path folder) throws Exception {
		for (Path file : Models.exampleModels()) {
			Model model = Models.parse(file);
			int ranks = Positions.of(model).ranks().max() + 1;
			ScannerTest.writeData(model, ranks, folder, 5);
			assertLikeBruteForce(model, folder, ranks, file::toString);
		}
	}

	/** Returns the number of iterations timed. */
	static long assertLikeBruteForce(Block model, Path folder, int ranks, java.util.function.Supplier<String> what)
			throws IOException {
		Map<Construct, List<String>> expected = new IdentityHashMap<>();
		for (int rank = 0; rank < ranks; rank++) {
			if (Positions.of(model).events(rank) == 0) {
				continue;
			}
			try (DataTrace data = DataTrace.open(folder.resolve("data." + rank))) {
				BruteTimes brute = new BruteTimes(rank, data);
				brute.block(model);
				long expanded = 0;
				for (ModelExpander events = ModelExpander.expand(model, rank); events.hasNext(); events.next()) {
					expanded++;
				}
				assertEquals(expanded, brute.position, "events of rank " + rank);
				int r = rank;
				brute.tallies.forEach((construct, tally) -> {
					if (tally.occurrences > 0) {
						expected.computeIfAbsent(construct, c -> new ArrayList<>()).add(tally.text(r));
					}
				});
			}
		}
		TimeProfile profile = TimeProfile.of(model, folder, Progress.NONE);
		Map<Construct, List<String>> actual = new IdentityHashMap<>();
		long iterations = 0;
		for (ConstructTime time : profile.constructs()) {
			assertEquals(ConstructPath.of(time.construct()), time.path());
			List<String> rows = new ArrayList<>();
			for (RankTime rank : time.ranks()) {
				rows.add(text(rank));
				Durations durations = rank.iterations();
				iterations += durations == null ? 0 : durations.count();
			}
			actual.put(time.construct(), rows);
		}
		assertEquals(paths(expected), paths(actual), what);
		return iterations;
	}

	private static Map<String, List<String>> paths(Map<Construct, List<String>> times) {
		Map<String, List<String>> paths = new TreeMap<>();
		times.forEach((construct, rows) -> paths.put(ConstructPath.of(construct), rows));
		return paths;
	}

	private static String text(RankTime rank) {
		Durations iterations = rank.iterations();
		return rank.rank() + " occurrences=" + rank.occurrences() + " mpi=" + rank.mpiTime() + " total=" + rank.totalTime()
				+ (iterations == null ? "" : " iterations=" + iterations.count() + "," + iterations.min() + "," + iterations.sum() + ","
						+ iterations.max() + "," + iterations.binsText());
	}

	/** Runs the model for one rank as the model says, index values in a map, reading a record per event of the rank. */
	private static final class BruteTimes {
		final int rank;
		final DataTrace data;
		final Map<String, Long> values = new LinkedHashMap<>();
		final Map<Construct, Tally> tallies = new IdentityHashMap<>();
		long position;

		BruteTimes(int rank, DataTrace data) {
			this.rank = rank;
			this.data = data;
		}

		void block(Block block) {
			for (Item item : block.getItems()) {
				if (!(item instanceof Construct construct)) {
					continue;
				}
				long first = position;
				Tally tally = tallies.computeIfAbsent(construct, c -> new Tally());
				if (item instanceof Event event) {
					if (Exprs.evaluate(Exprs.owner(event), values::get) == rank) {
						position++;
					}
				} else {
					Loop loop = (Loop) item;
					List<Long> starts = new ArrayList<>();
					long lower = Exprs.evaluate(loop.getLower(), values::get);
					long upper = Exprs.evaluate(loop.getUpper(), values::get);
					for (long value = lower; value <= upper; value++) {
						values.put(loop.getIndex(), value);
						long start = position;
						block(loop);
						if (position > start) {
							starts.add(start);
						}
					}
					values.remove(loop.getIndex());
					for (int k = 0; k < starts.size(); k++) {
						long next = k + 1 < starts.size() ? data.value(starts.get(k + 1), "time") : data.value(position - 1, "end");
						tally.durations.add(next - data.value(starts.get(k), "time"));
					}
				}
				if (position > first) {
					tally.occurrences++;
					for (long record = first; record < position; record++) {
						tally.mpi += data.value(record, "end") - data.value(record, "time");
					}
					tally.total += data.value(position - 1, "end") - data.value(first, "time");
				}
			}
		}
	}

	private static final class Tally {
		long occurrences;
		long mpi;
		long total;
		final List<Long> durations = new ArrayList<>();

		String text(int rank) {
			String text = rank + " occurrences=" + occurrences + " mpi=" + mpi + " total=" + total;
			if (durations.isEmpty()) {
				return text;
			}
			long[] bins = new long[Durations.BINS];
			durations.forEach(duration -> bins[Durations.bin(duration)]++);
			List<String> nonEmpty = new ArrayList<>();
			for (int bin = 0; bin < bins.length; bin++) {
				if (bins[bin] > 0) {
					nonEmpty.add(bin + ":" + bins[bin]);
				}
			}
			return text + " iterations=" + durations.size() + "," + durations.stream().mapToLong(Long::longValue).min().getAsLong() + ","
					+ durations.stream().mapToLong(Long::longValue).sum() + "," + durations.stream().mapToLong(Long::longValue).max().getAsLong()
					+ "," + String.join(";", nonEmpty);
		}
	}

	@Test
	void loopTimesAreTheTotalsOfTheConstructsWithIterations(@TempDir Path folder) throws Exception {
		assertFalse(TimeProfile.hasDataTraces(folder), "an empty folder");
		assertFalse(TimeProfile.hasDataTraces(folder.resolve("missing")), "a missing folder");
		Files.writeString(folder.resolve("trace.0"), "0 send 1 a\n");
		Files.writeString(folder.resolve("data.txt"), "not a data trace\n");
		assertFalse(TimeProfile.hasDataTraces(folder), "event traces and other files only");
		RandomModels random = new RandomModels(91, 4);
		int loops = 0;
		for (int i = 0; i < 200; i++) { // on 4 ranks, many models with loops are left out (owners beyond rank 3)
			Model model = random.next();
			ScannerTest.writeData(model, 4, folder, i);
			assertTrue(TimeProfile.hasDataTraces(folder));
			TimeProfile profile = TimeProfile.of(model, folder, Progress.NONE);
			Map<String, Long> expected = new TreeMap<>();
			for (ConstructTime construct : profile.constructs()) {
				if (construct.iterations() != null) {
					expected.put(construct.path(), construct.ranks().stream().mapToLong(RankTime::totalTime).sum());
				}
			}
			assertEquals(expected, new TreeMap<>(profile.loopTimes()), ModelPrinter.print(model));
			loops += expected.size();
		}
		assertTrue(loops > 100, "the random models had " + loops + " loops");
	}

	@Test
	void loopIterationsImbalanceAndHistogramOfASmallRun(@TempDir Path folder) throws Exception {
		TimeProfile profile = smallRun(folder);
		ConstructTime loop = profile.constructs().get(0);
		assertEquals("1", loop.path());
		RankTime rank0 = loop.ranks().get(0);
		assertEquals(new RankTime(0, 1, 60, 360, rank0.iterations()), rank0);
		Durations iterations = rank0.iterations();
		assertNotNull(iterations);
		assertEquals(3, iterations.count());
		assertEquals(60, iterations.min());
		assertEquals(200, iterations.max());
		assertEquals(120.0, iterations.mean());
		// 60 in [32, 64), 100 in [64, 128), 200 in [128, 256)
		assertEquals("6:1;7:1;8:1", iterations.binsText());
		assertEquals("32ns..256ns \u2588\u2588\u2588", iterations.histogram());
		assertEquals(1.0, loop.imbalance());
		assertEquals(List.of("1", "1.1", "1.2"), profile.constructs().stream().map(ConstructTime::path).toList());
		assertEquals(3, profile.constructs().get(1).ranks().get(0).occurrences());
		assertEquals(360, profile.runTimes().get(0));
	}

	@Test
	void imbalanceIsTheBusiestRankOverTheMean(@TempDir Path folder) throws Exception {
		Model model = Models.parse("""
				for i0 = 0 to 2
				  i0 send 3 a
				done
				""");
		write(folder.resolve("data.0"), new long[][] { { 0, 10 } });
		write(folder.resolve("data.1"), new long[][] { { 0, 20 } });
		write(folder.resolve("data.2"), new long[][] { { 5, 65 } });
		ConstructTime loop = TimeProfile.of(model, folder, Progress.NONE).constructs().get(0);
		assertEquals(List.of(0, 1, 2), loop.ranks().stream().map(RankTime::rank).toList());
		assertEquals(2, loop.busiest().rank());
		assertEquals(60 / (90 / 3.0), loop.imbalance(), 1e-12);
		assertEquals(90, loop.totalTime());
	}

	@Test
	void missingShortAndAttributeLessDataTracesAreNamed(@TempDir Path folder) throws Exception {
		Model model = Models.parse("0 send 1 a\n0 send 1 b\n0 recv 1 a\n0 recv 1 b\n");
		write(folder.resolve("data.0"), new long[][] { { 0, 10 }, { 20, 30 } });
		assertEquals(folder.resolve("data.1") + ": error: missing: expected the data trace of rank 1 (2 records, one per event of the rank"
				+ " in the model; docs/FORMATS.md)", failure(model, folder));
		write(folder.resolve("data.1"), new long[][] { { 0, 10 } });
		assertEquals(folder.resolve("data.1") + ": error: too short: 1 records, expected 2 (one per event of rank 1 in the model)",
				failure(model, folder));
		try (DataTraceWriter data = DataTraceWriter.create(folder.resolve("data.1"), List.of("time", "size"))) {
			data.write(0, 8);
			data.write(5, 8);
		}
		String attribute = failure(model, folder);
		assertTrue(attribute.startsWith(folder.resolve("data.1") + ": error: no attribute 'end': the data trace has time, size"), attribute);
	}

	@Test
	void sumsPast64BitsAreAnErrorNamingTheRecordAndConstruct(@TempDir Path folder) throws Exception {
		Model model = Models.parse("for i0 = 0 to 1\n  0 send 1 a\ndone\n");
		write(folder.resolve("data.0"), new long[][] { { 0, Long.MAX_VALUE / 2 + 1 }, { 0, Long.MAX_VALUE / 2 + 1 } });
		String overflow = failure(model, folder);
		assertTrue(overflow.startsWith(folder.resolve("data.0") + ": error: record 1: the time of construct 1.1 on rank 0 leaves 64 bits"),
				overflow);
	}

	/** The message of the error profiling the folder's data traces. */
	private static String failure(Model model, Path folder) {
		return assertThrows(TraceFormatException.class, () -> TimeProfile.of(model, folder, Progress.NONE)).getMessage();
	}

	@Test
	void cancellationStopsTheWalk(@TempDir Path folder) throws Exception {
		Model model = Models.parse("for i0 = 0 to 99999\n  0 send 1 a\ndone\n");
		long[][] records = new long[100_000][];
		for (int i = 0; i < records.length; i++) {
			records[i] = new long[] { 10L * i, 10L * i + 5 };
		}
		write(folder.resolve("data.0"), records);
		int[] asked = { 0 };
		assertThrows(java.util.concurrent.CancellationException.class,
				() -> TimeProfile.of(model, folder, Progress.cancelledWhen(() -> ++asked[0] > 1)));
		assertTrue(Files.exists(folder.resolve("data.0")));
	}

	/**
	 * The profile of a loop of three iterations on rank 0, which start at 0, 100 and 300 ns, each with
	 * two events of 10 ns; the last iteration ends at 350 + 10.
	 */
	static TimeProfile smallRun(Path folder) throws Exception {
		Model model = Models.parse("""
				for i0 = 0 to 2
				  0 send 1 a
				  0 send 2 b
				done
				""");
		write(folder.resolve("data.0"), new long[][] { { 0, 10 }, { 50, 60 }, { 100, 110 }, { 150, 160 }, { 300, 310 }, { 350, 360 } });
		return TimeProfile.of(model, folder, Progress.NONE);
	}

	private static void write(Path file, long[][] records) throws IOException {
		try (DataTraceWriter data = DataTraceWriter.create(file, List.of("time", "end"))) {
			for (long[] record : records) {
				data.write(record);
			}
		}
	}
}
