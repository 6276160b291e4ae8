// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code releng/test-summary}, the closing line of {@code ./looptrace test}: the surefire reports of
 * the test bundles and of the Spark module counted, those of other modules not.
 */
class TestSummaryTest {

	@Test
	void countsTheReportsOfTheTestBundlesAndOfTheSparkModule(@TempDir Path dir) throws Exception {
		Random random = new Random(7);
		for (int trial = 0; trial < 5; trial++) {
			Path root = Files.createDirectories(dir.resolve("repository" + trial));
			long passed = 0;
			long failed = 0;
			long skipped = 0;
			String[] modules = { "tests/org.looptrace.model.tests", "tests/org.looptrace.cli.tests", "spark/org.looptrace.spark",
					"bundles/org.looptrace.model", "releng/org.looptrace.product" };
			for (String module : modules) {
				for (int suite = 0; suite < 1 + random.nextInt(3); suite++) {
					int[] counts = { random.nextInt(20), random.nextInt(3), random.nextInt(3), random.nextInt(3) };
					report(root.resolve(module), "Suite" + suite, counts);
					if (!module.startsWith("bundles/") && !module.startsWith("releng/")) {
						passed += counts[0];
						failed += counts[1] + counts[2];
						skipped += counts[3];
					}
				}
			}
			// a test bundle not built (the shared support) has no reports at all
			Files.createDirectories(root.resolve("tests/org.looptrace.testsupport/target"));
			assertEquals("tests: " + passed + " passed, " + failed + " failed, " + skipped + " skipped\n", summary(root), "trial " + trial);
		}
		assertEquals("tests: 0 passed, 0 failed, 0 skipped\n", summary(Files.createDirectories(dir.resolve("empty"))));
	}

	/** A surefire report of {@code counts}: passed, failures, errors, skipped, as surefire writes its first element. */
	private static void report(Path module, String suite, int[] counts) throws Exception {
		Path reports = Files.createDirectories(module.resolve("target/surefire-reports"));
		int tests = counts[0] + counts[1] + counts[2] + counts[3];
		Files.writeString(reports.resolve("TEST-org.looptrace." + suite + ".xml"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="3.0" name="org.looptrace.%s" \
				time="0.01" tests="%d" errors="%d" skipped="%d" failures="%d">
				  <testcase name="a" classname="org.looptrace.%s" time="0.001"/>
				</testsuite>
				""".formatted(suite, tests, counts[2], counts[3], counts[1], suite));
	}

	/** What the script prints for the repository at {@code root}; it exits 0 whatever the counts. */
	private static String summary(Path root) throws Exception {
		Path script = Cli.examples().resolve("../releng/test-summary").toRealPath();
		Process process = new ProcessBuilder(script.toString(), root.toString()).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertEquals(0, process.waitFor(), output);
		return output;
	}
}
