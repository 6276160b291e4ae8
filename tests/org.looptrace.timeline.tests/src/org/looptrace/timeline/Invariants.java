// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import javax.xml.parsers.DocumentBuilderFactory;

import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Recv;
import org.looptrace.model.Sync;
import org.looptrace.model.core.Exprs;
import org.looptrace.timeline.Drawing.Arrow;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.timeline.Drawing.Collective;
import org.looptrace.timeline.Drawing.Label;
import org.looptrace.timeline.Drawing.Mark;
import org.looptrace.timeline.Drawing.Point;
import org.looptrace.timeline.Drawing.RankLine;
import org.looptrace.timeline.Drawing.TagColor;
import org.looptrace.timeline.internal.Geometry;
import org.looptrace.timeline.render.Style;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The properties every layout of every model has, checked on a drawing of all ranks with every loop open. */
final class Invariants {

	private Invariants() {
	}

	/** Every construct of a block by its path (named in one walk, as the layout does), in model order. */
	static Map<String, Construct> constructs(Block block) {
		Map<String, Construct> constructs = new LinkedHashMap<>();
		collect(block, "", constructs);
		return constructs;
	}

	private static void collect(Block block, String prefix, Map<String, Construct> out) {
		int position = 0;
		for (Item item : block.getItems()) {
			if (item instanceof Construct construct) {
				String path = prefix.isEmpty() ? Integer.toString(++position) : prefix + "." + ++position;
				out.put(path, construct);
				if (construct instanceof Loop loop) {
					collect(loop, path, out);
				}
			}
		}
	}

	static void check(Block model, Drawing drawing, String what) {
		Map<String, Construct> constructs = constructs(model);
		// One box per loop, a mark for every event.
		Map<String, Integer> boxes = new HashMap<>();
		drawing.boxes().forEach(box -> boxes.merge(box.path(), 1, Integer::sum));
		Set<String> marked = new HashSet<>();
		drawing.marks().forEach(mark -> marked.add(mark.path()));
		constructs.forEach((path, construct) -> {
			if (construct instanceof Loop) {
				assertEquals(1, boxes.getOrDefault(path, 0), what + ": boxes of loop " + path);
			} else {
				assertTrue(marked.contains(path), what + ": event " + path + " is not placed");
			}
		});
		assertEquals(constructs.values().stream().filter(Loop.class::isInstance).count(), drawing.boxes().size(), what + ": boxes");
		// Arrows go forward in time; every receive drawn has its arrow.
		int receives = 0;
		for (Mark mark : drawing.marks()) {
			if (constructs.get(mark.path()) instanceof Recv) {
				receives++;
			}
		}
		assertEquals(receives, drawing.arrows().size(), what + ": one arrow per receive");
		for (Arrow arrow : drawing.arrows()) {
			assertTrue(constructs.get(arrow.recvPath()) instanceof Recv, what + ": " + arrow);
		}
		// Every sync is part of a collective.
		Set<String> inCollectives = new HashSet<>();
		for (Collective collective : drawing.collectives()) {
			inCollectives.addAll(collective.paths());
			assertTrue(collective.y1() <= collective.y2(), what + ": " + collective);
		}
		constructs.forEach((path, construct) -> {
			if (construct instanceof Sync) {
				assertTrue(inCollectives.contains(path), what + ": sync " + path + " in no collective");
			}
		});
		rankOrder(model, drawing, what);
		geometry(drawing, what);
	}

	/**
	 * When every loop runs over ranks and none is empty, the drawing shows every event of the run
	 * once: each rank's marks, in the order of their ticks, are then its events in the order it runs
	 * them (a token passed round a ring is received before it is passed on). Not checked when a loop
	 * inside a loop over ranks holds events of one rank in two of the outer loop's iterations: the
	 * inner loop is one box, its events side by side.
	 */
	static void rankOrder(Block model, Drawing drawing, String what) {
		Map<Integer, List<String>> expected = new TreeMap<>();
		if (!drawing.boxes().stream().allMatch(Box::overRanks)
				|| !run(model, "", new TreeMap<>(), new ArrayList<>(), new HashMap<>(), expected)) {
			return;
		}
		Map<Integer, List<String>> drawn = new TreeMap<>();
		drawing.marks().stream().sorted(Comparator.comparingLong(Mark::tick))
				.forEach(mark -> drawn.computeIfAbsent(mark.rank(), rank -> new ArrayList<>()).add(mark.path()));
		assertEquals(expected, drawn, what + ": each rank's events in the order it runs them");
	}

	/**
	 * Runs every iteration, listing the paths of each rank's events; false when a loop is empty (drawn
	 * once anyway) or holds events of a rank in two iterations of the loops around it.
	 *
	 * @param entered the loops being run: their paths and the values of the indices around them when entered
	 * @param first   by loop path and rank, the values around the loop when the rank first had an event in it
	 */
	private static boolean run(Block block, String prefix, Map<String, Long> values, List<String[]> entered,
			Map<String, String> first, Map<Integer, List<String>> out) {
		int position = 0;
		for (Item item : block.getItems()) {
			if (!(item instanceof Construct construct)) {
				continue;
			}
			String path = prefix.isEmpty() ? Integer.toString(++position) : prefix + "." + ++position;
			if (construct instanceof Loop loop) {
				long lower = Exprs.evaluate(loop.getLower(), values::get);
				long upper = Exprs.evaluate(loop.getUpper(), values::get);
				if (lower > upper) {
					return false;
				}
				entered.add(new String[] { path, values.toString() });
				for (long value = lower; value <= upper; value++) {
					values.put(loop.getIndex(), value);
					if (!run(loop, path, values, entered, first, out)) {
						return false;
					}
				}
				values.remove(loop.getIndex());
				entered.remove(entered.size() - 1);
			} else {
				int owner = (int) Exprs.evaluate(Exprs.owner((Event) construct), values::get);
				for (String[] loop : entered) {
					String around = first.putIfAbsent(loop[0] + "#" + owner, loop[1]);
					if (around != null && !around.equals(loop[1])) {
						return false;
					}
				}
				out.computeIfAbsent(owner, rank -> new ArrayList<>()).add(path);
			}
		}
		return true;
	}

	/** What holds with any options: boxes overlap only when nested, arrows go forward, labels apart, marks inside. */
	static void geometry(Drawing drawing, String what) {
		List<Box> all = drawing.boxes();
		// Boxes overlap only when one holds the other.
		for (int i = 0; i < all.size(); i++) {
			for (int j = i + 1; j < all.size(); j++) {
				Box a = all.get(i);
				Box b = all.get(j);
				boolean nested = b.path().startsWith(a.path() + ".") || a.path().startsWith(b.path() + ".");
				boolean overlap = a.x() + 0.01 < b.x() + b.width() && b.x() + 0.01 < a.x() + a.width() && a.y() + 0.01 < b.y() + b.height()
						&& b.y() + 0.01 < a.y() + a.height();
				assertFalse(!nested && overlap, what + ": boxes " + a + " and " + b + " overlap");
			}
		}
		for (Arrow arrow : drawing.arrows()) {
			assertTrue(arrow.sendTick() < arrow.recvTick(), what + ": arrow back in time " + arrow);
			assertTrue(arrow.x1() < arrow.x2(), what + ": arrow back in the picture " + arrow);
		}
		labels(drawing, what);
		List<Label> labels = drawing.labels();
		// A rank is labelled beside a box only where its line left its usual row (its label at the left edge).
		Map<String, Double> usualY = new HashMap<>();
		labels.stream().filter(label -> label.path() == null).forEach(label -> usualY.put(label.text(), label.y()));
		for (Label label : labels) {
			Double usual = usualY.get(label.text());
			assertFalse(label.path() != null && usual != null && Math.abs(usual - label.y()) < 0.5,
					what + ": rank " + label.text() + " labelled on its usual row beside " + label.path());
		}
		lineRuns(drawing, what);
		// Counts written inside their boxes, apart from each other.
		List<Label> counts = drawing.boxes().stream().filter(Box::countShown)
				.map(box -> new Label(box.countText(), box.path(), box.countX(), box.countY(), box.countText().length() * Geometry.CHAR,
						Geometry.FONT + 2))
				.toList();
		for (int i = 0; i < counts.size(); i++) {
			Label count = counts.get(i);
			Box box = drawing.boxes().stream().filter(b -> b.path().equals(count.path())).findFirst().orElseThrow();
			assertTrue(count.x() + count.width() <= box.x() + box.width() + 0.01, what + ": count outside its box " + box);
			for (int j = i + 1; j < counts.size(); j++) {
				assertFalse(counts.get(i).overlaps(counts.get(j)), what + ": counts " + counts.get(i) + " and " + counts.get(j));
			}
		}
		// Legend entries apart, below the rows, inside the picture unless alone on their row.
		List<TagColor> legend = drawing.legend();
		for (int i = 0; i < legend.size(); i++) {
			TagColor entry = legend.get(i);
			assertTrue(entry.y() + Style.SWATCH_HEIGHT <= drawing.height(), what + ": legend below the picture " + entry);
			boolean alone = legend.stream().filter(other -> other.y() == entry.y()).count() == 1;
			assertTrue(alone || entry.x() + entry.width() <= drawing.width(), what + ": legend past the right edge " + entry);
			for (int j = i + 1; j < legend.size(); j++) {
				TagColor other = legend.get(j);
				assertFalse(other.y() == entry.y() && other.x() < entry.x() + entry.width() && entry.x() < other.x() + other.width(),
						what + ": legend entries " + entry + " and " + other);
			}
		}
		// Everything inside the picture's rows.
		for (Mark mark : drawing.marks()) {
			assertTrue(mark.x() >= 0 && mark.x() <= drawing.width() && mark.y() >= 0 && mark.y() <= drawing.height(), what + ": " + mark);
		}
	}

	/**
	 * A rank line, whose points are its runs two by two, has no run of zero length off its usual row
	 * (where it starts): a line jogging to a row and back at one tick would name a row where it never
	 * runs. A rank labelled beside a box is labelled on a row where its line runs from the box on.
	 */
	static void lineRuns(Drawing drawing, String what) {
		Map<String, List<Point>> lines = new HashMap<>();
		for (RankLine line : drawing.rankLines()) {
			List<Point> points = line.points();
			assertTrue(points.size() % 2 == 0, what + ": rank line " + line);
			double usual = points.isEmpty() ? Double.NaN : points.get(0).y();
			for (int i = 0; i < points.size(); i += 2) {
				Point from = points.get(i);
				Point to = points.get(i + 1);
				assertEquals(from.y(), to.y(), what + ": run of rank " + line.rank() + " not horizontal " + from + " " + to);
				assertFalse(from.x() == to.x() && from.y() != usual,
						what + ": rank " + line.rank() + " jogs to another row and back at " + from);
			}
			lines.put(Integer.toString(line.rank()), points);
		}
		for (Label label : drawing.labels()) {
			List<Point> points = lines.get(label.text());
			if (label.path() == null || points == null) {
				continue;
			}
			Box box = drawing.boxes().stream().filter(b -> b.path().equals(label.path())).findFirst().orElseThrow();
			double y = label.y() + label.height() / 2;
			boolean runs = false;
			for (int i = 0; i < points.size() && !runs; i += 2) {
				runs = Math.abs(points.get(i).y() - y) < 0.5 && points.get(i).x() < points.get(i + 1).x()
						&& points.get(i).x() <= box.x() + box.width() && box.x() < points.get(i + 1).x();
			}
			assertTrue(runs, what + ": rank " + label.text() + " labelled beside " + label.path() + " on a row where its line does not run");
		}
	}

	/**
	 * Rank labels never overlap each other and leave every mark visible (as large as the view's dot,
	 * the largest a mark is drawn).
	 */
	static void labels(Drawing drawing, String what) {
		List<Label> labels = drawing.labels();
		for (int i = 0; i < labels.size(); i++) {
			for (int j = i + 1; j < labels.size(); j++) {
				assertFalse(labels.get(i).overlaps(labels.get(j)), what + ": labels " + labels.get(i) + " and " + labels.get(j));
			}
		}
		// Labels by their top, to look at those near each mark only.
		TreeMap<Double, List<Label>> byTop = new TreeMap<>();
		double tallest = 0;
		for (Label label : labels) {
			byTop.computeIfAbsent(label.y(), top -> new ArrayList<>()).add(label);
			tallest = Math.max(tallest, label.height());
		}
		double radius = Style.MARK_RADIUS;
		for (Mark mark : drawing.marks()) {
			for (List<Label> near : byTop.subMap(mark.y() - radius - tallest, false, mark.y() + radius, false).values()) {
				for (Label label : near) {
					boolean covered = mark.x() + radius > label.x() && mark.x() - radius < label.x() + label.width()
							&& mark.y() + radius > label.y() && mark.y() - radius < label.y() + label.height();
					assertFalse(covered, what + ": label " + label + " covers " + mark);
				}
			}
		}
	}

	/** Parses the SVG (it must be well-formed XML) and counts its elements by class. */
	static Map<String, Integer> svgClasses(String svg) {
		Document document;
		try {
			DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
			factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
			document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
		} catch (IOException | org.xml.sax.SAXException | javax.xml.parsers.ParserConfigurationException e) {
			throw new AssertionError("the SVG is not well-formed: " + e.getMessage(), e);
		}
		assertEquals("svg", document.getDocumentElement().getTagName());
		Map<String, Integer> counts = new HashMap<>();
		NodeList elements = document.getElementsByTagName("*");
		for (int i = 0; i < elements.getLength(); i++) {
			Element element = (Element) elements.item(i);
			String classes = element.getAttribute("class");
			for (String name : classes.split(" ")) {
				if (!name.isEmpty()) {
					counts.merge(name, 1, Integer::sum);
				}
			}
			if (classes.equals("loop")) {
				assertNotNull(Long.valueOf(element.getAttribute("data-count")));
			}
		}
		return counts;
	}

	/** The SVG's class counts equal the drawing's elements. */
	static void checkSvg(Drawing drawing, String svg, String what) {
		Map<String, Integer> classes = svgClasses(svg);
		assertEquals(drawing.boxes().size(), classes.getOrDefault("loop", 0), what + ": loops in the SVG");
		assertEquals(drawing.arrows().size(), classes.getOrDefault("message", 0), what + ": messages in the SVG");
		assertEquals(drawing.collectives().size(), classes.getOrDefault("collective", 0), what + ": collectives in the SVG");
		assertEquals(drawing.rankLines().size(), classes.getOrDefault("rank-line", 0), what + ": rank lines in the SVG");
		assertEquals(drawing.legend().isEmpty() ? 0 : 1, classes.getOrDefault("legend", 0), what + ": legend");
	}
}
