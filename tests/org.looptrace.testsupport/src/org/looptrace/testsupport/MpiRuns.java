// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Commands of tests that run MPI programs: Open MPI allowed as root and oversubscribed, output to a log. */
public final class MpiRuns {

	private MpiRuns() {
	}

	/** Runs a command with Open MPI allowed as root and oversubscribed, its output into {@code log}; its exit status. */
	public static int run(List<String> command, Path log) throws IOException, InterruptedException {
		Files.createDirectories(log.getParent());
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		Map<String, String> environment = builder.environment();
		environment.put("OMPI_ALLOW_RUN_AS_ROOT", "1");
		environment.put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
		environment.put("OMPI_MCA_rmaps_base_oversubscribe", "1");
		environment.putIfAbsent("OMPI_MCA_btl", "self,vader");
		environment.putIfAbsent("OMPI_MCA_btl_vader_single_copy_mechanism", "none");
		return builder.start().waitFor();
	}

	/** The text of a log, or why it cannot be read: for failure messages. */
	public static String read(Path log) {
		try {
			return Files.readString(log);
		} catch (IOException e) {
			return e.getMessage();
		}
	}
}
