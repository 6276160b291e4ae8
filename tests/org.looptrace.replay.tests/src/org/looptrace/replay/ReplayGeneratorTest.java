// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Construct;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;
import org.looptrace.replay.ReplayOptions.Compute;
import org.looptrace.trace.DataTraceWriter;
import org.looptrace.trace.ReplayTags;

/** The program's text and the models it refuses, without running MPI. */
class ReplayGeneratorTest {

	private static final String PINGPONG = """
			for i0 = 0 to 3
			  0 send 1 7
			  0 recv 1 7
			  1 send 0 tag1
			  1 recv 0 tag1
			done
			0 sync MPI_Allreduce 0,1
			1 sync MPI_Allreduce 0,1
			""";

	private static Model parse(String text) throws Exception {
		return ModelText.parse(text, "test.loops");
	}

	private static ReplayProgram generate(String text) throws Exception {
		return ReplayGenerator.generate(parse(text), "test.loops", ReplayOptions.NONE, Progress.NONE);
	}

	@Test
	void everyConstructIsAStatementCommentedWithItsPath() throws Exception {
		Model model = parse(PINGPONG);
		String source = ReplayGenerator.generate(model, "test.loops", ReplayOptions.NONE, Progress.NONE).files().get(ReplayProgram.SOURCE);
		for (var iterator = model.eAllContents(); iterator.hasNext();) {
			if (iterator.next() instanceof Construct construct) {
				assertTrue(source.contains("/* " + ConstructPath.of(construct) + ": "), "a comment naming " + ConstructPath.of(construct));
			}
		}
		assertTrue(source.contains("for (long long i0 = 0; i0 <= 3; i0++) {"), source);
		assertTrue(source.contains("if (lt_rank == 0) {\n\t\t\tlt_send(1, 7, 0);"), source);
		assertTrue(source.contains("if (lt_rank == 1) {\n\t\t\tlt_recv(0, 7);"), source);
		assertTrue(source.contains("#define LT_RANKS 2"), source);
		assertTrue(source.contains("lt_MPI_Allreduce(lt_comm[0], 0);"), source);
		assertTrue(source.contains("lt_comm[0] = MPI_COMM_WORLD; /* 0,1 */"), source);
	}

	/** Loops nested in loops, an annotation among the constructs (not counted in their paths). */
	@Test
	void nestedConstructsAreCommentedWithTheirPaths() throws Exception {
		Model model = parse("""
				0 send 1 1
				0 recv 1 1
				get "t" {0}.time ->
				for i0 = 0 to 1
				  0 send 1 2
				  for i1 = 0 to 1
				    0 send 1 3
				    0 recv 1 3
				  done
				  0 recv 1 2
				done
				""");
		String source = ReplayGenerator.generate(model, "test.loops", ReplayOptions.NONE, Progress.NONE).files().get(ReplayProgram.SOURCE);
		List<String> paths = source.lines().map(String::strip).filter(line -> line.matches("/\\* [0-9.]+: .*"))
				.map(line -> line.substring(3, line.indexOf(':'))).toList();
		List<String> expected = new ArrayList<>();
		for (var iterator = model.eAllContents(); iterator.hasNext();) {
			if (iterator.next() instanceof Construct construct) {
				expected.add(ConstructPath.of(construct));
			}
		}
		assertEquals(List.of("1", "2", "3", "3.1", "3.2", "3.2.1", "3.2.2", "3.3"), expected);
		assertEquals(expected, paths, source);
	}

	@Test
	void aSymbolicTagIsSentAsANumberAboveTheNumericTags() throws Exception {
		ReplayProgram program = generate(PINGPONG);
		assertTrue(program.files().get(ReplayProgram.SOURCE).contains("lt_send(0, 8, 0);"));
		assertEquals("tag1", program.tags().token(8));
		assertEquals("7", program.tags().token(7));
		assertEquals("# MPI tag sent by the replay -> the tag of the model\n8 tag1\n", program.files().get(ReplayTags.FILE));
	}

	@Test
	void communicatorTagsAreARangeOfNumbers() throws Exception {
		ReplayProgram program = generate("""
				for i0 = 0 to 2
				  0 send 1 c5.10+i0
				  0 recv 1 c5.10+i0
				done
				0 send 1 3
				0 recv 1 3
				""");
		assertTrue(program.files().get(ReplayProgram.SOURCE).contains("lt_send(1, -6+(10+i0), 0);"), program.files().get(ReplayProgram.SOURCE));
		assertEquals("c5.10", program.tags().token(4));
		assertEquals("c5.12", program.tags().token(6));
		assertEquals("4-6 c5.10-12\n", program.tags().text().lines().skip(1).findFirst().orElseThrow() + "\n");
	}

	@Test
	void sizesConstantPerConstructAreNumbersTheOthersATableOfRuns(@TempDir Path data) throws Exception {
		write(data.resolve("data.0"), new long[][] { { 0, 8 }, { 10, 0 }, { 30, 8 }, { 40, 0 }, { 70, 16 }, { 80, 0 }, { 100, 16 }, { 110, 0 } });
		write(data.resolve("data.1"), new long[][] { { 5, 0 }, { 15, 4 }, { 35, 0 }, { 45, 4 }, { 75, 0 }, { 85, 4 }, { 105, 0 }, { 115, 4 } });
		Model model = parse("""
				for i0 = 0 to 3
				  0 send 1 7
				  0 recv 1 7
				  1 send 0 7
				  1 recv 0 7
				done
				""");
		ReplayProgram program = ReplayGenerator.generate(model, "test.loops", new ReplayOptions(data, Compute.MEAN), Progress.NONE);
		String source = program.files().get(ReplayProgram.SOURCE);
		assertTrue(source.contains("lt_send(1, 7, LT_SIZE());"), source);
		assertTrue(source.contains("lt_send(0, 7, 4);"), source);
		assertEquals("8 2\n16 2\n", program.files().get("replay.sizes.0"));
		assertFalse(program.files().containsKey("replay.sizes.1"));
		assertTrue(source.contains("#define LT_BUFFER 16LL"), source);
		// gaps before the sends of rank 0: none for the first event, then 20, 30 and 20 ns after a receive ended
		assertTrue(source.contains("lt_compute(18); lt_send(1, 7, LT_SIZE());"), source);

		ReplayProgram exact = ReplayGenerator.generate(model, "test.loops", new ReplayOptions(data, Compute.EXACT), Progress.NONE);
		assertEquals("0 1\n10 1\n20 1\n10 1\n30 1\n10 1\n20 1\n10 1\n", exact.files().get("replay.gaps.0"));
	}

	private static void write(Path file, long[][] records) throws Exception {
		try (DataTraceWriter writer = DataTraceWriter.create(file, List.of("time", "size"))) {
			for (long[] record : records) {
				writer.write(record);
			}
		}
	}

	@Test
	void dataTracesShorterThanTheModelAreNamed(@TempDir Path data) throws Exception {
		write(data.resolve("data.0"), new long[][] { { 0, 8 } });
		write(data.resolve("data.1"), new long[][] { { 0, 8 } });
		ReplayException e = assertThrows(ReplayException.class, () -> ReplayGenerator.generate(parse(PINGPONG), "test.loops",
				new ReplayOptions(data, Compute.NONE), Progress.NONE));
		assertTrue(e.getMessage().contains("data.1 has 1 records, fewer than the events of rank 1"), e.getMessage());
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = {
			"a tag beyond MPI_TAG_UB|0 send 1 40000\\n0 recv 1 40000|1|the tag 40000 is beyond 0-32767",
			"a group beyond the ranks|0 send 1 1\\n0 recv 1 1\\n0 sync MPI_Barrier 0-3|3|the group 0-3 names rank 3, beyond the model's ranks 0-1",
			"no MPI collective|0 sync everyone 0|1|'everyone' is not a collective the replay can call",
			"a send never received|0 send 1 5\\n1 send 0 5\\n0 recv 1 5|2|channel (1, 0, 5) has 1 sends and 0 receives",
			"a member missing from a collective|0 sync MPI_Barrier 0-1\\n0 send 1 1\\n0 recv 1 1|1|rank 1 takes part in 0 of the 1 MPI_Barrier on 0,1",
			"a C keyword as index|for int = 0 to 1\\n  0 send 1 int\\n  0 recv 1 int\\ndone|1|the loop index 'int' is a name of C",
			"a symbol past the last tag|0 send 1 32767\\n0 recv 1 32767\\n0 send 1 late\\n0 recv 1 late|3|the symbolic tag late would be sent as tag 32768" })
	void aModelThatCannotBeReplayedIsRefusedAtItsConstruct(String what, String text, String path, String message) throws Exception {
		Model model = parse(text.replace("\\n", "\n") + "\n");
		ReplayException e = assertThrows(ReplayException.class, () -> ReplayGenerator.generate(model, "test.loops", ReplayOptions.NONE,
				Progress.NONE));
		assertTrue(e.getMessage().contains(message), what + ": " + e.getMessage());
		Construct construct = e.construct();
		assertSame(ConstructPath.find(model, path), construct, what);
	}
}
