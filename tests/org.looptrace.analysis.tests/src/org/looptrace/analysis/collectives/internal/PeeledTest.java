// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.analysis.collectives.CollectivePatterns;
import org.looptrace.analysis.collectives.GroupPattern;
import org.looptrace.model.Item;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Progress;

/**
 * An iteration of a loop held outside it ({@link Peeled}): found on the events, whether the
 * folding peeled it off before the loop, after it, or rotated the body; and the ranks whose loop
 * was rotated are one frame with the others, so their operation is found whole.
 */
class PeeledTest {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;

	/** One of rank 0's messages on tag 0: {@code "3"} sends to rank 3, {@code "r3"} receives from it. */
	private static Message message(String word) {
		return word.startsWith("r") ? message(FACTORY.createRecv(), Integer.parseInt(word.substring(1)), 0)
				: message(FACTORY.createSend(), 0, Integer.parseInt(word));
	}

	private static Message message(Message message, int rank, int peer) {
		message.setRank(Exprs.constant(rank));
		message.setPeer(Exprs.constant(peer));
		message.setTag(Exprs.constant(0));
		return message;
	}

	private static Loop loop(String index, long count, List<? extends Item> body) {
		Loop loop = FACTORY.createLoop();
		loop.setIndex(index);
		loop.setLower(Exprs.constant(0));
		loop.setUpper(Exprs.constant(count - 1));
		loop.getItems().addAll(body);
		return loop;
	}

	/** Items of rank 0's messages, a loop of 3 in parentheses: {@code "1 (2 1) 2"}. */
	private static List<Item> items(String text) {
		List<Item> items = new ArrayList<>();
		List<Item> body = null;
		for (String word : text.split(" ")) {
			boolean opens = word.startsWith("(");
			boolean closes = word.endsWith(")");
			Message send = message(word.replace("(", "").replace(")", ""));
			if (opens) {
				body = new ArrayList<>();
			}
			if (body != null) {
				body.add(send);
			} else {
				items.add(send);
			}
			if (closes && body != null) {
				items.add(loop("i", 3, body));
				body = null;
			}
		}
		return items;
	}

	private static @Nullable Peeled around(String text) {
		return around(items(text));
	}

	private static @Nullable Peeled around(List<Item> items) {
		for (int at = 0; at < items.size(); at++) {
			if (items.get(at) instanceof Loop) {
				return Peeled.around(items, at, 0, index -> {
					throw new IllegalStateException(index);
				});
			}
		}
		throw new IllegalArgumentException(items.toString());
	}

	@Test
	void anIterationBeforeAfterOrAroundTheLoopIsFound() {
		assertEquals(new Peeled(2, 0), around("1 2 (1 2)"));
		assertEquals(new Peeled(0, 2), around("(1 2) 1 2"));
		assertEquals(new Peeled(1, 1), around("1 (2 1) 2"));
		assertEquals(new Peeled(1, 2), around("3 (1 2 3) 1 2"));
		// only the items next to the loop: what comes before the peeled part stays outside
		assertEquals(new Peeled(1, 1), around("4 5 1 (2 1) 2 6"));
	}

	@Test
	void eventsThatAreNotAnIterationAreNot() {
		assertNull(around("1 (1 2) 1"));
		assertNull(around("2 (1 2) 2"));
		assertNull(around("1 (1 2 3) 2"));
		assertNull(around("(1 2)"));
	}

	/**
	 * Rank 0 sending to ranks 1 and 2, which receive: the iteration before the loop holds each
	 * rank's events in the loop's order, the ranks interleaved otherwise (rank 0's two sends
	 * first). Each rank's events are what counts, not how the model orders the ranks.
	 */
	@Test
	void anIterationIsFoundWhateverTheOrderOfTheRanks() {
		List<Item> items = new ArrayList<>(List.of(send(0, 1), send(0, 2), recv(0, 1), recv(0, 2)));
		items.add(loop("i", 3, List.of(send(0, 1), recv(0, 1), send(0, 2), recv(0, 2))));
		assertEquals(new Peeled(4, 0), around(items));
		// rank 0's sends in the other order: not an iteration
		List<Item> swapped = new ArrayList<>(List.of(send(0, 2), send(0, 1), recv(0, 1), recv(0, 2)));
		swapped.add(loop("i", 3, List.of(send(0, 1), recv(0, 1), send(0, 2), recv(0, 2))));
		assertNull(around(swapped));
		// a rank's events split between before and after the loop, as the loop's body has them
		List<Item> split = new ArrayList<>(List.of(recv(0, 1), send(0, 2), recv(0, 2)));
		split.add(loop("i", 3, List.of(send(0, 1), recv(0, 1), send(0, 2), recv(0, 2))));
		split.add(send(0, 1));
		assertEquals(new Peeled(3, 1), around(split));
	}

	private static Message send(int rank, int peer) {
		return message(FACTORY.createSend(), rank, peer);
	}

	private static Message recv(int source, int destination) {
		return message(FACTORY.createRecv(), source, destination);
	}

	/**
	 * Four times a linear broadcast from rank 0 to ranks 1 to 3, then a token ring over 0 to 3 from
	 * rank 0, on one tag: rank 0's loop is rotated (the first broadcast before a loop of 3, the last
	 * ring after), the loops of the others run 4 times. Both operations are found, 4 times each.
	 */
	@Test
	void aRotatedLoopIsOneFrameWithTheLoopsOfOtherRanks() {
		Model model = FACTORY.createModel();
		model.getItems().addAll(items("1 2 3 (1 r3 1 2 3) 1 r3"));
		for (int rank = 1; rank <= 3; rank++) {
			model.getItems().add(loop("i", 4, List.of(message(FACTORY.createRecv(), 0, rank),
					message(FACTORY.createRecv(), rank - 1, rank), message(FACTORY.createSend(), rank, (rank + 1) % 4))));
		}
		List<String> found = new ArrayList<>();
		for (GroupPattern pattern : CollectivePatterns.find(model, false, Progress.NONE).patterns()) {
			found.add(CollectivePatterns.csvFields(pattern));
		}
		assertEquals(List.of("bcast,0,0-3,,4", "ring,,0-3,,4"), found);
	}
}
