// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.analysis.diff.Difference.Kind;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Term;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Progress;

/**
 * Random nests of loops, each mutated once (a bound changed, an expression changed, an event or a
 * loop inserted, a construct deleted, a run of constructs wrapped in a loop, a loop split or peeled):
 * the diff reports exactly the mutation, at the mutated construct, however deep it is and whatever
 * else the block holds; a nest against itself has no difference; the diff of B against A mirrors
 * that of A against B, pair for pair, with the inverse kind.
 */
class MutatedNestsTest {

	private static final int NESTS = 300;

	@Test
	void aNestAgainstItselfHasNoDifference() throws Exception {
		forEachNest(1010, (model, copy, random, what) -> assertEquals(List.of(), compare(model, copy), what));
	}

	@Test
	void aBoundChangedIsThatLoopsBounds() throws Exception {
		int[] mutated = new int[1];
		forEachNest(1011, (model, copy, random, what) -> {
			List<Loop> loops = all(copy, Loop.class);
			if (!loops.isEmpty()) {
				Loop loop = loops.get(random.nextInt(loops.size()));
				Expr upper = EcoreUtil.copy(loop.getUpper());
				upper.setConstant(upper.getConstant() + 1 + random.nextInt(50));
				loop.setUpper(upper);
				assertOne(Kind.BOUNDS, model, copy, loop, what);
				assertEquals(List.of(), constructs(ModelDiff.compare(model, copy, true, Progress.NONE)), what + ": counts ignored");
				mutated[0]++;
			}
		});
		assertTrue(mutated[0] > NESTS / 2, "most nests have loops");
	}

	@Test
	void anExpressionChangedIsThatEventsField() throws Exception {
		forEachNest(1012, (model, copy, random, what) -> {
			List<Event> events = all(copy, Event.class);
			Event event = events.get(random.nextInt(events.size()));
			Kind kind = Kind.RANKS;
			if (event instanceof Message message && random.nextBoolean()) {
				if (random.nextBoolean()) {
					message.setTag(Exprs.constant(987654));
					kind = Kind.CHANGED;
				} else {
					message.setPeer(shifted(message.getPeer(), random));
				}
			} else {
				event.setRank(shifted(event.getRank(), random));
			}
			assertOne(kind, model, copy, event, what);
		});
	}

	@Test
	void anEventOrALoopInsertedIsThatConstructAdded() throws Exception {
		forEachNest(1013, (model, copy, random, what) -> {
			Construct inserted = random.nextBoolean() ? parsed("5 send 6 99999\n")
					: parsed("for k = 0 to 3\n  5 send 6 99998\n  6 recv 5 99998\ndone\n");
			EList<Item> items = randomBlock(copy, random).getItems();
			items.add(random.nextInt(items.size() + 1), inserted);
			assertOne(Kind.ADDED, model, copy, inserted, what);
		});
	}

	@Test
	void aConstructDeletedIsThatConstructRemoved() throws Exception {
		forEachNest(1014, (model, copy, random, run) -> {
			List<Construct> constructs = all(model, Construct.class);
			Construct deleted = constructs.get(random.nextInt(constructs.size()));
			EcoreUtil.remove(ConstructPath.find(copy, ConstructPath.of(deleted)));
			String what = run + ", " + ConstructPath.of(deleted);
			List<Difference> differences = constructs(compare(model, copy));
			assertEquals(1, differences.size(), () -> what + ": " + differences + "\n" + ModelText.print(model));
			assertEquals(Kind.REMOVED, differences.get(0).kind(), what);
			assertSame(deleted, differences.get(0).left(), what);
			assertMirrored(model, copy, what);
		});
	}

	/**
	 * A run of constructs wrapped in a new loop of three iterations, which A runs once: no rewrite
	 * explains it, every difference is in the run (A) or the new loop (B), the new loop is reported
	 * (added, or paired with a loop of the run, its differences inside), and the diff mirrors.
	 */
	@Test
	void aRunWrappedInALoopDiffersInThatRunOnly() throws Exception {
		forEachNest(1015, (model, copy, random, what) -> {
			Block block = randomBlock(copy, random);
			List<Construct> body = ConstructPath.constructs(block);
			int from = random.nextInt(body.size());
			int to = from + 1 + random.nextInt(Math.min(3, body.size() - from));
			List<Construct> wrapped = new ArrayList<>(body.subList(from, to));
			List<Construct> originals = wrapped.stream().map(construct -> ConstructPath.find(model, ConstructPath.of(construct))).toList();
			Loop loop = (Loop) parsed("for w = 0 to 2\n  0 local placeholder\ndone\n");
			loop.getItems().clear();
			block.getItems().add(block.getItems().indexOf(wrapped.get(0)), loop);
			loop.getItems().addAll(wrapped);
			List<Difference> differences = constructs(compare(model, copy));
			assertFalse(differences.isEmpty(), what);
			for (Difference difference : differences) {
				if (difference.left() instanceof Construct left) {
					assertTrue(originals.stream().anyMatch(original -> within(left, original)), () -> what + ": " + difference);
				}
				if (difference.right() instanceof Construct right) {
					assertTrue(within(right, loop), () -> what + ": " + difference);
				}
				assertFalse(REWRITES.contains(difference.kind()), () -> what + ": not exactly a rewrite: " + difference);
			}
			assertTrue(differences.stream().anyMatch(difference -> difference.right() != null), () -> what + ": " + differences);
			assertMirrored(model, copy, what);
		});
	}

	/**
	 * A run of constructs that A repeats k times, an expression of its first event moving by 5 each
	 * time, is in B one loop of k iterations over the run, the expression affine in the new index:
	 * one difference, wrapped, from the run's first construct in A to its last copy's last; in B
	 * the new loop. B against A: unwrapped.
	 */
	@Test
	void aRunRepeatedAndWrappedInALoopIsWrapped() throws Exception {
		forEachNest(1016, (model, copy, random, what) -> {
			Block block = randomBlock(copy, random);
			List<Construct> body = ConstructPath.constructs(block);
			int from = random.nextInt(body.size());
			List<Construct> wrapped = new ArrayList<>(body.subList(from, from + 1 + random.nextInt(Math.min(3, body.size() - from))));
			int iterations = 1 + random.nextInt(3);
			List<Construct> run = wrapped.stream().map(construct -> ConstructPath.find(model, ConstructPath.of(construct))).toList();
			EList<Item> items = ((Block) run.get(0).eContainer()).getItems();
			Construct last = run.get(run.size() - 1);
			for (int k = 1; k < iterations; k++) {
				List<Construct> repeated = run.stream().map(EcoreUtil::copy).toList();
				if (repeated.get(0) instanceof Event event) {
					event.getRank().setConstant(event.getRank().getConstant() + 5 * k);
				}
				items.addAll(items.indexOf(last) + 1, repeated);
				last = repeated.get(repeated.size() - 1);
			}
			Loop loop = (Loop) parsed("for w = 0 to " + (iterations - 1) + "\n  0 local placeholder\ndone\n");
			loop.getItems().clear();
			block.getItems().add(block.getItems().indexOf(wrapped.get(0)), loop);
			loop.getItems().addAll(wrapped);
			if (wrapped.get(0) instanceof Event event) {
				event.getRank().getTerms().add(Exprs.term(5, "w"));
			}
			assertRewrite(Kind.WRAPPED, model, copy, run.get(0), last, loop, loop, what);
		});
	}

	/**
	 * A loop split in two at a random iteration, the second loop over the rest of the iterations or,
	 * as the merge writes it, from 0 with its index shifted in its body: one difference, split, from
	 * the loop in A to the two loops in B; B against A: joined. With an event of the second loop's body
	 * changed, no rewrite explains it: the differences are as without rewrites.
	 */
	@Test
	void aLoopSplitInTwoIsSplit() throws Exception {
		int[] mutated = new int[2];
		forEachNest(1017, (model, copy, random, what) -> {
			Loop loop = randomLoop(copy, random);
			if (loop == null) {
				return;
			}
			Loop original = (Loop) ConstructPath.find(model, ConstructPath.of(loop));
			long lower = loop.getLower().getConstant();
			long upper = loop.getUpper().getConstant();
			long split = lower + 1 + random.nextInt((int) (upper - lower));
			Loop rest = EcoreUtil.copy(loop);
			loop.setUpper(Exprs.constant(split - 1));
			if (random.nextBoolean()) {
				rest.setLower(Exprs.constant(split));
			} else {
				rest.setLower(Exprs.constant(0));
				rest.setUpper(Exprs.constant(upper - split));
				shiftIndex(rest, split);
			}
			EList<Item> items = ((Block) loop.eContainer()).getItems();
			items.add(items.indexOf(loop) + 1, rest);
			List<Event> restEvents = all(rest, Event.class);
			if (random.nextInt(4) == 0 && !restEvents.isEmpty()) {
				restEvents.get(random.nextInt(restEvents.size())).setRank(Exprs.constant(1000));
				assertNoRewrite(model, copy, what);
				mutated[1]++;
				return;
			}
			assertRewrite(Kind.SPLIT, model, copy, original, original, loop, rest, what);
			mutated[0]++;
		});
		assertTrue(mutated[0] > NESTS / 3 && mutated[1] > NESTS / 20, "most nests have loops");
	}

	/**
	 * A loop's first iteration, or its last, or both, written out beside the loop over the others:
	 * one difference, peeled, from the loop in A to the run of the iterations and the loop in B; B
	 * against A: unpeeled.
	 */
	@Test
	void aLoopPeeledIsPeeled() throws Exception {
		int[] mutated = new int[1];
		forEachNest(1018, (model, copy, random, what) -> {
			Loop loop = randomLoop(copy, random);
			if (loop == null) {
				return;
			}
			long lower = loop.getLower().getConstant();
			long upper = loop.getUpper().getConstant();
			int ends = upper - lower >= 2 ? random.nextInt(3) : random.nextInt(2);
			boolean front = ends != 1;
			boolean back = ends != 0;
			EList<Item> items = ((Block) loop.eContainer()).getItems();
			List<Construct> first = iteration(loop, lower);
			List<Construct> last = iteration(loop, upper);
			Loop original = (Loop) ConstructPath.find(model, ConstructPath.of(loop));
			if (front) {
				items.addAll(items.indexOf(loop), first);
				loop.setLower(Exprs.constant(lower + 1));
			}
			if (back) {
				items.addAll(items.indexOf(loop) + 1, last);
				loop.setUpper(Exprs.constant(upper - 1));
			}
			assertRewrite(Kind.PEELED, model, copy, original, original, front ? first.get(0) : loop,
					back ? last.get(last.size() - 1) : loop, what);
			mutated[0]++;
		});
		assertTrue(mutated[0] > NESTS / 2, "most nests have loops");
	}

	/** The kinds of a rewrite of a loop. */
	private static final Set<Kind> REWRITES = Set.of(Kind.WRAPPED, Kind.UNWRAPPED, Kind.SPLIT, Kind.JOINED, Kind.PEELED, Kind.UNPEELED);

	/**
	 * Exactly one difference of {@code kind}, from {@code left} to {@code leftLast} in {@code model}
	 * and from {@code right} to {@code rightLast} in {@code mutated}; mirrored with the inverse kind.
	 */
	private static void assertRewrite(Kind kind, Model model, Model mutated, Construct left, Construct leftLast, Construct right,
			Construct rightLast, String what) {
		List<Difference> differences = compare(model, mutated);
		assertEquals(1, differences.size(), () -> what + ": " + differences + "\n" + ModelText.print(model) + "against\n" + ModelText.print(mutated));
		Difference difference = differences.get(0);
		assertEquals(kind, difference.kind(), what);
		assertSame(left, difference.left(), what);
		assertSame(leftLast, difference.leftLast(), what);
		assertSame(right, difference.right(), what);
		assertSame(rightLast, difference.rightLast(), what);
		List<Difference> backward = compare(mutated, model);
		assertEquals(1, backward.size(), () -> what + ": " + backward);
		assertEquals(new Difference(kind.inverse(), right, left, backward.get(0).what(), null, rightLast, leftLast), backward.get(0), what);
	}

	/** Differences, none of them a rewrite; mirrored. */
	private static void assertNoRewrite(Model model, Model mutated, String what) {
		List<Difference> differences = compare(model, mutated);
		assertFalse(differences.isEmpty(), what);
		assertTrue(differences.stream().noneMatch(difference -> REWRITES.contains(difference.kind())), () -> what + ": " + differences);
		assertMirrored(model, mutated, what);
	}

	/** The constructs of a loop's body at one value of its index, written out. */
	private static List<Construct> iteration(Loop loop, long value) {
		List<Construct> written = new ArrayList<>();
		for (Construct construct : ConstructPath.constructs(loop)) {
			Construct copy = EcoreUtil.copy(construct);
			for (Expr expr : all(copy, Expr.class)) {
				expr.getTerms().removeIf(term -> {
					if (term.getIndex().equals(loop.getIndex())) {
						expr.setConstant(expr.getConstant() + term.getCoefficient() * value);
						return true;
					}
					return false;
				});
			}
			written.add(copy);
		}
		return written;
	}

	/** Shifts a loop's index by {@code shift} in its body: the body's iteration i is the one of i + shift before. */
	private static void shiftIndex(Loop loop, long shift) {
		for (Construct construct : ConstructPath.constructs(loop)) {
			for (Expr expr : all(construct, Expr.class)) {
				for (Term term : expr.getTerms()) {
					if (term.getIndex().equals(loop.getIndex())) {
						expr.setConstant(expr.getConstant() + term.getCoefficient() * shift);
					}
				}
			}
		}
	}

	/** One of the model's loops, null when it has none. */
	private static @Nullable Loop randomLoop(Model model, Random random) {
		List<Loop> loops = all(model, Loop.class);
		return loops.isEmpty() ? null : loops.get(random.nextInt(loops.size()));
	}

	/** A check of one nest and its copy, to be mutated with {@code random}; {@code what} names the run. */
	@FunctionalInterface
	private interface Check {
		void run(Model model, Model copy, Random random, String what) throws Exception;
	}

	/** Runs a check on {@link #NESTS} random nests drawn from a seed. */
	private static void forEachNest(long seed, Check check) throws Exception {
		Random random = new Random(seed);
		for (int run = 0; run < NESTS; run++) {
			Model model = nest(random);
			check.run(model, EcoreUtil.copy(model), random, "run " + run);
		}
	}

	/** Exactly one difference of {@code kind}, at {@code mutated}'s construct and its counterpart in {@code model}; mirrored. */
	private static void assertOne(Kind kind, Model model, Model mutated, Construct construct, String what) {
		List<Difference> differences = constructs(compare(model, mutated));
		assertEquals(1, differences.size(), () -> what + ": " + differences + "\n" + ModelText.print(model));
		Difference difference = differences.get(0);
		assertEquals(kind, difference.kind(), what);
		assertSame(construct, difference.right(), what);
		if (kind != Kind.ADDED) {
			assertSame(ConstructPath.find(model, ConstructPath.of(construct)), difference.left(), what);
		}
		assertMirrored(model, mutated, what);
	}

	/** A difference as its mirror would be: the sides swapped. */
	private record Sides(Kind kind, @Nullable Construct left, @Nullable Construct right) {

		Sides mirrored() {
			return new Sides(kind.inverse(), right, left);
		}
	}

	private static void assertMirrored(Model a, Model b, String what) {
		List<Difference> forward = compare(a, b);
		List<Difference> backward = compare(b, a);
		assertEquals(forward.size(), backward.size(), what + ": as many differences both ways");
		Set<Sides> mirrored = new HashSet<>();
		forward.forEach(difference -> mirrored.add(new Sides(difference.kind(), difference.left(), difference.right()).mirrored()));
		Set<Sides> reversed = new HashSet<>();
		backward.forEach(difference -> reversed.add(new Sides(difference.kind(), difference.left(), difference.right())));
		assertEquals(mirrored, reversed, what + ": B against A mirrors A against B");
	}

	/**
	 * A random nest: up to six top-level constructs, loops up to three deep with one to four
	 * constructs each, events of every kind with a tag (or name, or word) of their own, ranks and
	 * peers affine in the enclosing indices.
	 */
	private static Model nest(Random random) throws Exception {
		StringBuilder text = new StringBuilder();
		block(random, text, 0, new int[1]);
		return ModelText.parse(text.toString(), "nest.loops");
	}

	private static void block(Random random, StringBuilder text, int depth, int[] tags) {
		int constructs = 1 + random.nextInt(depth == 0 ? 6 : 4);
		String indent = "  ".repeat(depth);
		for (int k = 0; k < constructs; k++) {
			if (depth < 3 && random.nextInt(3) == 0) {
				text.append(indent).append("for i").append(depth).append(" = 0 to ").append(1 + random.nextInt(20)).append('\n');
				block(random, text, depth + 1, tags);
				text.append(indent).append("done\n");
				continue;
			}
			int tag = tags[0]++;
			String rank = expr(random, depth);
			text.append(indent).append(switch (random.nextInt(4)) {
			case 0 -> rank + " send " + expr(random, depth) + " " + tag;
			case 1 -> rank + " recv " + expr(random, depth) + " " + tag;
			case 2 -> rank + " sync c" + tag + " 0-7";
			default -> rank + " local w" + tag;
			}).append('\n');
		}
	}

	/** A constant, or a constant plus an enclosing index. */
	private static String expr(Random random, int depth) {
		int constant = random.nextInt(8);
		return depth == 0 || random.nextBoolean() ? Integer.toString(constant) : constant + "+i" + random.nextInt(depth);
	}

	private static Expr shifted(Expr expr, Random random) {
		Expr shifted = EcoreUtil.copy(expr);
		shifted.setConstant(shifted.getConstant() + 100 + random.nextInt(100));
		return shifted;
	}

	private static Construct parsed(String text) throws Exception {
		return ConstructPath.constructs(ModelText.parse(text, "inserted.loops")).get(0);
	}

	/** The model or one of its loops. */
	private static Block randomBlock(Model model, Random random) {
		List<Block> blocks = new ArrayList<>(all(model, Loop.class));
		blocks.add(model);
		return blocks.get(random.nextInt(blocks.size()));
	}

	private static boolean within(EObject object, EObject container) {
		return object == container || EcoreUtil.isAncestor(container, object);
	}

	private static <T> List<T> all(EObject model, Class<T> type) {
		List<T> found = new ArrayList<>();
		model.eAllContents().forEachRemaining(object -> {
			if (type.isInstance(object)) {
				found.add(type.cast(object));
			}
		});
		return found;
	}

	private static List<Difference> constructs(List<Difference> differences) {
		return differences.stream().filter(difference -> difference.kind() != Kind.CHANNELS).toList();
	}

	private static List<Difference> compare(Model left, Model right) {
		return ModelDiff.compare(left, right, false, Progress.NONE);
	}
}
