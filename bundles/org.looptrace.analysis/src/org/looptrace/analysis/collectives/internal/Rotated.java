// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.looptrace.analysis.collectives.internal.Walk.Ev;

/**
 * A loop body read from the phase its rank's trace gives it. NLR finds a loop at the earliest
 * place it repeats: when a rank's last step before its time loop sends what its last step in the
 * loop sends (the same peer, the same tag), its loop holds that step first, and the trace after
 * the loop ends with it (P A; loop of A X; A rather than P A; loop of X A). The other ranks' loops
 * start with the steps they ran first; read as it is, the rank's body is out of step with theirs.
 * <p>
 * The test is on each rank's events: when the events a rank runs right after its body's frame
 * (in the frame around it) begin as its body begins, the body is the same trace read from after
 * that beginning (A; loop of X A), an identity of the traces. The sizes of the messages are per
 * construct: read so, the events after the loop stand for the first A, whose messages the
 * loop's constructs hold, so their sizes are unknown.
 */
final class Rotated {

	private Rotated() {
	}

	/**
	 * Rotates, rank by rank, the events of each frame body that the rank's events after it, in
	 * frame {@code outer}, begin: {@code order} holds every event with its frame's key, in model
	 * order; only the events of a rank's body are permuted among their places.
	 */
	static void align(List<Map.Entry<String, Ev>> order, String outer) {
		Map<Integer, List<Integer>> byRank = new LinkedHashMap<>();
		for (int i = 0; i < order.size(); i++) {
			byRank.computeIfAbsent(order.get(i).getValue().owner(), r -> new ArrayList<>()).add(i);
		}
		for (List<Integer> places : byRank.values()) {
			int end;
			for (int start = 0; start < places.size(); start = end) {
				String key = order.get(places.get(start)).getKey();
				end = run(order, places, start);
				if (!key.equals(outer) && end < places.size() && order.get(places.get(end)).getKey().equals(outer)) {
					rotate(order, places.subList(start, end), places.subList(end, run(order, places, end)));
				}
			}
		}
	}

	/** The end of the run of places from {@code start} in one frame. */
	private static int run(List<Map.Entry<String, Ev>> order, List<Integer> places, int start) {
		String key = order.get(places.get(start)).getKey();
		int end = start + 1;
		while (end < places.size() && order.get(places.get(end)).getKey().equals(key)) {
			end++;
		}
		return end;
	}

	/**
	 * Rotates the body past the longest beginning of it that the events after it repeat, unless
	 * they repeat all of it (one more iteration: the loop's phase is its own).
	 */
	private static void rotate(List<Map.Entry<String, Ev>> order, List<Integer> body, List<Integer> after) {
		int a = 0;
		while (a < body.size() && a < after.size()
				&& same(order.get(body.get(a)).getValue(), order.get(after.get(a)).getValue())) {
			a++;
		}
		if (a == 0 || a == body.size()) {
			return;
		}
		List<Map.Entry<String, Ev>> events = new ArrayList<>();
		for (int i = 0; i < body.size(); i++) {
			events.add(order.get(body.get((i + a) % body.size())));
		}
		for (int i = 0; i < body.size(); i++) {
			order.set(body.get(i), events.get(i));
		}
		// read so, the events after the loop are the beginning's first run, whose messages the
		// loop's constructs hold: the constructs after it tell nothing of their sizes
		for (int i = 0; i < a; i++) {
			Map.Entry<String, Ev> entry = order.get(after.get(i));
			Ev ev = entry.getValue();
			order.set(after.get(i), Map.entry(entry.getKey(),
					new Ev(ev.send(), ev.owner(), ev.peer(), ev.tag(), ev.multiplicity(), ev.path(), -1)));
		}
	}

	/** The same message end, as often. */
	private static boolean same(Ev x, Ev y) {
		return x.send() == y.send() && x.peer() == y.peer() && x.tag().equals(y.tag())
				&& x.multiplicity() == y.multiplicity();
	}
}
