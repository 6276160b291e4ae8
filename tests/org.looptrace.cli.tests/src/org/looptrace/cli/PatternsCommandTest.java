// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code looptrace patterns}: per-process patterns of a model text, in functions or across them. */
class PatternsCommandTest {

	/** Rank 0 exchanges with 1 in a function, 11 times; rank 1 (no functions) twice more at the end. */
	private static final String MODEL = """
			0 local call exchange
			0 send 1 7
			1 recv 0 7
			0 local return exchange
			for i0 = 0 to 9
			  0 local call MPI_Allreduce
			  0 sync MPI_Allreduce 0-1
			  0 local return MPI_Allreduce
			  0 local call exchange
			  0 send 1 7
			  1 recv 0 7
			  0 local return exchange
			done
			1 send 0 7
			0 recv 1 7
			1 send 0 7
			0 recv 1 7
			""";

	@Test
	void patternsInFunctionsCountedByLoopIterations(@TempDir Path dir) throws Exception {
		Path model = Files.writeString(dir.resolve("run.loops"), MODEL);
		assertEquals("""
				rank 0 in exchange: 2 places, 11 occurrences: 0 send 1 7; 1 recv 0 7
				rank 1: 2 places, 2 occurrences: 1 send 0 7; 0 recv 1 7
				""", Cli.expect(0, "patterns", model.toString()).out());
		assertEquals("""
				rank,context,places,occurrences,events
				0,exchange,2,11,0 send 1 7; 1 recv 0 7
				1,,2,2,1 send 0 7; 0 recv 1 7
				""", Cli.expect(0, "patterns", model.toString(), "--csv").out());
	}

	@Test
	void withoutContextPatternsCrossFunctions(@TempDir Path dir) throws Exception {
		Path model = Files.writeString(dir.resolve("run.loops"), MODEL);
		// rank 0 reads send recv sync send recv: the pair stands twice, across the sync
		assertEquals("""
				rank 0: 2 places, 11 occurrences: 0 send 1 7; 1 recv 0 7
				rank 1: 2 places, 2 occurrences: 1 send 0 7; 0 recv 1 7
				""", Cli.expect(0, "patterns", model.toString(), "--no-context").out());
	}

	@Test
	void badModelIsAUsageError(@TempDir Path dir) throws Exception {
		Path model = Files.writeString(dir.resolve("bad.loops"), "for i0 = 0 to\n");
		Cli.Result result = Cli.expect(2, "patterns", model.toString());
		assertEquals(true, result.err().startsWith("looptrace patterns: " + model + " is not a valid model"), result::toString);
	}
}
