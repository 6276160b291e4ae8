// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * The peak of the used heap since the last reset, summed over the heap pools (garbage included):
 * what {@code model --stats} and the benchmarks report.
 */
public final class HeapPeak {

	private HeapPeak() {
	}

	/** Starts a new measurement. */
	public static void reset() {
		for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
			if (pool.getType() == MemoryType.HEAP) {
				pool.resetPeakUsage();
			}
		}
	}

	/** The peak since the last reset, in bytes. */
	public static long bytes() {
		long peak = 0;
		for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
			if (pool.getType() == MemoryType.HEAP) {
				peak += pool.getPeakUsage().getUsed();
			}
		}
		return peak;
	}
}
