// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.crochemore.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.crochemore.internal.Selection.Run;

/**
 * The two loop nest constructions of the paper over the PM-triples of {@link Repetitions}.
 * <ul>
 * <li>Optimal (section 3): every PM-triple of every level up to n/2, then the loops chosen longest
 * body first ({@link Selection}); the body of each chosen loop is nested the same way, recursively
 * (equal bodies once).</li>
 * <li>Greedy (section 4, figure 1): refinement up to the first level that has PM-triples, which are
 * chosen and each replaced by one new symbol standing for the loop; then again from level 1 on the
 * shorter string, until no level up to half its length has any. The paper proves its outer loops
 * lose at most two iterations to the optimal ones (appendix A).</li>
 * </ul>
 */
public final class LoopNests {

	private LoopNests() {
	}

	/** The optimal nest of {@code symbols[0..length)}. */
	public static List<Nest> optimal(int[] symbols, int length, Progress progress) {
		return new Optimal(progress).nest(Arrays.copyOf(symbols, length));
	}

	/** The greedy nest of {@code symbols[0..length)}, whose symbols are below {@code alphabet}. */
	public static List<Nest> greedy(int[] symbols, int length, int alphabet, Progress progress) {
		int[] current = Arrays.copyOf(symbols, length);
		int size = length;
		// Loop symbols are alphabet + i for the i-th loop; a loop is its body's symbols and its count.
		List<Nest.Repeat> loops = new ArrayList<>();
		Map<Symbols, Integer> loopSymbols = new HashMap<>();
		while (true) {
			Selection selection = new Selection();
			Repetitions.find(current, size, size / 2, (period, starts, counts, found) -> {
				for (int t = 0; t < found; t++) {
					selection.offer(starts[t], period, counts[t]);
				}
				return false;
			}, progress);
			if (selection.isEmpty()) {
				return nest(current, 0, size, alphabet, loops);
			}
			IntArray reduced = new IntArray(size);
			int at = 0;
			for (Run run : selection.choose()) {
				copy(current, at, run.start(), reduced);
				int[] loop = Arrays.copyOfRange(current, run.start(), run.start() + run.period() + 1);
				loop[run.period()] = run.count();
				Integer symbol = loopSymbols.get(new Symbols(loop));
				if (symbol == null) {
					symbol = alphabet + loops.size();
					loops.add(new Nest.Repeat(run.count(),
							nest(current, run.start(), run.start() + run.period(), alphabet, loops)));
					loopSymbols.put(new Symbols(loop), symbol);
				}
				reduced.add(symbol);
				at = run.end();
			}
			copy(current, at, size, reduced);
			current = reduced.array();
			size = reduced.size();
		}
	}

	private static void copy(int[] symbols, int from, int to, IntArray out) {
		for (int i = from; i < to; i++) {
			out.add(symbols[i]);
		}
	}

	private static List<Nest> nest(int[] symbols, int from, int to, int alphabet, List<Nest.Repeat> loops) {
		List<Nest> items = new ArrayList<>(to - from);
		for (int i = from; i < to; i++) {
			items.add(symbols[i] < alphabet ? new Nest.Leaf(symbols[i]) : loops.get(symbols[i] - alphabet));
		}
		return items;
	}

	private static final class Optimal {
		private final Progress progress;
		/** Nests of the bodies already seen. */
		private final Map<Symbols, List<Nest>> bodies = new HashMap<>();

		Optimal(Progress progress) {
			this.progress = progress;
		}

		List<Nest> nest(int[] symbols) {
			Selection selection = new Selection();
			Repetitions.find(symbols, symbols.length, symbols.length / 2, (period, starts, counts, found) -> {
				for (int t = 0; t < found; t++) {
					selection.offer(starts[t], period, counts[t]);
				}
				return true;
			}, progress);
			List<Nest> items = new ArrayList<>();
			int at = 0;
			for (Run run : selection.choose()) {
				leaves(symbols, at, run.start(), items);
				Symbols body = new Symbols(Arrays.copyOfRange(symbols, run.start(), run.start() + run.period()));
				List<Nest> nested = bodies.get(body);
				if (nested == null) {
					nested = nest(body.symbols());
					bodies.put(body, nested);
				}
				items.add(new Nest.Repeat(run.count(), nested));
				at = run.end();
			}
			leaves(symbols, at, symbols.length, items);
			return items;
		}

		private static void leaves(int[] symbols, int from, int to, List<Nest> items) {
			for (int i = from; i < to; i++) {
				items.add(new Nest.Leaf(symbols[i]));
			}
		}
	}

	/** A sequence of symbols as a map key, compared by content. */
	private record Symbols(int[] symbols) {

		@Override
		public boolean equals(@Nullable Object other) {
			return other instanceof Symbols that && Arrays.equals(symbols, that.symbols);
		}

		@Override
		public int hashCode() {
			return Arrays.hashCode(symbols);
		}

		@Override
		public String toString() {
			return Arrays.toString(symbols);
		}
	}
}
