// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Annotation;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Direction;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Model;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.scanner.ScannerGenerator.Language;
import org.looptrace.testsupport.GuardModels;
import org.looptrace.testsupport.Projection;

/**
 * Models with guard loops (loops that run at some iterations of an enclosing loop only) against their
 * plain twins: the same events, exact positions, scans, times and bytes, and the step loop kept as a
 * loop (its range split where a guard starts or stops running) rather than unrolled.
 */
class GuardLoopsTest {

	private static final int PAIRS = 150;

	@Test
	void theTwinsExpandToTheSameEventsOnEveryRank() throws Exception {
		Random random = new Random(17);
		for (int i = 0; i < PAIRS; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			assertNotEquals(pair.plain(), pair.guarded());
			Model guarded = Models.parse(pair.guarded());
			Model plain = Models.parse(pair.plain());
			for (int rank = 0; rank < pair.ranks(); rank++) {
				assertEquals(Projection.events(plain, rank), Projection.events(guarded, rank), pair + "rank " + rank);
			}
			// conservation: every message sent is received
			Map<Channel, Long> inFlight = new HashMap<>();
			ModelExpander.expand(guarded).forEachRemaining(event -> {
				if (event.kind() == EventKind.SEND || event.kind() == EventKind.RECV) {
					inFlight.merge(event.channel(), event.kind() == EventKind.SEND ? 1L : -1L, Long::sum);
				}
			});
			assertTrue(inFlight.values().stream().allMatch(count -> count == 0), () -> inFlight + "\n" + pair);
		}
	}

	@Test
	void positionsOfGuardModelsAreExact() throws Exception {
		Random random = new Random(23);
		int split = 0;
		for (int i = 0; i < PAIRS; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			Model guarded = Models.parse(pair.guarded());
			PositionsAgainstBruteForce.check(guarded, pair.ranks(), pair.toString());
			PositionsAgainstExpansion.check(guarded, pair.ranks(), pair.toString());
			split += splitLoops(guarded, pair.ranks());
		}
		assertTrue(split > PAIRS, "the guard models split " + split + " loops");
	}

	/** The placements of loops split on some rank. */
	private static int splitLoops(Model model, int ranks) {
		Positions positions = Positions.of(model);
		int split = 0;
		for (var contents = model.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof Loop loop) {
				for (int rank = 0; rank < ranks; rank++) {
					split += (int) positions.placements(loop, rank).stream().filter(placement -> placement.ranges().containsKey(loop.getIndex()))
							.count();
				}
			}
		}
		return split;
	}

	@Test
	void guardModelsScanTimeAndCountBytesAsTheirPlainTwins(@TempDir Path work) throws Exception {
		Random random = new Random(29);
		int records = 0;
		for (int i = 0; i < PAIRS; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			Model guarded = Models.parse(pair.guarded());
			Model plain = Models.parse(pair.plain());
			annotate(guarded, random, pair.ranks());
			Path folder = Files.createDirectories(work.resolve("run" + i));
			ScannerTest.writeData(guarded, pair.ranks(), folder, i);
			List<String> expected = ScannerTest.bruteForce(guarded, pair.ranks(), folder);
			List<String> actual = ScannerTest.scan(guarded, folder);
			expected.sort(null);
			actual.sort(null);
			assertEquals(expected, actual, pair::toString);
			records += actual.size();
			TimeProfileTest.assertLikeBruteForce(guarded, folder, pair.ranks(), pair::toString);
			assertEquals(MessageBytes.of(plain, plain, folder, Progress.NONE), MessageBytes.of(guarded, guarded, folder, Progress.NONE),
					pair::toString);
		}
		assertTrue(records > 300, "the guard models read " + records + " records");
	}

	@Test
	void generatedScannersOfGuardModelsPrintWhatTheScanReads(@TempDir Path work) throws Exception {
		Random random = new Random(31);
		for (int i = 0; i < 4; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			Model guarded = Models.parse(pair.guarded());
			annotate(guarded, random, pair.ranks());
			Path folder = Files.createDirectories(work.resolve("data" + i));
			ScannerTest.writeData(guarded, pair.ranks(), folder, i);
			GeneratedScannersTest.assertGeneratedEqualInProcess(guarded, folder, work.resolve("scanner" + i), pair.toString());
		}
	}

	/**
	 * The warm-up of a time step of 1,000 steps on 16 ranks: the step loop stays a loop on every rank,
	 * split in two (the first step, the others), and the generated scanner stays small.
	 */
	@Test
	void aWarmUpSplitsTheStepLoopInsteadOfUnrollingIt(@TempDir Path work) throws Exception {
		Model model = Models.parse(GuardModels.warmUp(1000).guarded());
		Loop step = (Loop) ConstructPath.find(model, "1.1.1");
		Loop guard = (Loop) ConstructPath.find(model, "1.1.1.2");
		Construct barrier = (Construct) guard.getItems().get(0);
		guard.getItems().add(1, annotation("barrier", Direction.PREVIOUS, RankSet.range(0, 15)));
		step.getItems().add(annotation("step", Direction.PREVIOUS, RankSet.range(0, 15)));
		Path c = work.resolve("c");
		ScannerGenerator.write(Scanner.of(model), Language.C, c, true);
		long size = Files.size(c.resolve("scan.c"));
		System.out.println("generated C scanner of the warm-up of 1000 steps on 16 ranks: " + size + " bytes");
		Positions positions = Positions.of(model);
		assertFalse(positions.isUnrolled(step));
		for (int rank = 0; rank < 16; rank++) {
			List<Placement> placements = positions.placements(barrier, rank);
			assertEquals(1, placements.size(), "rank " + rank);
			assertEquals(Map.of("i2", new Placement.Range(0, 0)), placements.get(0).ranges());
		}
		String summary = positions.summarize(step, 8);
		assertTrue(summary.contains(" (i2=0..0) on ranks ") && summary.contains(" (i2=1..999) on ranks "), summary);
		assertTrue(size < 64_000, "the scanner has " + size + " bytes");
		assertTrue(Files.readString(c.resolve("scan.c")).contains("i2 <= 999LL"), "the step loop is a loop");
	}

	private int labels;

	/** Annotations after about a third of the constructs, reading ranks of the run. */
	private void annotate(Block block, Random random, int ranks) {
		for (Item item : new ArrayList<>(block.getItems())) {
			if (item instanceof Loop loop) {
				annotate(loop, random, ranks);
			}
			if (item instanceof Construct && random.nextInt(3) == 0) {
				RankSet.Builder set = new RankSet.Builder();
				for (int k = 1 + random.nextInt(2); k > 0; k--) {
					set.add(random.nextInt(ranks));
				}
				Direction direction = random.nextBoolean() ? Direction.PREVIOUS : Direction.NEXT;
				int at = block.getItems().indexOf(item) + (direction == Direction.PREVIOUS ? 1 : 0);
				block.getItems().add(at, annotation("a" + labels++, direction, set.build()));
			}
		}
	}

	private static Annotation annotation(String label, Direction direction, RankSet ranks) {
		Annotation annotation = LooptraceFactory.eINSTANCE.createAnnotation();
		annotation.setLabel(label);
		annotation.setRanks(ranks);
		annotation.setAttribute("time");
		annotation.setDirection(direction);
		return annotation;
	}
}
