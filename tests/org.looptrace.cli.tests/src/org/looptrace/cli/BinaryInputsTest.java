// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.cli.Cli.Result;

/**
 * A binary file where a text is expected (a data trace given for an event trace or a model, any other
 * binary file): every command says what the file is and what it expects, and never prints its bytes.
 */
class BinaryInputsTest {

	private static final String MODEL = Cli.example("models").resolve("ring.loops").toString();

	/** Text: printable characters and the line breaks between the lines of a message. */
	private static void assertPrintable(Result result) {
		for (String text : List.of(result.out(), result.err())) {
			assertTrue(text.chars().allMatch(c -> c == '\n' || c >= ' ' && c != 0x7f && c != 0xfffd), result::toString);
		}
	}

	@Test
	void aDataTraceForAnEventTraceIsSaidToBeOne(@TempDir Path dir) throws Exception {
		Path data = Cli.example("ring-8").resolve("data.0");
		String expected = ": error: a binary data trace (data.<rank>: a record of numbers per event), not an event trace:"
				+ " expected text, one event per line, as in trace.<rank>\n";
		Result nlr = Cli.expectUsageError("nlr", "nlr", data.toString());
		assertEquals("looptrace nlr: " + data + expected, nlr.err());
		// in a folder, in place of rank 0's trace: model and the commands modelling it stop, check reports it
		Path folder = Files.createDirectories(dir.resolve("run"));
		for (Path file : Cli.list(Cli.example("ring-8"))) {
			Files.copy(file, folder.resolve(file.getFileName()));
		}
		Files.copy(data, folder.resolve("trace.0"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
		for (String command : List.of("model", "patterns", "matrix")) {
			Result result = Cli.expectUsageError(command, command, folder.toString());
			assertEquals("looptrace " + command + ": " + folder.resolve("trace.0") + expected, result.err());
		}
		Result lenient = Cli.expectUsageError("model", "model", folder.toString(), "--lenient");
		assertEquals("looptrace model: " + folder.resolve("trace.0") + expected, lenient.err());
		Result check = Cli.expect(1, "check", folder.toString());
		assertTrue(check.out().startsWith(folder.resolve("trace.0") + expected), check::toString);
		assertPrintable(check);
	}

	/** Random binary files, a NUL byte in their first line: said to be binary, at that byte. */
	@Test
	void anyBinaryFileIsSaidToBeOne(@TempDir Path dir) throws Exception {
		Random random = new Random(3);
		for (int trial = 0; trial < 20; trial++) {
			byte[] bytes = new byte[1 + random.nextInt(3000)];
			random.nextBytes(bytes);
			int nul = random.nextInt(Math.min(bytes.length, 40));
			for (int i = 0; i < nul; i++) {
				bytes[i] = bytes[i] == 0 || bytes[i] == '\n' ? (byte) 'x' : bytes[i];
			}
			bytes[nul] = 0;
			Path file = Files.write(dir.resolve("file" + trial), bytes);
			Result nlr = Cli.expectUsageError("nlr", "nlr", file.toString());
			assertEquals("looptrace nlr: " + file + ": error: a binary file (a NUL byte at byte " + nul
					+ "), not an event trace: expected text, one event per line, as in trace.<rank>\n", nlr.err());
			Result format = Cli.expectUsageError("format", "format", file.toString());
			assertEquals("looptrace format: " + file + " is a binary file (a NUL byte at byte " + nul
					+ "), not text: expected a model (.loops)\n", format.err());
		}
	}

	/** Every command reading a model says a data trace given for it is one. */
	@Test
	void aDataTraceForAModelIsSaidToBeOne(@TempDir Path dir) throws Exception {
		String data = Cli.example("ring-8").resolve("data.0").toString();
		String ring = Cli.example("ring-8").toString();
		List<List<String>> commands = List.of(List.of("format", data), List.of("expand", data), List.of("positions", data),
				List.of("scan", data, ring), List.of("profile", data, ring), List.of("render", data, "-o", dir.resolve("r.svg").toString()),
				List.of("scanner", data, "--lang", "c", "-o", dir.resolve("s").toString()),
				List.of("replay", data, "-o", dir.resolve("r").toString()), List.of("diff", data, MODEL), List.of("matrix", data),
				List.of("patterns", data));
		for (List<String> command : commands) {
			Result result = Cli.expectUsageError(command.get(0), command.toArray(String[]::new));
			assertEquals("looptrace " + command.get(0) + ": " + data + " is a binary data trace (data.<rank>: a record of numbers per event), not text: expected a model (.loops)\n",
					result.err());
		}
		assertEquals(List.of(), Cli.list(dir), "nothing written");
	}
}
