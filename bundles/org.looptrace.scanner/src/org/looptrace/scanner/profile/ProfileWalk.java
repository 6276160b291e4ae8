// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.profile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.internal.LongPolynomial;
import org.looptrace.scanner.internal.Projection;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFormatException;

/**
 * The walk of one rank's projection in step with its data trace: every event of the rank in trace
 * order, each reading the next record, each occurrence of a construct spanning the records read
 * while it runs. The projection's loops are compiled once (bounds as 64-bit polynomials of the
 * enclosing kept indices, a tally per construct), then run.
 */
final class ProfileWalk {

	private static final int EVENTS_BETWEEN_CHECKS = 1 << 16;

	/** A construct of the projection and the tally of its construct on this rank. */
	private abstract static sealed class Step permits EventStep, IteratedStep {
		final Tally tally;

		Step(Tally tally) {
			this.tally = tally;
		}
	}

	private static final class EventStep extends Step {
		EventStep(Tally tally) {
			super(tally);
		}
	}

	/**
	 * A loop, kept or unrolled, and the state of its occurrence being walked (a step never runs
	 * inside itself, so one state per step suffices).
	 */
	private abstract static sealed class IteratedStep extends Step permits LoopStep, UnrolledStep {
		/** Whether an iteration of the current occurrence held records. */
		boolean any;
		/** The time of the first record of the current occurrence, and of its last iteration with records. */
		long firstTime;
		long previousTime;

		IteratedStep(Tally tally) {
			super(tally);
		}
	}

	/** A kept loop: per piece of its range (one unless split), the bounds and the steps of the body. */
	private static final class LoopStep extends IteratedStep {
		final int slot;
		final LongPolynomial[] lower;
		final LongPolynomial[] upper;
		final Step[][] body;

		LoopStep(Tally tally, int slot, LongPolynomial[] lower, LongPolynomial[] upper, Step[][] body) {
			super(tally);
			this.slot = slot;
			this.lower = lower;
			this.upper = upper;
			this.body = body;
		}
	}

	private static final class UnrolledStep extends IteratedStep {
		final Step[][] iterations;

		UnrolledStep(Tally tally, Step[][] iterations) {
			super(tally);
			this.iterations = iterations;
		}
	}

	/** What one construct sums on this rank. */
	private static final class Tally {
		final Construct construct;
		long occurrences;
		long mpiTime;
		long totalTime;
		final Durations.@Nullable Builder iterations;

		Tally(Construct construct, boolean loop) {
			this.construct = construct;
			this.iterations = loop ? new Durations.Builder() : null;
		}

		RankTime time(int rank) {
			Durations.Builder loop = iterations;
			return new RankTime(rank, occurrences, mpiTime, totalTime, loop == null || loop.isEmpty() ? null : loop.build());
		}
	}

	private final DataTrace data;
	private final int rank;
	private final Step[] top;
	private final Map<Construct, Tally> tallies;
	private final int time;
	private final int end;
	private final long[] values;
	/** The next record to read. */
	private long position;
	/** The sum of end - time of the records read. */
	private long mpiTime;
	/** The end of the last record read. */
	private long lastEnd;
	/** The construct whose sums are being added to, for the message when one leaves 64 bits. */
	private @Nullable Construct adding;

	private ProfileWalk(DataTrace data, int rank, Step[] top, Map<Construct, Tally> tallies, int slots) throws TraceFormatException {
		this.data = data;
		this.rank = rank;
		this.top = top;
		this.tallies = tallies;
		this.time = attribute(data, "time");
		this.end = attribute(data, "end");
		this.values = new long[slots];
	}

	private static int attribute(DataTrace data, String name) throws TraceFormatException {
		if (!data.attributes().contains(name)) {
			throw new TraceFormatException(Diagnostic.error(data.file(), "no attribute '" + name + "': the data trace has "
					+ String.join(", ", data.attributes()) + "; the time of constructs needs time and end (docs/FORMATS.md)"));
		}
		return data.attributeIndex(name);
	}

	/** The walk of a projection over the data trace of its rank. */
	static ProfileWalk of(Projection projection, DataTrace data) throws TraceFormatException {
		Compiler compiler = new Compiler();
		Step[] top = compiler.steps(projection.top(), new ArrayList<>());
		return new ProfileWalk(data, projection.rank(), top, compiler.tallies, compiler.slots);
	}

	/** Compiles the projection's nodes into steps, a tally per construct. */
	private static final class Compiler {
		final Map<Construct, Tally> tallies = new IdentityHashMap<>();
		int slots;

		Step[] steps(List<Projection.Node> nodes, List<String> kept) {
			Step[] steps = new Step[nodes.size()];
			for (int i = 0; i < steps.length; i++) {
				Projection.Node node = nodes.get(i);
				Tally tally = tallies.computeIfAbsent(node.construct, construct -> new Tally(construct, !(node instanceof Projection.EventNode)));
				if (node instanceof Projection.LoopNode loop) {
					int pieces = loop.pieces.size();
					LongPolynomial[] lower = new LongPolynomial[pieces];
					LongPolynomial[] upper = new LongPolynomial[pieces];
					Step[][] body = new Step[pieces][];
					for (int k = 0; k < pieces; k++) {
						Projection.Piece piece = loop.pieces.get(k);
						lower[k] = LongPolynomial.of(piece.lower, kept);
						upper[k] = LongPolynomial.of(piece.upper, kept);
						kept.add(loop.index);
						slots = Math.max(slots, kept.size());
						body[k] = steps(piece.body, kept);
						kept.remove(kept.size() - 1);
					}
					steps[i] = new LoopStep(tally, kept.size(), lower, upper, body);
				} else if (node instanceof Projection.UnrolledNode unrolled) {
					Step[][] iterations = new Step[unrolled.iterations.size()][];
					for (int k = 0; k < iterations.length; k++) {
						iterations[k] = steps(unrolled.iterations.get(k).body, kept);
					}
					steps[i] = new UnrolledStep(tally, iterations);
				} else {
					steps[i] = new EventStep(tally);
				}
			}
			return steps;
		}
	}

	/**
	 * Reads every record of the data trace in order, adding each to the constructs it is in.
	 *
	 * @return the rank's run time: the {@code end} of its last event minus the {@code time} of its first
	 * @throws TraceFormatException when a sum leaves 64 bits, naming the record and the construct
	 */
	long run(Progress progress) throws IOException {
		try {
			run(top, progress);
			progress.worked(position & (EVENTS_BETWEEN_CHECKS - 1));
			adding = null;
			return position == 0 ? 0 : Math.subtractExact(lastEnd, time(0));
		} catch (ArithmeticException e) {
			Construct construct = adding;
			throw new TraceFormatException(Diagnostic.error(data.file(), "record " + position + ": the time "
					+ (construct == null ? "of the run" : "of construct " + ConstructPath.of(construct)) + " on rank " + rank
					+ " leaves 64 bits (more than 2^63-1 ns); expected times in nanoseconds (docs/FORMATS.md)"), e);
		}
	}

	/** The time of every construct with events of the rank. */
	Map<Construct, RankTime> times() {
		Map<Construct, RankTime> times = new IdentityHashMap<>();
		tallies.forEach((construct, tally) -> {
			if (tally.occurrences > 0) {
				times.put(construct, tally.time(rank));
			}
		});
		return times;
	}

	private void run(Step[] steps, Progress progress) {
		for (Step step : steps) {
			Tally tally = step.tally;
			if (step instanceof EventStep) {
				adding = tally.construct;
				long time = time(position);
				lastEnd = end(position);
				long duration = Math.subtractExact(lastEnd, time);
				mpiTime = Math.addExact(mpiTime, duration);
				tally.occurrences++;
				tally.mpiTime = Math.addExact(tally.mpiTime, duration);
				tally.totalTime = Math.addExact(tally.totalTime, duration);
				if ((++position & (EVENTS_BETWEEN_CHECKS - 1)) == 0) {
					progress.worked(EVENTS_BETWEEN_CHECKS);
					progress.checkCancelled();
				}
				continue;
			}
			IteratedStep iterated = (IteratedStep) step;
			long mpiBefore = mpiTime;
			iterated.any = false;
			if (step instanceof LoopStep loop) {
				for (int k = 0; k < loop.body.length; k++) {
					long upper = loop.upper[k].evaluate(values);
					for (long value = loop.lower[k].evaluate(values); value <= upper; value++) {
						values[loop.slot] = value;
						long start = position;
						run(loop.body[k], progress);
						iterated(loop, start);
						if (value == Long.MAX_VALUE) {
							break;
						}
					}
				}
			} else {
				for (Step[] iteration : ((UnrolledStep) step).iterations) {
					long start = position;
					run(iteration, progress);
					iterated(iterated, start);
				}
			}
			if (iterated.any) { // the last iteration ends with its last record; then the occurrence
				adding = tally.construct;
				iterations(tally).add(Math.subtractExact(lastEnd, iterated.previousTime));
				tally.occurrences++;
				tally.mpiTime = Math.addExact(tally.mpiTime, mpiTime - mpiBefore);
				tally.totalTime = Math.addExact(tally.totalTime, Math.subtractExact(lastEnd, iterated.firstTime));
			}
		}
	}

	/**
	 * After an iteration that started at record {@code start}: when it read records, the previous
	 * iteration with records ends where this one starts.
	 */
	private void iterated(IteratedStep loop, long start) {
		if (position == start) {
			return;
		}
		long time = time(start);
		if (loop.any) {
			adding = loop.tally.construct;
			iterations(loop.tally).add(Math.subtractExact(time, loop.previousTime));
		} else {
			loop.any = true;
			loop.firstTime = time;
		}
		loop.previousTime = time;
	}

	private static Durations.Builder iterations(Tally loop) {
		Durations.Builder iterations = loop.iterations;
		if (iterations == null) {
			throw new IllegalStateException("an event has no iterations");
		}
		return iterations;
	}

	private long time(long record) {
		return data.value(record, time);
	}

	private long end(long record) {
		return data.value(record, end);
	}
}
