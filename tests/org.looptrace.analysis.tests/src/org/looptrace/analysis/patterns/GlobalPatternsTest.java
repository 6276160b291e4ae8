// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.CollectivePrograms;
import org.looptrace.trace.TraceFolder;

/**
 * Step 2 of Alawneh et al.'s contextual approach: per-process patterns of partner ranks joined into
 * global patterns, on examples shaped like the paper's figures 5 and 6 (a pattern on every rank but
 * one, whose single receive is added as it is) and on runs where two exchanges in two functions
 * never meet.
 */
class GlobalPatternsTest {

	private static Model model(List<List<TraceEvent>> traces, Path dir) throws Exception {
		CollectivePrograms.write(traces, dir);
		return Pipeline.model(TraceFolder.open(dir), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
	}

	/**
	 * The paper's figure 5: rank 0 sends to 1 and 2 and receives from both; 1 answers; 2 answers
	 * and sends on to 3, which only receives (a single event, no per-process pattern). All in
	 * function F, called before a time loop and in each of its iterations after an Allreduce, so
	 * that F's events stand at two places of the model.
	 */
	private static List<List<TraceEvent>> figure5(int iterations) {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < 4; rank++) {
			traces.add(new ArrayList<>());
		}
		for (int t = 0; t <= iterations; t++) {
			if (t > 0) {
				for (int rank = 0; rank < 4; rank++) {
					traces.get(rank).add(TraceEvent.sync(rank, "MPI_Allreduce", RankSet.range(0, 3)));
				}
			}
			for (int rank = 0; rank < 4; rank++) {
				traces.get(rank).add(TraceEvent.local(rank, List.of("call", "F")));
			}
			traces.get(0).addAll(List.of(TraceEvent.send(0, 1, "1"), TraceEvent.send(0, 2, "1"), TraceEvent.recv(1, 0, "1"),
					TraceEvent.recv(2, 0, "1")));
			traces.get(1).addAll(List.of(TraceEvent.recv(0, 1, "1"), TraceEvent.send(1, 0, "1")));
			traces.get(2).addAll(List.of(TraceEvent.recv(0, 2, "1"), TraceEvent.send(2, 3, "1"), TraceEvent.send(2, 0, "1")));
			traces.get(3).add(TraceEvent.recv(2, 3, "1"));
			for (int rank = 0; rank < 4; rank++) {
				traces.get(rank).add(TraceEvent.local(rank, List.of("return", "F")));
			}
		}
		return traces;
	}

	@ParameterizedTest(name = "{0} iterations")
	@ValueSource(ints = { 5, 9, 12 })
	void theFigureFivePatternIsOneGlobalPattern(int iterations, @TempDir Path dir) throws Exception {
		List<GlobalPattern> global = ContextualPatterns.global(model(figure5(iterations), dir), true);
		assertEquals(1, global.size(), global::toString);
		GlobalPattern pattern = global.get(0);
		assertEquals("0-3", pattern.ranks().toString());
		assertEquals(iterations + 1, pattern.occurrences());
		assertEquals(List.of("0 send 1 1; 0 send 2 1; 1 recv 0 1; 2 recv 0 1", "0 recv 1 1; 1 send 0 1",
				"0 recv 2 1; 2 send 3 1; 2 send 0 1"),
				pattern.parts().stream().map(part -> String.join("; ", part.events())).toList());
		assertEquals(List.of("2 recv 3 1"), pattern.singles());
		for (ProcessPattern part : pattern.parts()) {
			assertEquals("F", part.context());
		}
	}

	/**
	 * Two pairs exchanging in two functions, each pair's pattern joined only with its partner's:
	 * two global patterns, never one.
	 */
	@Test
	void patternsOfRanksThatNeverTalkStayApart(@TempDir Path dir) throws Exception {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < 4; rank++) {
			traces.add(new ArrayList<>());
		}
		for (int t = 0; t < 4; t++) {
			for (int rank = 0; rank < 4; rank++) {
				int partner = rank ^ 1;
				String function = rank < 2 ? "left" : "right";
				List<TraceEvent> out = traces.get(rank);
				if (t > 0) {
					out.add(TraceEvent.sync(rank, "MPI_Barrier", RankSet.range(0, 3)));
					if (t % 2 == 0) {
						out.add(TraceEvent.sync(rank, "MPI_Barrier", RankSet.range(0, 3)));
					}
				}
				out.add(TraceEvent.local(rank, List.of("call", function)));
				out.add(TraceEvent.send(rank, partner, "3"));
				out.add(TraceEvent.recv(partner, rank, "3"));
				out.add(TraceEvent.local(rank, List.of("return", function)));
			}
		}
		List<GlobalPattern> global = ContextualPatterns.global(model(traces, dir), true);
		assertEquals(List.of("0,1", "2,3"), global.stream().map(pattern -> pattern.ranks().toString()).toList(),
				global::toString);
		for (GlobalPattern pattern : global) {
			assertEquals(4, pattern.occurrences());
			assertEquals(List.of(), pattern.singles());
		}
	}

	/** Every global pattern's parts are per-process patterns, and its ranks those of its events. */
	@Test
	void globalPatternsAreMadeOfPerProcessPatterns(@TempDir Path dir) throws Exception {
		for (long seed = 0; seed < 6; seed++) {
			CollectivePrograms.Program program = CollectivePrograms.random(seed, seed % 2 == 0, true);
			Model model = model(program.traces(), dir.resolve("s" + seed));
			List<ProcessPattern> perRank = ContextualPatterns.find(model, true);
			for (GlobalPattern pattern : ContextualPatterns.global(model, true)) {
				RankSet.Builder ranks = new RankSet.Builder();
				long least = Long.MAX_VALUE;
				for (ProcessPattern part : pattern.parts()) {
					assertEquals(true, perRank.contains(part), part::toString);
					ranks.add(part.rank());
					least = Math.min(least, part.occurrences());
				}
				for (String single : pattern.singles()) {
					String[] fields = single.split(" ");
					ranks.add(Integer.parseInt(fields[fields[1].equals("recv") ? 2 : 0]));
				}
				assertEquals(ranks.build(), pattern.ranks(), pattern::toString);
				assertEquals(least, pattern.occurrences(), pattern::toString);
			}
		}
	}
}
