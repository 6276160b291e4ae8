// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.looptrace.model.Annotation;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Direction;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Residue;
import org.looptrace.model.Sync;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.RankSet;

/**
 * Random annotated models that expand to a few thousand events on a few ranks: nests up to four
 * deep with constant, empty, triangular and crossing bounds (upper bound more than one below the
 * lower one for some iterations), events whose owner is constant, affine in enclosing indices
 * (loops over ranks), a neighbour on a ring ({@code mod}) or a butterfly's peer ({@code xor}), and
 * annotations before and after constructs.
 */
final class RandomModels {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;
	private static final int MAX_EVENTS = 20_000;

	private final Random random;
	private final int ranks;
	private int labels;

	RandomModels(long seed, int ranks) {
		this.random = new Random(seed);
		this.ranks = ranks;
	}

	/** The next model whose expansion is valid (every owner and peer a rank below {@code ranks}) and small. */
	Model next() {
		while (true) {
			Model model = FACTORY.createModel();
			labels = 0;
			block(model, new ArrayList<>(), 1 + random.nextInt(4));
			if (expandsWithin(model)) {
				return model;
			}
		}
	}

	private boolean expandsWithin(Model model) {
		long events = 0;
		try {
			for (ModelExpander expander = ModelExpander.expand(model); expander.hasNext();) {
				var event = expander.next();
				if (event.rank() >= ranks || event.peer() >= ranks || ++events > MAX_EVENTS) {
					return false;
				}
			}
		} catch (IllegalStateException | ArithmeticException e) {
			return false; // a negative rank or peer somewhere
		}
		return events > 0;
	}

	private void block(Block block, List<String> scope, int count) {
		for (int i = 0; i < count; i++) {
			if (random.nextInt(10) < 4 && scope.size() < 4) {
				block.getItems().add(loop(scope));
			} else {
				block.getItems().add(event(scope));
			}
		}
		annotate(block);
	}

	/** Annotations before some constructs (->) and after some (<-), now and then two at one place. */
	private void annotate(Block block) {
		List<Item> items = new ArrayList<>(block.getItems());
		block.getItems().clear();
		for (Item item : items) {
			if (item instanceof Construct && random.nextInt(4) == 0) {
				block.getItems().add(annotation(Direction.NEXT));
			}
			block.getItems().add(item);
			if (item instanceof Construct && random.nextInt(4) == 0) {
				block.getItems().add(annotation(Direction.PREVIOUS));
			}
		}
	}

	private Annotation annotation(Direction direction) {
		Annotation annotation = FACTORY.createAnnotation();
		annotation.setLabel("a" + labels++);
		RankSet.Builder set = new RankSet.Builder();
		for (int i = 1 + random.nextInt(3); i > 0; i--) {
			set.add(random.nextInt(ranks));
		}
		annotation.setRanks(set.build());
		annotation.setAttribute(random.nextBoolean() ? "time" : "size");
		annotation.setDirection(direction);
		return annotation;
	}

	private Loop loop(List<String> scope) {
		Loop loop = FACTORY.createLoop();
		String index = "i" + scope.size();
		loop.setIndex(index);
		String outer = scope.isEmpty() ? "" : scope.get(random.nextInt(scope.size()));
		switch (scope.isEmpty() ? 0 : random.nextInt(5)) {
		case 1 -> { // triangular below: 0 .. outer + c
			loop.setLower(Exprs.constant(0));
			loop.setUpper(Exprs.canonical(random.nextInt(3) - 1, Map.of(outer, 1L), scope));
		}
		case 2 -> { // triangular above: outer .. c
			loop.setLower(Exprs.canonical(0, Map.of(outer, 1L), scope));
			loop.setUpper(Exprs.constant(2 + random.nextInt(3)));
		}
		case 3 -> { // may cross for some iterations
			loop.setLower(Exprs.canonical(random.nextInt(3), Map.of(outer, (long) random.nextInt(3) - 1), scope));
			loop.setUpper(Exprs.canonical(random.nextInt(4), Map.of(outer, (long) random.nextInt(3) - 1), scope));
		}
		default -> { // constant, now and then empty
			int lower = random.nextInt(3);
			loop.setLower(Exprs.constant(lower));
			loop.setUpper(Exprs.constant(lower - 1 + random.nextInt(5)));
		}
		}
		scope.add(index);
		block(loop, scope, 1 + random.nextInt(3));
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
		event.setRank(rank(scope));
		if (event instanceof Message message) {
			message.setPeer(rank(scope));
			message.setTag(random.nextBoolean() ? Exprs.symbol("t" + random.nextInt(3)) : rank(scope));
		} else if (event instanceof Sync sync) {
			sync.setName("MPI_Allreduce");
			sync.setGroup(RankSet.range(0, ranks - 1));
		} else {
			((Local) event).getWords().add(Exprs.symbol("step"));
		}
		return event;
	}

	/**
	 * A rank: a constant most of the time, else affine in one or two enclosing indices, a
	 * neighbour on a ring ({@code a*i + k*mod(b*j+o, m)}, {@code a} 0 or 1, {@code k} 1 or 2,
	 * {@code b} ±1, ±2 or 3: never negative) or a butterfly's peer ({@code xor(j+o, m*pow2(s))},
	 * the shift a constant or an index; models where it is negative or too large are left out).
	 */
	private Expr rank(List<String> scope) {
		if (scope.isEmpty() || random.nextInt(3) > 0) {
			return Exprs.constant(random.nextInt(ranks));
		}
		int kind = random.nextInt(4);
		if (kind == 1) {
			Expr argument = Exprs.canonical(random.nextInt(ranks), Map.of(scope.get(random.nextInt(scope.size())), 1L), scope);
			Expr shift = random.nextBoolean() ? Exprs.constant(random.nextInt(2))
					: Exprs.canonical(0, Map.of(scope.get(random.nextInt(scope.size())), 1L), scope);
			return Exprs.canonical(0, Map.of(), List.of(), List.of(Exprs.xor(1, argument, 1 + random.nextInt(3), shift)), scope);
		}
		if (kind == 0) {
			String index = scope.get(random.nextInt(scope.size()));
			long[] steps = { 1, -1, 2, -2, 3 };
			Expr argument = Exprs.canonical(random.nextInt(2 * ranks) - ranks, Map.of(index, steps[random.nextInt(steps.length)]), scope);
			Residue ring = Exprs.residue(1 + random.nextInt(2), argument, 2 + random.nextInt(ranks - 1));
			return Exprs.canonical(0, Map.of(scope.get(random.nextInt(scope.size())), (long) random.nextInt(2)), List.of(ring), scope);
		}
		Map<String, Long> coefficients = new HashMap<>();
		coefficients.put(scope.get(random.nextInt(scope.size())), random.nextInt(4) == 0 ? 2L : 1L);
		if (random.nextInt(4) == 0) {
			coefficients.put(scope.get(random.nextInt(scope.size())), random.nextBoolean() ? 1L : -1L);
		}
		return Exprs.canonical(random.nextInt(3), coefficients, scope);
	}
}
