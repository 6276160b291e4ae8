// SPDX-License-Identifier: EPL-2.0
package org.looptrace.pipeline;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.TraceFolder;

/**
 * The global model of a trace folder: NLR on every rank in parallel, then the merge of the local
 * models (section III of the paper). The model does not depend on the number of threads.
 */
public final class Pipeline {

	/** The phase that reads the traces and models every rank. */
	public static final String LOCAL_PHASE = "read+NLR";
	/** The phase that merges the local models. */
	public static final String MERGE_PHASE = "merge";

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
	 * The same, telling {@code phaseEnded} the name of each phase as it ends ({@link #LOCAL_PHASE},
	 * then {@link #MERGE_PHASE}), for those who measure them.
	 */
	public static Model model(TraceFolder folder, NlrOptions nlr, MergeOptions options, Progress progress,
			Consumer<String> phaseEnded) throws IOException, InconsistentTraceException {
		return model(folder, (traces, localProgress) -> Nlr.modelFolder(traces, nlr, options.threads(), localProgress),
				LOCAL_PHASE, options, progress, phaseEnded);
	}

	/**
	 * The same with local models made another way (another method, a cache of unchanged ranks);
	 * {@code localPhase} names their phase.
	 */
	public static Model model(TraceFolder folder, LocalModels localModels, String localPhase, MergeOptions options,
			Progress progress, Consumer<String> phaseEnded) throws IOException, InconsistentTraceException {
		List<Model> locals = localModels.of(folder, progress);
		phaseEnded.accept(localPhase);
		Model global = Merger.merge(locals, options, progress);
		phaseEnded.accept(MERGE_PHASE);
		return global;
	}

	/** How the local models of a trace folder are made, in rank order. */
	@FunctionalInterface
	public interface LocalModels {
		List<Model> of(TraceFolder folder, Progress progress) throws IOException;
	}
}
