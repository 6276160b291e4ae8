// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * An Allreduce written with point-to-point messages, as MPI libraries run it by recursive doubling:
 * per iteration, on P ranks of which P' is the largest power of two, the P - P' ranks above P'
 * first hand their part to rank - P'; then at each stage s the P' ranks exchange with rank xor 2^s;
 * last the ranks above P' receive the result back. One tag for every message, as a library's.
 */
public final class ButterflyPattern extends IterativePattern {

	private static final String TAG = "7";
	private final int doubling;

	public ButterflyPattern(int ranks, long iterations, long seed) {
		super("butterfly", ranks, iterations, seed);
		this.doubling = Integer.highestOneBit(ranks);
	}

	@Override
	protected void iteration(int rank, long iteration, List<TraceEvent> out) {
		int extra = rank - doubling;
		if (extra >= 0) {
			out.add(TraceEvent.send(rank, extra, TAG));
			out.add(TraceEvent.recv(extra, rank, TAG));
			return;
		}
		if (rank + doubling < ranks) {
			out.add(TraceEvent.recv(rank + doubling, rank, TAG));
		}
		for (int bit = 1; bit < doubling; bit <<= 1) {
			out.add(TraceEvent.send(rank, rank ^ bit, TAG));
			out.add(TraceEvent.recv(rank ^ bit, rank, TAG));
		}
		if (rank + doubling < ranks) {
			out.add(TraceEvent.send(rank, rank + doubling, TAG));
		}
	}
}
