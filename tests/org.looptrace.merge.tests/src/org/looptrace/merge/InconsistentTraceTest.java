// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.merge.InconsistentTraceException.Imbalance;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;

/** Traces that contradict each other: an exception naming channel and ranks, never a model. */
class InconsistentTraceTest {

	private static InconsistentTraceException exception(String... locals) {
		List<Model> models = new ArrayList<>();
		for (String local : locals) {
			models.add(Fixtures.model(local));
		}
		return assertThrows(InconsistentTraceException.class,
				() -> Merger.merge(models, new MergeOptions(2), Progress.NONE));
	}

	private static String failure(String... locals) {
		return exception(locals).getMessage();
	}

	private static String idle(int rank) {
		return rank + " local idle";
	}

	@Test
	void aCollectiveWhoseGroupLeavesOutItsRankIsNamedAsSuch() {
		assertEquals("collective bar of group 1,2: rank 0 takes part, but the group does not contain it",
				failure("0 sync bar 1-2", "1 sync bar 1-2", "2 sync bar 1-2"));
	}

	@Test
	void aMessageNeverReceived() {
		String[] locals = new String[8];
		for (int p = 0; p < 8; p++) {
			locals[p] = idle(p);
		}
		locals[3] = "for i0 = 0 to 9\n3 send 5 7\ndone";
		locals[5] = "for i0 = 0 to 8\n3 recv 5 7\ndone";
		assertEquals("channel (3, 5, 7): rank 3 sends 10 messages, rank 5 receives 9", failure(locals));
	}

	/** Found by a merge high in the tree, after merges of the lower levels. */
	@Test
	void aMessageNeverReceivedBetweenDistantRanks() {
		String[] locals = new String[16];
		for (int p = 0; p < 16; p++) {
			locals[p] = idle(p);
		}
		locals[2] = "for i0 = 0 to 4\n2 send 13 x\ndone";
		locals[13] = "for i0 = 0 to 3\n2 recv 13 x\ndone";
		assertEquals("channel (2, 13, x): rank 2 sends 5 messages, rank 13 receives 4", failure(locals));
	}

	@Test
	void aMessageNeverSent() {
		assertEquals("channel (1, 0, t): rank 1 sends 0 messages, rank 0 receives 1",
				failure("1 recv 0 t", idle(1)));
	}

	@Test
	void aMessageToARankWithoutTrace() {
		assertEquals("channel (0, 2, t): rank 0 sends 1 message, rank 2 receives 0", failure("0 send 2 t", idle(1)));
	}

	@Test
	void aCollectiveMissingAMember() {
		assertEquals("collective bar of group 0-2: rank 1 takes part 3 times, rank 2 takes part 2 times",
				failure("for i0 = 0 to 2\n0 sync bar 0-2\ndone", "for i0 = 0 to 2\n1 sync bar 0-2\ndone",
						"2 sync bar 0-2\n2 sync bar 0-2"));
	}

	@Test
	void anUnbalancedCollectiveIsTypedAsOne() {
		InconsistentTraceException failure = exception("for i0 = 0 to 2\n0 sync bar 0-2\ndone",
				"for i0 = 0 to 2\n1 sync bar 0-2\ndone", "2 sync bar 0-2\n2 sync bar 0-2");
		assertEquals(new Imbalance(1, 2, new ChannelKind.Collective("bar", RankSet.range(0, 2)), 3, 2),
				failure.imbalance());
	}

	@Test
	void anUnbalancedChannelIsTypedAsMessages() {
		assertEquals(new Imbalance(1, 0, new ChannelKind.Messages("t"), 0, 1),
				exception("1 recv 0 t", idle(1)).imbalance());
	}

	@Test
	void aCollectiveOutsideItsGroupHasNoImbalance() {
		assertNull(exception("0 sync bar 1-2", "1 sync bar 1-2", "2 sync bar 1-2").imbalance());
	}

	@Test
	void aMessageToItselfNeverReceived() {
		assertEquals("channel (0, 0, t): rank 0 sends 2 messages, rank 0 receives 1",
				failure("0 send 0 t\n0 send 0 t\n0 recv 0 t"));
	}
}
