// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;
import java.util.SplittableRandom;

import org.looptrace.model.core.TraceEvent;

/**
 * Plausible data records (time, end, size) for a generated rank stream, deterministic from the
 * seed. Each rank keeps its own clock (events take microseconds, compute between them tens of
 * microseconds); clocks of different ranks are not synchronized, as with real tracers. The size of
 * a message depends only on its channel, so a send and its receive carry the same size.
 */
public final class SyntheticData {

	/** The attributes of generated data traces, in record order. */
	public static final List<String> ATTRIBUTES = List.of("time", "end", "size");

	private final long seed;
	private final SplittableRandom random;
	private long clock;

	public SyntheticData(long seed, int rank) {
		this.seed = seed;
		this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + rank);
		this.clock = random.nextLong(1_000_000);
	}

	/** The record of the next event: {time, end, size}. */
	public long[] next(TraceEvent event) {
		long size;
		long duration;
		switch (event.kind()) {
		case SEND -> {
			size = messageSize(event);
			duration = 1_000 + size / 4 + random.nextLong(500);
		}
		case RECV -> {
			size = messageSize(event);
			duration = 2_000 + size / 4 + random.nextLong(5_000);
		}
		case SYNC -> {
			size = 8;
			duration = 5_000 + random.nextLong(20_000);
		}
		default -> {
			size = 0;
			duration = 100 + random.nextLong(400);
		}
		}
		long time = clock;
		clock = time + duration + 10_000 + random.nextLong(50_000);
		return new long[] { time, time + duration, size };
	}

	/** 8 bytes to 64 KiB, fixed per channel and seed. */
	private long messageSize(TraceEvent event) {
		long hash = seed;
		hash = hash * 31 + event.rank();
		hash = hash * 31 + event.peer();
		hash = hash * 31 + event.tag().hashCode();
		hash ^= hash >>> 29;
		hash *= 0xBF58476D1CE4E5B9L;
		hash ^= hash >>> 32;
		return 8L << Math.floorMod(hash, 14);
	}
}
