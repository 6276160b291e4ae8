// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.PriorityQueue;
import java.util.function.IntConsumer;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;

/**
 * Orders of the constructs of a system in which every rank keeps its constructs in order: any of
 * them projects onto each rank exactly as the order read. Folding tries several, since which
 * copies stand side by side decides what becomes a loop.
 */
final class Linearizations {

	private Linearizations() {
	}

	/**
	 * The rank-major order: of the constructs whose ranks have no earlier construct left, the one of
	 * the lowest rank first (then the earliest). The constructs of a rank come together, ranks in
	 * order, so that copies differing by the rank stand side by side.
	 */
	static int[] rankMajor(List<RankSet> ranks) {
		Dependencies dependencies = new Dependencies(ranks);
		PriorityQueue<Integer> ready = new PriorityQueue<>(byRank(ranks));
		dependencies.ready().forEach(ready::add);
		int[] order = new int[ranks.size()];
		int placed = 0;
		while (!ready.isEmpty()) {
			int i = ready.poll();
			order[placed++] = i;
			dependencies.place(i).forEach(ready::add);
		}
		return order;
	}

	/**
	 * The group-major order: constructs with equal keys form a group; of the groups, the one with
	 * the most constructs ready (whose ranks have no earlier construct left) goes first, all its
	 * ready constructs in rank order (on a tie, the group of the earliest construct). With keys that
	 * forget the rank, the same step of an SPMD program on every rank that takes it (a send to the
	 * north neighbour, say) comes out as one run in rank order, which folds into a loop over the
	 * ranks — boundary ranks that skip the step simply do not appear in it, as in ScalaTrace's
	 * rank lists.
	 */
	static int[] groupMajor(List<RankSet> ranks, List<?> keys) {
		return groupMajor(ranks, keys, Map.of());
	}

	/**
	 * The group-major order, where the groups whose keys {@code whole} maps to their number of
	 * constructs go only when all of them are ready: the members of one collective operation (keyed
	 * by its occurrence on each rank) come out as one run, after the point-to-point steps their
	 * members wait for, instead of in pieces between them. When no other group is ready, the largest
	 * of the waiting ones goes as it is.
	 */
	static int[] groupMajor(List<RankSet> ranks, List<?> keys, Map<?, Integer> whole) {
		Dependencies dependencies = new Dependencies(ranks);
		Map<Object, Group> groups = new HashMap<>();
		// Lazily updated: an entry is current while its group still has that many ready members.
		PriorityQueue<long[]> largest = new PriorityQueue<>(
				Comparator.<long[]>comparingLong(entry -> -entry[0]).thenComparingLong(entry -> entry[1]));
		List<Group> byId = new ArrayList<>();
		Comparator<Integer> byRank = byRank(ranks);
		IntConsumer makeReady = i -> {
			Group group = groups.computeIfAbsent(keys.get(i), key -> {
				Group created = new Group(byId.size(), whole.isEmpty() ? 0 : whole.getOrDefault(key, 0));
				byId.add(created);
				return created;
			});
			group.ready.add(i);
			group.first = Math.min(group.first, i);
			largest.add(new long[] { group.ready.size(), group.first, group.id });
		};
		dependencies.ready().forEach(makeReady::accept);
		// Entries of groups that must wait for more members, for when no other group is ready.
		PriorityQueue<long[]> waiting = new PriorityQueue<>(largest.comparator());
		int[] order = new int[ranks.size()];
		int placed = 0;
		while (placed < order.length) {
			@Nullable Group group = null;
			while (group == null && !largest.isEmpty()) {
				long[] entry = largest.poll();
				Group candidate = byId.get((int) entry[2]);
				if (current(candidate, entry)) {
					if (candidate.ready.size() >= candidate.whole - candidate.placed) {
						group = candidate;
					} else {
						waiting.add(entry);
					}
				}
			}
			while (group == null) {
				long[] entry = waiting.poll();
				if (entry == null) {
					throw new IllegalStateException("no construct is ready: the ranks' orders form a cycle");
				}
				Group candidate = byId.get((int) entry[2]);
				if (current(candidate, entry)) {
					group = candidate;
				}
			}
			List<Integer> members = new ArrayList<>(group.ready);
			group.placed += members.size();
			group.ready.clear();
			group.first = Integer.MAX_VALUE;
			members.sort(byRank);
			for (int i : members) {
				order[placed++] = i;
			}
			for (int i : members) {
				dependencies.place(i).forEach(makeReady::accept);
			}
		}
		return order;
	}

	/**
	 * The instance-major order: the k-th time each rank takes a step (constructs with equal
	 * {@code steps}: {@link Orders#relative} forgets the rank) is an instance of that step, placed
	 * whole, in rank order. Of the instances whose members are all ready, the one of the lowest
	 * level goes first (an instance is one level above the instances its members' previous
	 * constructs were placed in), then the one taken fewer times before, then the largest (as
	 * group-major takes them), then the one of the lowest rank, then the one read first. Where some
	 * ranks skip a step (no exchange across the diagonal of a grid) they run ahead, and group-major
	 * would take the next round's steps of the ranks ahead before the last step of this round;
	 * levels and counts keep the rounds apart, and as levels count instances rather than
	 * constructs, every round comes out in the same order. When no instance is whole, the one of
	 * the lowest level among those with ready members goes as it is.
	 */
	static int[] instanceMajor(List<RankSet> ranks, List<?> steps) {
		Map<List<Object>, Instance> instances = new HashMap<>();
		Map<List<Object>, Integer> taken = new HashMap<>();
		Instance[] instanceOf = new Instance[ranks.size()];
		for (int i = 0; i < instanceOf.length; i++) {
			int construct = i;
			Object step = steps.get(i);
			int times = taken.merge(List.of(step, ranks.get(i).isEmpty() ? -1 : ranks.get(i).min()), 1, Integer::sum);
			Instance instance = instances.computeIfAbsent(List.of(step, times), key -> new Instance(construct, step, times));
			instance.size++;
			instance.lowestRank = Math.min(instance.lowestRank, ranks.get(i).isEmpty() ? -1 : ranks.get(i).min());
			instanceOf[i] = instance;
		}
		Comparator<Queued> lowest = Comparator.<Queued>comparingInt(queued -> queued.instance.times).thenComparingInt(queued -> queued.template)
				.thenComparingInt(queued -> queued.level)
				.thenComparingInt(queued -> -queued.instance.size)
				.thenComparingLong(queued -> queued.instance.lowestRank).thenComparingInt(queued -> queued.instance.first);
		PriorityQueue<Queued> whole = new PriorityQueue<>(lowest);
		// Lazily updated: an entry is current while its instance has ready members at its level.
		PriorityQueue<Queued> started = new PriorityQueue<>(lowest);
		int[] levelReady = new int[ranks.size()];
		// Where the first instance of each step went: the later ones follow in the same order.
		Map<Object, Integer> firstPlaced = new HashMap<>();
		IntConsumer makeReady = i -> {
			Instance instance = instanceOf[i];
			instance.ready.add(i);
			instance.level = Math.max(instance.level, levelReady[i]);
			Queued queued = new Queued(firstPlaced.getOrDefault(instance.step, Integer.MAX_VALUE), instance.level, instance);
			started.add(queued);
			if (instance.ready.size() == instance.size - instance.placed) {
				whole.add(queued);
			}
		};
		Dependencies dependencies = new Dependencies(ranks);
		dependencies.ready().forEach(makeReady::accept);
		Comparator<Integer> byRank = byRank(ranks);
		int[] order = new int[ranks.size()];
		int placed = 0;
		while (placed < order.length) {
			Queued next = whole.poll();
			while (next == null || next.instance.ready.isEmpty() || next.level != next.instance.level) {
				next = started.poll();
				if (next == null) {
					throw new IllegalStateException("no construct is ready: the ranks' orders form a cycle");
				}
			}
			Instance instance = next.instance;
			firstPlaced.putIfAbsent(instance.step, firstPlaced.size());
			List<Integer> members = new ArrayList<>(instance.ready);
			instance.placed += members.size();
			instance.ready.clear();
			members.sort(byRank);
			for (int i : members) {
				order[placed++] = i;
				for (int successor : dependencies.successors(i)) {
					levelReady[successor] = Math.max(levelReady[successor], instance.level + 1);
				}
			}
			for (int i : members) {
				dependencies.place(i).forEach(makeReady::accept);
			}
		}
		return order;
	}

	/**
	 * An instance in a queue, at the level it had then; {@code template}: when the first instance
	 * of its step was placed (the how-manieth step placed first), else {@link Integer#MAX_VALUE}.
	 */
	private record Queued(int template, int level, Instance instance) {
	}

	/** The constructs of one instance of a step, those ready to be placed. */
	private static final class Instance {
		/** The first construct read. */
		final int first;
		final Object step;
		/** How many times its ranks have taken its step, this instance included. */
		final int times;
		final List<Integer> ready = new ArrayList<>();
		int size;
		long lowestRank = Long.MAX_VALUE;
		int level;
		int placed;

		Instance(int first, Object step, int times) {
			this.first = first;
			this.step = step;
			this.times = times;
		}
	}

	/** Whether a queue entry still describes its group: as many ready members, the same first. */
	private static boolean current(Group group, long[] entry) {
		return group.ready.size() == entry[0] && group.first == entry[1];
	}

	private static Comparator<Integer> byRank(List<RankSet> ranks) {
		return Comparator.<Integer>comparingInt(i -> ranks.get(i).isEmpty() ? -1 : ranks.get(i).min())
				.thenComparingInt(i -> i);
	}

	/** Constructs with the same key, those ready to be placed. */
	private static final class Group {
		final int id;
		/** How many constructs the group has in all when it must go whole, else 0. */
		final int whole;
		final List<Integer> ready = new ArrayList<>();
		int first = Integer.MAX_VALUE;
		int placed;

		Group(int id, int whole) {
			this.id = id;
			this.whole = whole;
		}
	}

	/** Each construct waits for the previous construct of each of its ranks. */
	private static final class Dependencies {
		private final List<List<Integer>> successors;
		private final int[] waiting;

		Dependencies(List<RankSet> ranks) {
			int size = ranks.size();
			Map<Integer, Integer> last = new HashMap<>();
			successors = new ArrayList<>(size);
			waiting = new int[size];
			for (int i = 0; i < size; i++) {
				successors.add(new ArrayList<>());
				for (PrimitiveIterator.OfInt it = ranks.get(i).iterator(); it.hasNext();) {
					Integer previous = last.put(it.nextInt(), i);
					if (previous != null) {
						successors.get(previous).add(i);
						waiting[i]++;
					}
				}
			}
		}

		/** The constructs that wait for none. */
		List<Integer> ready() {
			List<Integer> ready = new ArrayList<>();
			for (int i = 0; i < waiting.length; i++) {
				if (waiting[i] == 0) {
					ready.add(i);
				}
			}
			return ready;
		}

		/** The constructs that wait for construct i. */
		List<Integer> successors(int i) {
			return successors.get(i);
		}

		/** Places construct i: the constructs that no longer wait. */
		List<Integer> place(int i) {
			List<Integer> ready = new ArrayList<>();
			for (int next : successors.get(i)) {
				if (--waiting[next] == 0) {
					ready.add(next);
				}
			}
			return ready;
		}
	}
}
