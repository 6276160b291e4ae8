// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.TracesComment;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.TraceFolder;

/**
 * The shipped models that name their traces ({@code // traces: ../FOLDER}, as {@code model -o}
 * writes it) are the models of those example trace folders, so that what the commands read from one
 * agrees with the other: projection onto every rank's trace, one data record for each event a rank
 * owns, and {@code check}, {@code scan} and {@code profile} content with the pair.
 */
class ExampleModelsTest {

	/** The example models naming their trace folder. */
	static Stream<String> modelsOfTraces() throws IOException {
		List<String> names;
		try (Stream<Path> files = Files.list(Cli.example("models"))) {
			names = files.filter(file -> file.toString().endsWith(".loops")).filter(ExampleModelsTest::namesItsTraces).sorted()
					.map(file -> file.getFileName().toString()).toList();
		}
		return names.stream();
	}

	private static boolean namesItsTraces(Path model) {
		try {
			return TracesComment.named(Files.readString(model)).isPresent();
		} catch (IOException e) {
			throw new AssertionError(model + " cannot be read", e);
		}
	}

	@Test
	void theRingModelNamesItsTraces() throws IOException {
		assertTrue(modelsOfTraces().anyMatch("ring.loops"::equals), "ring.loops is the model of ring-8 and says so");
	}

	@ParameterizedTest(name = "models/{0}")
	@MethodSource("modelsOfTraces")
	void aModelNamingItsTracesIsTheirModel(String name) throws Exception {
		Path file = Cli.example("models").resolve(name);
		String text = Files.readString(file);
		Path folder = TracesComment.traceFolder(file, text);
		assertTrue(Files.isDirectory(folder), name + " names " + folder + ", which is not a folder");
		TraceFolder traces = TraceFolder.open(folder);
		Model model = ModelText.parse(text, name);
		Projection.assertProjectsOnEveryRank(model, traces);
		for (int rank = 0; rank < traces.ranks(); rank++) {
			if (traces.dataFile(rank).isPresent()) {
				try (DataTrace data = traces.openData(rank)) {
					assertEquals(Projection.events(model, rank).size(), data.records(), name + ": data records of rank " + rank);
				}
			}
		}
		Cli.expect(0, "check", folder.toString());
		Cli.expect(0, "profile", file.toString());
		if (text.contains("get ")) {
			Cli.expect(0, "scan", file.toString(), folder.toString());
		}
	}
}
