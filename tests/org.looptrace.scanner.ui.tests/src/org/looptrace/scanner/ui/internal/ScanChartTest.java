// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Scan Results chart's x axis: its values and its title never drawn over one another. */
class ScanChartTest {

	private static final String DURATIONS = NLS.bind(Messages.ScanChart_durations, "time");

	private final Shell shell = new Shell(Display.getDefault());
	/** Measures the texts in the chart's font. */
	private final GC gc = new GC(new ScanChart(shell));

	@AfterEach
	void close() {
		gc.dispose();
		shell.dispose();
	}

	/** The view's chart at its default size and at small ones, with a long title and values as the view shows them. */
	@ParameterizedTest
	@CsvSource({ "320, 190", "200, 120", "150, 130" })
	void theAxisTitleIsBelowTheValuesInsideTheChart(int width, int height) {
		Rectangle area = new Rectangle(0, 0, width, height);
		Rectangle plot = plot(gc, area);
		ScanChart.XAxis axis = ScanChart.xAxis(gc, plot, "2.2ms", "4.4ms", DURATIONS);
		List<Rectangle> texts = new ArrayList<>();
		texts.add(axis.low().bounds());
		ScanChart.PlacedText high = axis.high();
		if (high != null) {
			texts.add(high.bounds());
		}
		texts.add(axis.title().bounds());
		for (int i = 0; i < texts.size(); i++) {
			Rectangle text = texts.get(i);
			assertTrue(area.contains(text.x, text.y) && area.contains(text.x + text.width - 1, text.y + text.height - 1), text + " outside " + area);
			assertTrue(text.y >= plot.y + plot.height, text + " over the plot " + plot);
			for (Rectangle other : texts.subList(i + 1, texts.size())) {
				assertFalse(text.intersects(other), text + " overlaps " + other);
			}
		}
		assertTrue(axis.title().bounds().width <= plot.width, axis.title() + " wider than " + plot);
		assertTrue(plot.height >= 2 * gc.getFontMetrics().getHeight(), "the y axis's labels overlap in " + plot);
	}

	@Test
	void aTitleWiderThanThePlotIsShortenedAndOneThatFitsIsNot() {
		Rectangle plot = plot(gc, new Rectangle(0, 0, 160, 120));
		String shortened = ScanChart.xAxis(gc, plot, "0", "9", DURATIONS).title().text();
		assertTrue(shortened.endsWith("\u2026") && DURATIONS.startsWith(shortened.substring(0, shortened.length() - 1)), shortened);
		assertEquals("occurrence", ScanChart.xAxis(gc, plot, "0", "9", "occurrence").title().text());
	}

	@Test
	void aChartTooSmallHasNoPlot() {
		assertNull(ScanChart.plot(gc, new Rectangle(0, 0, 300, 40), "0", "2"));
	}

	private static Rectangle plot(GC gc, Rectangle area) {
		Rectangle plot = ScanChart.plot(gc, area, "0", "2");
		assertNotNull(plot, area::toString);
		return plot;
	}
}
