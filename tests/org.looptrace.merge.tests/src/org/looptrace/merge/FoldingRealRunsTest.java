// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Projection;

/**
 * Folding of the section III models of the real runs of docs/PERFORMANCE.md (NPB 3.3-MPI class S
 * and Sweep3D on 4 and 16 ranks, and runs held out from those: LU and MG on 8 ranks, MG on 32 and
 * 64, CG on 64, Sweep3D on a 50³ grid on 4, 6, 8 and 16 ranks; kept in {@code real-runs/}): each
 * folds into at most the constructs of the table and projects onto every rank exactly as the
 * section III model does.
 */
class FoldingRealRunsTest {

	/**
	 * Constructs of the folded models at 4 and 16 ranks, as `looptrace model --stats` gives them
	 * (docs/PERFORMANCE.md).
	 */
	private static final String TABLE = """
			lu.S 92 118
			cg.S 16 20
			mg.S 51 85
			bt.S 47 54
			sp.S 37 41
			sweep3d 24 26
			""";

	/**
	 * Runs traced apart from those the rules were written on (other rank counts, Sweep3D on a 50³
	 * grid): run, ranks, constructs of the folded model. CG's reductions take one stage more per
	 * factor 4 of the ranks, folded as one loop over the stages (20 at 16 and 64); MG's coarse
	 * levels, where ranks sit idle, more blocks (51, 39, 85, 177, 222 at 4, 8, 16, 32, 64).
	 */
	private static final String HELD_OUT = """
			lu.S.8 8 116
			mg.S.8 8 39
			sweep3d50.4 4 24
			sweep3d50.6 6 24
			sweep3d50.8 8 24
			sweep3d50.16 16 26
			cg.S.64 64 20
			mg.S.32 32 177
			mg.S.64 64 222
			""";

	@Test
	void realRunsFoldExactlyIntoTheConstructsOfTheTable() throws Exception {
		for (String row : TABLE.strip().split("\n")) {
			String[] fields = row.split(" ");
			foldsExactly(fields[0] + ".4", 4, Long.parseLong(fields[1]));
			foldsExactly(fields[0] + ".16", 16, Long.parseLong(fields[2]));
		}
	}

	@Test
	void heldOutRunsFoldExactlyIntoTheConstructsOfTheTable() throws Exception {
		for (String row : HELD_OUT.strip().split("\n")) {
			String[] fields = row.split(" ");
			foldsExactly(fields[0], Integer.parseInt(fields[1]), Long.parseLong(fields[2]));
		}
	}

	/** The run's section III model folds into at most {@code most} constructs and, printed and read again, projects as it did. */
	private static void foldsExactly(String run, int ranks, long most) throws Exception {
		Path file = Path.of("real-runs", run + ".loops");
		assertTrue(Files.isRegularFile(file), "no model at " + file.toAbsolutePath());
		Model merged = ModelText.parse(Files.readString(file), file.toString());
		Model folded = Folding.fold(List.of(merged), 2, Progress.NONE);
		Model reread = ModelText.parse(ModelPrinter.print(folded), run + ".folded.loops");
		List<List<TraceEvent>> events = Projection.eventsOfEveryRank(merged, ranks);
		List<List<TraceEvent>> foldedEvents = Projection.eventsOfEveryRank(folded, ranks);
		List<List<TraceEvent>> rereadEvents = Projection.eventsOfEveryRank(reread, ranks);
		for (int p = 0; p < ranks; p++) {
			assertEquals(events.get(p), foldedEvents.get(p), run + ", rank " + p);
			assertEquals(events.get(p), rereadEvents.get(p), run + " printed and read again, rank " + p);
		}
		long constructs = Folding.constructs(folded);
		assertTrue(constructs <= most, run + ": " + constructs + " constructs, the table says " + most + "\n" + ModelPrinter.print(folded));
	}
}
