// SPDX-License-Identifier: EPL-2.0
package org.looptrace.pipeline;

import java.io.IOException;
import java.util.function.Consumer;

import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.merge.PartialModel;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.TraceFolder;

/**
 * The global model of a trace folder: NLR on every rank in parallel, merged (section III of the
 * paper) as the local models come, over the fixed tree of {@link Merger}; then folded. The model
 * does not depend on the number of threads, and the local models of the whole run are never in
 * memory at once.
 */
public final class Pipeline {

	/** The phase that reads the traces, models every rank and merges the local models as they come. */
	public static final String REDUCE_PHASE = "read+NLR+merge";
	/** The phase that writes the merged model and folds it. */
	public static final String FOLD_PHASE = "fold";

	private Pipeline() {
	}

	/**
	 * The global model of a trace folder, NLR and the merge on {@code options.threads()} threads.
	 *
	 * @throws org.looptrace.trace.TraceFormatException on bad input, naming file, line and column
	 * @throws InconsistentTraceException                when the traces contradict each other
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static Model model(TraceFolder folder, NlrOptions nlr, MergeOptions options, Progress progress)
			throws IOException, InconsistentTraceException {
		return model(folder, nlr, options, progress, phase -> {
			// nobody measures the phases
		});
	}

	/**
	 * The same, telling {@code phaseEnded} the name of each phase as it ends ({@link #REDUCE_PHASE},
	 * then {@link #FOLD_PHASE}), for those who measure them.
	 */
	public static Model model(TraceFolder folder, NlrOptions nlr, MergeOptions options, Progress progress,
			Consumer<String> phaseEnded) throws IOException, InconsistentTraceException {
		return modelRankByRank(folder, (rank, localProgress) -> Nlr.modelRank(folder, rank, nlr, localProgress, null),
				REDUCE_PHASE, options, progress, phaseEnded);
	}

	/**
	 * The same with the local model of each rank made another way (another method, a cache of
	 * unchanged ranks), asked for as the merge reaches the rank; {@code reducePhase} names the phase
	 * that makes and merges them, {@link #FOLD_PHASE} the one after.
	 */
	public static Model modelRankByRank(TraceFolder folder, LocalModel localModel, String reducePhase, MergeOptions options,
			Progress progress, Consumer<String> phaseEnded) throws IOException, InconsistentTraceException {
		// The merge reports ranks and merges done; a local model only hears of cancellation.
		Progress local = Progress.cancelledWhen(progress::isCancelled);
		Merger.LocalModelSource source = rank -> localModel.of(rank, local);
		PartialModel whole = Merger.reduce(0, folder.ranks(), source, options, progress);
		phaseEnded.accept(reducePhase);
		Model global = Merger.finish(whole, folder.ranks(), source, options, progress);
		phaseEnded.accept(FOLD_PHASE);
		return global;
	}

	/** How the local model of one rank is made. */
	@FunctionalInterface
	public interface LocalModel {
		Model of(int rank, Progress progress) throws IOException;
	}
}
