// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

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
 * Spark jobs on an authenticated standalone cluster of a Master and two Workers started by the test:
 * a driver with the cluster's secret gets the model of one machine, byte for byte, also when a
 * Worker is lost while the job runs (Spark runs its tasks again elsewhere); one with another secret
 * is refused.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StandaloneClusterTest {

	@TempDir
	static Path temporary;
	private static StandaloneCluster cluster;

	@BeforeAll
	static void startCluster() throws Exception {
		cluster = new StandaloneCluster(temporary.resolve("cluster"), 2);
		cluster.configureDriver();
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

	@Test
	@Order(3)
	void aDriverWithAnotherSecretIsRefused() throws Exception {
		Path run = Runs.generated(temporary, "ring", 8, 1);
		String secret = System.getProperty("spark.authenticate.secret");
		System.setProperty("spark.authenticate.secret", ClusterConfig.secret());
		try {
			IOException refused = assertThrows(IOException.class, () -> Runs.spark(run, cluster.url()));
			assertTrue(refused.getMessage().startsWith("the Spark master " + cluster.url() + " did not accept this driver"),
					refused.getMessage());
		} finally {
			System.setProperty("spark.authenticate.secret", secret);
		}
	}
}
