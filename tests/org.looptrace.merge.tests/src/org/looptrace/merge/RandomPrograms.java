// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/**
 * Random consistent traces with repetitive structure: a program of phases, each phase repeating a
 * random body of messages, collectives and local events (with counters, so NLR makes affine words);
 * run sequentially, so every message sent is received and every collective is complete.
 */
final class RandomPrograms {

	private RandomPrograms() {
	}

	/** The trace of every rank. */
	static List<List<TraceEvent>> traces(int ranks, long seed) {
		Random random = new Random(seed);
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int p = 0; p < ranks; p++) {
			traces.add(new ArrayList<>());
		}
		int phases = 1 + random.nextInt(4);
		for (int phase = 0; phase < phases; phase++) {
			int repeat = 1 + random.nextInt(12);
			int operations = 1 + random.nextInt(6);
			long[][] body = new long[operations][];
			for (int k = 0; k < operations; k++) {
				int kind = random.nextInt(10);
				int src = random.nextInt(ranks);
				int dst = random.nextInt(ranks);
				int shift = random.nextInt(3);
				body[k] = new long[] { kind, src, dst, random.nextInt(3), shift };
			}
			for (int i = 0; i < repeat; i++) {
				for (long[] op : body) {
					int src = (int) op[1];
					// Some phases move their peer with the iteration (scatter-like).
					int dst = (int) ((op[2] + op[4] * i) % ranks);
					String tag = "t" + op[3];
					if (op[0] < 6) {
						traces.get(src).add(TraceEvent.send(src, dst, tag));
						traces.get(dst).add(TraceEvent.recv(src, dst, tag));
					} else if (op[0] < 8) {
						RankSet group = op[3] == 0 ? RankSet.range(0, ranks - 1) : subgroup(ranks, op[3]);
						for (int member : group) {
							traces.get(member).add(TraceEvent.sync(member, "coll" + op[3], group));
						}
					} else {
						traces.get(src).add(TraceEvent.local(src, List.of("step", Long.toString(i * op[4]))));
					}
				}
			}
		}
		return traces;
	}

	private static RankSet subgroup(int ranks, long stride) {
		RankSet.Builder group = new RankSet.Builder();
		for (int p = 0; p < ranks; p += (int) stride + 1) {
			group.add(p);
		}
		return group.build();
	}
}
