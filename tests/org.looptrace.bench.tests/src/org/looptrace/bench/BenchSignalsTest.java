// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.testsupport.Terminal;

/**
 * Every benchmark, run as a user runs it (its own JVM on a terminal) at sizes that take minutes:
 * it shows its progress bar, and Ctrl-C or SIGTERM once the bar shows work done stops it before
 * the CLI's grace ends the JVM: the bar erased, {@code looptrace bench: cancelled}, exit status 130
 * or 143, and its temporary files (in java.io.tmpdir, or in --dir) deleted.
 */
class BenchSignalsTest {

	private static final String RUNS = "../org.looptrace.merge.tests/real-runs/";
	private static final String EXAMPLES = "../../examples";

	/** Each case: the signal (Ctrl-C or SIGTERM) and the words after {@code bench}; {@code DIR} is the folder of temporary files. */
	static Stream<Arguments> longBenchmarks() {
		return Stream.of(Arguments.of("INT", List.of("nlr", "--events", "100000000", "--threads", "1")),
				Arguments.of("TERM", List.of("merge", "--ranks", "256,1024,4096", "--threads", "1", "--cancel")),
				Arguments.of("INT", List.of("loops", "--events", "3000000", "--examples", EXAMPLES)),
				Arguments.of("TERM", List.of("scan", "--records", "20000000", "--dir", "DIR")),
				Arguments.of("INT", List.of("layout", "--constructs", "5000000")),
				Arguments.of("TERM", List.of("profile", "--records", "20000000", "--dir", "DIR")),
				// cancelled while python3-otf2 writes the archive
				Arguments.of("INT", List.of("otf2", "--records", "20000000", "--dir", "DIR")),
				Arguments.of("TERM", List.of("replay", "--constructs", "20000", "--examples", EXAMPLES)),
				Arguments.of("INT", List.of("positions", "--ranks", "65536,262144")),
				Arguments.of("TERM", Stream.concat(Stream.of("fold", "--threads", "1"), Collections.nCopies(50, RUNS + "cg.S.16.loops").stream()).toList()),
				Arguments.of("INT", Stream.concat(Stream.of("diff"), Collections.nCopies(50, RUNS + "cg.S.16.loops").stream()).toList()));
	}

	@ParameterizedTest(name = "SIG{0} on looptrace bench {1}")
	// the name shows the benchmark and its first options
	@MethodSource("longBenchmarks")
	void aBenchmarkShowsItsProgressAndStopsOnASignal(String signal, List<String> words, @TempDir Path dir) throws Exception {
		Path temporary = Files.createDirectory(dir.resolve("tmp"));
		List<String> args = new ArrayList<>(List.of("bench"));
		words.forEach(word -> args.add(word.equals("DIR") ? temporary.toString() : word));
		try (Terminal terminal = Terminal.start(BenchCommand.class, Map.of("java.io.tmpdir", temporary.toString()), Map.of(),
				args.toArray(String[]::new))) {
			// the writing of otf2's archive is its first unit of work, cut short
			terminal.waitFor(Pattern.compile(words.get(0).equals("otf2") ? "bench otf2 \\[ +\\] 0/" : "bench " + words.get(0) + " \\[#*[ ]*\\] [1-9][0-9]*/"));
			if (signal.equals("INT")) {
				terminal.ctrlC();
			} else {
				terminal.terminate();
			}
			int status = terminal.exitStatus();
			String screen = terminal.screen();
			assertEquals(signal.equals("INT") ? 130 : 143, status, screen);
			assertTrue(screen.endsWith("\r\033[Klooptrace bench: cancelled\r\n"), screen);
		}
		try (Stream<Path> left = Files.list(temporary)) {
			assertEquals(List.of(), left.toList());
		}
	}
}
