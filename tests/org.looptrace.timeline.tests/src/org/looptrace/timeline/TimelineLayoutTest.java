// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.timeline.Drawing.Arrow;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.timeline.Drawing.Label;
import org.looptrace.timeline.internal.Geometry;
import org.looptrace.timeline.render.PngRenderer;
import org.looptrace.timeline.render.SvgRenderer;
import org.looptrace.trace.TraceFolder;

/** The layout's properties on the paper's example models, the shipped trace folders and random models. */
class TimelineLayoutTest {

	private static Path examples() {
		Path examples = Path.of(System.getProperty("looptrace.examples", "../../examples"));
		assertTrue(Files.isDirectory(examples.resolve("models")), "no examples at " + examples.toAbsolutePath());
		return examples;
	}

	static Stream<Path> exampleModels() throws Exception {
		try (Stream<Path> files = Files.list(examples().resolve("models"))) {
			return files.filter(file -> file.toString().endsWith(".loops")).sorted().toList().stream();
		}
	}

	static Stream<String> exampleFolders() {
		return Stream.of("ring-8", "halo-16", "wavefront-16", "masterworker-8", "solver-16", "random-6");
	}

	private static Model parse(String text) throws Exception {
		return ModelText.parse(text, "test.loops");
	}

	/** Lays out, checks the invariants, the SVG and the PNG. */
	private static Drawing checked(Model model, String what) throws Exception {
		Drawing drawing = TimelineLayout.layout(model, LayoutOptions.DEFAULTS);
		Invariants.check(model, drawing, what);
		Invariants.checkSvg(drawing, SvgRenderer.render(drawing), what);
		return drawing;
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("exampleModels")
	void exampleModelsKeepTheInvariants(Path file) throws Exception {
		Model model = ModelText.parse(file);
		Drawing drawing = checked(model, file.getFileName().toString());
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(PngRenderer.render(drawing)));
		assertEquals(LayoutOptions.DEFAULTS.width(), image.getWidth());
		assertEquals((int) Math.ceil(drawing.height()), image.getHeight());
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("exampleFolders")
	void modelsOfTheExampleTracesKeepTheInvariantsAndMatchEverySend(String folder) throws Exception {
		Model model = Pipeline.model(TraceFolder.open(examples().resolve(folder)), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
		Drawing drawing = checked(model, folder);
		for (Arrow arrow : drawing.arrows()) {
			assertNotNull(arrow.sendPath(), folder + ": unmatched " + arrow);
		}
	}

	@Test
	void randomModelsKeepTheInvariants() throws Exception {
		for (long seed = 0; seed < 120; seed++) {
			int ranks = 2 + (int) (seed % 9);
			List<List<TraceEvent>> traces = seed % 2 == 0 ? RandomPrograms.traces(ranks, seed) : RandomPrograms.shaped(ranks, seed);
			List<Model> locals = new ArrayList<>();
			for (List<TraceEvent> trace : traces) {
				locals.add(NestedLoopRecognizer.model(trace.iterator(), NlrOptions.DEFAULTS, Progress.NONE));
			}
			Model model = Merger.merge(locals, new MergeOptions(1, seed % 3 != 0), Progress.NONE);
			Drawing drawing = checked(model, "seed " + seed);
			for (Arrow arrow : drawing.arrows()) {
				assertNotNull(arrow.sendPath(), "seed " + seed + ": unmatched " + arrow);
			}
			// With options: fewer things drawn, the same geometry rules, the same clock.
			int depth = (int) (seed % 3);
			RankSet some = RankSet.range(0, ranks / 2);
			Drawing part = TimelineLayout.layout(model, new LayoutOptions(some, depth, 300 + (int) seed * 7));
			Invariants.geometry(part, "seed " + seed + " ranks " + some + " collapse " + depth);
			Invariants.checkSvg(part, SvgRenderer.render(part), "seed " + seed + " with options");
			assertEquals(drawing.ticks(), part.ticks());
			assertTrue(part.boxes().stream().allMatch(box -> box.depth() <= depth + 1 && box.collapsed() == (box.depth() == depth + 1)));
			assertTrue(part.rankLines().stream().allMatch(line -> some.contains(line.rank())));
			assertTrue(part.marks().stream().allMatch(mark -> some.contains(mark.rank()) && mark.path().split("\\.").length <= depth + 1));
		}
	}

	@Test
	void aLoopBodyIsLaidOutOnceWithTheCountInItsBox() throws Exception {
		Model model = parse("""
				for i0 = 0 to 199
				  0 send 1 7
				  0 recv 1 7
				done
				""");
		Drawing drawing = checked(model, "loop");
		Box box = drawing.boxes().get(0);
		assertEquals(200, box.count());
		assertEquals(0, box.startTick());
		assertEquals(2, box.endTick(), "one send, then its receive");
		assertEquals(2, drawing.ticks());
		assertEquals(1, drawing.arrows().size());
	}

	@Test
	void aReceiveBeforeItsSendInTheBodyWaitsForIt() throws Exception {
		Model model = parse("""
				for i0 = 0 to 9
				  0 recv 1 t
				  0 send 1 t
				done
				""");
		Arrow arrow = checked(model, "receive first").arrows().get(0);
		assertEquals("1.2", arrow.sendPath());
		assertEquals("1.1", arrow.recvPath());
		assertFalse(arrow.carried());
		assertTrue(arrow.sendTick() < arrow.recvTick());
	}

	@Test
	void whenEveryRankWaitsTheMessageComesFromThePreviousIteration() throws Exception {
		Model model = parse("""
				for i0 = 0 to 9
				  0 recv 1 t
				  1 recv 0 u
				  0 send 1 t
				  1 send 0 u
				done
				""");
		List<Arrow> arrows = checked(model, "exchange").arrows();
		assertEquals(2, arrows.size());
		assertEquals(1, arrows.stream().filter(Arrow::carried).count(), arrows.toString());
		arrows.forEach(arrow -> assertNotNull(arrow.sendPath()));
	}

	@Test
	void loopsOverRanksAreLaidOutRankByRankInOneBox() throws Exception {
		Model model = parse("""
				for i0 = 0 to 3
				  i0 send 1+i0 t
				  i0 recv 1+i0 t
				done
				""");
		Drawing drawing = checked(model, "folded");
		assertEquals(1, drawing.boxes().size());
		Box box = drawing.boxes().get(0);
		assertTrue(box.overRanks());
		assertEquals(4, box.count());
		assertEquals(RankSet.range(0, 4), box.ranks());
		assertEquals(4, drawing.arrows().size());
		assertEquals(5, drawing.rankLines().size());
	}

	/**
	 * A periodic ring (the neighbour through mod) draws the messages of its events written out one
	 * by one; as a loop over ranks, in one box whose ranks run side by side.
	 */
	@Test
	void aPeriodicRingDrawsAsItsEventsWrittenOut() throws Exception {
		Model ring = parse("""
				for i0 = 0 to 7
				  i0 send mod(1+i0,8) 5
				  i0 recv mod(1+i0,8) 5
				done
				""");
		StringBuilder text = new StringBuilder();
		for (int rank = 0; rank < 8; rank++) {
			text.append(rank).append(" send ").append((rank + 1) % 8).append(" 5\n");
			text.append(rank).append(" recv ").append((rank + 1) % 8).append(" 5\n");
		}
		Drawing looped = checked(ring, "periodic ring");
		Drawing written = checked(parse(text.toString()), "periodic ring written out");
		assertEquals(1, looped.boxes().size());
		assertTrue(looped.boxes().get(0).overRanks());
		assertEquals(RankSet.range(0, 7), looped.boxes().get(0).ranks());
		assertEquals(8, looped.arrows().size());
		assertEquals(messages(written), messages(looped));
	}

	/** Rank 1 receives the token from 0 before it passes it to 2: the ring is a staircase, not one shift. */
	@Test
	void aTokenPassedRoundARingIsReceivedBeforeItIsPassedOn() throws Exception {
		Drawing ring = checked(parse("""
				for i0 = 0 to 7
				  i0 send mod(1+i0,8) 1
				  i0 recv mod(1+i0,8) 1
				done
				"""), "token ring");
		assertEquals(16, ring.ticks(), "eight sends and eight receives one after the other");
		for (Arrow arrow : ring.arrows()) {
			assertEquals(arrow.sendTick() + 1, arrow.recvTick(), arrow.toString());
		}
	}

	/**
	 * Random models made only of loops over ranks (rings with neighbours through mod, grids of two
	 * nested loops, events beside a loop inside), their messages received before or after they are
	 * sent in the body: {@link Invariants#rankOrder} checks every rank's order.
	 */
	@Test
	void randomLoopsOverRanksKeepEachRanksOrder() throws Exception {
		for (long seed = 0; seed < 200; seed++) {
			Random random = new Random(seed);
			int ranks = 2 + random.nextInt(8);
			StringBuilder text = new StringBuilder();
			for (int block = 1 + random.nextInt(3); block > 0; block--) {
				if (random.nextBoolean()) {
					text.append("for i0 = 0 to ").append(ranks - 1).append('\n');
					List<String> body = new ArrayList<>();
					for (int pair = 1 + random.nextInt(3); pair > 0; pair--) {
						int shift = random.nextInt(ranks);
						String from = shift == 0 ? "i0" : "mod(" + shift + "+i0," + ranks + ")";
						String to = "mod(" + (1 + random.nextInt(ranks - 1) + shift) % ranks + "+i0," + ranks + ")";
						messages(body, from, to, random);
					}
					if (random.nextBoolean()) {
						body.add("i0 sync MPI_Barrier 0-" + (ranks - 1));
					}
					Collections.shuffle(body, random);
					body.forEach(line -> text.append("  ").append(line).append('\n'));
				} else {
					int columns = 2 + random.nextInt(ranks - 1);
					int rows = 1 + random.nextInt(ranks / columns);
					text.append("for i0 = 0 to ").append(rows - 1).append('\n');
					if (random.nextBoolean()) {
						text.append("  ").append(columns).append("*i0 local row\n");
					}
					text.append("  for i1 = 0 to ").append(columns - 1).append('\n');
					List<String> body = new ArrayList<>();
					for (int pair = 1 + random.nextInt(2); pair > 0; pair--) {
						messages(body, columns + "*i0+i1", columns + "*i0+mod(" + (1 + random.nextInt(columns - 1)) + "+i1," + columns + ")", random);
					}
					Collections.shuffle(body, random);
					body.forEach(line -> text.append("    ").append(line).append('\n'));
					text.append("  done\n");
					if (random.nextBoolean()) {
						text.append("  ").append(columns).append("*i0 local after\n");
					}
				}
				text.append("done\n");
			}
			Model model = parse(text.toString());
			Drawing drawing = checked(model, "seed " + seed + ":\n" + text);
			assertTrue(drawing.boxes().stream().allMatch(Box::overRanks), "seed " + seed + ": a loop not over ranks");
		}
	}

	/** A message: its send and its receive (written alike, the receiver second), with a random tag. */
	private static void messages(List<String> body, String from, String to, Random random) {
		int tag = random.nextInt(3);
		body.add(from + " send " + to + " " + tag);
		body.add(from + " recv " + to + " " + tag);
	}

	/** Who sends to whom with which tag: the arrows without their paths, ticks and geometry. */
	private static List<String> messages(Drawing drawing) {
		return drawing.arrows().stream().map(arrow -> arrow.src() + "->" + arrow.dst() + " " + arrow.tag()).sorted().toList();
	}

	@Test
	void concurrentLoopsOnScatteredRanksMoveTheirLinesAndLabelThem() throws Exception {
		Model model = parse("""
				for i0 = 0 to 9
				  0 send 2 a
				  0 recv 2 a
				done
				for i0 = 0 to 9
				  1 send 3 b
				  1 recv 3 b
				done
				""");
		Drawing drawing = checked(model, "figure 5d");
		assertEquals(2, drawing.boxes().size());
		drawing.boxes().forEach(box -> assertTrue(box.moved(), box.toString()));
		Box first = drawing.boxes().get(0);
		Box second = drawing.boxes().get(1);
		assertEquals(first.startTick(), second.startTick(), "they run at the same time");
		// rows 0-1 hold ranks 0 and 2, rows 2-3 ranks 1 and 3: only the lines that left their row are labelled
		List<String> beside = drawing.labels().stream().filter(label -> label.path() != null).map(Label::text).toList();
		assertEquals(List.of("2", "1"), beside);
	}

	/**
	 * The inner box starts where the outer one does, with the same ranks on the same rows: what the
	 * outer box labels (rank 2, moved to row 1; rank 0 stays on its row) is not labelled again.
	 */
	@Test
	void nestedBoxesStartingAtTheSameTickLabelTheirRanksOnce() throws Exception {
		Model model = parse("""
				1 local work
				for i0 = 0 to 9
				  for i1 = 0 to 4
				    0 send 2 a
				    0 recv 2 a
				  done
				done
				""");
		Drawing drawing = checked(model, "nested");
		Box outer = drawing.boxes().get(0);
		Box inner = drawing.boxes().get(1);
		assertEquals(outer.startTick(), inner.startTick());
		assertTrue(outer.moved() && inner.moved());
		assertTrue(inner.countY() >= outer.countY() + Geometry.FONT + 2 && inner.countX() < outer.countX() + Geometry.CHAR,
				"the count 5 below the count 10: " + outer + " " + inner);
		List<Label> beside = drawing.labels().stream().filter(label -> label.path() != null).toList();
		assertEquals(List.of("2"), beside.stream().map(Label::text).toList(), beside.toString());
		assertEquals(outer.path(), beside.get(0).path());
		assertTrue(beside.stream().allMatch(label -> label.x() >= 0), beside.toString());
	}

	/**
	 * Loops nested at the same corner of a box one row high, too low to write each count below the
	 * one around it: the outer count stands for all ({@code ×12…}, the others in its box's
	 * nestedCounts for the tooltip), inside the box, never side by side as one number ({@code ×12×5×3}).
	 */
	@Test
	void countsNestedAtTheCornerOfAOneRowBoxAreWrittenAsOne() throws Exception {
		Drawing drawing = checked(parse("""
				for i0 = 0 to 11
				  for i1 = 0 to 4
				    for i2 = 0 to 2
				      0 local work
				    done
				  done
				done
				"""), "one row");
		Box outer = drawing.boxes().get(0);
		assertEquals(3, drawing.boxes().size());
		assertTrue(drawing.boxes().stream().allMatch(box -> box.height() < Geometry.FONT * 2 + 4), "one row: " + drawing.boxes());
		List<Box> written = drawing.boxes().stream().filter(Box::countShown).toList();
		assertEquals(List.of(outer), written, "one count is written for the three");
		assertEquals("\u00d712\u2026", outer.countText());
		assertEquals(List.of(5L, 3L), outer.nestedCounts());
		double right = outer.countX() + outer.countText().length() * Geometry.CHAR;
		assertTrue(outer.countX() >= outer.x() && right <= outer.x() + outer.width() && outer.countY() >= outer.y(),
				"the count " + outer.countX() + "–" + right + " inside its box " + outer);
	}

	@Test
	void collapsedLoopsAreClosedBoxesAndHideTheirBody() throws Exception {
		Model model = ModelText.parse(examples().resolve("models/figure8-lu.loops"));
		long loops = Invariants.constructs(model).values().stream().filter(Loop.class::isInstance).count();
		Drawing open = TimelineLayout.layout(model, LayoutOptions.DEFAULTS);
		Drawing closed = TimelineLayout.layout(model, new LayoutOptions(null, 1, 900));
		Drawing none = TimelineLayout.layout(model, new LayoutOptions(null, 0, 900));
		assertEquals(loops, open.boxes().size());
		assertTrue(closed.boxes().stream().allMatch(box -> box.depth() <= 2));
		assertTrue(closed.boxes().stream().allMatch(box -> box.collapsed() == (box.depth() == 2)));
		assertTrue(closed.marks().stream().noneMatch(mark -> mark.path().split("\\.").length > 2), "marks inside closed boxes");
		assertTrue(none.boxes().stream().allMatch(box -> box.depth() == 1 && box.collapsed()));
		assertEquals(none.boxes().size(), Invariants.svgClasses(SvgRenderer.render(none)).get("loop"));
		assertEquals(open.ticks(), none.ticks(), "collapsing does not move anything");
		Invariants.geometry(closed, "figure8-lu, collapse 1");
		Invariants.geometry(none, "figure8-lu, collapse 0");
	}

	/**
	 * Loops closed one by one: closing every loop of depth 2 by its path draws what collapse depth 1
	 * draws, and closing one loop hides its body only, on every example model.
	 */
	@Test
	void loopsClosedByTheirPathsAreClosedBoxesHidingTheirBodiesOnly() throws Exception {
		try (var files = Files.list(examples().resolve("models"))) {
			for (Path file : files.filter(f -> f.toString().endsWith(".loops")).sorted().toList()) {
				Model model = ModelText.parse(file);
				Drawing open = TimelineLayout.layout(model, new LayoutOptions(null, Integer.MAX_VALUE, 900));
				Set<String> second = open.boxes().stream().filter(box -> box.depth() == 2).map(Box::path)
						.collect(java.util.stream.Collectors.toSet());
				assertEquals(TimelineLayout.layout(model, new LayoutOptions(null, 1, 900)),
						TimelineLayout.layout(model, new LayoutOptions(null, Integer.MAX_VALUE, 900, second)), file.toString());
				for (Box box : open.boxes()) {
					Drawing closed = TimelineLayout.layout(model, new LayoutOptions(null, Integer.MAX_VALUE, 900, Set.of(box.path())));
					String inside = box.path() + ".";
					assertTrue(closed.boxes().stream().anyMatch(b -> b.path().equals(box.path()) && b.collapsed()), box.path());
					assertTrue(closed.boxes().stream().noneMatch(b -> b.path().startsWith(inside)), box.path());
					assertTrue(closed.marks().stream().noneMatch(m -> m.path().startsWith(inside)), box.path());
					assertEquals(open.boxes().stream().filter(b -> !b.path().startsWith(inside)).count(), closed.boxes().size(),
							box.path());
					assertEquals(open.ticks(), closed.ticks(), "closing moves nothing");
					assertEquals(box.path(), closed.loopAt(box.x() + 1, box.y() + 1), "the closed box is found under the pointer");
					Invariants.geometry(closed, file.getFileName() + ", " + box.path() + " closed");
				}
			}
		}
	}

	@Test
	void aSubsetOfRanksDrawsOnlyTheirLinesAndEvents() throws Exception {
		Model model = Pipeline.model(TraceFolder.open(examples().resolve("halo-16")), NlrOptions.DEFAULTS, MergeOptions.defaults(), Progress.NONE);
		RankSet subset = RankSet.valueOf("0,5-7");
		Drawing drawing = TimelineLayout.layout(model, new LayoutOptions(subset, Integer.MAX_VALUE, 800));
		assertEquals(List.of(0, 5, 6, 7), drawing.rankLines().stream().map(Drawing.RankLine::rank).toList());
		assertTrue(drawing.marks().stream().allMatch(mark -> subset.contains(mark.rank())));
		assertTrue(drawing.arrows().stream().allMatch(arrow -> subset.contains(arrow.src()) && subset.contains(arrow.dst())));
		assertEquals(TimelineLayout.layout(model, LayoutOptions.DEFAULTS).ticks(), drawing.ticks());
		Invariants.geometry(drawing, "halo-16 0,5-7");
		Invariants.checkSvg(drawing, SvgRenderer.render(drawing), "halo-16 0,5-7");
	}

	@Test
	void thePngHasTheRequestedWidth() throws Exception {
		Model model = ModelText.parse(examples().resolve("models/figure8.loops"));
		for (int width : new int[] { LayoutOptions.MIN_WIDTH, 640, 2000 }) {
			Drawing drawing = TimelineLayout.layout(model, new LayoutOptions(null, Integer.MAX_VALUE, width));
			BufferedImage image = ImageIO.read(new ByteArrayInputStream(PngRenderer.render(drawing)));
			assertEquals(width, image.getWidth());
		}
	}

	@Test
	void pointsFindTheirConstruct() throws Exception {
		Model model = parse("""
				0 send 1 t
				0 recv 1 t
				for i0 = 0 to 4
				  1 local call MPI_Wait
				  1 local return MPI_Wait
				done
				""");
		Drawing drawing = checked(model, "hit");
		Drawing.Mark send = drawing.marks().get(0);
		assertEquals("1", drawing.constructAt(send.x(), send.y()));
		Box box = drawing.boxes().get(0);
		assertEquals("3", drawing.constructAt(box.x() + box.width() / 2, box.y() + 1));
		assertNull(drawing.constructAt(drawing.width() - 1, drawing.height() - 1));
		// And back: where the editor's selection is drawn.
		Drawing.Bounds loop = Objects.requireNonNull(drawing.bounds("3"));
		assertEquals(box.x(), loop.x());
		Drawing.Bounds call = Objects.requireNonNull(drawing.bounds("3.1"));
		assertTrue(call.x() > box.x() && call.x() < box.x() + box.width(), call + " inside " + box);
		assertEquals("3.1", drawing.constructAt(call.x(), call.y()));
		assertNull(TimelineLayout.layout(model, new LayoutOptions(null, 0, 400)).bounds("3.1"), "hidden in a closed loop");
		assertEquals(List.of(Drawing.BracketKind.CALL, Drawing.BracketKind.RETURN), drawing.brackets().stream().map(Drawing.Bracket::kind).toList());
	}

	/** A symbol is quoted in the legend, so that {@code tag2} does not read as "tag tag2"; numbers and communicators' tags are not. */
	@Test
	void theLegendWritesTagsAsTheModelDistinguishesThem() throws Exception {
		Model model = parse("""
				0 send 1 tag2
				1 recv 0 tag2
				0 send 1 7
				1 recv 0 7
				0 send 1 c33.3014
				1 recv 0 c33.3014
				0 send 1 "two words"
				1 recv 0 "two words"
				""");
		Drawing drawing = checked(model, "tags");
		assertEquals(List.of("\"tag2\"", "7", "c33.3014", "\"two words\""), drawing.legend().stream().map(Drawing.TagColor::text).toList());
		String svg = SvgRenderer.render(drawing);
		assertTrue(svg.contains(">tag &quot;tag2&quot;</text>"), svg);
		assertTrue(svg.contains(">tag 7</text>"), svg);
		assertTrue(svg.contains("data-tag=\"tag2\""), svg);
	}

	/** Entries as wide as their text: long symbols neither overlap the next entry nor pass the right edge, at any width. */
	@Test
	void longTagsTakeTheirRoomInTheLegend() throws Exception {
		StringBuilder text = new StringBuilder();
		Random random = new Random(7);
		for (int i = 0; i < 14; i++) {
			String tag = "exchange_" + "x".repeat(random.nextInt(30)) + i;
			text.append("0 send 1 ").append(tag).append('\n').append("1 recv 0 ").append(tag).append('\n');
		}
		Model model = parse(text.toString());
		for (int width = LayoutOptions.MIN_WIDTH; width <= 1600; width += 70) {
			Drawing drawing = TimelineLayout.layout(model, new LayoutOptions(null, Integer.MAX_VALUE, width));
			Invariants.check(model, drawing, "width " + width);
			assertEquals(14, drawing.legend().size());
		}
	}

	@Test
	void anUnboundIndexIsRefusedNamingTheConstruct() throws Exception {
		Model model = parse("""
				for i0 = 0 to 3
				  0 send 1+i0 t
				done
				""");
		((Loop) model.getItems().get(0)).setIndex("j");
		IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class, () -> TimelineLayout.layout(model, LayoutOptions.DEFAULTS));
		assertTrue(refusal.getMessage().contains("construct 1.1"), refusal.getMessage());
	}
}
