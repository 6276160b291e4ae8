// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.Positions;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/**
 * The time of every construct of a model on every rank (docs/TIME.md), from the {@code time} and
 * {@code end} attributes of the data traces {@code data.<rank>} of a folder. Each data trace is read
 * once, record after record, walking the projection of the model onto its rank in step with the
 * records ({@link Positions}): the work is that of reading the data traces. Sums are exact in 64 bits.
 *
 * <pre>
 * TimeProfile profile = TimeProfile.of(model, Path.of("run"), Progress.NONE);
 * for (ConstructTime construct : profile.constructs()) {
 *     construct.path();        // 2.1
 *     construct.imbalance();   // 1.31
 * }
 * </pre>
 */
public final class TimeProfile {

	private final List<ConstructTime> constructs;
	private final Map<Construct, ConstructTime> byConstruct;
	private final SortedMap<Integer, Long> runTimes;

	private TimeProfile(List<ConstructTime> constructs, SortedMap<Integer, Long> runTimes) {
		this.constructs = Collections.unmodifiableList(constructs);
		this.byConstruct = new IdentityHashMap<>();
		constructs.forEach(time -> byConstruct.put(time.construct(), time));
		this.runTimes = Collections.unmodifiableSortedMap(runTimes);
	}

	/**
	 * Reads the time of every construct of a model from the data traces of a folder, rank by rank.
	 *
	 * @throws TraceFormatException naming the file when the data trace of a rank with events is
	 *                              missing, is not one, lacks {@code time} or {@code end}, does not
	 *                              hold one record per event of the rank, or when a sum of times
	 *                              leaves 64 bits
	 * @throws IllegalArgumentException when the model is too irregular to project ({@link Positions})
	 * @throws java.util.concurrent.CancellationException when {@code progress} is cancelled
	 */
	public static TimeProfile of(Block model, Path folder, Progress progress) throws IOException {
		Positions positions = Positions.of(model);
		SortedMap<Integer, Long> events = new TreeMap<>();
		long all = 0;
		for (int rank : positions.ranks()) {
			long count = positions.events(rank);
			if (count > 0) { // a rank whose events sit in loops that never run has no data trace
				events.put(rank, count);
				all += count;
			}
		}
		for (var rank : events.entrySet()) { // every file before reading any
			Path file = folder.resolve("data." + rank.getKey());
			if (!Files.isRegularFile(file)) {
				throw new TraceFormatException(Diagnostic.error(file, "missing: expected the data trace of rank " + rank.getKey() + " ("
						+ rank.getValue() + " records, one per event of the rank in the model; docs/FORMATS.md)"));
			}
		}
		progress.begin("Profiling " + folder, all);
		Map<Construct, List<RankTime>> times = new IdentityHashMap<>();
		SortedMap<Integer, Long> runTimes = new TreeMap<>();
		for (var rank : events.entrySet()) {
			progress.checkCancelled();
			try (DataTrace data = DataTrace.open(folder.resolve("data." + rank.getKey()))) {
				if (data.records() != rank.getValue()) {
					throw new TraceFormatException(Diagnostic.error(data.file(), (data.records() < rank.getValue() ? "too short" : "too long")
							+ ": " + data.records() + " records, expected " + rank.getValue() + " (one per event of rank " + rank.getKey()
							+ " in the model)"));
				}
				ProfileWalk walk = ProfileWalk.of(positions.projection(rank.getKey()), data);
				runTimes.put(rank.getKey(), walk.run(progress));
				walk.times().forEach((construct, time) -> times.computeIfAbsent(construct, c -> new ArrayList<>()).add(time));
			}
		}
		List<ConstructTime> constructs = new ArrayList<>();
		collect(model, times, constructs);
		return new TimeProfile(constructs, runTimes);
	}

	/** The constructs in model order (a loop before its body), with their times. */
	private static void collect(Block block, Map<Construct, List<RankTime>> times, List<ConstructTime> constructs) {
		for (Construct construct : ConstructPath.constructs(block)) {
			List<RankTime> ranks = times.get(construct);
			if (ranks != null) {
				constructs.add(new ConstructTime(construct, ConstructPath.of(construct), ranks));
			}
			if (construct instanceof Block inner) {
				collect(inner, times, constructs);
			}
		}
	}

	/**
	 * Whether a folder holds a data trace {@code data.<rank>}: without any, a run has no time to show
	 * (a missing folder holds none).
	 */
	public static boolean hasDataTraces(Path folder) {
		try (Stream<Path> files = Files.list(folder)) {
			return files.anyMatch(TimeProfile::isDataTrace);
		} catch (IOException e) {
			return false;
		}
	}

	/** Whether a file is a data trace {@code data.<rank>}. */
	static boolean isDataTrace(Path file) {
		return file.getFileName().toString().startsWith("data.") && TraceFolder.isRunFile(file);
	}

	/** The constructs some rank runs, in model order (a loop before its body); constructs that never run are left out. */
	public List<ConstructTime> constructs() {
		return constructs;
	}

	/**
	 * The total time of every loop some rank runs, summed over its ranks, by path: what the timeline
	 * colours loops by.
	 *
	 * @throws ArithmeticException when a sum leaves 64 bits
	 */
	public Map<String, Long> loopTimes() {
		Map<String, Long> loops = new HashMap<>();
		for (ConstructTime construct : constructs) {
			if (construct.construct() instanceof Loop) {
				loops.put(construct.path(), construct.totalTime());
			}
		}
		return loops;
	}

	/** The time of a construct (or of the construct an object of the model is inside), or null when no rank runs it. */
	public @Nullable ConstructTime of(EObject object) {
		for (EObject current = object; current != null; current = current.eContainer()) {
			if (current instanceof Construct construct) {
				return byConstruct.get(construct);
			}
		}
		return null;
	}

	/** For each rank with events, the {@code end} of its last event minus the {@code time} of its first one. */
	public SortedMap<Integer, Long> runTimes() {
		return runTimes;
	}

	/**
	 * The share of the run a construct takes: the sum of its ranks' total times over the sum of those
	 * ranks' run times (0 when they are 0).
	 */
	public double share(ConstructTime construct) {
		double run = 0;
		double spent = 0;
		for (RankTime rank : construct.ranks()) {
			run += runTimes.getOrDefault(rank.rank(), 0L);
			spent += rank.totalTime();
		}
		return run <= 0 ? 0 : spent / run;
	}
}
