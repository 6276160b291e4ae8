// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.ArrayDeque;
import java.util.Deque;

import org.looptrace.model.Annotation;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Symbol;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;

/**
 * The canonical text of a model in the language of {@code docs/LANGUAGE.md}: two spaces of
 * indentation per loop, one construct per line, {@code \n} line ends. Deterministic: the same model
 * always prints the same bytes, and parsing the text gives back an equal model.
 */
public final class ModelPrinter {

	private final StringBuilder out = new StringBuilder();
	/** Loop indices in scope, innermost first: symbols spelled like them are quoted. */
	private final Deque<String> scope = new ArrayDeque<>();

	private ModelPrinter() {
	}

	public static String print(Block block) {
		ModelPrinter printer = new ModelPrinter();
		printer.items(block, 0);
		return printer.out.toString();
	}

	/** One event as its line of model text, without indentation or line end. */
	public static String print(Event event) {
		ModelPrinter printer = new ModelPrinter();
		printer.event(event);
		return printer.out.toString();
	}

	private void items(Block block, int depth) {
		for (Item item : block.getItems()) {
			out.append("  ".repeat(depth));
			if (item instanceof Loop loop) {
				out.append("for ").append(loop.getIndex()).append(" = ");
				value(loop.getLower(), false);
				out.append(" to ");
				value(loop.getUpper(), false);
				out.append('\n');
				scope.push(loop.getIndex());
				items(loop, depth + 1);
				scope.pop();
				out.append("  ".repeat(depth)).append("done\n");
			} else if (item instanceof Event event) {
				event(event);
				out.append('\n');
			} else if (item instanceof Annotation annotation) {
				out.append("get ").append(Tokens.quote(annotation.getLabel())).append(" {")
						.append(annotation.getRanks()).append("}.").append(word(annotation.getAttribute()))
						.append(' ').append(annotation.getDirection().getLiteral()).append('\n');
			}
		}
	}

	private void event(Event event) {
		value(event.getRank(), false);
		if (event instanceof Message message) {
			out.append(' ').append(message.eClass().getName().toLowerCase()).append(' ');
			value(message.getPeer(), false);
			out.append(' ');
			String communicator = message.getCommunicator();
			if (communicator != null) {
				if (!(message.getTag() instanceof Expr) || !Tokens.isCommunicator(communicator)) {
					throw new IllegalArgumentException("a tag on communicator '" + communicator
							+ "' needs a communicator named like an identifier (not a keyword) and a number");
				}
				out.append(communicator).append('.');
			}
			value(message.getTag(), true);
		} else if (event instanceof Sync sync) {
			out.append(" sync ").append(word(sync.getName())).append(' ').append(sync.getGroup());
		} else if (event instanceof Local local) {
			out.append(" local");
			for (Value word : local.getWords()) {
				out.append(' ');
				value(word, true);
			}
		}
	}

	/**
	 * A value; one that follows another value on the line and starts with a minus sign is put in
	 * parentheses, or it would read back as a subtraction from the value before it.
	 */
	private void value(Value value, boolean followsValue) {
		if (value instanceof Symbol symbol) {
			out.append(word(symbol.getName()));
			return;
		}
		String text = Exprs.toText((Expr) value);
		if (followsValue && text.startsWith("-")) {
			out.append('(').append(text).append(')');
		} else {
			out.append(text);
		}
	}

	/** A symbol: bare when it reads back as the same symbol, quoted otherwise. */
	private String word(String name) {
		boolean bare = Tokens.isIdentifier(name) && !Tokens.KEYWORDS.contains(name) && !scope.contains(name);
		return bare ? name : Tokens.quote(name);
	}
}
