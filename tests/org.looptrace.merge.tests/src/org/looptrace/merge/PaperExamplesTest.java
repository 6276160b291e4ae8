// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Projection;

/** The examples of section III of the paper, each with the outcome the paper describes. */
class PaperExamplesTest {

	/**
	 * Merges local models given as text (rank p at index p) by section III alone (no folding),
	 * checks projection, returns the text.
	 */
	static String merge(String... locals) throws InconsistentTraceException {
		List<Model> models = new ArrayList<>();
		for (String local : locals) {
			models.add(Fixtures.model(local));
		}
		Model global = Merger.merge(models, new MergeOptions(1, false), Progress.NONE);
		Projection.assertProjection(models, global);
		return ModelPrinter.print(global);
	}

	@Test
	void twoLoopsThatExchangeEverythingBecomeOne() throws Exception {
		assertEquals("""
				for i0 = 0 to 9
				  0 send 1 t
				  0 recv 1 t
				done
				""", merge("""
				for i0 = 0 to 9
				  0 send 1 t
				done
				""", """
				for i0 = 0 to 9
				  0 recv 1 t
				done
				"""));
	}

	@Test
	void aLoopGivingPartOfItsFlowToEachOfTwoCorrespondentsIsSplit() throws Exception {
		assertEquals("""
				for i0 = 0 to 9
				  0 send 1 t
				  0 recv 1 t
				done
				1 local x
				for i0 = 0 to 9
				  0 send 1 t
				  0 recv 1 t
				done
				""", merge("""
				for i0 = 0 to 19
				  0 send 1 t
				done
				""", """
				for i0 = 0 to 9
				  0 recv 1 t
				done
				1 local x
				for i0 = 0 to 9
				  0 recv 1 t
				done
				"""));
	}

	/**
	 * Two tags, two correspondents: the loop is regular (each link takes all of one channel), so
	 * it is not split; and its two correspondents are sequential on rank 1, so no coalescing.
	 */
	@Test
	void aLoopWithTwoSequentialCorrespondentsIsRegularAndLeftAsItIs() throws Exception {
		assertEquals("""
				for i0 = 0 to 9
				  0 send 1 t1
				  0 send 1 t2
				done
				for i0 = 0 to 9
				  0 recv 1 t1
				done
				for i0 = 0 to 9
				  0 recv 1 t2
				done
				""", merge("""
				for i0 = 0 to 9
				  0 send 1 t1
				  0 send 1 t2
				done
				""", """
				for i0 = 0 to 9
				  0 recv 1 t1
				done
				for i0 = 0 to 9
				  0 recv 1 t2
				done
				"""));
	}

	/** Less than one iteration flows to the first correspondent: the body is shifted by one send. */
	@Test
	void aLoopGivingLessThanOneIterationIsShifted() throws Exception {
		assertEquals("""
				0 send 1 t
				0 recv 1 t
				for i0 = 0 to 8
				  0 local a
				  0 send 1 t
				  0 recv 1 t
				  0 local b
				  0 send 1 t
				  0 recv 1 t
				done
				0 local a
				0 send 1 t
				0 recv 1 t
				0 local b
				""", merge("""
				for i0 = 0 to 9
				  0 send 1 t
				  0 local a
				  0 send 1 t
				  0 local b
				done
				""", """
				0 recv 1 t
				for i0 = 0 to 8
				  0 recv 1 t
				  0 recv 1 t
				done
				0 recv 1 t
				"""));
	}

	/** 10 and 20 iterations: blocked by gcd 10, the inner loop of 2 is then split against two sends. */
	@Test
	void loopsOfTenAndTwentyIterationsAreBlockedByTheirGcd() throws Exception {
		assertEquals("""
				for i0 = 0 to 9
				  0 send 1 t
				  0 recv 1 t
				  0 local x
				  0 send 1 t
				  0 recv 1 t
				  0 local y
				done
				""", merge("""
				for i0 = 0 to 9
				  0 send 1 t
				  0 local x
				  0 send 1 t
				  0 local y
				done
				""", """
				for i0 = 0 to 19
				  0 recv 1 t
				done
				"""));
	}

	/** 12 and 4: the longer loop keeps 3 iterations in an inner loop, coalesced in turn. */
	@Test
	void blockingKeepsTheIterationsOfTheLongerLoopInAnInnerLoop() throws Exception {
		assertEquals("""
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    0 send 1 t
				    0 recv 1 t
				  done
				  1 local x
				done
				""", merge("""
				for i0 = 0 to 11
				  0 send 1 t
				done
				""", """
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    0 recv 1 t
				  done
				  1 local x
				done
				"""));
	}

	/** The inner loop left by blocking meets three single receives: it is split down to events. */
	@Test
	void anInnerLoopLeftByBlockingIsSplitAgainstEvents() throws Exception {
		assertEquals("""
				for i0 = 0 to 3
				  0 send 1 t
				  0 recv 1 t
				  0 send 1 t
				  0 recv 1 t
				  0 send 1 t
				  0 recv 1 t
				done
				""", merge("""
				for i0 = 0 to 11
				  0 send 1 t
				done
				""", """
				for i0 = 0 to 3
				  0 recv 1 t
				  0 recv 1 t
				  0 recv 1 t
				done
				"""));
	}

	/**
	 * 3 and 2 iterations: unrolling (g = 1) would give more constructs than the local models; the
	 * loops stay as they are, linked, as section III does with loops it cannot coalesce.
	 */
	@Test
	void coprimeIterationCountsKeepTheirLoops() throws Exception {
		String sender = """
				for i0 = 0 to 2
				  0 send 1 t
				  0 send 1 t
				done
				""";
		String receiver = """
				for i0 = 0 to 1
				  0 recv 1 t
				  0 recv 1 t
				  0 recv 1 t
				done
				""";
		assertEquals(sender + receiver, merge(sender, receiver));
	}

	/** Coalescing the two pairs of loops would make a cycle in (V, T): nothing is coalesced. */
	@Test
	void fourLoopsThatWouldMakeACycleAreNotCoalesced() throws Exception {
		assertEquals("""
				for i0 = 0 to 9
				  0 send 1 t
				done
				for i0 = 0 to 9
				  1 send 0 t
				done
				for i0 = 0 to 9
				  1 recv 0 t
				done
				for i0 = 0 to 9
				  0 recv 1 t
				done
				""", merge("""
				for i0 = 0 to 9
				  0 send 1 t
				done
				for i0 = 0 to 9
				  1 recv 0 t
				done
				""", """
				for i0 = 0 to 9
				  1 send 0 t
				done
				for i0 = 0 to 9
				  0 recv 1 t
				done
				"""));
	}

	@Test
	void collectivesMatchTheirKthOccurrences() throws Exception {
		assertEquals("""
				for i0 = 0 to 4
				  0 sync bar 0-2
				  1 sync bar 0-2
				  2 sync bar 0-2
				  0 send 1 t
				  0 recv 1 t
				done
				""", merge("""
				for i0 = 0 to 4
				  0 sync bar 0-2
				  0 send 1 t
				done
				""", """
				for i0 = 0 to 4
				  1 sync bar 0-2
				  0 recv 1 t
				done
				""", """
				for i0 = 0 to 4
				  2 sync bar 0-2
				done
				"""));
	}

	/** A channel that depends on the loop index: the loop is unrolled, each send meets its receive. */
	@Test
	void affineChannelsAreMadeExactByUnrolling() throws Exception {
		assertEquals("""
				0 send 1 t
				0 recv 1 t
				0 local it 0
				0 send 2 t
				0 recv 2 t
				0 local it 1
				0 send 3 t
				0 recv 3 t
				0 local it 2
				""", merge("""
				for i0 = 0 to 2
				  0 send 1+i0 t
				  0 local it i0
				done
				""", "0 recv 1 t", "0 recv 2 t", "0 recv 3 t"));
	}

	/** Affine local words follow their iterations through blocking. */
	@Test
	void affineLocalWordsFollowTheirIterations() throws Exception {
		assertEquals("""
				for i0 = 0 to 4
				  0 send 1 t
				  0 recv 1 t
				  0 local step 4*i0
				  0 send 1 t
				  0 local step 2+4*i0
				  1 local r i0
				  0 recv 1 t
				  1 local r i0
				done
				""", merge("""
				for i0 = 0 to 9
				  0 send 1 t
				  0 local step 2*i0
				done
				""", """
				for i0 = 0 to 4
				  0 recv 1 t
				  1 local r i0
				  0 recv 1 t
				  1 local r i0
				done
				"""));
	}

	@Test
	void triangularLoopsAreExact() throws Exception {
		merge("""
				for i0 = 0 to 3
				  for i1 = 0 to i0
				    0 send 1 t
				  done
				  0 local row i0
				done
				""", """
				for i0 = 0 to 9
				  0 recv 1 t
				done
				""");
	}
}
