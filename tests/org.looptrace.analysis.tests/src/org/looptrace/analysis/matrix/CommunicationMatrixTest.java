// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.trace.EventReader;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Patterns;

/**
 * The matrix computed from a model equals counting the send lines of the traces it was built from,
 * folded or not, for random runs of every generated pattern; a construct's matrix is the sum of its
 * body's.
 */
class CommunicationMatrixTest {

	@Test
	void equalsCountingTheTracesOnRandomRuns(@TempDir Path folder) throws Exception {
		Random random = new Random(606);
		for (int run = 0; run < 40; run++) {
			String pattern = Patterns.NAMES.get(random.nextInt(Patterns.NAMES.size()));
			int ranks = 2 + random.nextInt(19);
			Path traces = Files.createDirectories(folder.resolve("run-" + run));
			Patterns.write(Patterns.create(pattern, ranks, random.nextInt(9), random.nextLong()), traces, Progress.NONE);
			Map<Channel, Long> counted = countSends(TraceFolder.open(traces));
			// folded models hold loops over ranks, whose index decides who talks
			for (boolean fold : List.of(true, false)) {
				Model model = Pipeline.model(TraceFolder.open(traces), NlrOptions.DEFAULTS, new MergeOptions(2, fold),
						Progress.NONE);
				CommunicationMatrix matrix = CommunicationMatrix.of(model, Progress.NONE);
				String what = pattern + " on " + ranks + " ranks, run " + run + (fold ? ", folded" : "");
				assertEquals(counted, matrix.channels(), what);
				assertConstructsAddUp(model, matrix, what);
			}
		}
	}

	@Test
	void aPathThatNamesNoConstructIsRefusedSayingWhy(@TempDir Path folder) throws Exception {
		Patterns.write(Patterns.create("ring", 4, 3, 1), folder, Progress.NONE);
		Model model = Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(1), Progress.NONE);
		IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
				() -> CommunicationMatrix.of(model, "99", Progress.NONE));
		assertTrue(error.getMessage().contains("99"), error.getMessage());
	}

	/** The top-level constructs' matrices add up to the model's, and every loop's to its body's. */
	private static void assertConstructsAddUp(Model model, CommunicationMatrix whole, String what) {
		assertEquals(whole.channels(), sumOfParts(model, model, what), what + ": top-level constructs");
	}

	/** The sum of the matrices of a block's constructs, checking each loop against its own body on the way. */
	private static Map<Channel, Long> sumOfParts(Model model, Block block, String what) {
		Map<Channel, Long> sum = new TreeMap<>();
		for (Construct construct : ConstructPath.constructs(block)) {
			String path = ConstructPath.of(construct);
			Map<Channel, Long> part = CommunicationMatrix.of(model, path, Progress.NONE).channels();
			if (construct instanceof Loop loop) {
				assertEquals(part, sumOfParts(model, loop, what), what + ": loop " + path + " and its body");
			}
			part.forEach((channel, count) -> sum.merge(channel, count, Long::sum));
		}
		return sum;
	}

	private static Map<Channel, Long> countSends(TraceFolder traces) throws IOException {
		Map<Channel, Long> counts = new HashMap<>();
		for (int rank = 0; rank < traces.ranks(); rank++) {
			try (EventReader reader = traces.openEvents(rank)) {
				for (TraceEvent event = reader.next(); event != null; event = reader.next()) {
					if (event.kind() == EventKind.SEND) {
						counts.merge(new Channel(event.rank(), event.peer()), 1L, Long::sum);
					}
				}
			}
		}
		return new TreeMap<>(counts);
	}
}
