// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/** The model a command works on: a trace folder, modelled as by {@code looptrace model}, or a model file. */
final class ModelInput {

	private ModelInput() {
	}

	/**
	 * The global model of a trace folder, or the model a {@code .loops} file holds; {@code given} is
	 * what the user named, which messages name: an OTF2 archive rather than the folder it was
	 * written into, a cache of the archive.
	 *
	 * @throws UsageException naming the file and what is wrong, for malformed traces or model text
	 */
	static Model load(String command, Path given, Path input) throws IOException, UsageException {
		if (Files.isDirectory(input)) {
			try {
				TraceFolder folder = TraceFolder.open(input);
				try {
					return Pipeline.model(folder, NlrOptions.DEFAULTS, MergeOptions.defaults(), Signals.PROGRESS);
				} catch (InconsistentTraceException e) {
					throw TraceInput.inconsistent(command, given, false, null, folder, e);
				}
			} catch (TraceFormatException e) {
				throw new UsageException(command + ": " + e.getMessage(), e);
			}
		}
		return parse(command, input, Arguments.readText(command, input));
	}

	/**
	 * The model a {@code .loops} file holds, from its text already read.
	 *
	 * @throws UsageException naming the file and what is wrong in the text
	 */
	static Model parse(String command, Path input, String text) throws UsageException {
		try {
			return ModelText.parse(text, input.toString());
		} catch (ModelTextException e) {
			throw new UsageException(command + ": " + input + " is not a valid model:\n" + e.getMessage());
		}
	}
}
