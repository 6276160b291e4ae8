// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.matrix;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Send;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Progress;

/**
 * Messages between pairs of ranks, as a model says: each {@code send} of the model stands for one
 * message from its rank to its peer per occurrence. Computed bottom-up: a loop whose body does not
 * use the loop's index in a rank, a peer or an inner bound has the body's matrix times its
 * iteration count; only a loop whose index decides who talks to whom (a loop over ranks, a peer
 * shifting with the iteration) is walked index by index, and even then its body's events are not
 * expanded. Sparse: runs of thousands of ranks talk to few neighbours.
 *
 * <p>Counts are exact 64-bit numbers; a count past 2^63 - 1 is reported, never wrapped.
 */
public final class CommunicationMatrix {

	private final NavigableMap<Channel, Long> counts;

	private CommunicationMatrix(NavigableMap<Channel, Long> counts) {
		this.counts = Collections.unmodifiableNavigableMap(counts);
	}

	/** A pair of ranks, ordered by source then destination. */
	public record Channel(long source, long destination) implements Comparable<Channel> {
		@Override
		public int compareTo(Channel other) {
			int bySource = Long.compare(source, other.source);
			return bySource != 0 ? bySource : Long.compare(destination, other.destination);
		}
	}

	/** The matrix of the whole model. */
	public static CommunicationMatrix of(Block model, Progress progress) {
		return compute(model, null, progress);
	}

	/**
	 * The matrix of one construct of {@code model}, named by its {@link ConstructPath} (e.g.
	 * {@code 3.2}), over all the iterations of the loops around it.
	 *
	 * @throws IllegalArgumentException when the path names no construct, saying why
	 */
	public static CommunicationMatrix of(Block model, String constructPath, Progress progress) {
		return compute(model, ConstructPath.find(model, constructPath), progress);
	}

	private static CommunicationMatrix compute(Block model, @Nullable Construct target, Progress progress) {
		progress.begin("Communication matrix", -1);
		Counter counter = new Counter(target, progress);
		Map<Channel, Long> sums = counter.block(model, new HashMap<>(), target == null);
		return new CommunicationMatrix(new TreeMap<>(sums));
	}

	/** Messages from source to destination; 0 when they never talk. */
	public long messages(long source, long destination) {
		return counts.getOrDefault(new Channel(source, destination), 0L);
	}

	/** The pairs that exchange messages, with their counts, by source then destination. */
	public NavigableMap<Channel, Long> channels() {
		return counts;
	}

	/** All messages of the matrix. */
	public long total() {
		return counts.values().stream().reduce(0L, Math::addExact);
	}

	/** Sums over the destinations of each source (row sums). */
	public NavigableMap<Long, Long> sent() {
		NavigableMap<Long, Long> sums = new TreeMap<>();
		counts.forEach((channel, count) -> sums.merge(channel.source(), count, Math::addExact));
		return sums;
	}

	/** Sums over the sources of each destination (column sums). */
	public NavigableMap<Long, Long> received() {
		NavigableMap<Long, Long> sums = new TreeMap<>();
		counts.forEach((channel, count) -> sums.merge(channel.destination(), count, Math::addExact));
		return sums;
	}

	/** The post-order traversal, with the values of the enclosing indices that matter. */
	private static final class Counter {

		private final @Nullable Construct target;
		private final Progress progress;

		Counter(@Nullable Construct target, Progress progress) {
			this.target = target;
			this.progress = progress;
		}

		/**
		 * The messages of a block in an environment of index values; {@code counting} is whether
		 * the block lies inside the construct asked for.
		 */
		Map<Channel, Long> block(Block block, Map<String, Long> environment, boolean counting) {
			Map<Channel, Long> sums = new HashMap<>();
			for (Item item : block.getItems()) {
				if (item instanceof Construct construct) {
					boolean inside = counting || construct == target;
					if (!inside && target != null && !EcoreUtil.isAncestor(construct, target)) {
						continue;
					}
					addAll(sums, construct(construct, environment, inside), 1);
				}
			}
			return sums;
		}

		private Map<Channel, Long> construct(Construct construct, Map<String, Long> environment, boolean counting) {
			if (construct instanceof Send send) {
				if (!counting) {
					return Map.of();
				}
				Channel channel = new Channel(evaluate(send.getRank(), environment), evaluate(send.getPeer(), environment));
				return Map.of(channel, 1L);
			}
			if (!(construct instanceof Loop loop)) {
				return Map.of();
			}
			if (progress.isCancelled()) {
				throw new CancellationException("communication matrix cancelled");
			}
			long lower = evaluate(loop.getLower(), environment);
			long upper = evaluate(loop.getUpper(), environment);
			if (upper < lower) {
				return Map.of();
			}
			Map<Channel, Long> sums = new HashMap<>();
			if (!uses(loop, loop.getIndex())) {
				// the same messages in every iteration: the body once, times the count
				long iterations = Math.addExact(Math.subtractExact(upper, lower), 1);
				addAll(sums, block(loop, environment, counting), iterations);
				return sums;
			}
			Map<String, Long> inner = new HashMap<>(environment);
			for (long value = lower; value <= upper; value++) {
				inner.put(loop.getIndex(), value);
				addAll(sums, block(loop, inner, counting), 1);
				if (value == Long.MAX_VALUE) {
					break;
				}
			}
			return sums;
		}

		/** Whether a rank, a peer or a bound inside the loop's body reads {@code index}. */
		private static boolean uses(Block block, String index) {
			for (Item item : block.getItems()) {
				if (item instanceof Send send && (Exprs.reads(send.getRank(), index) || Exprs.reads(send.getPeer(), index))) {
					return true;
				}
				if (item instanceof Loop loop) {
					if (Exprs.reads(loop.getLower(), index) || Exprs.reads(loop.getUpper(), index)) {
						return true;
					}
					// an inner loop of the same name hides the index
					if (!loop.getIndex().equals(index) && uses(loop, index)) {
						return true;
					}
				}
			}
			return false;
		}

		private static long evaluate(Expr expr, Map<String, Long> environment) {
			return Exprs.evaluate(expr, index -> {
				Long value = environment.get(index);
				if (value == null) {
					throw new IllegalStateException("index " + index + " is not bound");
				}
				return value;
			});
		}

		private static void addAll(Map<Channel, Long> sums, Map<Channel, Long> counts, long times) {
			counts.forEach((channel, count) -> {
				try {
					sums.merge(channel, Math.multiplyExact(count, times), Math::addExact);
				} catch (ArithmeticException e) {
					throw new ArithmeticException("more than 9223372036854775807 messages from rank " + channel.source()
							+ " to rank " + channel.destination());
				}
			});
		}
	}
}
