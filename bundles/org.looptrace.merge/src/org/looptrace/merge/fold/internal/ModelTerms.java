// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.emf.common.util.EList;
import org.looptrace.merge.internal.Checkpoints;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Recv;
import org.looptrace.model.Symbol;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;

/**
 * Terms read from the EMF model and written back: indices become loop depths on the way in and
 * {@code i0, i1, ...} by depth on the way out; equal symbols and groups are read as one object.
 */
final class ModelTerms {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;
	/** Marks a numeric word among the symbols of an event shape (real symbols never hold a NUL). */
	private static final String NUMBER = "\0";

	private ModelTerms() {
	}

	/** The constructs of blocks run one after the other, as terms; the ranks of the events constant. */
	static List<Node> read(List<? extends Block> blocks, Progress progress) {
		return read(blocks, progress, true);
	}

	/**
	 * The constructs of blocks run one after the other, as terms; with {@code constantRanks}, an
	 * error for an event whose rank is not constant (a model folded already).
	 */
	static List<Node> read(List<? extends Block> blocks, Progress progress, boolean constantRanks) {
		List<Node> items = new ArrayList<>();
		Checkpoints checkpoints = new Checkpoints(progress);
		Map<Object, Object> canonical = new HashMap<>();
		for (Block block : blocks) {
			items.addAll(read(block.getItems(), new HashMap<>(), 0, checkpoints, canonical, constantRanks));
		}
		return items;
	}

	/** A model of the terms. */
	static Model write(List<Node> items) {
		Model result = FACTORY.createModel();
		write(items, result.getItems(), new ArrayList<>());
		return result;
	}

	/**
	 * The constructs of a system as terms, in the order of the model; {@code canonical} holds the
	 * symbols and groups met so far.
	 */
	private static List<Node> read(EList<Item> items, Map<String, Integer> depths, int depth, Checkpoints checkpoints,
			Map<Object, Object> canonical, boolean constantRanks) {
		List<Node> nodes = new ArrayList<>(items.size());
		for (Item item : items) {
			checkpoints.step();
			if (item instanceof Loop loop) {
				Map<String, Integer> inner = new HashMap<>(depths);
				inner.put(loop.getIndex(), depth);
				List<Node> body = read(loop.getItems(), inner, depth + 1, checkpoints, canonical, constantRanks);
				RankSet.Builder ranks = new RankSet.Builder();
				body.forEach(node -> ranks.addAll(node.ranks));
				nodes.add(new LoopNode(DepthExprConversion.of(loop.getLower(), depths), DepthExprConversion.of(loop.getUpper(), depths),
						body.toArray(new Node[0]), ranks.build()));
			} else if (item instanceof Event event) {
				EventNode node = event(event, depths, canonical);
				if (constantRanks && node.ranks.isEmpty()) {
					throw new IllegalArgumentException("folding takes events of constant ranks, found "
							+ org.looptrace.model.core.ModelPrinter.print(event));
				}
				nodes.add(node);
			} else {
				throw new IllegalArgumentException(
						"a global model holds loops and events only, found " + item.eClass().getName());
			}
		}
		return nodes;
	}

	private static EventNode event(Event event, Map<String, Integer> depths, Map<Object, Object> canonical) {
		List<DepthExpr> numbers = new ArrayList<>();
		List<String> symbols = new ArrayList<>();
		numbers.add(DepthExprConversion.of(event.getRank(), depths));
		EventKind kind;
		RankSet group = null;
		if (event instanceof Message message) {
			kind = message instanceof Recv ? EventKind.RECV : EventKind.SEND;
			numbers.add(DepthExprConversion.of(message.getPeer(), depths));
			word(message.getTag(), depths, symbols, numbers);
			if (message.getCommunicator() != null) {
				symbols.add(message.getCommunicator().intern());
			}
		} else if (event instanceof Sync sync) {
			kind = EventKind.SYNC;
			symbols.add(sync.getName().intern());
			group = sync.getGroup();
		} else {
			kind = EventKind.LOCAL;
			for (Value word : ((Local) event).getWords()) {
				word(word, depths, symbols, numbers);
			}
		}
		String[] array = symbols.toArray(new String[0]);
		return new EventNode(kind, canonical(canonical, Arrays.asList(array), array),
				group == null ? null : canonical(canonical, group, group), numbers.toArray(new DepthExpr[0]));
	}

	/**
	 * The value first met under an equal key: equal symbols and groups are then one object, which
	 * makes comparing shapes (at every step of the recognitions) an identity test.
	 */
	@SuppressWarnings("unchecked")
	private static <T> T canonical(Map<Object, Object> canonical, Object key, T value) {
		return (T) canonical.computeIfAbsent(key, k -> value);
	}

	private static void word(Value value, Map<String, Integer> depths, List<String> symbols, List<DepthExpr> numbers) {
		if (value instanceof Symbol symbol) {
			symbols.add(symbol.getName().intern()); // equal symbols compare as the same object
		} else {
			symbols.add(NUMBER);
			numbers.add(DepthExprConversion.of((Expr) value, depths));
		}
	}

	private static void write(List<Node> items, EList<Item> into, List<String> scope) {
		for (Node node : items) {
			if (node instanceof LoopNode loopNode) {
				Loop loop = FACTORY.createLoop();
				loop.setLower(DepthExprConversion.toExpr(loopNode.lower, scope));
				loop.setUpper(DepthExprConversion.toExpr(loopNode.upper, scope));
				String index = "i" + scope.size();
				loop.setIndex(index);
				scope.add(index);
				write(List.of(loopNode.body), loop.getItems(), scope);
				scope.remove(scope.size() - 1);
				into.add(loop);
			} else {
				into.add(event((EventNode) node, scope));
			}
		}
	}

	private static Event event(EventNode node, List<String> scope) {
		int number = 1;
		Event event;
		switch (node.kind) {
		case SEND, RECV -> {
			Message message = node.kind == EventKind.SEND ? FACTORY.createSend() : FACTORY.createRecv();
			message.setPeer(DepthExprConversion.toExpr(node.numbers[number++], scope));
			message.setTag(node.symbols[0].equals(NUMBER) ? DepthExprConversion.toExpr(node.numbers[number], scope) : Exprs.symbol(node.symbols[0]));
			message.setCommunicator(node.symbols.length > 1 ? node.symbols[1] : null);
			event = message;
		}
		case SYNC -> {
			Sync sync = FACTORY.createSync();
			sync.setName(node.symbols[0]);
			sync.setGroup(Objects.requireNonNull(node.group));
			event = sync;
		}
		default -> {
			Local local = FACTORY.createLocal();
			for (String word : node.symbols) {
				local.getWords().add(word.equals(NUMBER) ? DepthExprConversion.toExpr(node.numbers[number++], scope) : Exprs.symbol(word));
			}
			event = local;
		}
		}
		event.setRank(DepthExprConversion.toExpr(node.numbers[0], scope));
		return event;
	}
}
