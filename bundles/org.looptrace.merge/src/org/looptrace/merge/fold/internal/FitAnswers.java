// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.rangesKey;

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

	/** {@link ValueFit#fit}, asked once per question. */
	@Nullable
	DepthExpr fit(DepthExpr[] copies, int depth, List<long @Nullable []> ranges, @Nullable Set<Long> moduli) {
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
