// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.EList;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.Exprs;
import org.looptrace.nlr.internal.Node.Body;
import org.looptrace.nlr.internal.Node.Loop;

/**
 * Converts NLR terms to the EMF model: loop indices are named {@code i<depth>} (depth 0 outermost),
 * count from 0 to count − 1, and affine vectors become canonical expressions of those indices.
 */
final class ModelBuilder {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;

	/** Index names in scope, outermost first. */
	private final List<String> scope = new ArrayList<>();

	private ModelBuilder() {
	}

	/** The model of the top-level entries (events and loops with constant counts). */
	static Model build(List<Node> entries) {
		ModelBuilder builder = new ModelBuilder();
		Model model = FACTORY.createModel();
		for (Node entry : entries) {
			model.getItems().add(builder.item(entry));
		}
		return model;
	}

	private Item item(Node node) {
		if (node instanceof Loop loop) {
			return loop(loop.body, loop.count);
		}
		return event((Node.Event) node);
	}

	private org.looptrace.model.Loop loop(Body body, long[] count) {
		org.looptrace.model.Loop loop = FACTORY.createLoop();
		loop.setIndex("i" + scope.size());
		loop.setLower(Exprs.constant(0));
		loop.setUpper(expr(count, -1));
		scope.add(loop.getIndex());
		EList<Item> items = loop.getItems();
		for (Node item : body.items) {
			items.add(item(item));
		}
		scope.remove(scope.size() - 1);
		return loop;
	}

	private Event event(Node.Event term) {
		Shape shape = term.shape;
		long[][] values = term.values;
		Event event = switch (shape.kind) {
		case SEND -> FACTORY.createSend();
		case RECV -> FACTORY.createRecv();
		case SYNC -> FACTORY.createSync();
		case LOCAL -> FACTORY.createLocal();
		};
		event.setRank(expr(values[0], 0));
		if (event instanceof Message message) {
			message.setPeer(expr(values[1], 0));
			String symbol = shape.tagSymbol;
			message.setTag(symbol != null ? Exprs.symbol(symbol) : expr(values[2], 0));
			message.setCommunicator(shape.communicator);
		} else if (event instanceof Sync sync) {
			sync.setName(shape.syncName);
			sync.setGroup(shape.group);
		} else {
			EList<Value> words = ((Local) event).getWords();
			int next = 1;
			for (@Nullable String word : shape.words) {
				words.add(word != null ? Exprs.symbol(word) : expr(values[next++], 0));
			}
		}
		return event;
	}

	/** The expression of a vector at the current depth, plus {@code adjust} on the constant. */
	private Expr expr(long[] vector, long adjust) {
		Map<String, Long> coefficients = new HashMap<>();
		int depth = scope.size();
		for (int j = 1; j < vector.length; j++) {
			if (vector[j] != 0) {
				coefficients.put(scope.get(depth - j), vector[j]);
			}
		}
		return Exprs.canonical(Math.addExact(vector[0], adjust), coefficients, scope);
	}
}
