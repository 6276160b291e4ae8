// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.internal.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Projection;

/**
 * Folding of the section III models of the real runs of docs/PERFORMANCE.md (NPB 3.3-MPI class S
 * and Sweep3D on 4 and 16 ranks, kept in {@code real-runs/}): each folds into at most the
 * constructs of the table and projects onto every rank exactly as the section III model does.
 */
class FoldingRealRunsTest {

	/** Constructs of the folded model, as `looptrace model --stats` gives them (docs/PERFORMANCE.md). */
	private static final Map<String, Long> CONSTRUCTS = new LinkedHashMap<>();

	static {
		CONSTRUCTS.put("lu.S.4", 114L);
		CONSTRUCTS.put("lu.S.16", 131L);
		CONSTRUCTS.put("cg.S.4", 34L);
		CONSTRUCTS.put("cg.S.16", 50L);
		CONSTRUCTS.put("mg.S.4", 81L);
		CONSTRUCTS.put("mg.S.16", 183L);
		CONSTRUCTS.put("bt.S.4", 74L);
		CONSTRUCTS.put("bt.S.16", 99L);
		CONSTRUCTS.put("sp.S.4", 66L);
		CONSTRUCTS.put("sp.S.16", 81L);
		CONSTRUCTS.put("sweep3d.4", 48L);
		CONSTRUCTS.put("sweep3d.16", 26L);
	}

	@Test
	void realRunsFoldExactlyIntoTheConstructsOfTheTable() throws Exception {
		for (Map.Entry<String, Long> run : CONSTRUCTS.entrySet()) {
			Path file = Path.of("real-runs", run.getKey() + ".loops");
			assertTrue(Files.isRegularFile(file), "no model at " + file.toAbsolutePath());
			Model merged = ModelText.parse(Files.readString(file), file.toString());
			Model folded = Folding.fold(List.of(merged), 2, Progress.NONE);
			int ranks = Integer.parseInt(run.getKey().substring(run.getKey().lastIndexOf('.') + 1));
			for (int p = 0; p < ranks; p++) {
				assertEquals(Projection.events(merged, p), Projection.events(folded, p), run.getKey() + ", rank " + p);
			}
			long constructs = Folding.constructs(folded);
			assertTrue(constructs <= run.getValue(),
					run.getKey() + ": " + constructs + " constructs, the table says " + run.getValue() + "\n" + ModelPrinter.print(folded));
		}
	}
}
