// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.looptrace.merge.internal.GlobalChannel;
import org.looptrace.merge.internal.GlobalSystem;
import org.looptrace.merge.internal.GroupMembers;
import org.looptrace.merge.internal.LocalModels;
import org.looptrace.merge.internal.Merge;
import org.looptrace.merge.internal.ModelWriter;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.TraceFolder;

/**
 * The global model of a run: the local models of its ranks merged by a tree reduction (section III
 * of the paper). Adjacent groups of ranks are merged pairwise, the pairs of one level in parallel;
 * the result does not depend on the number of threads. Expanding the global model and keeping the
 * events owned by rank p gives back the events of the local model of p, in order.
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
		return ModelWriter.model(system(localModels, options, progress));
	}

	/**
	 * The global model of a trace folder: NLR on every rank in parallel, then the merge.
	 *
	 * @throws org.looptrace.trace.TraceFormatException on bad input, naming file, line and column
	 */
	public static Model model(TraceFolder folder, NlrOptions nlr, MergeOptions options, Progress progress)
			throws IOException, InconsistentTraceException {
		return merge(Nlr.modelFolder(folder, nlr, options.threads(), progress), options, progress);
	}

	/** The merged system, checked complete: nothing is left potential. */
	static GlobalSystem system(List<Model> localModels, MergeOptions options, Progress progress)
			throws InconsistentTraceException {
		if (localModels.isEmpty()) {
			return new GlobalSystem(List.of());
		}
		progress.begin("Merging " + localModels.size() + " local models", 2L * localModels.size() - 1);
		GroupMembers groups = new GroupMembers();
		ExecutorService pool = Executors.newFixedThreadPool(Math.min(options.threads(), localModels.size()));
		try {
			List<Future<GlobalSystem>> level = new ArrayList<>();
			for (int rank = 0; rank < localModels.size(); rank++) {
				Model model = localModels.get(rank);
				int r = rank;
				level.add(pool.submit(() -> step(progress, () -> LocalModels.system(model, r, groups))));
			}
			while (level.size() > 1) {
				List<Future<GlobalSystem>> next = new ArrayList<>();
				for (int i = 0; i + 1 < level.size(); i += 2) {
					Future<GlobalSystem> first = level.get(i);
					Future<GlobalSystem> second = level.get(i + 1);
					next.add(pool.submit(() -> step(progress, () -> Merge.merge(first.get(), second.get()))));
				}
				if (level.size() % 2 == 1) {
					next.add(level.get(level.size() - 1));
				}
				level = next;
			}
			GlobalSystem result = level.get(0).get();
			for (Map.Entry<GlobalChannel, Long> dangling : result.potential.entrySet()) {
				GlobalChannel channel = dangling.getKey();
				boolean sent = result.coverage.contains(channel.src());
				throw channel.unbalanced(sent ? dangling.getValue() : 0, sent ? 0 : dangling.getValue());
			}
			return result;
		} catch (ExecutionException e) {
			// A merge fails with the failure of the merge it waited for: report the first one.
			Throwable cause = e.getCause();
			while (cause instanceof ExecutionException nested) {
				cause = nested.getCause();
			}
			if (cause instanceof InconsistentTraceException inconsistent) {
				throw inconsistent;
			}
			if (cause instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (cause instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException(cause);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new java.util.concurrent.CancellationException("interrupted");
		} finally {
			pool.shutdownNow();
		}
	}

	private interface Step {
		GlobalSystem run() throws Exception;
	}

	/** One unit of work: checks cancellation before, reports after. */
	private static GlobalSystem step(Progress progress, Step step) throws Exception {
		progress.checkCancelled();
		GlobalSystem result = step.run();
		synchronized (progress) {
			progress.worked(1);
		}
		return result;
	}
}
