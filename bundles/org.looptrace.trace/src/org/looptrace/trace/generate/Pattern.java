// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.generate;

import java.util.Iterator;

import org.looptrace.model.core.TraceEvent;

/**
 * The communication skeleton of a parallel program, as the event stream of each of its ranks.
 * The streams are consistent (every message sent is received, every collective is seen by every
 * member of its group) and realizable: with buffered sends, the ranks can run them to the end
 * without deadlock.
 */
public interface Pattern {

	/** The name that creates it with {@link Patterns#create}. */
	String name();

	/** The number of ranks. */
	int ranks();

	/**
	 * The events of one rank, in trace order, computed as they are consumed: memory does not
	 * depend on the number of iterations. Each call starts a new stream.
	 *
	 * @throws IllegalArgumentException for a rank outside {@code [0, ranks())}
	 */
	Iterator<TraceEvent> events(int rank);
}
