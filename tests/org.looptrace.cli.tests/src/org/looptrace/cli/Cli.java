// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.looptrace.model.Model;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.EventReader;
import org.looptrace.trace.TraceFolder;

/** Runs {@code looptrace} in process through {@link Main#run} and reads what it wrote. */
final class Cli {

	/** The exit status and the text of both streams of one run. */
	record Result(int status, String out, String err) {
		@Override
		public String toString() {
			return "exit " + status + "\n--- stdout:\n" + out + "--- stderr:\n" + err;
		}
	}

	/** The names of the shipped example trace folders (every folder of examples/ but broken and models). */
	static final List<String> EXAMPLE_FOLDERS = List.of("ring-8", "halo-16", "wavefront-16", "masterworker-8",
			"solver-16", "random-6");

	private Cli() {
	}

	static Result run(String... args) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int status;
		try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
				PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
			status = Main.run(args, o, e);
		}
		return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
	}

	/** Runs and asserts the exit status. */
	static Result expect(int status, String... args) {
		Result result = run(args);
		assertEquals(status, result.status(), () -> "looptrace " + String.join(" ", args) + "\n" + result);
		assertNoStackTrace(result);
		return result;
	}

	/** Bad input: exit 2, one line on stderr naming the command, nothing on stdout, no stack trace. */
	static Result expectUsageError(String command, String... args) {
		Result result = expect(2, args);
		String context = "looptrace " + String.join(" ", args) + "\n" + result;
		assertTrue(result.err().startsWith("looptrace " + command + ":"), context);
		assertEquals(1, result.err().lines().count(), context);
		assertEquals("", result.out(), context);
		return result;
	}

	static void assertNoStackTrace(Result result) {
		assertFalse(result.err().contains("\tat "), result::toString);
		assertFalse(result.err().contains("Exception"), result::toString);
		assertFalse(result.out().contains("\tat "), result::toString);
	}

	/** The shipped examples folder, from the system property the test bundle's pom sets. */
	static Path examples() {
		Path examples = Path.of(System.getProperty("looptrace.examples", "../../examples"));
		assertTrue(Files.isDirectory(examples.resolve("ring-8")), "no examples at " + examples.toAbsolutePath());
		return examples;
	}

	static Path example(String name) {
		return examples().resolve(name);
	}

	/** The event lines of one rank's trace, as the trace reader reads them. */
	static List<String> traceLines(TraceFolder folder, int rank) throws IOException {
		List<String> lines = new ArrayList<>();
		try (EventReader reader = folder.openEvents(rank)) {
			for (TraceEvent event = reader.next(); event != null; event = reader.next()) {
				lines.add(event.toLine());
			}
		}
		return lines;
	}

	/** The event lines of a model, all ranks or the events owned by {@code rank} (-1 for all). */
	static List<String> expansion(Model model, int rank) {
		List<String> lines = new ArrayList<>();
		for (ModelExpander it = rank < 0 ? ModelExpander.expand(model) : ModelExpander.expand(model, rank); it.hasNext();) {
			lines.add(it.next().toLine());
		}
		return lines;
	}

	/** The entries of a folder, sorted. */
	static List<Path> list(Path folder) throws IOException {
		try (Stream<Path> entries = Files.list(folder)) {
			return entries.sorted().toList();
		}
	}

	/** The bytes of every file under a folder, by relative path: to prove nothing changed. */
	static Map<String, byte[]> snapshot(Path folder) throws IOException {
		Map<String, byte[]> files = new TreeMap<>();
		try (Stream<Path> paths = Files.walk(folder)) {
			for (Path path : paths.filter(Files::isRegularFile).toList()) {
				files.put(folder.relativize(path).toString(), Files.readAllBytes(path));
			}
		}
		return files;
	}

	static void assertSameFiles(Map<String, byte[]> expected, Map<String, byte[]> actual) {
		assertEquals(expected.keySet(), actual.keySet());
		for (String name : expected.keySet()) {
			assertTrue(Arrays.equals(expected.get(name), actual.get(name)), name + " changed");
		}
	}
}
