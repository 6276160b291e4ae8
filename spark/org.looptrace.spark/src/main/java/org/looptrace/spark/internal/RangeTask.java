// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.TraceFolder;

/**
 * The task of a range of ranks: reads their traces from the shared folder, makes their local models
 * and merges them as they come (the subtree of the range), and returns the partial model as bytes.
 * It holds only what Spark ships to the executors: the folder's path and the NLR options.
 */
public final class RangeTask implements Function<int[], byte[]> {

	private static final long serialVersionUID = 1L;

	private final String folder;
	private final int maxBody;
	private final int stackLimit;
	private final boolean affine;

	/** The task of {@code folder}, named absolute: executors run in folders of their own. */
	public RangeTask(Path folder, NlrOptions nlr) {
		this.folder = folder.toAbsolutePath().toString();
		this.maxBody = nlr.maxBody();
		this.stackLimit = nlr.stackLimit();
		this.affine = nlr.affine();
	}

	@Override
	public byte[] call(int[] range) {
		TaskContext context = TaskContext.get();
		// Spark interrupts a task of a cancelled job; NLR and the merge hear it at their checks
		Progress progress = context == null ? Progress.NONE : Progress.cancelledWhen(context::isInterrupted);
		NlrOptions nlr = new NlrOptions(maxBody, stackLimit, affine);
		try {
			TraceFolder traces = TraceFolder.open(Path.of(folder));
			return Merger.reduce(range[0], range[1], rank -> Nlr.modelRank(traces, rank, nlr, progress, null),
					new MergeOptions(1), progress).toBytes();
		} catch (InconsistentTraceException e) {
			throw new TaskFailure(e.getMessage(), true);
		} catch (IOException | IllegalArgumentException e) {
			throw new TaskFailure(String.valueOf(e.getMessage()), false);
		}
	}
}
