// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

import org.looptrace.merge.fold.Folding;
import org.looptrace.merge.internal.GlobalChannel;
import org.looptrace.merge.internal.GlobalSystem;
import org.looptrace.merge.internal.GroupMembers;
import org.looptrace.merge.internal.LocalModels;
import org.looptrace.merge.internal.Merge;
import org.looptrace.merge.internal.ModelWriter;
import org.looptrace.model.Model;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;

/**
 * The global model of a run: the local models of its ranks merged by a tree reduction (section III
 * of the paper). The tree is fixed by the number of ranks ({@link Parallel#split}): adjacent ranges
 * of ranks are merged pairwise, (0 1) (2 3) …, then those pairs, the pairs of one level in
 * parallel, so the result depends neither on the number of threads nor on the machines that merge
 * the ranges ({@link PartialModel}). Local models are asked for in rank order and merged as they
 * come, so the whole run is never in memory at once. Expanding the global model and keeping the
 * events owned by rank p gives back the events of the local model of p, in order. By default the
 * global model is then folded: constructs that differ by an affine function of the rank become loops
 * over the ranks (see {@link MergeOptions#fold()}).
 */
public final class Merger {

	/** The local models of a run, by rank: read, computed or taken from a cache. */
	@FunctionalInterface
	public interface LocalModelSource {
		/**
		 * The local model of {@code rank}; asked once per rank, and again for every rank in the rare
		 * case where the folded model would be larger than the local models side by side.
		 */
		Model of(int rank) throws IOException;
	}

	private Merger() {
	}

	/**
	 * Merges local models, the model of rank p at index p.
	 *
	 * @throws InconsistentTraceException when the models contradict each other (a message never
	 *                                    received or never sent, a collective missing a member)
	 * @throws IllegalArgumentException   when a local model holds an event of another rank
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static Model merge(List<Model> localModels, MergeOptions options, Progress progress)
			throws InconsistentTraceException {
		try {
			return merge(localModels.size(), localModels::get, options, progress);
		} catch (IOException e) {
			// models in a list are not read
			throw new UncheckedIOException(e);
		}
	}

	/**
	 * Merges the local models of ranks 0 to {@code ranks - 1}, asking {@code locals} for each as
	 * the tree reaches it.
	 *
	 * @throws IOException                when {@code locals} fails
	 * @throws InconsistentTraceException when the models contradict each other
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static Model merge(int ranks, LocalModelSource locals, MergeOptions options, Progress progress)
			throws IOException, InconsistentTraceException {
		if (ranks == 0) {
			return ModelWriter.model(new GlobalSystem(List.of()), progress);
		}
		return finish(reduce(0, ranks, locals, options, progress), ranks, locals, options, progress);
	}

	/**
	 * The merge of the local models of ranks {@code first} to {@code end - 1}, on
	 * {@code options.threads()} threads. A range that is a node of the tree of a run (the whole run,
	 * or a side of a {@link Parallel#split} of such a node) merges, {@link #combine combined} with its
	 * sibling, into the same model as the run merged at once.
	 *
	 * @throws IOException                when {@code locals} fails
	 * @throws InconsistentTraceException when the models contradict each other
	 */
	public static PartialModel reduce(int first, int end, LocalModelSource locals, MergeOptions options,
			Progress progress) throws IOException, InconsistentTraceException {
		if (end <= first) {
			throw new IllegalArgumentException("no rank to merge in [" + first + ", " + end + ")");
		}
		progress.begin("Merging the local models of " + (end - first) + " ranks", 2L * (end - first) - 1);
		Progress shared = Parallel.shared(progress);
		GroupMembers groups = new GroupMembers();
		try {
			return Parallel.<PartialModel, Exception>reduce(end - first, options.threads(),
					index -> step(shared, () -> local(locals.of(first + index), first + index, groups)),
					(left, right) -> step(shared, () -> combine(left, right, shared)));
		} catch (IOException | InconsistentTraceException | RuntimeException e) {
			throw e;
		} catch (Exception e) {
			// the leaves and combinations throw nothing else
			throw new IllegalStateException(e);
		}
	}

	/**
	 * The merge of two adjacent ranges, the lower one first.
	 *
	 * @throws InconsistentTraceException when they contradict each other
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static PartialModel combine(PartialModel first, PartialModel second, Progress progress)
			throws InconsistentTraceException {
		if (first.end() != second.first()) {
			throw new IllegalArgumentException("ranges not adjacent: " + first + " then " + second);
		}
		return new PartialModel(first.first(), second.end(), first.localConstructs() + second.localConstructs(),
				Merge.merge(first.system, second.system, progress));
	}

	/**
	 * The global model of a run of {@code ranks} ranks from the merge of all of them: checked
	 * complete (nothing left potential), written, folded when {@code options.fold()}.
	 *
	 * @throws IOException                when {@code locals} fails (asked only when the folded merge is
	 *                                    larger than the local models side by side)
	 * @throws InconsistentTraceException when a message or collective has no correspondent
	 */
	public static Model finish(PartialModel whole, int ranks, LocalModelSource locals, MergeOptions options,
			Progress progress) throws IOException, InconsistentTraceException {
		if (whole.first() != 0 || whole.end() != ranks) {
			throw new IllegalArgumentException("the " + whole + " is not the merge of the " + ranks + " ranks of the run");
		}
		Model merged = ModelWriter.model(complete(whole.system), progress);
		progress.checkCancelled();
		return options.fold() ? compact(merged, whole.localConstructs(),
				() -> Parallel.map(ranks, options.threads(), locals::of), options.threads(), progress) : merged;
	}

	/** The merged system of local models in a list, checked complete. */
	static GlobalSystem system(List<Model> localModels, MergeOptions options, Progress progress)
			throws InconsistentTraceException {
		if (localModels.isEmpty()) {
			return new GlobalSystem(List.of());
		}
		try {
			return complete(reduce(0, localModels.size(), localModels::get, options, progress).system);
		} catch (IOException e) {
			// models in a list are not read
			throw new UncheckedIOException(e);
		}
	}

	/** {@link #compact(Model, long, AllLocals, int, Progress)} of local models in a list. */
	static Model compact(Model merged, List<Model> localModels, int threads, Progress progress) {
		long local = 0;
		for (Model model : localModels) {
			local += Folding.constructs(model);
		}
		try {
			return compact(merged, local, () -> localModels, threads, progress);
		} catch (IOException e) {
			// models in a list are not read
			throw new UncheckedIOException(e);
		}
	}

	/** Every local model of a run, in rank order. */
	private interface AllLocals {
		List<Model> get() throws IOException;
	}

	/**
	 * The merged model folded, or, when that is still larger than the local models together, the
	 * local models side by side, folded: section III keeps as they are the loops it cannot coalesce,
	 * and a global model is never larger than its parts.
	 */
	private static Model compact(Model merged, long localConstructs, AllLocals locals, int threads, Progress progress)
			throws IOException {
		Model folded = Folding.fold(List.of(merged), threads, progress);
		return Folding.constructs(folded) <= localConstructs ? folded : Folding.fold(locals.get(), threads, progress);
	}

	/** The system of a run's merge, when nothing is left potential. */
	private static GlobalSystem complete(GlobalSystem result) throws InconsistentTraceException {
		for (Map.Entry<GlobalChannel, Long> dangling : result.potential.entrySet()) {
			GlobalChannel channel = dangling.getKey();
			boolean sent = result.coverage.contains(channel.src());
			throw channel.unbalanced(sent ? dangling.getValue() : 0, sent ? 0 : dangling.getValue());
		}
		return result;
	}

	private static PartialModel local(Model model, int rank, GroupMembers groups) throws InconsistentTraceException {
		return new PartialModel(rank, rank + 1, Folding.constructs(model), LocalModels.system(model, rank, groups));
	}

	private interface Step<T> {
		T run() throws Exception;
	}

	/** One unit of work: checks cancellation before, reports after. */
	private static <T> T step(Progress progress, Step<T> step) throws Exception {
		progress.checkCancelled();
		T result = step.run();
		progress.worked(1);
		return result;
	}
}
