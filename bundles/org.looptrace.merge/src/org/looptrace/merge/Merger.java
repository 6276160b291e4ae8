// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

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
 * of the paper). Adjacent groups of ranks are merged pairwise, the pairs of one level in parallel;
 * the result does not depend on the number of threads. Expanding the global model and keeping the
 * events owned by rank p gives back the events of the local model of p, in order. By default the
 * global model is then folded: constructs that differ by an affine function of the rank become loops
 * over the ranks (see {@link MergeOptions#fold()}).
 */
public final class Merger {

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
		Model merged = ModelWriter.model(system(localModels, options, progress), progress);
		progress.checkCancelled();
		return options.fold() ? compact(merged, localModels, options.threads(), progress) : merged;
	}

	/**
	 * The merged model folded, or, when that is still larger than the local models
	 * together, the local models side by side, folded: section III keeps as they are the loops it
	 * cannot coalesce, and a global model is never larger than its parts.
	 */
	static Model compact(Model merged, List<Model> localModels, int threads, Progress progress) {
		Model folded = Folding.fold(List.of(merged), threads, progress);
		long local = 0;
		for (Model model : localModels) {
			local += Folding.constructs(model);
		}
		return Folding.constructs(folded) <= local ? folded : Folding.fold(localModels, threads, progress);
	}

	/** The merged system, checked complete: nothing is left potential. */
	static GlobalSystem system(List<Model> localModels, MergeOptions options, Progress progress)
			throws InconsistentTraceException {
		if (localModels.isEmpty()) {
			return new GlobalSystem(List.of());
		}
		progress.begin("Merging " + localModels.size() + " local models", 2L * localModels.size() - 1);
		Progress shared = Parallel.shared(progress);
		GroupMembers groups = new GroupMembers();
		GlobalSystem result = Parallel.reduce(localModels.size(), options.threads(),
				rank -> step(shared, () -> LocalModels.system(localModels.get(rank), rank, groups)),
				(first, second) -> step(shared, () -> Merge.merge(first, second, shared)));
		for (Map.Entry<GlobalChannel, Long> dangling : result.potential.entrySet()) {
			GlobalChannel channel = dangling.getKey();
			boolean sent = result.coverage.contains(channel.src());
			throw channel.unbalanced(sent ? dangling.getValue() : 0, sent ? 0 : dangling.getValue());
		}
		return result;
	}

	private interface Step {
		GlobalSystem run() throws InconsistentTraceException;
	}

	/** One unit of work: checks cancellation before, reports after. */
	private static GlobalSystem step(Progress progress, Step step) throws InconsistentTraceException {
		progress.checkCancelled();
		GlobalSystem result = step.run();
		progress.worked(1);
		return result;
	}
}
