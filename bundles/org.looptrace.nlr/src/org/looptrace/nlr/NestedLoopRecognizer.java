// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import java.util.Iterator;

import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.internal.Engine;

/**
 * Nested loop recognition of one trace, on-line: feed the events in order, then {@link #finish()}.
 * Memory is bounded by the options (the working stack), not by the length of the trace; only the
 * output (the model) grows, with the irregular parts of the trace. The model is lossless:
 * {@code ModelExpander.expand(model)} yields exactly the events fed. Not thread-safe; run one
 * recognizer per rank.
 */
public final class NestedLoopRecognizer {

	/** Events between two progress reports and cancellation checks. */
	private static final int REPORT_EVERY = 1 << 16;

	private final Engine engine;
	private boolean finished;

	public NestedLoopRecognizer(NlrOptions options) {
		engine = new Engine(options.maxBody(), options.stackLimit(), options.affine());
	}

	/** Appends the next event of the trace. */
	public void feed(TraceEvent event) {
		if (finished) {
			throw new IllegalStateException("finish() was called");
		}
		engine.feed(event);
	}

	/** Events fed so far. */
	public long events() {
		return engine.events();
	}

	/**
	 * The local model of the events fed: loops with indices {@code i0, i1, ...} by nesting depth (0
	 * outermost), from 0 to count − 1, fields as canonical affine expressions of the indices. Ends the
	 * pass: no event may be fed afterwards.
	 */
	public Model finish() {
		if (finished) {
			throw new IllegalStateException("finish() was called");
		}
		finished = true;
		return engine.finish();
	}

	/** The model of a whole trace, reporting progress in events and checking cancellation. */
	public static Model model(Iterator<TraceEvent> events, NlrOptions options, Progress progress) {
		NestedLoopRecognizer recognizer = new NestedLoopRecognizer(options);
		progress.begin("Nested loop recognition", -1);
		int sinceReport = 0;
		while (events.hasNext()) {
			recognizer.feed(events.next());
			if (++sinceReport == REPORT_EVERY) {
				progress.worked(sinceReport);
				progress.checkCancelled();
				sinceReport = 0;
			}
		}
		progress.worked(sinceReport);
		return recognizer.finish();
	}
}
