// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.Tokens;
import org.looptrace.model.core.TraceEvent;

/** Local models written as model text, and the projection invariant. */
final class Fixtures {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;
	private static final Pattern TERM = Pattern.compile("([+-]?)(?:(\\d+)\\*)?(\\d+|[A-Za-z_]\\w*)");

	private Fixtures() {
	}

	/**
	 * A model from text: {@code for NAME = E to E} … {@code done} and event lines, fields affine in
	 * the indices in scope (e.g. {@code 0 send 1+i0 t}).
	 */
	static Model model(String text) {
		Model model = FACTORY.createModel();
		Deque<Block> blocks = new ArrayDeque<>();
		blocks.push(model);
		List<String> scope = new ArrayList<>();
		for (String raw : text.split("\n")) {
			String line = raw.strip();
			if (line.isEmpty()) {
				continue;
			}
			String[] words = line.split("\\s+");
			if (words[0].equals("for")) {
				Loop loop = FACTORY.createLoop();
				loop.setIndex(words[1]);
				loop.setLower(expr(words[3], scope));
				loop.setUpper(expr(words[5], scope));
				blocks.peek().getItems().add(loop);
				blocks.push(loop);
				scope.add(words[1]);
			} else if (words[0].equals("done")) {
				blocks.pop();
				scope.remove(scope.size() - 1);
			} else {
				blocks.peek().getItems().add(event(words, scope));
			}
		}
		return model;
	}

	private static Event event(String[] words, List<String> scope) {
		Event event;
		switch (words[1]) {
		case "send", "recv" -> {
			Message message = words[1].equals("send") ? FACTORY.createSend() : FACTORY.createRecv();
			message.setPeer(expr(words[2], scope));
			message.setTag(value(words[3], scope));
			event = message;
		}
		case "sync" -> {
			Sync sync = FACTORY.createSync();
			sync.setName(words[2]);
			sync.setGroup(RankSet.valueOf(words[3]));
			event = sync;
		}
		default -> {
			Local local = FACTORY.createLocal();
			for (int i = 2; i < words.length; i++) {
				local.getWords().add(value(words[i], scope));
			}
			event = local;
		}
		}
		event.setRank(expr(words[0], scope));
		return event;
	}

	private static Value value(String word, List<String> scope) {
		Expr expr = tryExpr(word, scope);
		return expr != null ? expr : Exprs.symbol(word);
	}

	private static Expr expr(String word, List<String> scope) {
		Expr expr = tryExpr(word, scope);
		if (expr == null) {
			throw new IllegalArgumentException("not an expression: " + word);
		}
		return expr;
	}

	private static @Nullable Expr tryExpr(String word, List<String> scope) {
		if (Tokens.isNumber(word)) {
			return Exprs.constant(Long.parseLong(word));
		}
		Matcher matcher = TERM.matcher(word);
		long constant = 0;
		Map<String, Long> coefficients = new HashMap<>();
		int at = 0;
		while (at < word.length() && matcher.find(at) && matcher.start() == at) {
			long sign = matcher.group(1).equals("-") ? -1 : 1;
			long factor = matcher.group(2) == null ? 1 : Long.parseLong(matcher.group(2));
			String atom = matcher.group(3);
			if (Character.isDigit(atom.charAt(0))) {
				constant += sign * factor * Long.parseLong(atom);
			} else if (scope.contains(atom)) {
				coefficients.merge(atom, sign * factor, Long::sum);
			} else {
				return null;
			}
			at = matcher.end();
		}
		return at == word.length() && !coefficients.isEmpty() ? Exprs.canonical(constant, coefficients, scope) : null;
	}

	/** The events of rank p in a model. */
	static List<TraceEvent> project(Block model, int rank) {
		List<TraceEvent> events = new ArrayList<>();
		for (Iterator<TraceEvent> it = ModelExpander.expand(model, rank); it.hasNext();) {
			events.add(it.next());
		}
		return events;
	}

	/** Projection: for every rank p, the events of the global model owned by p are those of local p. */
	static void assertProjection(List<Model> locals, Model global) {
		for (int p = 0; p < locals.size(); p++) {
			List<TraceEvent> expected = project(locals.get(p), p);
			List<TraceEvent> actual = project(global, p);
			assertEquals(expected.size(), actual.size(), "number of events of rank " + p);
			assertEquals(expected, actual, "events of rank " + p);
		}
	}

	/**
	 * A random folding of a trace into loops: at each position, a random body length and a random
	 * number of the repetitions found there. Loops of different ranks then rarely line up.
	 */
	static Model folded(List<TraceEvent> events, java.util.Random random) {
		StringBuilder text = new StringBuilder();
		int at = 0;
		while (at < events.size()) {
			int body = 1 + random.nextInt(3);
			int repeats = 1;
			while (at + (repeats + 1) * body <= events.size()
					&& events.subList(at, at + body).equals(events.subList(at + repeats * body, at + (repeats + 1) * body))) {
				repeats++;
			}
			int count = 1 + random.nextInt(repeats);
			if (count >= 2 && at + body <= events.size()) {
				text.append("for i0 = 0 to ").append(count - 1).append('\n');
				for (TraceEvent event : events.subList(at, at + body)) {
					text.append(event.toLine()).append('\n');
				}
				text.append("done\n");
				at += count * body;
			} else {
				text.append(events.get(at++).toLine()).append('\n');
			}
		}
		return model(text.toString());
	}

	/** A flat local model of events. */
	static Model flat(List<TraceEvent> events) {
		StringBuilder text = new StringBuilder();
		for (TraceEvent event : events) {
			text.append(event.toLine()).append('\n');
		}
		return model(text.toString());
	}
}
