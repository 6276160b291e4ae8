// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.looptrace.model.core.Progress;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;
import org.looptrace.trace.generate.Sizes;

/**
 * {@code looptrace generate <pattern> --ranks N --iterations M [--planes K] [--levels L] [--seed S] <folder>}:
 * synthetic trace folders.
 */
public final class GenerateCommand implements Command {

	@Override
	public String name() {
		return "generate";
	}

	@Override
	public String summary() {
		return "write a synthetic, consistent trace folder of a communication pattern";
	}

	@Override
	public String help() {
		return """
				usage: looptrace generate <pattern> --ranks N --iterations M [--planes K] [--levels L] [--seed S]
				                         [--force] <folder>

				Writes trace.<p> and data.<p> (attributes time, end, size) for every rank p into <folder>:
				the communication skeleton of a real code, consistent and deadlock-free. Data values are
				synthetic and deterministic from the seed.

				arguments:
				  <pattern>   ring            token ring
				              halo            2-D halo exchange, near-square grid, 4 neighbours, non-periodic
				              torus           the same on a periodic grid (edges wrap around, as NPB SP, BT)
				              multipartition  NPB SP/BT solver on the torus: copy_faces, pipelines along
				                              rows, columns and diagonal cycles, Allreduce per time step
				              wavefront       NPB LU pipelined wavefront (forward and backward sweeps over
				                              10 k-planes, exchange, Allreduce per time step)
				              masterworker    rank 0 sends work to each worker, then gathers the results
				              solver          CG-like: halo exchange then two MPI_Allreduce per iteration
				              butterfly       an Allreduce by recursive doubling in point-to-point messages
				                              (stage s: rank xor 2^s), per iteration
				              random          random consistent traffic drawn from the seed
				              lu              NPB LU's SSOR at a given size: inputs broadcast, per time step
				                              lower and upper sweeps pipelined over K k-planes, exchange_3,
				                              the residual's Allreduce every third step, final reductions
				              mg              NPB MG on its 3-D periodic process grid: V-cycles over L
				                              levels (restriction, prolongation, comm3 on every level,
				                              skipped by ranks holding no point of a coarse level), then
				                              the Allreduce of the residual's norms per iteration
				  <folder>    the trace folder to write, created when missing (written beside it, then
				              moved: a run that fails leaves no folder, and the folder as it was)

				options:
				  --ranks N        number of ranks, 2 or more (required)
				  --iterations M   number of iterations (time steps), 0 or more (required)
				  --planes K       k-planes of each sweep of lu, 1 or more (default 10)
				  --levels L       levels of mg's V-cycles, the finest of 2^L points per axis (default 5;
				                   at least enough for every rank to hold points of the finest level)
				  --seed S         seed of the random choices and of the data (default 0)
				  --force          replace the folder when it holds anything (all of it: no file of an
				                   earlier run stays to mix with the new one)

				example:
				  looptrace generate ring --ranks 8 --iterations 20 examples/ring-8
				""";
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("--ranks", "--iterations", "--planes", "--levels", "--seed"),
				Set.of("--force"));
		List<String> positional = arguments.positional(2, 2, "a pattern and a folder");
		String name = positional.get(0);
		if (!Patterns.ALL.contains(name)) {
			throw new UsageException(name() + ": unknown pattern '" + name + "': expected one of " + String.join(", ", Patterns.ALL));
		}
		sizeOption(arguments, "--planes", name, "lu");
		sizeOption(arguments, "--levels", name, "mg");
		if (arguments.value("--ranks") == null || arguments.value("--iterations") == null) {
			throw new UsageException(name() + ": expected --ranks N and --iterations M (see looptrace generate --help)");
		}
		int ranks = arguments.intValue("--ranks", 0, 2, 1 << 20);
		int iterations = arguments.intValue("--iterations", 0, 0, Integer.MAX_VALUE);
		Sizes sizes = new Sizes(arguments.intValue("--planes", Sizes.DEFAULTS.planes(), 1, 1 << 20),
				arguments.intValue("--levels", Sizes.DEFAULTS.levels(), 1, 30));
		long seed = seed(arguments.value("--seed", "0"));
		Path folder = Arguments.outputFolder(name(), positional.get(1), arguments.flag("--force"), err);
		Pattern pattern;
		try {
			pattern = Patterns.create(name, ranks, iterations, seed, sizes);
		} catch (IllegalArgumentException e) {
			throw new UsageException(name() + ": " + e.getMessage());
		}
		Progress progress = TerminalProgress.of(err);
		int written = AtomicFolder.write(folder, into -> {
			Patterns.write(pattern, into, progress);
			return pattern.ranks();
		});
		TerminalProgress.clear(progress);
		out.println("wrote " + name + " on " + written + " ranks, " + iterations + " iterations, seed " + seed + " into " + folder);
		return 0;
	}

	/** A size option given to a pattern that has no such size is a mistake, not something to ignore. */
	private void sizeOption(Arguments arguments, String option, String pattern, String sized) throws UsageException {
		if (arguments.value(option) != null && !pattern.equals(sized)) {
			throw new UsageException(name() + ": option " + option + " applies to pattern " + sized + " only, not to " + pattern);
		}
	}

	private long seed(String text) throws UsageException {
		try {
			return Long.parseLong(text);
		} catch (NumberFormatException e) {
			throw new UsageException(name() + ": option --seed expects a whole number, found '" + text + "'");
		}
	}
}
