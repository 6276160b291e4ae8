// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** An iterator over events that computes each one on demand, for streams that only know their end when they reach it. */
public abstract class EventIterator implements Iterator<TraceEvent> {

	private TraceEvent next;

	/** The next event, or null at the end of the stream. */
	protected abstract TraceEvent computeNext();

	@Override
	public final boolean hasNext() {
		if (next == null) {
			next = computeNext();
		}
		return next != null;
	}

	@Override
	public final TraceEvent next() {
		if (!hasNext()) {
			throw new NoSuchElementException();
		}
		TraceEvent event = next;
		next = null;
		return event;
	}
}
