// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.scanner.profile.TimeText;

/** Durations as people read them: the unit from the value, microseconds written µs. */
class TimeTextTest {

	@Test
	void eachUnitHasItsSymbol() {
		assertEquals("950ns", TimeText.of(950));
		assertEquals("8.2\u00b5s", TimeText.of(8_200));
		assertEquals("116\u00b5s", TimeText.of(116_000));
		assertEquals("65ms", TimeText.of(65_000_000));
		assertEquals("3.1s", TimeText.of(3_100_000_000L));
		assertEquals("4000s", TimeText.of(4_000_000_000_000L), "seconds past 1000 s stay seconds");
		assertEquals("-1.5\u00b5s", TimeText.of(-1_500));
	}

	@Test
	void randomDurationsReadBackWithinTheirLastDigit() {
		Random random = new Random(42);
		String[] units = { "ns", "\u00b5s", "ms", "s" };
		for (int i = 0; i < 10_000; i++) {
			long nanoseconds = (long) Math.pow(10, random.nextDouble() * 12);
			String text = TimeText.of(nanoseconds);
			int unit = text.endsWith("ns") ? 0 : text.endsWith(units[1]) ? 1 : text.endsWith("ms") ? 2 : 3;
			double value = Double.parseDouble(text.substring(0, text.length() - units[unit].length())) * Math.pow(1000, unit);
			double digit = text.contains(".") ? 0.1 : 1;
			assertTrue(Math.abs(value - nanoseconds) <= digit / 2 * Math.pow(1000, unit) + 1e-6, nanoseconds + " as " + text);
			assertTrue(text.matches("-?[0-9.]+(ns|\u00b5s|ms|s)"), text);
		}
	}
}
