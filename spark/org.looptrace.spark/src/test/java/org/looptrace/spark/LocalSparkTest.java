// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.pipeline.ClusterModel;
import org.looptrace.trace.TraceFormatException;

/** Spark jobs on local[2]: the model of one machine, byte for byte; bad input said as on one machine. */
class LocalSparkTest {

	private static final String MASTER = "local[2]";

	@Test
	void generatedRunsAndExamplesGiveTheModelOfOneMachine(@TempDir Path temporary) throws Exception {
		List<Path> runs = new ArrayList<>();
		runs.add(Runs.generated(temporary, "wavefront", 100, 5));
		runs.add(Runs.generated(temporary, "halo", 37, 4));
		runs.add(Runs.generated(temporary, "random", 23, 3));
		runs.add(Runs.example("solver-16"));
		runs.add(Runs.example("masterworker-8"));
		for (Path run : runs) {
			assertEquals(Runs.local(run), Runs.spark(run, MASTER), run.toString());
		}
	}

	@Test
	void theModuleIsFoundOnTheClassPath() {
		assertTrue(ClusterModel.find().orElseThrow() instanceof SparkModel);
	}

	@Test
	void aBadLineIsReportedWithItsFileAndLine(@TempDir Path temporary) throws Exception {
		Path run = Runs.generated(temporary, "ring", 8, 3);
		Files.writeString(run.resolve("trace.5"), "5 send 6 1\n5 snd 4 1\n");
		IOException failure = assertThrows(IOException.class, () -> Runs.spark(run, MASTER));
		assertTrue(failure.getMessage().contains("trace.5:2"), failure.getMessage());
	}

	@Test
	void aMissingRankFileIsReportedBeforeAnyJob(@TempDir Path temporary) throws Exception {
		Path run = Runs.generated(temporary, "ring", 8, 3);
		Files.delete(run.resolve("trace.3"));
		TraceFormatException failure = assertThrows(TraceFormatException.class, () -> Runs.spark(run, MASTER));
		assertTrue(failure.getMessage().contains("missing trace.3"), failure.getMessage());
	}

	@Test
	void tracesThatContradictEachOtherAreInconsistent(@TempDir Path temporary) throws Exception {
		Path run = Runs.generated(temporary, "ring", 8, 3);
		List<String> lines = new ArrayList<>(Files.readAllLines(run.resolve("trace.2")));
		lines.remove(lines.size() - 1);
		Files.write(run.resolve("trace.2"), lines);
		InconsistentTraceException failure = assertThrows(InconsistentTraceException.class, () -> Runs.spark(run, MASTER));
		assertTrue(failure.getMessage().startsWith("channel ("), failure.getMessage());
	}

	@Test
	void anUnreachableMasterIsReportedAtOnce(@TempDir Path temporary) throws Exception {
		Path run = Runs.generated(temporary, "ring", 4, 2);
		IOException failure = assertThrows(IOException.class, () -> Runs.spark(run, "spark://127.0.0.1:1"));
		assertTrue(failure.getMessage().startsWith("cannot reach the Spark master spark://127.0.0.1:1"),
				failure.getMessage());
	}
}
