// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

/** Time and peak heap of consecutive phases, for {@code looptrace model --stats}. */
final class Phases {

	private final StringBuilder report = new StringBuilder();
	private long start = System.nanoTime();

	Phases() {
		HeapPeak.reset();
	}

	/** Ends the phase of that name (it began when the previous one ended) and begins the next. */
	void end(String phase) {
		long now = System.nanoTime();
		report.append(String.format("%-14s %8.3f s, peak heap %d MB%n", phase + ":", (now - start) / 1e9,
				HeapPeak.bytes() / (1 << 20)));
		HeapPeak.reset();
		start = System.nanoTime();
	}

	/** One line per phase ended: its name, time and peak heap. */
	String report() {
		return report.toString();
	}
}
