// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.looptrace.analysis.diff.Difference.Kind;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Construct;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;

/**
 * A run of constructs wrapped in a loop, a loop split in two, a loop with an iteration written out
 * beside it: one difference naming the rewrite, from the first to the last construct of each side,
 * when the rewritten form expands exactly to the other side's constructs; the inverse kind from
 * the other side; and the differences of today when it does not.
 */
class LoopRewritesTest {

	private static final Set<Kind> REWRITES = Set.of(Kind.WRAPPED, Kind.UNWRAPPED, Kind.SPLIT, Kind.JOINED, Kind.PEELED, Kind.UNPEELED);

	@Test
	void aRunRepeatedIsWrappedInALoop() throws Exception {
		String run = "0 send 1 5\n1 recv 0 5\n";
		String loop = "for i = 0 to 1\n  0 send 1 5\n  1 recv 0 5\ndone\n";
		assertRewrite(run + run, loop, Kind.WRAPPED, "1", "4", "1", "1", "4 constructs against for i = 0 to 1 (2 constructs)");
		assertRewrite(run, "for i = 0 to 0\n  0 send 1 5\n  1 recv 0 5\ndone\n", Kind.WRAPPED, "1", "2", "1", "1",
				"2 constructs against for i = 0 to 0 (2 constructs)");
		assertRewrite("0 local init\n0 send 1 5\n0 send 2 5\n0 local end\n", "0 local init\nfor i = 0 to 1\n  0 send 1+i 5\ndone\n0 local end\n",
				Kind.WRAPPED, "2", "3", "2", "2", "2 constructs against for i = 0 to 1 (1 construct)");
	}

	@Test
	void aLoopOverPartsOfTheIterationsIsSplit() throws Exception {
		String whole = "for i = 0 to 9\n  0 send 1+i 5\n  0 local step\ndone\n";
		assertRewrite(whole, "for i = 0 to 4\n  0 send 1+i 5\n  0 local step\ndone\nfor i = 5 to 9\n  0 send 1+i 5\n  0 local step\ndone\n",
				Kind.SPLIT, "1", "1", "1", "2", "0 to 9 against 0 to 4, 5 to 9");
		assertRewrite("for j = 0 to 3\n  for i = 0 to 9\n    j send 1+i 5\n  done\ndone\n",
				"for j = 0 to 3\n  for i = 0 to 2\n    j send 1+i 5\n  done\n  for i = 0 to 6\n    j send 4+i 5\n  done\ndone\n",
				Kind.SPLIT, "1.1", "1.1", "1.1", "1.2", "0 to 9 against 0 to 2, 0 to 6");
	}

	@Test
	void aLoopWithIterationsWrittenOutIsPeeled() throws Exception {
		String whole = "for i = 0 to 9\n  0 send 1+i 5\n  0 local step\ndone\n";
		assertRewrite(whole, "0 send 1 5\n0 local step\nfor i = 1 to 9\n  0 send 1+i 5\n  0 local step\ndone\n", Kind.PEELED, "1", "1", "1",
				"3", "0 to 9 against iteration 0 (2 constructs), 1 to 9");
		assertRewrite(whole, "for i = 0 to 7\n  0 send 1+i 5\n  0 local step\ndone\n0 send 9 5\n0 local step\n0 send 10 5\n0 local step\n",
				Kind.PEELED, "1", "1", "1", "5", "0 to 9 against 0 to 7, iterations 8 to 9 (4 constructs)");
	}

	/** A rewrite that does not give the other side's constructs exactly is no rewrite: the differences are those of today. */
	@Test
	void aRewriteThatIsNotExactLeavesTheDifferencesAsTheyWere() throws Exception {
		String whole = "for i = 0 to 9\n  0 send 1+i 5\ndone\n";
		assertNoRewrite(whole, "for i = 0 to 4\n  0 send 1+i 5\ndone\nfor i = 5 to 8\n  0 send 1+i 5\ndone\n");
		assertNoRewrite(whole, "for i = 0 to 4\n  0 send 1+i 5\ndone\nfor i = 5 to 9\n  0 send 2+i 5\ndone\n");
		assertNoRewrite(whole, "0 send 2 5\nfor i = 1 to 9\n  0 send 1+i 5\ndone\n");
		assertNoRewrite("0 send 1 5\n0 send 2 5\n", "for i = 0 to 1\n  0 send 1 5\ndone\n");
	}

	/**
	 * Exactly one difference of {@code kind} from A to B, at the paths given, saying {@code what};
	 * from B to A, the inverse kind, the sides swapped.
	 */
	private static void assertRewrite(String a, String b, Kind kind, String left, String leftLast, String right, String rightLast, String what)
			throws Exception {
		Model modelA = ModelText.parse(a, "a.loops");
		Model modelB = ModelText.parse(b, "b.loops");
		List<Difference> differences = ModelDiff.compare(modelA, modelB, false, Progress.NONE);
		assertEquals(List.of(new Difference(kind, find(modelA, left), find(modelB, right), what, null, find(modelA, leftLast), find(modelB, rightLast))),
				differences);
		List<Difference> backward = ModelDiff.compare(modelB, modelA, false, Progress.NONE);
		assertEquals(1, backward.size(), backward::toString);
		Difference inverse = backward.get(0);
		assertEquals(List.of(kind.inverse(), find(modelB, right), find(modelA, left), find(modelB, rightLast), find(modelA, leftLast)),
				List.of(inverse.kind(), inverse.left(), inverse.right(), inverse.leftLast(), inverse.rightLast()));
	}

	private static void assertNoRewrite(String a, String b) throws Exception {
		List<Difference> differences = ModelDiff.compare(ModelText.parse(a, "a.loops"), ModelText.parse(b, "b.loops"), false, Progress.NONE);
		assertFalse(differences.isEmpty());
		assertTrue(differences.stream().noneMatch(difference -> REWRITES.contains(difference.kind())), differences::toString);
	}

	private static Construct find(Model model, String path) {
		return ConstructPath.find(model, path);
	}
}
