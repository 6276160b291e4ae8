// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.looptrace.analysis.collectives.internal.Walk.Ev;

/**
 * A rank's loop body read from the phase its trace gives it ({@link Rotated}): rotated past the
 * beginning of it that the rank's events after the loop repeat, never when they repeat nothing,
 * all of it, or a message that differs in peer, tag or repetitions.
 */
class RotatedTest {

	/**
	 * Rank 0's events: words before {@code |} are in frame "/3", the rest in the outer frame "";
	 * {@code 5} sends to rank 5, {@code r5} receives from it, {@code 5t} is on tag 1, {@code 5x2}
	 * is repeated twice. Other ranks' events are interleaved (rank 9 sending to 0), which the
	 * rotation leaves in place.
	 */
	private static List<Map.Entry<String, Ev>> order(String text) {
		List<Map.Entry<String, Ev>> order = new ArrayList<>();
		String frame = "/3";
		for (String word : text.split(" ")) {
			if (word.equals("|")) {
				frame = "";
				continue;
			}
			boolean send = !word.startsWith("r");
			String[] parts = word.replace("r", "").split("x");
			String peer = parts[0].replace("t", "");
			order.add(Map.entry(frame, new Ev(send, 0, Integer.parseInt(peer), word.contains("t") ? "1" : "0",
					parts.length > 1 ? Long.parseLong(parts[1]) : 1, "1", -1)));
			order.add(Map.entry(frame, new Ev(true, 9, 0, "0", 1, "2", -1)));
		}
		return order;
	}

	/** Rank 0's events of frame "/3" after the rotation, in the words of {@link #order}. */
	private static String rotated(String text) {
		List<Map.Entry<String, Ev>> order = order(text);
		Rotated.align(order, "");
		List<String> body = new ArrayList<>();
		for (Map.Entry<String, Ev> entry : order) {
			Ev ev = entry.getValue();
			if (ev.owner() == 0 && entry.getKey().equals("/3")) {
				body.add((ev.send() ? "" : "r") + ev.peer() + (ev.tag().equals("1") ? "t" : "")
						+ (ev.multiplicity() > 1 ? "x" + ev.multiplicity() : ""));
			}
		}
		return String.join(" ", body);
	}

	@Test
	void aBodyWhoseBeginningFollowsTheLoopIsReadFromAfterIt() {
		assertEquals("2 r3 1", rotated("1 2 r3 | 1"));
		assertEquals("r3 1 2", rotated("1 2 r3 | 1 2"));
		assertEquals("r3 1 2", rotated("1 2 r3 | 1 2 4 5"));
		assertEquals("r2x4 1", rotated("1 r2x4 | 1 r2"));
	}

	@Test
	void aBodyWhoseBeginningDoesNotFollowIsNot() {
		assertEquals("1 2 r3", rotated("1 2 r3 | 2"));
		assertEquals("1 2 r3", rotated("1 2 r3 | r1"));
		assertEquals("1 2 r3", rotated("1 2 r3 | 1t"));
		assertEquals("1x2 r3", rotated("1x2 r3 | 1"));
		assertEquals("1 2 r3", rotated("1 2 r3"));
		// one more whole iteration after the loop: the body's phase is its own
		assertEquals("1 2 r3", rotated("1 2 r3 | 1 2 r3"));
	}
}
