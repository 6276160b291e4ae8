// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.scanner.internal.Specialisation;

/**
 * Positions against the project's own expansion: every event of a copy of the model is replaced by a
 * local event of the same owner whose words are the event's construct path and the values of its
 * enclosing indices; {@link ModelExpander} expands the copy for a rank, and the k-th line it gives must
 * be the occurrence whose start polynomial evaluates to k.
 */
final class PositionsAgainstExpansion {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;

	private PositionsAgainstExpansion() {
	}

	static void check(Block model, int ranks, String name) {
		Positions positions = Positions.of(model);
		Block labelled = EcoreUtil.copy(model);
		Map<String, Event> byPath = new LinkedHashMap<>();
		List<Event> events = new ArrayList<>();
		model.eAllContents().forEachRemaining(object -> {
			if (object instanceof Event event) {
				events.add(event);
			}
		});
		Map<Event, List<String>> enclosing = new IdentityHashMap<>();
		for (Event event : events) {
			byPath.put(ConstructPath.of(event), event);
			enclosing.put(event, enclosingIndices(event));
		}
		label(labelled);
		for (int rank = 0; rank < ranks; rank++) {
			long position = 0;
			int owner = rank; // every event run and filtered: an oracle independent of the owners solved
			for (ModelExpander lines = ModelExpander.expand(labelled, at -> at == owner); lines.hasNext(); position++) {
				TraceEvent line = lines.next();
				Event event = byPath.get(line.words().get(0));
				List<String> indices = enclosing.get(event);
				Map<String, Long> values = new LinkedHashMap<>();
				for (int i = 0; i < indices.size(); i++) {
					values.put(indices.get(i), Long.parseLong(line.words().get(i + 1)));
				}
				long expected = position;
				String where = name + ", rank " + rank + ", line " + position + ": " + line;
				Placement placement = placement(positions, event, rank, values, where);
				assertEquals(expected, placement.start().evaluate(values).longValueExact(), () -> where + ": start " + placement.start());
			}
			assertEquals(position, positions.events(rank), name + ", rank " + rank + ": events");
		}
	}

	private static Placement placement(Positions positions, Event event, int rank, Map<String, Long> values, String where) {
		for (Placement placement : positions.placements(event, rank)) {
			if (placement.holdsAt(values)) {
				return placement;
			}
		}
		assertTrue(false, where + ": no placement");
		throw new AssertionError();
	}

	/** The indices of the loops around a construct, outermost first. */
	private static List<String> enclosingIndices(Construct construct) {
		List<String> indices = new ArrayList<>();
		for (EObject container = construct.eContainer(); container instanceof Loop loop; container = container.eContainer()) {
			indices.add(0, loop.getIndex());
		}
		return indices;
	}

	/** Replaces every event by a local event of its owner that names it and its enclosing indices. */
	private static void label(Block block) {
		List<Event> events = new ArrayList<>();
		block.eAllContents().forEachRemaining(object -> {
			if (object instanceof Event event) {
				events.add(event);
			}
		});
		for (Event event : events) {
			Local local = FACTORY.createLocal();
			local.setRank(EcoreUtil.copy(Exprs.owner(event)));
			local.getWords().add(Exprs.symbol(ConstructPath.of(event)));
			for (String index : enclosingIndices(event)) {
				local.getWords().add(Exprs.affine(0, 1, index));
			}
			EcoreUtil.replace(event, local);
		}
	}
}
