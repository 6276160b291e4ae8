// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;

/** Model texts for tests: parsed with the language, and the shipped examples. */
final class Models {

	private Models() {
	}

	static Model parse(String text) throws ModelTextException {
		return ModelText.parse(text, "test.loops");
	}

	static Model parse(Path file) throws IOException, ModelTextException {
		return ModelText.parse(file);
	}

	/** The shipped examples folder, from the system property the test bundle's pom sets. */
	static Path examples() {
		Path examples = Path.of(System.getProperty("looptrace.examples", "../../examples"));
		assertTrue(Files.isDirectory(examples.resolve("models")), "no examples at " + examples.toAbsolutePath());
		return examples;
	}

	static Path example(String model) {
		return examples().resolve("models").resolve(model);
	}

	/** The example models, examples/models/*.loops. */
	static List<Path> exampleModels() {
		try (Stream<Path> files = Files.list(examples().resolve("models"))) {
			return files.filter(file -> file.toString().endsWith(".loops")).sorted().toList();
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
