// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.looptrace.nlr.Traces.assertLossless;
import static org.looptrace.nlr.Traces.assertModel;
import static org.looptrace.nlr.Traces.recv;
import static org.looptrace.nlr.Traces.repeat;
import static org.looptrace.nlr.Traces.send;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/** The loop nests NLR finds on shapes whose nest is known. */
class StructureTest {

	private static final NlrOptions DEFAULTS = NlrOptions.DEFAULTS;

	@Test
	void scatterBecomesOneLoopWithAffineDestination() {
		List<TraceEvent> trace = new ArrayList<>();
		for (int dst = 1; dst <= 15; dst++) {
			trace.add(send(dst, "t"));
		}
		assertModel("for i0 = 0 to 14\n  0 send 1+i0 t\ndone\n", assertLossless(trace, DEFAULTS, "scatter"));
	}

	@Test
	void tagsOnACommunicatorBecomeAffineButNeverMixWithOtherCommunicators() {
		List<TraceEvent> trace = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			trace.add(send(1, "c33." + (3000 + 4 * i)));
			trace.add(send(1, "c34." + (3000 + 4 * i)));
		}
		for (int i = 0; i < 6; i++) {
			trace.add(send(1, i % 2 == 0 ? "c33.7" : "c34.8"));
		}
		assertModel("""
				for i0 = 0 to 5
				  0 send 1 c33.3000+4*i0
				  0 send 1 c34.3000+4*i0
				done
				for i0 = 0 to 2
				  0 send 1 c33.7
				  0 send 1 c34.8
				done
				""", assertLossless(trace, DEFAULTS, "communicators"));
	}

	@Test
	void withoutAffineOnlyEqualEventsRepeat() {
		List<TraceEvent> trace = new ArrayList<>();
		for (int dst = 1; dst <= 4; dst++) {
			trace.add(send(dst, "t"));
		}
		trace.addAll(repeat(List.of(send(7, "t")), 5));
		assertModel("0 send 1 t\n0 send 2 t\n0 send 3 t\n0 send 4 t\nfor i0 = 0 to 4\n  0 send 7 t\ndone\n",
				assertLossless(trace, DEFAULTS.withAffine(false), "no affine"));
	}

	@Test
	void negativeStep() {
		List<TraceEvent> trace = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			trace.add(recv(20 - 2 * i, "t"));
		}
		assertModel("for i0 = 0 to 7\n  20-2*i0 recv 0 t\ndone\n", assertLossless(trace, DEFAULTS, "negative step"));
	}

	@Test
	void sequenceAffineForTwoStepsOnlyIsNotExtended() {
		List<TraceEvent> trace = List.of(send(1, "t"), send(2, "t"), send(3, "t"), send(5, "t"), send(8, "t"));
		assertModel("for i0 = 0 to 2\n  0 send 1+i0 t\ndone\n0 send 5 t\n0 send 8 t\n",
				assertLossless(trace, DEFAULTS, "two steps"));
	}

	@Test
	void symbolsUnifyOnlyWhenEqualAndNeverWithNumbers() {
		List<TraceEvent> trace = new ArrayList<>(repeat(List.of(send(1, "2"), send(1, "tag2")), 5));
		trace.addAll(List.of(send(1, "tag1"), send(1, "tag2"), send(1, "tag3")));
		trace.addAll(List.of(send(1, "1"), send(1, "2"), send(1, "3")));
		assertModel("""
				for i0 = 0 to 4
				  0 send 1 2
				  0 send 1 tag2
				done
				0 send 1 tag1
				0 send 1 tag2
				0 send 1 tag3
				for i0 = 0 to 2
				  0 send 1 1+i0
				done
				""", assertLossless(trace, DEFAULTS, "symbols"));
	}

	/** Figure 3 of the paper: process 0 of NPB LU class C on 16 processes. */
	@Test
	void luFigure3() {
		RankSet all = RankSet.range(0, 15);
		TraceEvent s1 = send(1, "tag2");
		TraceEvent s4 = send(4, "tag4");
		TraceEvent r1 = TraceEvent.recv(1, 0, "tag1");
		TraceEvent r4 = TraceEvent.recv(4, 0, "tag3");
		List<TraceEvent> trace = new ArrayList<>(List.of(TraceEvent.sync(0, "MPI_Allreduce", all), s1, r1, s4, r4,
				TraceEvent.sync(0, "MPI_Allreduce", all), TraceEvent.sync(0, "MPI_Barrier", all)));
		List<TraceEvent> step = new ArrayList<>(repeat(List.of(s1, s4), 160));
		step.addAll(repeat(List.of(r1, r4), 160));
		step.addAll(List.of(s1, r1, s4, r4));
		trace.addAll(repeat(step, 249));
		trace.add(TraceEvent.sync(0, "MPI_Allreduce", all));
		assertModel("""
				0 sync MPI_Allreduce 0-15
				0 send 1 tag2
				1 recv 0 tag1
				0 send 4 tag4
				4 recv 0 tag3
				0 sync MPI_Allreduce 0-15
				0 sync MPI_Barrier 0-15
				for i0 = 0 to 248
				  for i1 = 0 to 159
				    0 send 1 tag2
				    0 send 4 tag4
				  done
				  for i1 = 0 to 159
				    1 recv 0 tag1
				    4 recv 0 tag3
				  done
				  0 send 1 tag2
				  1 recv 0 tag1
				  0 send 4 tag4
				  4 recv 0 tag3
				done
				0 sync MPI_Allreduce 0-15
				""", assertLossless(trace, DEFAULTS, "LU"));
	}

	/** for i0: for i1 = 0 to 2+i0: the inner bound is affine in the outer index. */
	@Test
	void triangularNest() {
		List<TraceEvent> trace = new ArrayList<>();
		for (int i0 = 0; i0 < 20; i0++) {
			for (int i1 = 0; i1 < i0 + 3; i1++) {
				trace.add(send(1 + i1, "t"));
			}
			trace.add(recv(5, "s"));
		}
		assertModel("""
				for i0 = 0 to 19
				  for i1 = 0 to 2+i0
				    0 send 1+i1 t
				  done
				  5 recv 0 s
				done
				""", assertLossless(trace, DEFAULTS, "triangular"));
	}

	@Test
	void innerFieldsAffineInBothIndices() {
		List<TraceEvent> trace = new ArrayList<>();
		for (int i0 = 0; i0 < 10; i0++) {
			for (int i1 = 0; i1 < 5; i1++) {
				trace.add(send(i0 + 2 * i1, "t"));
			}
			trace.add(TraceEvent.sync(0, "MPI_Barrier", RankSet.range(0, 3)));
		}
		assertModel("""
				for i0 = 0 to 9
				  for i1 = 0 to 4
				    0 send i0+2*i1 t
				  done
				  0 sync MPI_Barrier 0-3
				done
				""", assertLossless(trace, DEFAULTS, "two indices"));
	}

	/** A ring and a halo exchange of rank 0, written out: one loop over the iterations. */
	@Test
	void ringAndHalo() {
		List<TraceEvent> ring = repeat(List.of(send(1, "ring"), TraceEvent.recv(7, 0, "ring")), 500);
		assertModel("for i0 = 0 to 499\n  0 send 1 ring\n  7 recv 0 ring\ndone\n", assertLossless(ring, DEFAULTS, "ring"));
		// rank 5 of a 4x4 grid: four neighbours, sends then receives, then a reduction
		List<TraceEvent> step = new ArrayList<>();
		for (int peer : new int[] { 1, 4, 6, 9 }) {
			step.add(TraceEvent.send(5, peer, "halo"));
		}
		for (int peer : new int[] { 1, 4, 6, 9 }) {
			step.add(TraceEvent.recv(peer, 5, "halo"));
		}
		step.add(TraceEvent.sync(5, "MPI_Allreduce", RankSet.range(0, 15)));
		Model halo = assertLossless(repeat(step, 300), DEFAULTS, "halo");
		assertEquals(1, halo.getItems().size(), () -> ModelPrinter.print(halo));
		Loop loop = assertInstanceOf(Loop.class, halo.getItems().get(0));
		assertEquals("299", Exprs.toText(loop.getUpper()));
		assertEquals(9, loop.getItems().size());
	}

	/** A body of exactly K terms folds; with K − 1 it cannot. */
	@Test
	void bodyLengthAtAndBeyondK() {
		for (int k = 1; k <= 40; k += 3) {
			List<TraceEvent> body = new ArrayList<>();
			for (int i = 0; i < k; i++) {
				body.add(send(3, "a" + i));
			}
			List<TraceEvent> trace = repeat(body, 5);
			Model atK = assertLossless(trace, DEFAULTS.withMaxBody(k), "K = " + k);
			assertEquals(1, atK.getItems().size(), "K = " + k);
			assertEquals(k, ((Loop) atK.getItems().get(0)).getItems().size());
			if (k > 1) {
				Model belowK = assertLossless(trace, DEFAULTS.withMaxBody(k - 1), "K = " + (k - 1));
				assertEquals(5 * k, belowK.getItems().size(), "K = " + (k - 1));
			}
		}
	}

	/** A stack limit of 1 still finds a loop that grows at the top, and loses nothing. */
	@Test
	void tinyStackLimit() {
		List<TraceEvent> trace = new ArrayList<>(List.of(send(9, "x"), send(8, "y")));
		trace.addAll(repeat(List.of(send(1, "t"), recv(2, "u")), 100));
		for (int limit = 1; limit <= 8; limit++) {
			Model model = assertLossless(trace, DEFAULTS.withStackLimit(limit), "limit " + limit);
			Item last = model.getItems().get(model.getItems().size() - 1);
			assertTrue(last instanceof Loop loop && Exprs.toText(loop.getUpper()).equals("99") || limit < 6,
					() -> ModelPrinter.print(model));
		}
	}

	@Test
	void emptyTrace() {
		assertModel("", assertLossless(List.of(), DEFAULTS, "empty"));
	}
}
