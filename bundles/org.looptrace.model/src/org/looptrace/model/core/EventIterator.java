// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.Iterator;
import java.util.NoSuchElementException;

import org.eclipse.jdt.annotation.Nullable;

/** An iterator over events that computes each one on demand, for streams that only know their end when they reach it. */
public abstract class EventIterator implements Iterator<TraceEvent> {

	private @Nullable TraceEvent next;

	/** The next event, or null at the end of the stream. */
	protected abstract @Nullable TraceEvent computeNext();

	@Override
	public final boolean hasNext() {
		if (next == null) {
			next = computeNext();
		}
		return next != null;
	}

	@Override
	public final TraceEvent next() {
		TraceEvent event = next != null ? next : computeNext();
		if (event == null) {
			throw new NoSuchElementException();
		}
		next = null;
		return event;
	}
}
