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
import org.looptrace.model.Expr;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Model;
import org.looptrace.model.Send;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.GeneratedPatterns;
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
			String pattern = Patterns.ALL.get(random.nextInt(Patterns.ALL.size()));
			int ranks = 2 + random.nextInt(19);
			Path traces = Files.createDirectories(folder.resolve("run-" + run));
			Patterns.write(GeneratedPatterns.create(pattern, ranks, random.nextInt(9), random.nextLong()), traces, Progress.NONE);
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

	/**
	 * Periodic grids of random sizes (right and down neighbours through mod, wrapping around): the
	 * matrix equals counting the sends of the expansion, the sends of the model written out event by
	 * event, and the neighbours computed here.
	 */
	@Test
	void periodicGridsEqualTheirEventsWrittenOut() {
		Random random = new Random(2611);
		for (int run = 0; run < 30; run++) {
			int rows = 1 + random.nextInt(4);
			int columns = 1 + random.nextInt(6);
			Model grid = periodicGrid(rows, columns);
			String what = rows + "x" + columns + " grid";
			Map<Channel, Long> expected = new TreeMap<>();
			for (int row = 0; row < rows; row++) {
				for (int column = 0; column < columns; column++) {
					int rank = columns * row + column;
					expected.merge(new Channel(rank, columns * row + (column + 1) % columns), 1L, Long::sum);
					expected.merge(new Channel(rank, columns * ((row + 1) % rows) + column), 1L, Long::sum);
				}
			}
			CommunicationMatrix matrix = CommunicationMatrix.of(grid, Progress.NONE);
			assertEquals(expected, matrix.channels(), what);
			assertEquals(expected, countSends(grid), what + ": expansion");
			assertEquals(expected, CommunicationMatrix.of(writtenOut(grid), Progress.NONE).channels(), what + ": written out");
			assertConstructsAddUp(grid, matrix, what);
		}
	}

	/**
	 * {@code for i0 = 0 to rows-1 / for i1 = 0 to columns-1 / r send columns*i0+mod(1+i1,columns) 1 /
	 * r send columns*mod(1+i0,rows)+i1 2}, r = {@code columns*i0+i1}.
	 */
	private static Model periodicGrid(int rows, int columns) {
		LooptraceFactory factory = LooptraceFactory.eINSTANCE;
		List<String> scope = List.of("i0", "i1");
		Loop outer = factory.createLoop();
		outer.setIndex("i0");
		outer.setLower(Exprs.constant(0));
		outer.setUpper(Exprs.constant(rows - 1));
		Loop inner = factory.createLoop();
		inner.setIndex("i1");
		inner.setLower(Exprs.constant(0));
		inner.setUpper(Exprs.constant(columns - 1));
		outer.getItems().add(inner);
		Expr right = Exprs.canonical(0, Map.of("i0", (long) columns),
				List.of(Exprs.residue(1, Exprs.affine(1, 1, "i1"), columns)), scope);
		Expr down = Exprs.canonical(0, Map.of("i1", 1L), List.of(Exprs.residue(columns, Exprs.affine(1, 1, "i0"), rows)), scope);
		for (Expr peer : List.of(right, down)) {
			Send send = factory.createSend();
			send.setRank(Exprs.canonical(0, Map.of("i0", (long) columns, "i1", 1L), scope));
			send.setPeer(peer);
			send.setTag(Exprs.constant(inner.getItems().size() + 1));
			inner.getItems().add(send);
		}
		Model model = factory.createModel();
		model.getItems().add(outer);
		return model;
	}

	/** The sends of a model's expansion, one constant event each. */
	private static Model writtenOut(Model model) {
		Model events = LooptraceFactory.eINSTANCE.createModel();
		ModelExpander.expand(model).forEachRemaining(event -> {
			Send send = LooptraceFactory.eINSTANCE.createSend();
			send.setRank(Exprs.constant(event.rank()));
			send.setPeer(Exprs.constant(event.peer()));
			send.setTag(Exprs.symbol(event.tag()));
			events.getItems().add(send);
		});
		return events;
	}

	private static Map<Channel, Long> countSends(Model model) {
		Map<Channel, Long> counts = new TreeMap<>();
		ModelExpander.expand(model).forEachRemaining(event -> counts.merge(new Channel(event.rank(), event.peer()), 1L, Long::sum));
		return counts;
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
