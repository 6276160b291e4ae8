// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.emf.common.util.EList;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Progress;

/**
 * Writes a system as an EMF model: loops from 0 with fresh indices i0, i1, … by depth, every number
 * in the form the model's text reads back, so that folding the model written and folding its text
 * give the same model.
 */
public final class ModelWriter {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;

	private final Map<LoopVariable, String> names = new IdentityHashMap<>();
	private final List<String> scope = new ArrayList<>();

	private final Checkpoints checkpoints;

	private ModelWriter(Progress progress) {
		checkpoints = new Checkpoints(progress);
	}

	public static Model model(GlobalSystem system) {
		return model(system, Progress.NONE);
	}

	/** The EMF model of a system; cancellable, as it writes every construct of a large model. */
	public static Model model(GlobalSystem system, Progress progress) {
		Model model = FACTORY.createModel();
		new ModelWriter(progress).write(system.items, model.getItems());
		return model;
	}

	private void write(List<GlobalConstruct> items, EList<Item> into) {
		for (GlobalConstruct construct : items) {
			checkpoints.step();
			if (construct instanceof GlobalLoop lp) {
				Loop loop = FACTORY.createLoop();
				String name = "i" + scope.size();
				loop.setIndex(name);
				loop.setLower(Exprs.constant(0));
				loop.setUpper(Exprs.constant(lp.count - 1));
				names.put(lp.var, name);
				scope.add(name);
				write(lp.body.items, loop.getItems());
				scope.remove(scope.size() - 1);
				into.add(loop);
			} else {
				into.add(event((GlobalEvent) construct));
			}
		}
	}

	private Item event(GlobalEvent ev) {
		switch (ev.kind) {
		case SEND, RECV -> {
			Message message = ev.kind == EventKind.SEND ? FACTORY.createSend() : FACTORY.createRecv();
			message.setRank(Exprs.constant(ev.rank));
			message.setPeer(Exprs.constant(ev.peer));
			Exprs.setTag(message, ev.channelTag());
			return message;
		}
		case SYNC -> {
			Sync sync = FACTORY.createSync();
			sync.setRank(Exprs.constant(ev.rank));
			sync.setName(ev.channelTag());
			sync.setGroup(ev.group);
			return sync;
		}
		default -> {
			Local local = FACTORY.createLocal();
			local.setRank(Exprs.constant(ev.rank));
			for (LocalWord word : ev.words) {
				local.getWords().add(switch (word) {
				case AffineExpression affine -> expr(affine);
				case LocalWord.Token token -> Exprs.value(token.text());
				});
			}
			return local;
		}
		}
	}

	/** An affine word over the indices in scope, in the canonical form the model's text reads back. */
	private Value expr(AffineExpression affine) {
		Map<String, Long> coefficients = new TreeMap<>();
		for (int i = 0; i < affine.vars.length; i++) {
			String name = names.get(affine.vars[i]);
			if (name == null) {
				throw new IllegalStateException("loop variable out of scope");
			}
			coefficients.merge(name, affine.coefficients[i], Long::sum);
		}
		return Exprs.canonical(affine.constant, coefficients, scope);
	}
}
