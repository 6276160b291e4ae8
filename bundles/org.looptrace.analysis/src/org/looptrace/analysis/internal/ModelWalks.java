// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.core.Exprs;

/** Helpers of the walks of a model that read loops once and count their iterations. */
public final class ModelWalks {

	private ModelWalks() {
	}

	/**
	 * Whether a rank or a peer inside a loop's body reads {@code index} (the loop decides who talks,
	 * so it is walked index by index), or, with {@code tags}, a tag. The bounds of inner loops that
	 * read it are left to {@link #runs}.
	 */
	public static boolean uses(Block block, String index, boolean tags) {
		for (Item item : block.getItems()) {
			if (item instanceof Event event && Exprs.reads(event.getRank(), index)) {
				return true;
			}
			if (item instanceof Message message && (Exprs.reads(message.getPeer(), index)
					|| tags && message.getTag() instanceof Expr tag && Exprs.reads(tag, index))) {
				return true;
			}
			// an inner loop of the same name hides the index
			if (item instanceof Loop loop && !loop.getIndex().equals(index) && uses(loop, index, tags)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The runs of the iterations {@code lower..upper} of a loop that a walk reading loops once reads
	 * once each, as {first, last}: where no loop inside reads the loop's index in its bounds, one run;
	 * else a run ends where such a loop's first index or trip count changes, a loop that does not run
	 * being the same at every value where it does not (a guard: the warm-up {@code for i3 = i2 to 0}
	 * splits {@code for i2 = 0 to 999} into 0..0 and 1..999). A run of one value is that iteration, as
	 * if written out; a triangular loop inside makes every value a run of its own. {@code readers}
	 * are the loop's, cached by the caller: a walk reads a loop many times.
	 */
	public static List<long[]> runs(Loop loop, Readers readers, long lower, long upper, Exprs.IndexEnvironment outer) {
		if (readers.loops().isEmpty()) {
			return List.of(new long[] { lower, upper });
		}
		List<long[]> runs = new ArrayList<>();
		List<Long> shape = null;
		for (long value = lower; value <= upper; value++) {
			List<Long> next = readers.between() ? null : shape(readers.loops(), loop.getIndex(), value, outer);
			if (next != null && next.equals(shape)) {
				runs.get(runs.size() - 1)[1] = value;
			} else {
				runs.add(new long[] { value, value });
			}
			shape = next;
			if (value == Long.MAX_VALUE) {
				break;
			}
		}
		return runs;
	}

	/**
	 * The loops inside a loop whose bounds read its index, found once per loop for {@link #runs}.
	 *
	 * @param loops   those loops
	 * @param between whether one of them also reads the index of a loop between (its bounds change
	 *                within an iteration: every value is a run of its own)
	 */
	public record Readers(List<Loop> loops, boolean between) {

		public static Readers of(Loop loop) {
			List<Loop> loops = new ArrayList<>();
			boolean between = readers(loop, loop.getIndex(), new HashSet<>(), loops);
			return new Readers(List.copyOf(loops), between);
		}
	}

	/**
	 * Collects the loops inside {@code block} whose bounds read {@code index}; true when one of them
	 * also reads the index of a loop between (its bounds then change within an iteration).
	 */
	private static boolean readers(Block block, String index, Set<String> inner, List<Loop> readers) {
		boolean between = false;
		for (Item item : block.getItems()) {
			if (item instanceof Loop loop && !loop.getIndex().equals(index)) {
				if (Exprs.reads(loop.getLower(), index) || Exprs.reads(loop.getUpper(), index)) {
					readers.add(loop);
					for (String read : List.of(loop.getLower(), loop.getUpper()).stream().flatMap(bound -> Exprs.indices(bound).stream()).toList()) {
						between |= inner.contains(read);
					}
				}
				inner.add(loop.getIndex());
				between |= readers(loop, index, inner, readers);
				inner.remove(loop.getIndex());
			}
		}
		return between;
	}

	/** The first index and trip count of each reader at {@code value}; a reader that does not run is 0, 0. */
	private static List<Long> shape(List<Loop> readers, String index, long value, Exprs.IndexEnvironment outer) {
		Exprs.IndexEnvironment environment = name -> name.equals(index) ? value : outer.valueOf(name);
		List<Long> shape = new ArrayList<>();
		for (Loop reader : readers) {
			long first = Exprs.evaluate(reader.getLower(), environment);
			long trips = Exprs.evaluate(reader.getUpper(), environment) - first + 1;
			shape.add(trips > 0 ? first : 0);
			shape.add(Math.max(0, trips));
		}
		return shape;
	}

	/** a × b for non-negative counts, {@link Long#MAX_VALUE} past 2^63 - 1. */
	public static long saturatedProduct(long a, long b) {
		long high = Math.multiplyHigh(a, b);
		long product = a * b;
		return high == 0 && product >= 0 ? product : Long.MAX_VALUE;
	}
}
