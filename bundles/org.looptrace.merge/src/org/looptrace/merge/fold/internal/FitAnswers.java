// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.rangesKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The answers of {@link ValueFit#fit} by question, kept for one folding. Every order of a system,
 * every rule set and both ways of folding meet the same copies again: folding NPB MG.S on 16 ranks
 * fits 42,000 times, on 1,400 questions. A fit is a function of its question, so an answer kept is
 * the answer a fit would give: the folding does not change, it only asks each question once.
 */
final class FitAnswers {

	/** The arguments of {@link ValueFit#fit}, ranges as {@link Terms#rangesKey} writes them. */
	private record Question(List<DepthExpr> copies, int depth, List<List<Long>> ranges, @Nullable Set<Long> moduli) {
	}

	/** What a fit answered: the number, or null when the copies do not fit. */
	private record Answer(@Nullable DepthExpr number) {
	}

	private final Map<Question, Answer> answers = new ConcurrentHashMap<>();

	/**
	 * {@link ValueFit#fit}, asked once per question. Enclosing indices no copy reads are left out of
	 * the question and put back into the answer: a fit reads only the indices its copies read, and
	 * the same copies come again inside loops whose index they ignore (NPB BT's stages, refitted
	 * once inside its grid's loops and once inside its time loop).
	 */
	@Nullable
	DepthExpr fit(DepthExpr[] copies, int depth, List<long @Nullable []> ranges, @Nullable Set<Long> moduli) {
		List<Integer> unread = new ArrayList<>();
		for (int k = 0; k < depth; k++) {
			if (!readsIndex(copies, k)) {
				unread.add(k);
			}
		}
		if (unread.isEmpty()) {
			return asked(copies, depth, ranges, moduli);
		}
		DepthExpr[] without = copies.clone();
		List<long @Nullable []> rangesWithout = new ArrayList<>(ranges);
		for (int u = unread.size() - 1; u >= 0; u--) {
			int k = unread.get(u);
			for (int c = 0; c < without.length; c++) {
				without[c] = without[c].instantiate(k, 0);
			}
			rangesWithout.remove(k);
		}
		DepthExpr number = asked(without, depth - unread.size(), rangesWithout, moduli);
		if (number == null) {
			return null;
		}
		for (int k : unread) {
			number = number.lifted(k);
		}
		return number;
	}

	private static boolean readsIndex(DepthExpr[] copies, int k) {
		for (DepthExpr copy : copies) {
			if (copy.readsIndex(k)) {
				return true;
			}
		}
		return false;
	}

	private @Nullable DepthExpr asked(DepthExpr[] copies, int depth, List<long @Nullable []> ranges, @Nullable Set<Long> moduli) {
		Question question = new Question(List.of(copies), depth, rangesKey(ranges), moduli == null ? null : Set.copyOf(moduli));
		Answer answer = answers.get(question);
		if (answer == null) {
			// Two threads may both fit one question, to the same answer.
			answer = new Answer(ValueFit.fit(copies, depth, ranges, moduli));
			answers.putIfAbsent(question, answer);
		}
		return answer.number();
	}
}
