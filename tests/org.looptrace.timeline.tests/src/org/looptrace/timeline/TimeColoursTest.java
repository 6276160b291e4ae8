// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.timeline.render.Style;

/**
 * The colours of loop boxes by time, on the layouts of the example models with random times: the
 * least time gets the palest colour, the greatest the deepest, colours deepen with time on a
 * logarithmic scale, and boxes without a time keep their gray.
 */
class TimeColoursTest {

	@Test
	void theScaleRunsThroughItsColoursInOrder() {
		List<Integer> scale = TimeColours.SCALE;
		for (int k = 0; k < scale.size(); k++) {
			assertEquals(scale.get(k), TimeColours.colour((double) k / (scale.size() - 1)), "stop " + k);
		}
		assertEquals(scale.get(0), TimeColours.colour(-1), "below the scale: its first colour");
		assertEquals(scale.get(scale.size() - 1), TimeColours.colour(2), "above the scale: its last colour");
		int previous = Integer.MAX_VALUE;
		for (int step = 0; step <= 1000; step++) {
			int green = TimeColours.colour(step / 1000.0) >> 8 & 0xff;
			assertTrue(green <= previous, "the colours deepen along the scale, at " + step);
			previous = green;
		}
	}

	@Test
	void positionsAreLogarithmic() {
		assertEquals(0, TimeColours.position(1_000, 1_000, 1_000_000), 1e-12);
		assertEquals(1, TimeColours.position(1_000_000, 1_000, 1_000_000), 1e-12);
		assertEquals(0.5, TimeColours.position(31_623, 1_000, 1_000_000), 1e-4, "the geometric mean is half-way");
		assertEquals(1, TimeColours.position(5, 5, 5), 1e-12, "one time: the deepest colour");
		assertEquals(0, TimeColours.position(0, 1, 100), 1e-12, "no time counts as 1 ns");
	}

	@Test
	void randomTimesOnTheExampleLayouts() throws Exception {
		Path models = Path.of(System.getProperty("looptrace.examples", "../../examples")).resolve("models");
		List<Path> files;
		try (Stream<Path> listed = Files.list(models)) {
			files = listed.filter(file -> file.toString().endsWith(".loops")).sorted().toList();
		}
		assertFalse(files.isEmpty(), "no example models in " + models.toAbsolutePath());
		Random random = new Random(33);
		for (Path file : files) {
			Drawing drawing = TimelineLayout.layout(ModelText.parse(file), LayoutOptions.DEFAULTS);
			for (int round = 0; round < 50; round++) {
				Map<String, Long> times = new HashMap<>();
				for (Box box : drawing.boxes()) {
					if (random.nextInt(4) > 0) { // some loops have no time
						times.put(box.path(), (long) Math.pow(10, random.nextDouble() * 9));
					}
				}
				check(drawing, times, file + " round " + round);
			}
		}
	}

	private static void check(Drawing drawing, Map<String, Long> times, String what) {
		TimeColours colours = TimeColours.of(drawing, times);
		assertEquals(times.isEmpty(), colours.isEmpty(), what);
		if (times.isEmpty()) {
			return;
		}
		long least = times.values().stream().mapToLong(Long::longValue).min().orElseThrow();
		long most = times.values().stream().mapToLong(Long::longValue).max().orElseThrow();
		assertEquals(least, colours.least(), what);
		assertEquals(most, colours.most(), what);
		for (Box box : drawing.boxes()) {
			Long time = times.get(box.path());
			Integer colour = colours.colour(box.path());
			if (time == null) {
				assertNull(colour, box.path() + " has no time: " + what);
				assertEquals(Style.gray(box.depth()), colours.fill(box), box.path() + " stays gray: " + what);
				continue;
			}
			assertNotNull(colour, box.path() + ": " + what);
			assertEquals(colour, colours.fill(box), box.path() + ": " + what);
			if (least < most && time == least) {
				assertEquals(TimeColours.SCALE.get(0), colour, "the least time is the palest: " + what);
			}
			if (time == most) {
				assertEquals(TimeColours.SCALE.get(TimeColours.SCALE.size() - 1), colour, "the greatest time is the deepest: " + what);
			}
			for (Box other : drawing.boxes()) {
				Long otherTime = times.get(other.path());
				if (otherTime != null && otherTime > time) {
					int green = colour >> 8 & 0xff;
					int otherGreen = Objects.requireNonNull(colours.colour(other.path())) >> 8 & 0xff;
					assertTrue(otherGreen <= green, other.path() + " takes longer than " + box.path() + " but is paler: " + what);
				}
			}
		}
	}
}
