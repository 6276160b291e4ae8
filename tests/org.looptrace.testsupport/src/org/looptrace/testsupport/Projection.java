// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.looptrace.model.Block;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.EventReader;
import org.looptrace.trace.TraceFolder;

/** The projection invariant of ARCHITECTURE.md, as the tests of every bundle assert it. */
public final class Projection {

	private Projection() {
	}

	/** The events of {@code rank} in a model: those it owns, in order. */
	public static List<TraceEvent> events(Block model, int rank) {
		List<TraceEvent> events = new ArrayList<>();
		ModelExpander.expand(model, rank).forEachRemaining(events::add);
		return events;
	}

	/**
	 * The events of every rank 0..ranks−1 in a model, from one expansion of the whole model: on
	 * models of many ranks and events, linear where {@link #events(Block, int)} per rank is not.
	 */
	public static List<List<TraceEvent>> eventsOfEveryRank(Block model, int ranks) {
		List<List<TraceEvent>> events = new ArrayList<>();
		for (int rank = 0; rank < ranks; rank++) {
			events.add(new ArrayList<>());
		}
		ModelExpander.expand(model).forEachRemaining(event -> events.get(event.owner()).add(event));
		return events;
	}

	/** The events of a rank's trace file, as the trace reader reads them. */
	public static List<TraceEvent> events(TraceFolder folder, int rank) throws IOException {
		List<TraceEvent> events = new ArrayList<>();
		try (EventReader reader = folder.openEvents(rank)) {
			for (TraceEvent event = reader.next(); event != null; event = reader.next()) {
				events.add(event);
			}
		}
		return events;
	}

	/** For every rank p, the events of {@code model} owned by p are the events of {@code traces.get(p)}. */
	public static void assertProjection(List<List<TraceEvent>> traces, Block model, String what) {
		long total = 0;
		for (int rank = 0; rank < traces.size(); rank++) {
			assertSameEvents(traces.get(rank), ModelExpander.expand(model, rank), model, what + ", rank " + rank);
			total += traces.get(rank).size();
		}
		long all = 0;
		for (ModelExpander it = ModelExpander.expand(model); it.hasNext(); it.next()) {
			all++;
		}
		assertEquals(total, all, what + ": the model holds events of no rank of the run");
	}

	/** The whole expansion of {@code model} is {@code events}, event for event (a local model is lossless). */
	public static void assertExpandsTo(List<TraceEvent> events, Block model, String what) {
		assertSameEvents(events, ModelExpander.expand(model), model, what);
	}

	/** Fails at the first event that differs, naming its position and printing the model. */
	private static void assertSameEvents(List<TraceEvent> expected, Iterator<TraceEvent> actual, Block model, String what) {
		for (int i = 0; i < expected.size(); i++) {
			if (!actual.hasNext()) {
				fail(what + ": the expansion ends at event " + i + " of " + expected.size() + "\n" + text(model));
			}
			TraceEvent event = actual.next();
			if (!event.equals(expected.get(i))) {
				fail(what + ": event " + i + " expands to '" + event.toLine() + "', expected '" + expected.get(i).toLine()
						+ "'\n" + text(model));
			}
		}
		if (actual.hasNext()) {
			fail(what + ": the expansion has more than the " + expected.size() + " events expected\n" + text(model));
		}
	}

	/** The model's text, cut short: failure messages stay readable. */
	private static String text(Block model) {
		String text = ModelPrinter.print(model);
		return text.length() <= 4000 ? text : text.substring(0, 4000) + "\n...";
	}

	/** Projection onto the local models: the global model owned by p is what local model p expands to. */
	public static void assertProjection(List<? extends Block> locals, Block global) {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < locals.size(); rank++) {
			traces.add(events(locals.get(rank), rank));
		}
		assertProjection(traces, global, "global model");
	}

	/** Projection onto the trace files of a folder. */
	public static void assertProjectsOnEveryRank(Block model, TraceFolder folder) throws IOException {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < folder.ranks(); rank++) {
			traces.add(events(folder, rank));
		}
		assertProjection(traces, model, folder.folder().toString());
	}
}
