// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.looptrace.model.core.Progress;

/**
 * The recognitions of the systems' candidates, kept for one folding: the ways of folding a model
 * meet the same systems again with the same rule sets (all but one of the second and third ways'
 * candidates are the first's), and a recognition is a function of the system, its depth and the
 * rule set's capabilities. A way that notes its joins of runs of constants ({@link JumpingJoins})
 * recognizes on its own, as a kept answer would not note them; the others ask.
 */
final class Recognitions {

	private record Question(List<Node> system, int depth, Set<Capability> capabilities) {
	}

	private final Map<Question, List<Node>> answers = new ConcurrentHashMap<>();

	/**
	 * The system recognized at {@code depth} with the rules; with {@link Capability#XOR_PEERS} its
	 * peers read as xors of their owners ({@link Butterflies}).
	 */
	List<Node> recognize(List<Node> system, int depth, RuleSet rules, Progress progress) {
		Question question = new Question(system, depth, rules.capabilities());
		List<Node> answer = rules.jumps() == null ? answers.get(question) : null;
		if (answer == null) {
			answer = rules.has(Capability.XOR_PEERS)
					? Butterflies.settled(Recognizer.recognize(Butterflies.hinted(system), depth, rules, List.of(), progress))
					: Recognizer.recognize(system, depth, rules, List.of(), progress);
			answers.putIfAbsent(question, answer);
		}
		return answer;
	}
}
