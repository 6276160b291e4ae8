// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Residue;
import org.looptrace.model.Sync;
import org.looptrace.model.Symbol;
import org.looptrace.model.Term;
import org.looptrace.model.Value;
import org.looptrace.model.core.ConstructPath;

/**
 * Keys of constructs at the levels of likeness of an {@link Alignment}: two constructs of either
 * model have the same key at a level exactly when they are alike at that level. Keys are small
 * numbers given to canonical texts, so a loop's key is computed from its body's keys, never from its
 * whole text. Loop indices are named by their depth, so that models naming them otherwise compare
 * equal.
 */
public final class Keys {

	/** Equal: the same construct, bounds, ranks and peers included. */
	public static final int EQUAL = 0;
	/** The same structure: events of the same kind and tag, loops of such bodies, whatever the bounds and ranks. */
	public static final int STRUCTURE = 1;
	/** The same kind of construct: a loop, a send, a receive, a collective or a local event. */
	public static final int KIND = 2;
	/** The number of levels. */
	public static final int LEVELS = 3;

	private final Map<String, Integer> numbers = new HashMap<>();
	private final Map<Construct, int[]> keys = new IdentityHashMap<>();

	/** Computes the keys of every construct of a model. */
	public void add(Block model) {
		block(model, Map.of(), 0);
	}

	/** The keys of the constructs of a block, {@code [level][position]}. */
	public int[][] of(List<Construct> constructs) {
		int[][] levels = new int[LEVELS][constructs.size()];
		for (int i = 0; i < constructs.size(); i++) {
			int[] key = key(constructs.get(i));
			for (int level = 0; level < LEVELS; level++) {
				levels[level][i] = key[level];
			}
		}
		return levels;
	}

	/** Whether two constructs are alike at a level. */
	public boolean alike(Construct left, Construct right, int level) {
		return key(left)[level] == key(right)[level];
	}

	private int[] key(Construct construct) {
		int[] key = keys.get(construct);
		if (key == null) {
			throw new IllegalArgumentException("construct " + ConstructPath.of(construct) + " is not of a model added");
		}
		return key;
	}

	private void block(Block block, Map<String, Integer> depths, int depth) {
		for (Construct construct : ConstructPath.constructs(block)) {
			String kind = construct.eClass().getName();
			String structure;
			String equal;
			if (construct instanceof Loop loop) {
				Map<String, Integer> inner = new HashMap<>(depths);
				inner.put(loop.getIndex(), depth);
				block(loop, inner, depth + 1);
				StringBuilder bodyStructure = new StringBuilder(kind).append('(');
				StringBuilder bodyEqual = new StringBuilder(kind).append(' ').append(expr(loop.getLower(), depths)).append(' ')
						.append(expr(loop.getUpper(), depths)).append('(');
				for (Construct child : ConstructPath.constructs(loop)) {
					int[] key = key(child);
					bodyStructure.append(key[STRUCTURE]).append(' ');
					bodyEqual.append(key[EQUAL]).append(' ');
				}
				structure = bodyStructure.append(')').toString();
				equal = bodyEqual.append(')').toString();
			} else {
				structure = kind + ' ' + what((Event) construct, depths);
				equal = structure + " | " + who((Event) construct, depths);
			}
			keys.put(construct, new int[] { number(equal), number(structure), number(kind) });
		}
	}

	private int number(String text) {
		return numbers.computeIfAbsent(text, t -> numbers.size());
	}

	/** What an event is, apart from who takes part: tag and communicator, name, words. */
	static String what(Event event, Map<String, Integer> depths) {
		if (event instanceof Message message) {
			return message.getCommunicator() + " " + value(message.getTag(), depths);
		}
		if (event instanceof Sync sync) {
			return sync.getName();
		}
		List<String> words = new ArrayList<>();
		((Local) event).getWords().forEach(word -> words.add(value(word, depths)));
		return String.join(" ", words);
	}

	/** Who takes part in an event: its rank, its peer, its group. */
	static String who(Event event, Map<String, Integer> depths) {
		String rank = expr(event.getRank(), depths);
		if (event instanceof Message message) {
			return rank + " " + expr(message.getPeer(), depths);
		}
		return event instanceof Sync sync ? rank + " " + sync.getGroup() : rank;
	}

	/** A canonical text of a value: a symbol's name, or the expression with indices named by depth. */
	static String value(Value value, Map<String, Integer> depths) {
		return value instanceof Symbol symbol ? "'" + symbol.getName() : expr((Expr) value, depths);
	}

	/**
	 * A canonical text of an expression: the constant, then the coefficients by index depth (an
	 * index read twice counted once), then the residues in order of their texts.
	 */
	static String expr(Expr expr, Map<String, Integer> depths) {
		TreeMap<String, Long> coefficients = new TreeMap<>();
		for (Term term : expr.getTerms()) {
			Integer depth = depths.get(term.getIndex());
			coefficients.merge(depth == null ? "?" + term.getIndex() : "#" + depth, term.getCoefficient(), Long::sum);
		}
		List<String> residues = new ArrayList<>();
		for (Residue residue : expr.getResidues()) {
			residues.add(residue.getCoefficient() + "*mod(" + expr(residue.getArgument(), depths) + "," + residue.getModulus() + ")");
		}
		residues.sort(null);
		StringBuilder text = new StringBuilder().append(expr.getConstant());
		coefficients.forEach((index, coefficient) -> {
			if (coefficient != 0) {
				text.append('+').append(coefficient).append('*').append(index);
			}
		});
		residues.forEach(residue -> text.append('+').append(residue));
		return text.toString();
	}
}
