// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.model.core.RankSet;

/** Channel kinds order as their texts, {@code TAG} and {@code sync NAME GROUP}, whatever they are. */
class ChannelKindTest {

	private static final String[] WORDS = { "0", "7", "12", "s", "sync", "synca", "syn", "t", "MPI_Bcast",
			"MPI_Barrier", "bar", "a_b" };

	private static String text(ChannelKind kind) {
		return switch (kind) {
		case ChannelKind.Messages messages -> messages.tag();
		case ChannelKind.Collective collective -> "sync " + collective.name() + " " + collective.group();
		};
	}

	@Test
	void randomKindsOrderAsTheirTexts() {
		Random random = new Random(15);
		List<ChannelKind> kinds = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			String word = WORDS[random.nextInt(WORDS.length)];
			if (random.nextBoolean()) {
				kinds.add(new ChannelKind.Messages(word));
			} else {
				int from = random.nextInt(12);
				RankSet group = random.nextBoolean() ? RankSet.range(from, from + random.nextInt(12))
						: RankSet.of(from, from + 2 + random.nextInt(3), 20 + random.nextInt(100));
				kinds.add(new ChannelKind.Collective(word, group));
			}
		}
		for (ChannelKind a : kinds) {
			for (ChannelKind b : kinds) {
				assertEquals(Integer.signum(text(a).compareTo(text(b))), Integer.signum(a.compareTo(b)),
						a + " against " + b);
			}
		}
	}
}
