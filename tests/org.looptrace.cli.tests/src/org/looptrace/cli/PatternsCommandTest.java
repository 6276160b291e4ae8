// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.testsupport.CollectivePrograms;
import org.looptrace.testsupport.CollectivePrograms.Algorithm;
import org.looptrace.testsupport.CollectivePrograms.Program;
import org.looptrace.testsupport.CollectivePrograms.Step;

/**
 * {@code looptrace patterns}: groups resembling collectives in a model text or a trace folder, and
 * per-process patterns ({@code --per-rank}) in functions or across them, global patterns
 * ({@code --global}), sizes from data traces.
 */
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
				""", Cli.expect(0, "patterns", model.toString(), "--per-rank").out());
		assertEquals("""
				rank,context,places,occurrences,events
				0,exchange,2,11,0 send 1 7; 1 recv 0 7
				1,,2,2,1 send 0 7; 0 recv 1 7
				""", Cli.expect(0, "patterns", model.toString(), "--per-rank", "--csv").out());
		// a ring folded into one loop body: nothing repeats, and the output says so rather than nothing
		Path ring = Files.writeString(dir.resolve("ring.loops"), "for i0 = 0 to 3\n  i0 send mod(1+i0,4) 1\n  i0 recv mod(1+i0,4) 1\ndone\n");
		assertEquals("no per-rank patterns: no sequence of events stands at two places of a rank's model\n",
				Cli.expect(0, "patterns", ring.toString(), "--per-rank").out());
		assertEquals("rank,context,places,occurrences,events\n", Cli.expect(0, "patterns", ring.toString(), "--per-rank", "--csv").out());
	}

	@Test
	void withoutContextPatternsCrossFunctions(@TempDir Path dir) throws Exception {
		Path model = Files.writeString(dir.resolve("run.loops"), MODEL);
		// rank 0 reads send recv sync send recv: the pair stands twice, across the sync
		assertEquals("""
				rank 0: 2 places, 11 occurrences: 0 send 1 7; 1 recv 0 7
				rank 1: 2 places, 2 occurrences: 1 send 0 7; 0 recv 1 7
				""", Cli.expect(0, "patterns", model.toString(), "--per-rank", "--no-context").out());
	}

	/** Rank 2 sends to every other rank of 0-5 in turn, 10 times: a linear bcast, folded over ranks. */
	private static final String BCAST = """
			for i0 = 0 to 9
			  for i1 = 0 to 1
			    2 send i1 5
			    2 recv i1 5
			  done
			  for i1 = 0 to 2
			    2 send 3+i1 5
			    2 recv 3+i1 5
			  done
			done
			""";

	@Test
	void aBroadcastInALoopIsFoundOnceAndCountedByItsIterations(@TempDir Path dir) throws Exception {
		Path model = Files.writeString(dir.resolve("bcast.loops"), BCAST);
		assertEquals("""
				bcast from rank 2 over 0-5: 10 occurrences
				note: no data traces, so no size check (bcast may be a scatter): give the trace folder with its data.<rank> files
				""", Cli.expect(0, "patterns", model.toString()).out());
		assertEquals("""
				kind,root,group,context,occurrences,sizes
				bcast,2,0-5,,10,unread

				kind,root,group,context,occurrences,loops,constructs
				bcast,2,0-5,,10,,1.1.1 1.2.1
				""", Cli.expect(0, "patterns", model.toString(), "--csv", "--occurrences").out());
	}

	@Test
	void aTraceFolderIsModelledFirst(@TempDir Path dir) throws Exception {
		List<Step> prologue = List.of(new Step(Algorithm.REDUCE_BINOMIAL, 5, 0, 12));
		List<Step> steps = List.of(new Step(Algorithm.BCAST_BINOMIAL, 3, 0, 12), new Step(Algorithm.HALO, -1, 0, 12));
		// traced with functions, every message on one tag
		Path functions = dir.resolve("functions");
		CollectivePrograms.write(new Program(12, prologue, steps, 7, true, true).traces(), functions);
		assertEquals("""
				kind,root,group,context,occurrences,sizes
				bcast,3,0-11,bcast_binomial,7,unread
				halo,,0-11,halo,7,
				reduce,5,0-11,reduce_binomial,1,unread
				""", Cli.expect(0, "patterns", functions.toString(), "--csv").out());
		// traced without functions, a tag per step
		Path plain = dir.resolve("plain");
		CollectivePrograms.write(new Program(12, prologue, steps, 7, false, false).traces(), plain);
		assertEquals("""
				kind,root,group,context,occurrences,sizes
				bcast,3,0-11,,7,unread
				halo,,0-11,,7,
				reduce,5,0-11,,1,unread
				""", Cli.expect(0, "patterns", plain.toString(), "--csv").out());
	}

	/** With data traces the sizes tell a binomial scatter from a bcast, a gather from a reduce. */
	@Test
	void dataTracesTellAScatterFromABcast(@TempDir Path dir) throws Exception {
		List<Step> steps = List.of(new Step(Algorithm.SCATTER_BINOMIAL, 3, 0, 12), new Step(Algorithm.BCAST_BINOMIAL, 7, 0, 12),
				new Step(Algorithm.GATHER_BINOMIAL, 10, 0, 12));
		CollectivePrograms.write(new Program(12, List.of(), steps, 5, true, false), dir, true);
		assertEquals("""
				kind,root,group,context,occurrences,sizes
				bcast,7,0-11,bcast_binomial,5,read
				gather,10,0-11,gather_binomial,5,read
				scatter,3,0-11,scatter_binomial,5,read
				""", Cli.expect(0, "patterns", dir.toString(), "--csv").out());
		assertEquals("""
				bcast from rank 7 over 0-11 in bcast_binomial: 5 occurrences
				gather from rank 10 over 0-11 in gather_binomial: 5 occurrences
				scatter from rank 3 over 0-11 in scatter_binomial: 5 occurrences
				""", Cli.expect(0, "patterns", dir.toString()).out());
	}

	/** One call of ex on ranks 0 and 1: they exchange a message each way. */
	private static final String CALL = """
			0 local call ex
			0 send 1 7
			1 local call ex
			0 recv 1 7
			1 send 0 7
			1 recv 0 7
			0 local return ex
			1 local return ex
			""";

	/** Ranks 0 and 1 exchange in function ex, once before a loop and in each of its 3 iterations. */
	private static final String EXCHANGE = CALL + "for i0 = 0 to 2\n  0 sync MPI_Barrier 0-1\n  1 sync MPI_Barrier 0-1\n"
			+ CALL.indent(2) + "done\n";

	@Test
	void globalPatternsJoinThePatternsOfPartners(@TempDir Path dir) throws Exception {
		Path model = Files.writeString(dir.resolve("ex.loops"), EXCHANGE);
		assertEquals("""
				global pattern 1 over 0,1: 4 occurrences
				  rank 0 in ex: 0 send 1 7; 1 recv 0 7
				  rank 1 in ex: 0 recv 1 7; 1 send 0 7
				""", Cli.expect(0, "patterns", model.toString(), "--global").out());
		assertEquals("""
				pattern,ranks,occurrences,rank,context,events
				1,"0,1",4,0,ex,0 send 1 7; 1 recv 0 7
				1,"0,1",4,1,ex,0 recv 1 7; 1 send 0 7
				""", Cli.expect(0, "patterns", model.toString(), "--global", "--csv").out());
	}

	@Test
	void badModelIsAUsageError(@TempDir Path dir) throws Exception {
		Path model = Files.writeString(dir.resolve("bad.loops"), "for i0 = 0 to\n");
		Cli.Result result = Cli.expect(2, "patterns", model.toString());
		assertEquals(true, result.err().startsWith("looptrace patterns: " + model + " is not a valid model"), result::toString);
	}
}
