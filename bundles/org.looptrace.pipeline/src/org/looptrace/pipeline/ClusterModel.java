// SPDX-License-Identifier: EPL-2.0
package org.looptrace.pipeline;

import java.io.IOException;
import java.util.Optional;
import java.util.ServiceLoader;

import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.TraceFolder;

/**
 * The global model of a trace folder made on a cluster rather than on the threads of this machine:
 * the same bytes as {@link Pipeline#model}. An implementation (the Spark module, outside the Eclipse
 * product) is found on the class path through {@link ServiceLoader}.
 */
public interface ClusterModel {

	/**
	 * The global model of {@code folder}, which every machine of the cluster reads at the same path.
	 *
	 * @param master where the cluster is, as its engine names it (e.g. {@code local[4]},
	 *               {@code spark://host:7077})
	 * @param options the merge options; {@code threads} is for the work left to this machine
	 * @throws IOException                on bad input or an unreachable cluster, saying which
	 * @throws InconsistentTraceException when the traces contradict each other
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	Model model(TraceFolder folder, String master, NlrOptions nlr, MergeOptions options, Progress progress)
			throws IOException, InconsistentTraceException;

	/** The implementation on the class path, if any. */
	static Optional<ClusterModel> find() {
		return ServiceLoader.load(ClusterModel.class, ClusterModel.class.getClassLoader()).findFirst();
	}
}
