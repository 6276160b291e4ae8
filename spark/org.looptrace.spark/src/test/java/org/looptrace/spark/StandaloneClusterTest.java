// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark jobs on a standalone cluster of a Master and two Workers started by the test: the model of
 * one machine, byte for byte, also when a Worker is lost while the job runs (Spark runs its tasks
 * again elsewhere).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StandaloneClusterTest {

	@TempDir
	static Path temporary;
	private static StandaloneCluster cluster;

	@BeforeAll
	static void startCluster() throws Exception {
		StandaloneCluster.configureDriver();
		cluster = new StandaloneCluster(temporary.resolve("cluster"), 2);
	}

	@AfterAll
	static void stopCluster() throws Exception {
		cluster.close();
	}

	@Test
	@Order(1)
	void generatedRunsAndExamplesGiveTheModelOfOneMachine() throws Exception {
		for (Path run : List.of(Runs.generated(temporary, "ring", 4096, 1), Runs.generated(temporary, "torus", 64, 3),
				Runs.generated(temporary, "masterworker", 33, 3), Runs.example("halo-16"))) {
			assertEquals(Runs.local(run), Runs.spark(run, cluster.url()), run.toString());
		}
	}

	@Test
	@Order(2)
	void aWorkerLostWhileTheJobRunsLeavesTheModelUnchanged() throws Exception {
		Path run = Runs.generated(temporary, "solver", 1024, 6);
		String expected = Runs.local(run);
		CompletableFuture<String> model = CompletableFuture.supplyAsync(() -> {
			try {
				return Runs.spark(run, cluster.url());
			} catch (Exception e) {
				throw new IllegalStateException(e);
			}
		});
		while (!cluster.runsAnExecutor(1) && !model.isDone()) {
			Thread.sleep(100);
		}
		// the executor of the second worker has started: its tasks are lost with it
		assertFalse(model.isDone(), "the job ended before the worker was lost");
		cluster.kill(1);
		assertEquals(expected, model.get());
	}
}
