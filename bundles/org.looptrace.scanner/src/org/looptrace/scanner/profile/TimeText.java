// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.profile;

import java.util.Locale;

/** Durations in nanoseconds as short text for people: {@code 950ns}, {@code 8.2µs}, {@code 65ms}, {@code 3.1s}. */
public final class TimeText {

	private static final String[] UNITS = { "ns", "\u00b5s", "ms", "s" };

	private TimeText() {
	}

	/** Two or three significant digits and a unit; seconds past 1000 s stay seconds. */
	public static String of(long nanoseconds) {
		double value = nanoseconds;
		int unit = 0;
		while (unit < UNITS.length - 1 && Math.abs(value) >= 1000) {
			value /= 1000;
			unit++;
		}
		String number = unit == 0 || Math.abs(value) >= 10 ? String.format(Locale.ROOT, "%.0f", value)
				: String.format(Locale.ROOT, "%.1f", value);
		return number + UNITS[unit];
	}
}
