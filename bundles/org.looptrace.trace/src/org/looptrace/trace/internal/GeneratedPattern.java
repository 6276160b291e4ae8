// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.generate.Pattern;

/**
 * A pattern whose rank streams are produced step by step: each step appends a bounded number of
 * events, so a stream holds one step in memory whatever its length.
 */
public abstract class GeneratedPattern implements Pattern {

	/** The producer of one rank's stream. */
	protected interface Stepper {
		/** Appends the events of the next step (possibly none); false when there is no step left. */
		boolean step(List<TraceEvent> out);
	}

	private final String name;
	protected final int ranks;
	protected final long iterations;
	protected final long seed;

	protected GeneratedPattern(String name, int ranks, long iterations, long seed) {
		this.name = name;
		this.ranks = ranks;
		this.iterations = iterations;
		this.seed = seed;
	}

	/** The seed of the pattern's random choices (if any) and of its synthetic data. */
	public long seed() {
		return seed;
	}

	@Override
	public String name() {
		return name;
	}

	@Override
	public int ranks() {
		return ranks;
	}

	/** A new producer of the stream of {@code rank}. */
	protected abstract Stepper stepper(int rank);

	@Override
	public Iterator<TraceEvent> events(int rank) {
		if (rank < 0 || rank >= ranks) {
			throw new IllegalArgumentException("rank " + rank + " is out of range: pattern " + name + " has " + ranks + " ranks");
		}
		Stepper stepper = stepper(rank);
		return new Iterator<>() {
			private final List<TraceEvent> buffer = new ArrayList<>();
			private int next;
			private boolean done;

			@Override
			public boolean hasNext() {
				while (next == buffer.size() && !done) {
					buffer.clear();
					next = 0;
					done = !stepper.step(buffer);
				}
				return next < buffer.size();
			}

			@Override
			public TraceEvent next() {
				if (!hasNext()) {
					throw new NoSuchElementException();
				}
				return buffer.get(next++);
			}
		};
	}

	@Override
	public String toString() {
		return name + " on " + ranks + " ranks, " + iterations + " iterations";
	}
}
