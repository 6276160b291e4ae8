// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.generate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.DataTraceWriter;
import org.looptrace.trace.EventWriter;
import org.looptrace.trace.internal.ButterflyPattern;
import org.looptrace.trace.internal.GeneratedPattern;
import org.looptrace.trace.internal.Grid;
import org.looptrace.trace.internal.HaloPattern;
import org.looptrace.trace.internal.LuPattern;
import org.looptrace.trace.internal.MasterWorkerPattern;
import org.looptrace.trace.internal.MgPattern;
import org.looptrace.trace.internal.MultipartitionPattern;
import org.looptrace.trace.internal.RandomPattern;
import org.looptrace.trace.internal.RingPattern;
import org.looptrace.trace.internal.SolverPattern;
import org.looptrace.trace.internal.SyntheticData;
import org.looptrace.trace.internal.WavefrontPattern;

/** Creates the synthetic patterns by name and writes them as trace folders. */
public final class Patterns {

	/** The patterns whose size is the rank count and the iterations alone, with what each one models ({@link #create}). */
	public static final List<String> NAMES = List.of("ring", "halo", "torus", "multipartition", "wavefront", "masterworker", "solver", "butterfly",
			"random");

	/**
	 * The names {@link #create(String, int, long, long, Sizes)} also accepts: skeletons whose
	 * problem size is a parameter, for families of runs over rank counts and sizes.
	 */
	public static final List<String> SIZED = List.of("lu", "mg");

	/** Every name {@link #create} accepts: {@link #NAMES}, then {@link #SIZED}. */
	public static final List<String> ALL = Stream.concat(NAMES.stream(), SIZED.stream()).toList();

	private Patterns() {
	}

	/**
	 * A pattern by name:
	 * <ul>
	 * <li>{@code ring}: token ring;</li>
	 * <li>{@code halo}: 2-D halo exchange on a near-square grid, 4 neighbours, non-periodic;</li>
	 * <li>{@code torus}: the same on a periodic grid (the edges wrap around, as NPB SP's and BT's
	 * copy_faces);</li>
	 * <li>{@code multipartition}: NPB SP's and BT's solver on the torus (copy_faces, then pipelines
	 * along the rows, the columns and the diagonal cycles, then an Allreduce per time step);</li>
	 * <li>{@code wavefront}: NPB LU's pipelined 2-D wavefront (forward and backward sweeps over 10
	 * k-planes, exchange, Allreduce per time step);</li>
	 * <li>{@code masterworker}: rank 0 sends work to each worker then gathers the results;</li>
	 * <li>{@code solver}: CG-like, per iteration a halo exchange then two Allreduce;</li>
	 * <li>{@code butterfly}: per iteration an Allreduce by recursive doubling in point-to-point
	 * messages (at stage s rank r exchanges with r xor 2^s; ranks past the largest power of two
	 * hand their part in first and get the result back last);</li>
	 * <li>{@code random}: random point-to-point, collective and local events, consistent and
	 * deadlock-free, {@code ranks} operations per iteration, drawn from the seed.</li>
	 * </ul>
	 * The seed also drives the data written by {@link #write}. The patterns of {@link #SIZED} get
	 * {@link Sizes#DEFAULTS}.
	 *
	 * @throws IllegalArgumentException for an unknown name, fewer than 2 ranks or negative iterations
	 */
	public static Pattern create(String name, int ranks, long iterations, long seed) {
		return create(name, ranks, iterations, seed, Sizes.DEFAULTS);
	}

	/**
	 * A pattern by name as {@link #create(String, int, long, long)} gives it, or one of
	 * {@link #SIZED} at the given problem size:
	 * <ul>
	 * <li>{@code lu}: NPB LU's SSOR on its 2-D process grid: the inputs broadcast; per time step a
	 * lower-triangular sweep pipelined over {@code planes} k-planes (receive from north and west,
	 * send south and east), an upper sweep in the opposite direction, exchange_3 with the 4
	 * neighbours, and every third step an Allreduce of the residual; final reductions;</li>
	 * <li>{@code mg}: NPB MG on its 3-D periodic process grid: per iteration a V-cycle over
	 * {@code levels} levels (restriction down, prolongation up, comm3's exchange with both
	 * neighbours along each axis on every level, skipped by ranks that hold no point of a coarse
	 * level), the residual's exchange and two Allreduce of its norms.</li>
	 * </ul>
	 * Other patterns ignore {@code sizes}.
	 *
	 * @throws IllegalArgumentException for an unknown name, fewer than 2 ranks, negative iterations
	 *                                  or too few levels for the process grid of {@code mg}
	 */
	public static Pattern create(String name, int ranks, long iterations, long seed, Sizes sizes) {
		if (!ALL.contains(name)) {
			throw new IllegalArgumentException("unknown pattern '" + name + "': expected one of " + String.join(", ", ALL));
		}
		if (ranks < 2) {
			throw new IllegalArgumentException("pattern " + name + " needs at least 2 ranks, found " + ranks);
		}
		if (iterations < 0) {
			throw new IllegalArgumentException("expected a number of iterations from 0, found " + iterations);
		}
		return switch (name) {
		case "ring" -> new RingPattern(ranks, iterations, seed);
		case "halo" -> new HaloPattern(name, Grid.of(ranks), iterations, seed);
		case "torus" -> new HaloPattern(name, Grid.torus(ranks), iterations, seed);
		case "multipartition" -> new MultipartitionPattern(ranks, iterations, seed);
		case "wavefront" -> new WavefrontPattern(ranks, iterations, seed);
		case "masterworker" -> new MasterWorkerPattern(ranks, iterations, seed);
		case "solver" -> new SolverPattern(ranks, iterations, seed);
		case "butterfly" -> new ButterflyPattern(ranks, iterations, seed);
		case "lu" -> new LuPattern(ranks, iterations, seed, sizes.planes());
		case "mg" -> new MgPattern(ranks, iterations, seed, sizes.levels());
		default -> new RandomPattern(ranks, iterations, seed);
		};
	}

	/**
	 * Writes {@code trace.<p>} and {@code data.<p>} (attributes time, end, size) for every rank into
	 * {@code folder}, creating it. Data values are deterministic from the seed the pattern was
	 * created with (0 for a pattern not created by {@link #create}).
	 *
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static void write(Pattern pattern, Path folder, Progress progress) throws IOException {
		long seed = pattern instanceof GeneratedPattern generated ? generated.seed() : 0;
		Files.createDirectories(folder);
		progress.begin("Generating " + pattern.name() + " on " + pattern.ranks() + " ranks", pattern.ranks());
		for (int rank = 0; rank < pattern.ranks(); rank++) {
			// a rank's events may be fewer than the checks' period
			progress.checkCancelled();
			SyntheticData data = new SyntheticData(seed, rank);
			try (EventWriter events = EventWriter.create(folder.resolve("trace." + rank));
					DataTraceWriter records = DataTraceWriter.create(folder.resolve("data." + rank), SyntheticData.ATTRIBUTES)) {
				long count = 0;
				for (Iterator<TraceEvent> it = pattern.events(rank); it.hasNext();) {
					TraceEvent event = it.next();
					events.write(event);
					records.write(data.next(event));
					if ((++count & 0xffff) == 0) {
						progress.checkCancelled();
					}
				}
			}
			progress.worked(1);
		}
	}
}
