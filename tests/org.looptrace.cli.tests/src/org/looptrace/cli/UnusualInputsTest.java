// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.cli.Cli.Result;

/** Inputs a user rarely gives: a file where a folder is expected, text that is not UTF-8, values out of range, files in the way; each gets a clear answer. */
class UnusualInputsTest {

	@Test
	void nlrIntoAFileInsteadOfAFolderIsAUsageError(@TempDir Path dir) throws Exception {
		Path file = Files.writeString(dir.resolve("afile"), "mine");
		Result result = Cli.expectUsageError("nlr", "nlr", Cli.example("ring-8").toString(), "-o", file.toString());
		assertTrue(result.err().contains("exists and is not a folder"), result.toString());
		assertEquals("mine", Files.readString(file));
	}

	@Test
	void modelUnderAFileSaysWhatIsInTheWay(@TempDir Path dir) throws Exception {
		Path file = Files.writeString(dir.resolve("afile"), "mine");
		Result result = Cli.expectUsageError("model", "model", Cli.example("ring-8").toString(), "-o",
				file.resolve("m.loops").toString());
		assertTrue(result.err().contains("is not a folder"), result.toString());
	}

	@Test
	void formatAndExpandOfAFolderAreUsageErrors(@TempDir Path dir) {
		for (String command : new String[] { "format", "expand" }) {
			Result result = Cli.expectUsageError(command, command, dir.toString());
			assertTrue(result.err().contains("is a folder, expected a file"), result.toString());
		}
	}

	@Test
	void formatAndExpandOfTextThatIsNotUtf8AreUsageErrors(@TempDir Path dir) throws Exception {
		Path latin = Files.write(dir.resolve("latin.loops"), new byte[] { (byte) 0xff, ' ', 'x', '\n' });
		for (String command : new String[] { "format", "expand" }) {
			Result result = Cli.expectUsageError(command, command, latin.toString());
			assertTrue(result.err().contains("is not UTF-8 text"), result.toString());
		}
	}

	@Test
	void helpAfterTheProgramBelongsToTheProgram() {
		// -np 0 is refused before anything runs: the --help after the program is not trace's.
		Result result = Cli.expectUsageError("trace", "trace", "-np", "0", "/bin/echo", "--help");
		assertTrue(result.err().contains("-np expects a positive number"), result.toString());
		assertTrue(Cli.expect(0, "trace", "--help", "-np", "2").out().startsWith("usage: looptrace trace"));
	}

	@Test
	void expandingAValueOutOfRangeIsAUsageError(@TempDir Path dir) throws Exception {
		Path model = Files.writeString(dir.resolve("big.loops"),
				"for i0 = 0 to 4\n  0 local -6000000000000000000+5000000000000000000*i0\ndone\n");
		// The lines before the failing iteration are printed, then the error.
		Result result = Cli.expect(2, "expand", model.toString());
		assertEquals(4, result.out().lines().count(), result.toString());
		assertTrue(result.err().startsWith("looptrace expand: ") && result.err().contains("out of the range of a 64-bit number"),
				result.toString());
	}

	@Test
	void nlrKeepsAFolderOfLocalModelsUnlessForced(@TempDir Path dir) throws Exception {
		Path out = Files.createDirectory(dir.resolve("models"));
		Files.writeString(out.resolve("local.3.loops"), "// edited by hand\n");
		Result refused = Cli.expectUsageError("nlr", "nlr", Cli.example("ring-8").toString(), "-o", out.toString());
		assertEquals("looptrace nlr: " + out + " exists and is not empty; use --force to replace it\n", refused.err());
		assertEquals(List.of(out.resolve("local.3.loops")), Cli.list(out));
		assertEquals("// edited by hand\n", Files.readString(out.resolve("local.3.loops")));
		Cli.expect(0, "nlr", Cli.example("ring-8").toString(), "-o", out.toString(), "--force");
		assertEquals(8, Cli.list(out).size());
		assertEquals(List.of(out), Cli.list(dir), "nothing left beside the folder");
	}
}
