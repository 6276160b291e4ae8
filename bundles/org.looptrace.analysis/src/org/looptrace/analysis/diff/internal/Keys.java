// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

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
import org.looptrace.model.core.Exprs;

/**
 * Keys of constructs at the levels of likeness of an {@link Alignment}: two constructs of either
 * model have the same key at a level exactly when they are alike at that level. Keys are small
 * numbers given to canonical texts, so a loop's key is computed from its body's keys, never from its
 * whole text. Loop indices are named by their depth, so that models naming them otherwise compare
 * equal. Beside the keys, what measures how much two constructs differ: the fields of each (numbers
 * of their canonical texts), the size of each (itself and its body's constructs, recursively), and
 * a hash of the canonical text that orders constructs the same whichever model was added first.
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
	private final Map<Construct, Facts> facts = new IdentityHashMap<>();

	/**
	 * @param fields the numbers of the canonical texts of a construct's fields, one per field, each
	 *               text led by the field's name: a loop's bounds; an event's rank, then peer, tag and
	 *               communicator, or group and name, or words
	 * @param size   the construct and the constructs of its body, recursively
	 * @param hash   a hash of the canonical text, the same whichever model was added first
	 * @param events for a loop, the {@link #STRUCTURE} keys of the events in its body, recursively,
	 *               increasing and each once; none for an event
	 */
	private record Facts(int[] fields, int size, long hash, int[] events) {
	}

	/** Computes the keys of every construct of a model. */
	public void add(Block model) {
		block(model, Map.of(), 0);
	}

	/**
	 * Computes the keys of the constructs of a block of no model added (a loop's iterations written
	 * out), as if they were at {@code depth}, in the scope {@code depths}.
	 */
	void add(Block block, Map<String, Integer> depths, int depth) {
		block(block, depths, depth);
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

	/** The number of constructs in a construct: itself and, for a loop, its body's, recursively. */
	public int size(Construct construct) {
		return facts(construct).size();
	}

	/**
	 * The number of fields in which two constructs of the same kind differ (a loop's bounds count as
	 * one field, its body as none).
	 */
	public int fieldsDiffering(Construct left, Construct right) {
		int[] a = facts(left).fields();
		int[] b = facts(right).fields();
		int differing = Math.abs(a.length - b.length);
		for (int i = 0; i < Math.min(a.length, b.length); i++) {
			differing += a[i] == b[i] ? 0 : 1;
		}
		return differing;
	}

	/**
	 * Compares two sequences of constructs by the hashes of their canonical texts, lexicographically:
	 * an order of sequences that does not depend on which model was added first.
	 */
	public int compare(List<Construct> left, List<Construct> right) {
		for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
			int order = Long.compare(facts(left.get(i)).hash(), facts(right.get(i)).hash());
			if (order != 0) {
				return order;
			}
		}
		return Integer.compare(left.size(), right.size());
	}

	/** Whether two loops have in their bodies, at any depth, events of the same structure. */
	public boolean shareEvents(Loop left, Loop right) {
		int[] a = facts(left).events();
		int[] b = facts(right).events();
		for (int i = 0, j = 0; i < a.length && j < b.length;) {
			if (a[i] == b[j]) {
				return true;
			}
			if (a[i] < b[j]) {
				i++;
			} else {
				j++;
			}
		}
		return false;
	}

	private Facts facts(Construct construct) {
		Facts known = facts.get(construct);
		if (known == null) {
			throw new IllegalArgumentException("construct " + ConstructPath.of(construct) + " is not of a model added");
		}
		return known;
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
			List<String> fields = new ArrayList<>();
			int size = 1;
			long hash;
			TreeSet<Integer> events = new TreeSet<>();
			if (construct instanceof Loop loop) {
				Map<String, Integer> inner = new HashMap<>(depths);
				inner.put(loop.getIndex(), depth);
				block(loop, inner, depth + 1);
				String bounds = expr(loop.getLower(), depths) + ' ' + expr(loop.getUpper(), depths);
				fields.add("bounds " + bounds);
				hash = hash(kind + ' ' + bounds);
				StringBuilder bodyStructure = new StringBuilder(kind).append('(');
				StringBuilder bodyEqual = new StringBuilder(kind).append(' ').append(bounds).append('(');
				for (Construct child : ConstructPath.constructs(loop)) {
					int[] key = key(child);
					bodyStructure.append(key[STRUCTURE]).append(' ');
					bodyEqual.append(key[EQUAL]).append(' ');
					Facts body = facts(child);
					size += body.size();
					if (child instanceof Loop) {
						Arrays.stream(body.events()).forEach(events::add);
					} else {
						events.add(key[STRUCTURE]);
					}
					hash = mix(hash, body.hash());
				}
				structure = bodyStructure.append(')').toString();
				equal = bodyEqual.append(')').toString();
			} else {
				Event event = (Event) construct;
				structure = kind + ' ' + what(event, depths);
				equal = structure + " | " + who(event, depths);
				fields(event, depths, fields);
				hash = hash(equal);
			}
			keys.put(construct, new int[] { number(equal), number(structure), number(kind) });
			facts.put(construct, new Facts(fields.stream().mapToInt(this::number).toArray(), size, hash,
					events.stream().mapToInt(Integer::intValue).toArray()));
		}
	}

	/** The canonical texts of an event's fields, each led by its name. */
	private static void fields(Event event, Map<String, Integer> depths, List<String> fields) {
		fields.add("rank " + expr(event.getRank(), depths));
		if (event instanceof Message message) {
			fields.add("peer " + expr(message.getPeer(), depths));
			fields.add("tag " + value(message.getTag(), depths));
			fields.add("communicator " + message.getCommunicator());
		} else if (event instanceof Sync sync) {
			fields.add("group " + sync.getGroup());
			fields.add("name " + sync.getName());
		} else {
			fields.add("words " + what(event, depths));
		}
	}

	/** A 64-bit hash of a text (FNV-1a), the same in every run. */
	private static long hash(String text) {
		long hash = 0xcbf29ce484222325L;
		for (int i = 0; i < text.length(); i++) {
			hash = (hash ^ text.charAt(i)) * 0x100000001b3L;
		}
		return hash;
	}

	/** A hash of a sequence, one hash after another. */
	private static long mix(long hash, long next) {
		long mixed = (hash ^ next) * 0x9e3779b97f4a7c15L;
		return mixed ^ mixed >>> 31;
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
	 * index read twice counted once), then the residues and the xors in order of their texts. A
	 * residue is written with a positive coefficient, its argument reduced modulo its modulus
	 * (c·mod(x,m) with c < 0 is c·(m−1) − c·mod(−x−1,m)), so that a number the folding wrote two
	 * ways ({@code 2-mod(-i,3)}, {@code mod(2+i,3)}) has one text.
	 */
	static String expr(Expr expr, Map<String, Integer> depths) {
		long constant = expr.getConstant();
		TreeMap<String, Long> coefficients = new TreeMap<>();
		for (Term term : expr.getTerms()) {
			Integer depth = depths.get(term.getIndex());
			coefficients.merge(depth == null ? "?" + term.getIndex() : "#" + depth, term.getCoefficient(), Long::sum);
		}
		TreeMap<String, Long> residues = new TreeMap<>();
		for (Residue residue : expr.getResidues()) {
			long modulus = residue.getModulus();
			long coefficient = residue.getCoefficient();
			long sign = coefficient < 0 ? -1 : 1;
			if (coefficient < 0) {
				constant += coefficient * (modulus - 1);
			}
			TreeMap<String, Long> argument = new TreeMap<>();
			for (Term term : residue.getArgument().getTerms()) {
				Integer depth = depths.get(term.getIndex());
				argument.merge(depth == null ? "?" + term.getIndex() : "#" + depth, sign * term.getCoefficient(), Long::sum);
			}
			argument.replaceAll((index, value) -> Exprs.symmetric(value, modulus));
			long argumentConstant = Math.floorMod(sign * residue.getArgument().getConstant() - (coefficient < 0 ? 1 : 0), modulus);
			residues.merge("mod(" + affine(argumentConstant, argument) + "," + modulus + ")", sign * coefficient, Long::sum);
		}
		List<String> terms = new ArrayList<>();
		residues.forEach((residue, coefficient) -> {
			if (coefficient != 0) {
				terms.add(coefficient + "*" + residue);
			}
		});
		for (var xor : expr.getXors()) {
			terms.add(xor.getCoefficient() + "*xor(" + expr(xor.getArgument(), depths) + "," + xor.getMask() + "*pow2("
					+ expr(xor.getShift(), depths) + "))");
		}
		terms.sort(null);
		StringBuilder text = new StringBuilder(affine(constant, coefficients));
		terms.forEach(term -> text.append('+').append(term));
		return text.toString();
	}

	/** The constant, then each nonzero coefficient with its index. */
	private static String affine(long constant, TreeMap<String, Long> coefficients) {
		StringBuilder text = new StringBuilder().append(constant);
		coefficients.forEach((index, coefficient) -> {
			if (coefficient != 0) {
				text.append('+').append(coefficient).append('*').append(index);
			}
		});
		return text.toString();
	}
}
