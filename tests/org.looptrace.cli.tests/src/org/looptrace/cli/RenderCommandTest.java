// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.eclipse.emf.ecore.EObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.Recv;
import org.looptrace.model.Sync;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.TimeColours;

/** {@code looptrace render} on the shipped models and on the models of the shipped traces: SVG classes counted against the model. */
class RenderCommandTest {

	static Stream<String> shippedModels() {
		return Stream.of("figure3.loops", "figure8-lu.loops", "figure8.loops", "ring.loops", "triangular.loops");
	}

	private static long count(String svg, String regex) {
		Matcher matcher = Pattern.compile(regex).matcher(svg);
		long count = 0;
		while (matcher.find()) {
			count++;
		}
		return count;
	}

	private static long count(Model model, Class<?> type) {
		long count = 0;
		for (var it = model.eAllContents(); it.hasNext();) {
			EObject object = it.next();
			if (type.isInstance(object)) {
				count++;
			}
		}
		return count;
	}

	/** Renders a model and checks the SVG's classes against the model. */
	static void renderAndCount(Path model, Path svg) throws Exception {
		Cli.Result result = Cli.expect(0, "render", model.toString(), "-o", svg.toString(), "--width", "900");
		assertTrue(result.out().startsWith(svg + ": "), result.toString());
		String text = Files.readString(svg);
		Model parsed = ModelText.parse(model);
		assertEquals(count(parsed, Loop.class), count(text, "class=\"loop\""), model + ": one box per loop");
		assertEquals(count(parsed, Loop.class), count(text, "class=\"loop\"[^>]*data-count=\"[0-9]+\""), model + ": counts");
		assertTrue(count(text, "class=\"message\"") >= count(parsed, Recv.class), model + ": an arrow per receive");
		assertEquals(count(parsed, Sync.class) > 0, count(text, "class=\"collective\"") > 0, model + ": collectives");
		BitSet ranks = new BitSet();
		ModelExpander.expand(parsed).forEachRemaining((TraceEvent event) -> {
			ranks.set(event.rank());
			if (event.kind() == EventKind.SEND || event.kind() == EventKind.RECV) {
				ranks.set(event.peer());
			}
		});
		// A loop body is drawn once: its ranks in its first iteration, some of the ranks of the whole run.
		List<Integer> lines = Pattern.compile("class=\"rank-line\" data-rank=\"([0-9]+)\"").matcher(text).results()
				.map(found -> Integer.valueOf(found.group(1))).toList();
		assertTrue(!lines.isEmpty() && lines.size() <= ranks.cardinality(), model + ": " + lines);
		lines.forEach(rank -> assertTrue(ranks.get(rank), model + ": rank line " + rank + " of no event"));
		assertTrue(text.startsWith("<?xml") && text.endsWith("</svg>\n"), model.toString());
	}

	@ParameterizedTest(name = "looptrace render models/{0}")
	@MethodSource("shippedModels")
	void shippedModelsRenderWithAClassPerElement(String name, @TempDir Path dir) throws Exception {
		renderAndCount(Cli.example("models").resolve(name), dir.resolve("model.svg"));
	}

	@Test
	void modelsOfTheShippedTracesRender(@TempDir Path dir) throws Exception {
		for (String folder : Cli.EXAMPLE_FOLDERS) {
			Path model = dir.resolve(folder + ".loops");
			Cli.expect(0, "model", Cli.example(folder).toString(), "--no-cache", "-o", model.toString());
			renderAndCount(model, dir.resolve(folder + ".svg"));
		}
	}

	@Test
	void pngHasTheRequestedWidthWithoutADisplay(@TempDir Path dir) throws Exception {
		Path png = dir.resolve("lu.png");
		Cli.expect(0, "render", Cli.example("models").resolve("figure8-lu.loops").toString(), "-o", png.toString(), "--width", "640",
				"--collapse", "1");
		BufferedImage image = ImageIO.read(png.toFile());
		assertEquals(640, image.getWidth());
		assertEquals("true", System.getProperty("java.awt.headless"));
	}

	@Test
	void ranksAndCollapseSelectWhatIsDrawn(@TempDir Path dir) throws Exception {
		Path svg = dir.resolve("lu.svg");
		Path model = Cli.example("models").resolve("figure8-lu.loops");
		Cli.expect(0, "render", model.toString(), "-o", svg.toString(), "--ranks", "0,5", "--collapse", "0");
		String text = Files.readString(svg);
		assertEquals(2, count(text, "class=\"rank-line\""));
		assertEquals(count(text, "class=\"loop\""), count(text, "data-collapsed=\"true\""), "every loop closed");
		assertEquals(List.of(), Pattern.compile("data-depth=\"([2-9])\"").matcher(text).results().toList(), "nothing inside closed loops");
	}

	/** As every command writing a file: its missing folders made, an existing file replaced only with --force. */
	@Test
	void anExistingPictureIsReplacedOnlyWithForceAndMissingFoldersAreMade(@TempDir Path dir) throws Exception {
		String model = Cli.example("models").resolve("ring.loops").toString();
		Path svg = dir.resolve("a/b/ring.svg");
		Cli.expect(0, "render", model, "-o", svg.toString());
		String drawn = Files.readString(svg);
		for (Path picture : List.of(svg, dir.resolve("ring.png"))) {
			Files.writeString(picture, "the user's own picture");
			String err = Cli.expectUsageError("render", "render", model, "-o", picture.toString()).err();
			assertEquals("looptrace render: " + picture + " exists; use --force to replace it\n", err);
			assertEquals("the user's own picture", Files.readString(picture));
		}
		Cli.expect(0, "render", model, "-o", svg.toString(), "--force");
		assertEquals(drawn, Files.readString(svg));
		assertEquals(List.of(svg), Cli.list(svg.getParent()), "no temporary file left");
	}

	@Test
	void anInvalidModelIsRefusedNamingItsLine(@TempDir Path dir) throws Exception {
		Path model = dir.resolve("bad.loops");
		Files.writeString(model, "for i0 = 0 to 3\n  0 snd 1 t\ndone\n");
		Cli.Result result = Cli.expect(2, "render", model.toString(), "-o", dir.resolve("bad.svg").toString());
		assertTrue(result.err().contains("bad.loops is not a valid model") && result.err().contains("bad.loops:2"), result.toString());
		assertTrue(Files.notExists(dir.resolve("bad.svg")));
	}

	/** A model without events (empty, or of comments only) is refused with the view's words, and no picture is written. */
	@Test
	void aModelWithoutEventsIsRefusedAndNoPictureWritten(@TempDir Path dir) throws Exception {
		Map<String, String> texts = Map.of("empty.loops", "", "comments.loops", "// traces: none\n\n// nothing yet\n");
		for (Map.Entry<String, String> text : texts.entrySet()) {
			Path model = Files.writeString(dir.resolve(text.getKey()), text.getValue());
			for (String picture : List.of("picture.svg", "picture.png")) {
				Path output = dir.resolve(picture);
				String err = Cli.expectUsageError("render", "render", model.toString(), "-o", output.toString()).err();
				assertEquals("looptrace render: " + Drawing.nothingToDraw(model) + "\n", err);
				assertEquals(model + " holds no event of any rank: there is nothing to draw.", Drawing.nothingToDraw(model));
				assertTrue(Files.notExists(output), output::toString);
			}
		}
		assertEquals(Set.of("empty.loops", "comments.loops"), Set.copyOf(Cli.list(dir).stream().map(path -> path.getFileName().toString()).toList()),
				"no temporary file left");
	}

	@Test
	void timeColoursTheLoopsByTheirTimeInTheDataTraces(@TempDir Path dir) throws Exception {
		Path run = Cli.example("wavefront-16");
		Path model = dir.resolve("wavefront.loops");
		Cli.expect(0, "model", run.toString(), "-o", model.toString());
		Path gray = dir.resolve("gray.svg");
		Path coloured = dir.resolve("coloured.svg");
		Cli.expect(0, "render", model.toString(), "-o", gray.toString());
		Cli.expect(0, "render", model.toString(), "-o", coloured.toString(), "--time", run.toString());
		Map<String, Integer> grays = fills(Files.readString(gray));
		Map<String, Integer> fills = fills(Files.readString(coloured));
		assertEquals(grays.keySet(), fills.keySet(), "the same boxes");
		Map<String, Long> times = TimeProfile.of(ModelText.parse(model), run, Progress.NONE).loopTimes();
		assertFalse(times.isEmpty());
		long least = Collections.min(times.values());
		long most = Collections.max(times.values());
		assertTrue(least < most);
		for (Map.Entry<String, Integer> box : fills.entrySet()) {
			Long time = times.get(box.getKey());
			if (time == null) {
				assertEquals(grays.get(box.getKey()), box.getValue(), box.getKey() + " has no time: it stays gray");
				continue;
			}
			if (time == least) {
				assertEquals(TimeColours.SCALE.get(0), box.getValue(), "the shortest loop is the palest");
			}
			if (time == most) {
				assertEquals(TimeColours.SCALE.get(TimeColours.SCALE.size() - 1), box.getValue(), "the longest loop is the deepest");
			}
			for (Map.Entry<String, Long> other : times.entrySet()) {
				if (other.getValue() > time && fills.containsKey(other.getKey())) {
					assertTrue((fills.get(other.getKey()) >> 8 & 0xff) <= (box.getValue() >> 8 & 0xff),
							other.getKey() + " takes longer than " + box.getKey() + " but is paler");
				}
			}
		}
		Path png = dir.resolve("coloured.png");
		Cli.expect(0, "render", model.toString(), "-o", png.toString(), "--time", run.toString());
		assertTrue(Files.size(png) > 0);
	}

	/** The fill of each loop box of an SVG, by path. */
	private static Map<String, Integer> fills(String svg) {
		Map<String, Integer> fills = new HashMap<>();
		Pattern.compile("<rect class=\"loop\" data-path=\"([0-9.]+)\"[^>]* fill=\"#([0-9a-f]{6})\"").matcher(svg).results()
				.forEach(found -> fills.put(found.group(1), Integer.parseInt(found.group(2), 16)));
		return fills;
	}
}
