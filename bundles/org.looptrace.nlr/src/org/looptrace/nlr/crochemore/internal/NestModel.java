// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.crochemore.internal;

import java.util.List;

import org.eclipse.emf.common.util.EList;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.TraceEvent;

/**
 * A nest as a local model of the shared metamodel, in NLR's form: loop indices {@code i<depth>}
 * (depth 0 outermost) from 0 to count − 1; events with constant fields, a trace token that reads
 * as a number becoming a number, any other a symbol, so the model expands to the trace's lines.
 */
public final class NestModel {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;

	private final Alphabet alphabet;

	private NestModel(Alphabet alphabet) {
		this.alphabet = alphabet;
	}

	public static Model build(List<Nest> nest, Alphabet alphabet) {
		Model model = FACTORY.createModel();
		new NestModel(alphabet).items(nest, model.getItems(), 0);
		return model;
	}

	private void items(List<Nest> nest, EList<Item> into, int depth) {
		for (Nest item : nest) {
			if (item instanceof Nest.Repeat repeat) {
				Loop loop = FACTORY.createLoop();
				loop.setIndex("i" + depth);
				loop.setLower(Exprs.constant(0));
				loop.setUpper(Exprs.constant(repeat.count() - 1L));
				items(repeat.body(), loop.getItems(), depth + 1);
				into.add(loop);
			} else {
				into.add(event(alphabet.event(((Nest.Leaf) item).symbol())));
			}
		}
	}

	private static Event event(TraceEvent line) {
		Event event = switch (line.kind()) {
		case SEND -> FACTORY.createSend();
		case RECV -> FACTORY.createRecv();
		case SYNC -> FACTORY.createSync();
		case LOCAL -> FACTORY.createLocal();
		};
		event.setRank(Exprs.constant(line.rank()));
		if (event instanceof Message message) {
			message.setPeer(Exprs.constant(line.peer()));
			Exprs.setTag(message, line.tag());
		} else if (event instanceof Sync sync) {
			sync.setName(line.tag());
			sync.setGroup(line.group());
		} else {
			EList<Value> words = ((Local) event).getWords();
			for (String word : line.words()) {
				words.add(Exprs.value(word));
			}
		}
		return event;
	}

}
