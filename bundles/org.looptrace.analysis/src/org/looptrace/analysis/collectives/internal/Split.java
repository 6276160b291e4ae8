// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.collectives.internal.Walk.Ev;

/**
 * Cuts the messages of one group on one tag into the consecutive
 * operations every rank ran one after the other. The cuts are consistent: each rank's events are
 * taken from its front, and a message is taken with both of its ends. An operation whose members
 * are all ready at their fronts is taken first, its members' shares told by its communication
 * graph ({@link Steps}). Where none is, the smallest step from the front of a rank is an atom;
 * atoms are added in the order of their Lamport depth, and the longest run that resembles a shape
 * is kept, the rest cut again.
 */
public final class Split {

	/** Events repeated by a loop up to this many times are cut one by one; beyond, not at all. */
	private static final long MULTIPLICITY = 64;

	/**
	 * A piece over fewer than 1/FRAGMENT of the ranks of the group is a fragment of an operation cut
	 * at the wrong place more often than an operation of its own: not kept.
	 */
	private static final int FRAGMENT = 2;

	/** How many runs one group may be compared with shapes: bounds the cost of the cutting. */
	private static final long BUDGET = 200_000;

	/** One piece: its events, in the order they were taken (each rank's in its order). */
	public record Piece(List<Ev> events, Shapes.Match match) {
	}

	private final List<List<Ev>> sequences = new ArrayList<>();
	/** For each event (rank, index), the other end of its message (rank, index), or null. */
	private final Map<Long, Long> partners = new HashMap<>();
	/** Per rank, the depth of each event (events never reached keep 0). */
	private final List<int[]> depths = new ArrayList<>();

	private Split(List<Ev> events) {
		Map<Integer, List<Ev>> byRank = new TreeMap<>();
		for (Ev ev : events) {
			byRank.computeIfAbsent(ev.owner(), r -> new ArrayList<>()).add(ev);
		}
		sequences.addAll(byRank.values());
		// FIFO channels: the k-th send from a to b is the k-th receive of b from a
		Map<String, Deque<Long>> pending = new HashMap<>();
		for (int r = 0; r < sequences.size(); r++) {
			List<Ev> sequence = sequences.get(r);
			for (int i = 0; i < sequence.size(); i++) {
				Ev ev = sequence.get(i);
				if (ev.send()) {
					pending.computeIfAbsent(ev.source() + ">" + ev.destination(), c -> new ArrayDeque<>()).add(at(r, i));
				}
			}
		}
		for (int r = 0; r < sequences.size(); r++) {
			List<Ev> sequence = sequences.get(r);
			for (int i = 0; i < sequence.size(); i++) {
				Ev ev = sequence.get(i);
				if (!ev.send()) {
					Deque<Long> sends = pending.get(ev.source() + ">" + ev.destination());
					if (sends != null && !sends.isEmpty()) {
						long send = sends.poll();
						partners.put(at(r, i), send);
						partners.put(send, at(r, i));
					}
				}
			}
		}
		depths();
	}

	/**
	 * The pieces of a group's events that resemble a shape. An event a loop repeats stands for as
	 * many events, up to {@link #MULTIPLICITY}; a group holding more is not cut. A rank's events
	 * of one loop body in a row (the same multiplicity, the same enclosing construct) repeat
	 * together, as the loop ran them: the rounds of a ring alternate their sends and receives.
	 */
	public static List<Piece> pieces(List<Ev> events, long innerCount, boolean inFunction) {
		Map<Integer, List<Ev>> byOwner = new LinkedHashMap<>();
		for (Ev ev : events) {
			if (ev.multiplicity() > MULTIPLICITY) {
				return List.of();
			}
			byOwner.computeIfAbsent(ev.owner(), owner -> new ArrayList<>()).add(ev);
		}
		List<Ev> expanded = new ArrayList<>();
		for (List<Ev> sequence : byOwner.values()) {
			int end;
			for (int start = 0; start < sequence.size(); start = end) {
				Ev first = sequence.get(start);
				end = start + 1;
				while (end < sequence.size() && sequence.get(end).multiplicity() == first.multiplicity()
						&& parent(sequence.get(end).path()).equals(parent(first.path()))) {
					end++;
				}
				for (long k = 0; k < first.multiplicity(); k++) {
					for (Ev ev : sequence.subList(start, end)) {
						expanded.add(new Ev(ev.send(), ev.owner(), ev.peer(), ev.tag(), 1, ev.path(), ev.size()));
					}
				}
			}
		}
		return new Split(expanded).run(innerCount, inFunction);
	}

	/** The path of the construct holding the one at {@code path}. */
	private static String parent(String path) {
		return path.substring(0, Math.max(0, path.lastIndexOf('.')));
	}

	private List<Piece> run(long innerCount, boolean inFunction) {
		List<Piece> pieces = new ArrayList<>();
		int[] front = new int[sequences.size()];
		// no operation on n ranks sends more than n(n-1) messages: a longer run is not one
		long window = 2L * sequences.size() * sequences.size() + 64;
		long budget = BUDGET;
		Steps steps = new Steps(sequences);
		while (true) {
			Steps.@Nullable Step step = steps.next(front);
			var operation = step == null ? Optional.<Shapes.Match>empty()
					: Shapes.match(step.events(), innerCount, inFunction, true);
			if (step != null && operation.isPresent()) {
				pieces.add(new Piece(step.events(), operation.get()));
				front = step.front();
				continue;
			}
			int[] start = front.clone();
			List<Ev> taken = new ArrayList<>();
			Piece best = null;
			int[] bestFront = null;
			int atom;
			while (taken.size() < window && (atom = nextRank(front)) >= 0) {
				taken.addAll(atom(front, atom));
				if (--budget < 0) {
					return pieces; // a group this large is not cut further
				}
				var match = Shapes.match(taken, innerCount, inFunction, true);
				if (match.isPresent() && match.get().group().size() * FRAGMENT >= sequences.size()) {
					best = new Piece(List.copyOf(taken), match.get());
					bestFront = front.clone();
				}
			}
			if (best == null || bestFront == null) {
				// nothing from here resembles a shape: drop the first atom and go on
				front = start;
				int first = nextRank(front);
				if (first < 0) {
					return pieces;
				}
				atom(front, first);
			} else {
				pieces.add(best);
				front = bestFront;
			}
		}
	}

	/** The rank whose next event comes earliest (the least depth, then the lowest rank), or -1. */
	private int nextRank(int[] front) {
		int best = -1;
		for (int r = 0; r < front.length; r++) {
			if (front[r] < sequences.get(r).size()
					&& (best < 0 || depths.get(r)[front[r]] < depths.get(best)[front[best]])) {
				best = r;
			}
		}
		return best;
	}

	/**
	 * The depth of every event: one more than the deepest of the event before it on its rank and,
	 * for a receive, its send (Lamport's clock), except that events of one kind in a row (sends
	 * posted one after the other, receives waited for one after the other) all count from the
	 * event before the run: the root of a linear bcast posts its n - 1 sends in one round.
	 * Consecutive operations of the ranks come at increasing depths, so atoms taken by depth finish
	 * one operation before they start the next.
	 */
	private void depths() {
		for (List<Ev> sequence : sequences) {
			depths.add(new int[sequence.size()]);
		}
		int[] done = new int[sequences.size()];
		int[] base = new int[sequences.size()];
		boolean progress = true;
		while (progress) {
			progress = false;
			for (int r = 0; r < sequences.size(); r++) {
				while (done[r] < sequences.get(r).size()) {
					int i = done[r];
					// events of one kind in a row (a serial root's sends, or receives) are one round:
					// they all start from the depth before the run
					if (i == 0 || sequences.get(r).get(i).send() != sequences.get(r).get(i - 1).send()) {
						base[r] = i == 0 ? 0 : depths.get(r)[i - 1];
					}
					int depth = base[r];
					Long partner = partners.get(at(r, i));
					if (!sequences.get(r).get(i).send() && partner != null) {
						int pr = (int) (partner >>> 32);
						int pi = (int) partner.longValue();
						if (done[pr] <= pi) {
							break; // its send is not reached yet
						}
						depth = Math.max(depth, depths.get(pr)[pi]);
					}
					depths.get(r)[i] = depth + 1;
					done[r]++;
					progress = true;
				}
			}
		}
	}

	/** Takes the smallest consistent step holding the front event of {@code rank}. */
	private List<Ev> atom(int[] front, int rank) {
		List<Ev> taken = new ArrayList<>();
		Deque<Long> work = new ArrayDeque<>();
		work.add(at(rank, front[rank]));
		while (!work.isEmpty()) {
			long place = work.poll();
			int r = (int) (place >>> 32);
			int i = (int) place;
			while (front[r] <= i) {
				Ev ev = sequences.get(r).get(front[r]);
				taken.add(ev);
				Long partner = partners.get(at(r, front[r]));
				if (partner != null) {
					work.add(partner);
				}
				front[r]++;
			}
		}
		return taken;
	}

	private static long at(int rank, int index) {
		return (long) rank << 32 | index & 0xffffffffL;
	}
}
