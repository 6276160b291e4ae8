// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Exprs;

/**
 * Random model texts with guard loops, each with its plain twin. A guard loop has affine bounds whose
 * trip count is zero (or below) at some iterations of an enclosing "step" loop and positive at the
 * others: a warm-up ({@code for i3 = i2 to 0}, run at the first step only), a cool-down
 * ({@code for i3 = 5 to i2}), {@code for i3 = 0 to 2 - i2}, bounds of slope 2, bounds reading an
 * enclosing loop over ranks. The plain twin writes the loops around the step loop out, and splits the
 * step loop where a guard starts or stops running: a run of one iteration written out (the peeled
 * iteration), a longer run as a loop without the guards that do not run in it. Both project to the
 * same events on every rank.
 */
public final class GuardModels {

	private GuardModels() {
	}

	/**
	 * A model with guard loops and its plain twin.
	 *
	 * @param guarded the model with guard loops
	 * @param plain   the same events, the step loops split where a guard starts or stops running
	 * @param ranks   the ranks of the run: every owner and peer is below
	 * @param around  whether the step loops sit in loops the plain twin writes out (analyses that read
	 *                a loop once see other places in the twins then)
	 */
	public record Pair(String guarded, String plain, int ranks, boolean around) {

		/** Both texts, for failure messages. */
		@Override
		public String toString() {
			return "guarded:\n" + guarded + "plain:\n" + plain;
		}
	}

	/** The next pair drawn from {@code random}. */
	public static Pair next(Random random) {
		return new Generator(random).pair();
	}

	/**
	 * The warm-up of a folded time step on 16 ranks (two loops over ranks around the step loop): the
	 * step's work, a barrier run at the first step only, then a message to rank 0.
	 */
	public static Pair warmUp(int steps) {
		Generator generator = new Generator(new Random(0));
		Affine rank = new Affine(0, Map.of("i0", 4L, "i1", 1L));
		Loop guard = new Loop(Role.GUARD, "i3", Affine.index("i2"), Affine.constant(0),
				List.of(new Line("%s sync MPI_Barrier 0-15", List.of(rank))));
		Loop step = new Loop(Role.STEP, "i2", Affine.constant(0), Affine.constant(steps - 1),
				List.of(new Line("%s local compute %s", List.of(rank, Affine.index("i2"))), guard,
						new Line("%s send 0 t0", List.of(rank)), new Line("%s recv 0 t0", List.of(rank))));
		Loop inner = new Loop(Role.AROUND, "i1", Affine.constant(0), Affine.constant(3), List.of(step));
		Loop outer = new Loop(Role.AROUND, "i0", Affine.constant(0), Affine.constant(3), List.of(inner));
		return generator.pair(List.of(outer), 16, true);
	}

	/** What a loop is to the plain twin. */
	private enum Role {
		/** Kept as it is. */
		KEPT,
		/** Around a step loop: written out. */
		AROUND,
		/** Split where a guard inside it starts or stops running. */
		STEP,
		/** Left out where it does not run. */
		GUARD
	}

	/** {@code constant + sum coefficient * index}. */
	private record Affine(long constant, Map<String, Long> coefficients) {

		static Affine constant(long value) {
			return new Affine(value, Map.of());
		}

		static Affine index(String index) {
			return new Affine(0, Map.of(index, 1L));
		}

		/** The value, every index read bound in {@code values}. */
		long value(Map<String, Long> values) {
			long value = constant;
			for (Map.Entry<String, Long> term : coefficients.entrySet()) {
				value += term.getValue() * values.get(term.getKey());
			}
			return value;
		}

		/** The text, the indices bound in {@code values} replaced by their values. */
		String text(Map<String, Long> values) {
			long sum = constant;
			Map<String, Long> left = new HashMap<>();
			for (Map.Entry<String, Long> term : coefficients.entrySet()) {
				Long value = values.get(term.getKey());
				if (value != null) {
					sum += term.getValue() * value;
				} else {
					left.put(term.getKey(), term.getValue());
				}
			}
			List<String> scope = new ArrayList<>(left.keySet());
			Collections.sort(scope);
			return Exprs.toText(Exprs.canonical(sum, left, scope));
		}
	}

	private sealed interface Node permits Line, Loop {
	}

	/** An event's line, each {@code %s} an affine field. */
	private record Line(String format, List<Affine> fields) implements Node {
	}

	private record Loop(Role role, String index, Affine lower, Affine upper, List<Node> body) implements Node {

		/** The trip count at {@code values}, below 1 when the loop does not run. */
		long trips(Map<String, Long> values) {
			return upper.value(values) - lower.value(values) + 1;
		}
	}

	private static final class Generator {

		private final Random random;
		private int ranks;
		private int words;

		Generator(Random random) {
			this.random = random;
		}

		Pair pair() {
			ranks = 2 + random.nextInt(3);
			List<Node> top = new ArrayList<>(events(random.nextInt(3), List.of()));
			List<String> scope = new ArrayList<>();
			Loop around = null;
			if (random.nextInt(3) > 0) {
				boolean overRanks = random.nextBoolean();
				scope.add("i0");
				Loop step = step(scope, overRanks ? "i0" : null);
				around = new Loop(Role.AROUND, "i0", Affine.constant(0), Affine.constant(overRanks ? ranks - 1 : 1 + random.nextInt(2)),
						List.of(step));
				top.add(around);
			} else {
				top.add(step(scope, null));
			}
			top.addAll(events(random.nextInt(3), List.of()));
			return pair(top, ranks, around != null);
		}

		Pair pair(List<Node> top, int ranksOfRun, boolean around) {
			StringBuilder guarded = new StringBuilder();
			StringBuilder plain = new StringBuilder();
			for (Node node : top) {
				write(node, "", Map.of(), guarded);
				writePlain(node, "", Map.of(), Set.of(), plain);
			}
			return new Pair(guarded.toString(), plain.toString(), ranksOfRun, around);
		}

		/** A step loop with guards, at the depth of {@code scope}; {@code owner} an index over ranks or null. */
		private Loop step(List<String> scope, @Nullable String owner) {
			String index = "i" + scope.size();
			long lower = random.nextInt(2);
			long upper = lower + 1 + random.nextInt(7);
			List<String> inside = new ArrayList<>(scope);
			inside.add(index);
			List<Node> body = new ArrayList<>(events(1 + random.nextInt(2), inside, owner));
			for (int guards = 1 + random.nextInt(2); guards > 0; guards--) {
				if (random.nextInt(4) == 0) {
					// the guard one loop deeper
					List<String> deeper = new ArrayList<>(inside);
					deeper.add("i" + inside.size());
					List<Node> inner = new ArrayList<>(events(1, deeper, owner));
					inner.add(guard(deeper, index, lower, upper, owner));
					body.add(new Loop(Role.KEPT, deeper.get(deeper.size() - 1), Affine.constant(0), Affine.constant(1 + random.nextInt(2)), inner));
				} else {
					body.add(guard(inside, index, lower, upper, owner));
				}
				body.addAll(events(random.nextInt(2), inside, owner));
			}
			return new Loop(Role.STEP, index, Affine.constant(lower), Affine.constant(upper), body);
		}

		/** A guard loop that runs at some steps of {@code step} (from {@code first} to {@code last}) only. */
		private Loop guard(List<String> scope, String step, long first, long last, @Nullable String owner) {
			String index = "i" + scope.size();
			// runs up to the step k (a warm-up) or from the step k+1 (a cool-down)
			long k = first + random.nextInt((int) (last - first));
			String outer = scope.get(0).equals(step) ? null : scope.get(0);
			Affine lower;
			Affine upper;
			switch (random.nextInt(6)) {
			case 0 -> { // for g = i to k
				lower = Affine.index(step);
				upper = Affine.constant(k);
			}
			case 1 -> { // for g = 0 to k - i
				lower = Affine.constant(0);
				upper = new Affine(k, Map.of(step, -1L));
			}
			case 2 -> { // for g = 2*i to 2*k+1: two iterations a step, none past k
				lower = new Affine(0, Map.of(step, 2L));
				upper = Affine.constant(2 * k + 1);
			}
			case 3 -> { // for g = k+1 to i
				lower = Affine.constant(k + 1);
				upper = Affine.index(step);
			}
			case 4 -> { // for g = 0 to i - k - 1
				lower = Affine.constant(0);
				upper = new Affine(-k - 1, Map.of(step, 1L));
			}
			default -> { // both bounds read the loop around: for g = o + i to o + k, or up to k + o
				if (outer == null) {
					lower = Affine.index(step);
					upper = Affine.constant(k);
				} else if (random.nextBoolean()) {
					lower = new Affine(0, Map.of(outer, 1L, step, 1L));
					upper = new Affine(k, Map.of(outer, 1L));
				} else {
					lower = Affine.index(step);
					upper = new Affine(k, Map.of(outer, 1L));
				}
			}
			}
			List<String> inside = new ArrayList<>(scope);
			inside.add(index);
			List<Node> body = new ArrayList<>(events(1 + random.nextInt(2), inside, owner));
			if (random.nextInt(3) == 0) {
				body.add(barrier(inside));
			}
			return new Loop(Role.GUARD, index, lower, upper, body);
		}

		/** A barrier of every rank, as a loop over ranks. */
		private Loop barrier(List<String> scope) {
			String index = "i" + scope.size();
			return new Loop(Role.KEPT, index, Affine.constant(0), Affine.constant(ranks - 1),
					List.of(new Line("%s sync MPI_Barrier 0-" + (ranks - 1), List.of(Affine.index(index)))));
		}

		private List<Node> events(int count, List<String> scope) {
			return events(count, scope, null);
		}

		/** Locals and messages (each send followed by its receive), owned by a constant rank or {@code owner}. */
		private List<Node> events(int count, List<String> scope, @Nullable String owner) {
			List<Node> events = new ArrayList<>();
			for (int i = 0; i < count; i++) {
				Affine rank = owner != null && random.nextBoolean() ? Affine.index(owner) : Affine.constant(random.nextInt(ranks));
				Affine value = scope.isEmpty() || random.nextBoolean() ? Affine.constant(random.nextInt(4))
						: new Affine(random.nextInt(3), Map.of(scope.get(random.nextInt(scope.size())), 1L + random.nextInt(2)));
				if (random.nextBoolean()) {
					events.add(new Line("%s local w" + words++ + " %s", List.of(rank, value)));
				} else {
					Affine peer = Affine.constant(random.nextInt(ranks));
					events.add(new Line("%s send %s %s", List.of(rank, peer, value)));
					events.add(new Line("%s recv %s %s", List.of(rank, peer, value))); // the source first, as its send
				}
			}
			return events;
		}

		/** The guarded text of a node: every loop as it is. */
		private static void write(Node node, String indent, Map<String, Long> values, StringBuilder out) {
			if (node instanceof Line line) {
				line(line, indent, values, out);
			} else if (node instanceof Loop loop) {
				loop(loop, indent, values, out, child -> write(child, indent + "  ", values, out));
			}
		}

		/**
		 * The plain text of a node at the values of the loops written out, leaving out the guards of
		 * {@code idle} (those that do not run in the current run of the step loop).
		 */
		private static void writePlain(Node node, String indent, Map<String, Long> values, Set<Loop> idle, StringBuilder out) {
			if (node instanceof Line line) {
				line(line, indent, values, out);
				return;
			}
			Loop loop = (Loop) node;
			switch (loop.role()) {
			case AROUND -> {
				for (long value = loop.lower().value(values); value <= loop.upper().value(values); value++) {
					Map<String, Long> at = with(values, loop.index(), value);
					loop.body().forEach(child -> writePlain(child, indent, at, idle, out));
				}
			}
			case STEP -> {
				long first = loop.lower().value(values);
				long last = loop.upper().value(values);
				for (long start = first; start <= last;) {
					Set<Loop> idleHere = idleGuards(loop, with(values, loop.index(), start));
					long end = start;
					while (end < last && idleGuards(loop, with(values, loop.index(), end + 1)).equals(idleHere)) {
						end++;
					}
					if (start == end) { // a peeled iteration
						Map<String, Long> at = with(values, loop.index(), start);
						loop.body().forEach(child -> writePlain(child, indent, at, idleHere, out));
					} else {
						Loop run = new Loop(Role.KEPT, loop.index(), Affine.constant(start), Affine.constant(end), loop.body());
						loop(run, indent, values, out, child -> writePlain(child, indent + "  ", values, idleHere, out));
					}
					start = end + 1;
				}
			}
			case GUARD, KEPT -> {
				if (!idle.contains(loop)) {
					loop(loop, indent, values, out, child -> writePlain(child, indent + "  ", values, idle, out));
				}
			}
			}
		}

		/** The guards inside a step loop that do not run at the step of {@code values}. */
		private static Set<Loop> idleGuards(Loop step, Map<String, Long> values) {
			Set<Loop> idle = Collections.newSetFromMap(new IdentityHashMap<>());
			collectIdle(step.body(), values, idle);
			return idle;
		}

		private static void collectIdle(List<Node> body, Map<String, Long> values, Set<Loop> idle) {
			for (Node node : body) {
				if (node instanceof Loop loop) {
					if (loop.role() == Role.GUARD && loop.trips(values) < 1) {
						idle.add(loop);
					} else if (loop.role() != Role.GUARD) {
						collectIdle(loop.body(), values, idle);
					}
				}
			}
		}

		private static Map<String, Long> with(Map<String, Long> values, String index, long value) {
			Map<String, Long> with = new HashMap<>(values);
			with.put(index, value);
			return with;
		}

		private static void line(Line line, String indent, Map<String, Long> values, StringBuilder out) {
			Object[] fields = line.fields().stream().map(field -> field.text(values)).toArray();
			out.append(indent).append(String.format(line.format(), fields)).append('\n');
		}

		private static void loop(Loop loop, String indent, Map<String, Long> values, StringBuilder out,
				Consumer<Node> body) {
			out.append(indent).append("for ").append(loop.index()).append(" = ").append(loop.lower().text(values)).append(" to ")
					.append(loop.upper().text(values)).append('\n');
			loop.body().forEach(body);
			out.append(indent).append("done\n");
		}
	}
}
