// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark;

import java.nio.file.Path;

import org.looptrace.merge.MergeOptions;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Patterns;

/** The runs the tests model: generated, and the example traces of the repository. */
final class Runs {

	private Runs() {
	}

	/** A generated run written into {@code parent}. */
	static Path generated(Path parent, String pattern, int ranks, int iterations) throws Exception {
		Path folder = parent.resolve(pattern + "-" + ranks);
		Patterns.write(Patterns.create(pattern, ranks, iterations, 1), folder, Progress.NONE);
		return folder;
	}

	/** An example trace folder of the repository. */
	static Path example(String name) {
		return Path.of(System.getProperty("looptrace.examples", "../../examples")).resolve(name);
	}

	/** The text of the model of one machine. */
	static String local(Path folder) throws Exception {
		return ModelPrinter.print(Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(2),
				Progress.NONE));
	}

	/** The text of the model made by a Spark job on {@code master}. */
	static String spark(Path folder, String master) throws Exception {
		return ModelPrinter.print(new SparkModel().model(TraceFolder.open(folder), master, NlrOptions.DEFAULTS,
				new MergeOptions(2), Progress.NONE));
	}
}
