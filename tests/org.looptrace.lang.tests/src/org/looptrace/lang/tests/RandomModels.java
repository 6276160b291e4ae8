// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.looptrace.model.Annotation;
import org.looptrace.model.Block;
import org.looptrace.model.Direction;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Residue;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.Xor;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.RankSet;

/**
 * Random models for property tests: nests with affine and triangular bounds, events whose fields
 * are affine or hold residues ({@code mod(affine,m)}) and xors ({@code xor(affine,m)},
 * {@code xor(affine,[m*]pow2(affine))}, {@code [m*]pow2(affine)}), symbols that look like keywords, indices, numbers, residues
 * or xors, quoted words, annotations.
 */
final class RandomModels {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;
	private static final String[] INDEX_NAMES = { "i", "j", "k", "n", "x", "step", "_t", "A9" };
	private static final String[] TRICKY_SYMBOLS = { "for", "to", "done", "send", "recv", "sync", "local", "get", "i0",
			"i1", "j", "mod", "mod(i0,4)", "xor", "pow2", "xor(i0,pow2(i1))", "pow2(3)", "42", "-7", "007", "+1", "-0", "1+i0", "(-1)", "a.c:12", "say \"hi\"", "back\\slash", "", " ",
			"two words", "MPI_Send", "tag", "x", "é", "{0}", "->", "<-", "//not a comment", "\"", "9223372036854775808", "c33.3014", "for.3" };
	private static final String[] LABELS = { "before", "", "a \"quoted\" label", "x\\y", "t0" };

	private final Random random;

	RandomModels(long seed) {
		random = new Random(seed);
	}

	Model next() {
		Model model = FACTORY.createModel();
		block(model, new ArrayList<>(), 1 + random.nextInt(4));
		return model;
	}

	/** Fills a block with 1..count items, at least one of them a construct. */
	private void block(Block block, List<String> scope, int count) {
		for (int i = 0; i < count; i++) {
			int kind = random.nextInt(10);
			if (kind < 3 && scope.size() < 4) {
				block.getItems().add(loop(scope));
			} else if (kind < 9 || block.getItems().isEmpty()) {
				block.getItems().add(event(scope));
			} else {
				block.getItems().add(annotation(Direction.PREVIOUS));
			}
		}
		if (random.nextInt(5) == 0) {
			block.getItems().add(0, annotation(Direction.NEXT));
		}
	}

	private Loop loop(List<String> scope) {
		Loop loop = FACTORY.createLoop();
		String index;
		do {
			index = random.nextBoolean() ? "i" + scope.size() : INDEX_NAMES[random.nextInt(INDEX_NAMES.length)];
		} while (scope.contains(index));
		loop.setIndex(index);
		loop.setLower(affine(scope, 5, 2));
		if (!scope.isEmpty() && random.nextInt(3) == 0) {
			// triangular: up to an enclosing index
			loop.setUpper(Exprs.canonical(random.nextInt(3), Map.of(scope.get(random.nextInt(scope.size())), 1L), scope));
		} else {
			loop.setUpper(affine(scope, 300, 3));
		}
		scope.add(index);
		block(loop, scope, 1 + random.nextInt(4));
		scope.remove(scope.size() - 1);
		return loop;
	}

	private Event event(List<String> scope) {
		Event event = switch (random.nextInt(4)) {
		case 0 -> FACTORY.createSend();
		case 1 -> FACTORY.createRecv();
		case 2 -> FACTORY.createSync();
		default -> FACTORY.createLocal();
		};
		event.setRank(expr(scope, 64, 3));
		if (event instanceof Message message) {
			message.setPeer(expr(scope, 64, 3));
			if (random.nextInt(4) == 0) {
				message.setCommunicator(random.nextBoolean() ? "c" + random.nextInt(50) : "h" + random.nextInt(3));
				message.setTag(expr(scope, 1000, 4));
			} else {
				message.setTag(value(scope));
			}
		} else if (event instanceof Sync sync) {
			sync.setName(random.nextBoolean() ? "MPI_Allreduce" : symbolName(scope));
			sync.setGroup(rankSet());
		} else {
			Local local = (Local) event;
			for (int i = random.nextInt(5); i > 0; i--) {
				local.getWords().add(value(scope));
			}
		}
		return event;
	}

	private Annotation annotation(Direction direction) {
		Annotation annotation = FACTORY.createAnnotation();
		annotation.setLabel(LABELS[random.nextInt(LABELS.length)]);
		annotation.setRanks(rankSet());
		annotation.setAttribute(random.nextInt(4) == 0 ? "size" : random.nextBoolean() ? "time" : "end");
		annotation.setDirection(direction);
		return annotation;
	}

	private RankSet rankSet() {
		RankSet.Builder ranks = new RankSet.Builder();
		for (int i = 1 + random.nextInt(4); i > 0; i--) {
			int from = random.nextInt(40);
			ranks.addRange(from, from + (random.nextBoolean() ? 0 : random.nextInt(6)));
		}
		return ranks.build();
	}

	private Value value(List<String> scope) {
		return random.nextBoolean() ? expr(scope, 1000, 4) : Exprs.symbol(symbolName(scope));
	}

	private String symbolName(List<String> scope) {
		return switch (random.nextInt(4)) {
		case 0 -> TRICKY_SYMBOLS[random.nextInt(TRICKY_SYMBOLS.length)];
		case 1 -> scope.isEmpty() ? "lonely" : scope.get(random.nextInt(scope.size()));
		case 2 -> "w" + random.nextInt(100);
		default -> randomWord();
		};
	}

	private String randomWord() {
		StringBuilder word = new StringBuilder();
		for (int i = random.nextInt(6); i >= 0; i--) {
			word.append((char) (' ' + random.nextInt(95)));
		}
		return word.toString();
	}

	/**
	 * A field of an event: an affine expression, inside loops now and then with one or two residues
	 * of affine arguments (moduli 1..9, so that some vanish or fold into the constant) or xors (masks
	 * 1..12, shifts constant, so that they fold into the mask, or affine; arguments now and then 0,
	 * powers of two).
	 */
	private Expr expr(List<String> scope, int bound, int coefficientBound) {
		Expr affine = affine(scope, bound, coefficientBound);
		if (scope.isEmpty() || random.nextInt(3) > 0) {
			return affine;
		}
		Map<String, Long> coefficients = new HashMap<>();
		affine.getTerms().forEach(term -> coefficients.put(term.getIndex(), term.getCoefficient()));
		List<Residue> residues = new ArrayList<>();
		List<Xor> xors = new ArrayList<>();
		for (int i = 1 + random.nextInt(2); i > 0; i--) {
			long coefficient = random.nextInt(4) == 0 ? -1 : 1 + random.nextInt(coefficientBound);
			if (random.nextBoolean()) {
				residues.add(Exprs.residue(coefficient, affine(scope, bound, coefficientBound), 1 + random.nextInt(9)));
			} else {
				Expr shift = random.nextBoolean() ? Exprs.constant(random.nextInt(4)) : affine(scope, 4, 1);
				// now and then of the argument 0: a power of two, printed pow2(s) or m*pow2(s)
				Expr argument = random.nextInt(4) == 0 ? Exprs.constant(0) : affine(scope, bound, coefficientBound);
				xors.add(Exprs.xor(coefficient, argument, 1 + random.nextInt(12), shift));
			}
		}
		try {
			return Exprs.canonical(affine.getConstant(), coefficients, residues, xors, scope);
		} catch (ArithmeticException | IllegalArgumentException overflow) {
			return affine; // an extreme constant plus a residue or a xor, or a constant shift moving the mask out of range
		}
	}

	/**
	 * A canonical affine expression in the indices of the scope: constants up to the bound, either
	 * sign, now and then an extreme value.
	 */
	private Expr affine(List<String> scope, int bound, int coefficientBound) {
		long constant = switch (random.nextInt(20)) {
		case 0 -> Long.MAX_VALUE;
		case 1 -> Long.MIN_VALUE;
		case 2, 3, 4 -> -random.nextInt(bound);
		default -> random.nextInt(bound);
		};
		Map<String, Long> coefficients = new HashMap<>();
		for (String index : scope) {
			if (random.nextInt(3) == 0) {
				coefficients.put(index, (long) random.nextInt(2 * coefficientBound + 1) - coefficientBound);
			}
		}
		return Exprs.canonical(constant, coefficients, scope);
	}
}
