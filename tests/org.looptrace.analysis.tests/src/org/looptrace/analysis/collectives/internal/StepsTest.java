// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.analysis.collectives.internal.Walk.Ev;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.CollectivePrograms.Algorithm;
import org.looptrace.testsupport.CollectivePrograms.Program;
import org.looptrace.testsupport.CollectivePrograms.Step;

/**
 * Cutting the messages of one tag into the consecutive operations the ranks ran ({@link Split},
 * {@link Steps}), without call context: families of labelled steps of every hand-rolled algorithm
 * at prime and composite rank counts, and the same steps one message short, which must not be
 * named as the operation.
 */
class StepsTest {

	/** Rank counts, primes among them. */
	private static final int[] RANKS = { 7, 8, 13, 16, 31 };

	static Stream<Arguments> families() {
		List<Arguments> families = new ArrayList<>();
		for (Algorithm algorithm : Algorithm.values()) {
			for (int ranks : RANKS) {
				families.add(Arguments.of(algorithm, ranks));
			}
		}
		return families.stream();
	}

	/**
	 * An operation over all ranks, the same algorithm again from another root over ranks 2 and up,
	 * then a halo over all ranks, on one tag: the three operations are found, each over its group.
	 * The root of the first is in the middle; the second serves ranks that already ran ahead.
	 */
	@ParameterizedTest
	@MethodSource("families")
	void consecutiveOperationsOnOneTagAreCutApart(Algorithm algorithm, int ranks) {
		Step first = step(algorithm, 0, ranks, ranks / 2);
		Step second = step(algorithm, 2, ranks - 2, ranks - 1);
		Step halo = new Step(Algorithm.HALO, -1, 0, ranks);
		Program program = new Program(ranks, List.of(), List.of(first, second, halo), 1, false, true);
		List<String> expected = new ArrayList<>();
		for (Step step : List.of(first, second, halo)) {
			expected.add(step.algorithm().detectable() + " " + step.root() + " " + step.group());
		}
		List<String> found = new ArrayList<>(found(program.traces()));
		// two halos that share ranks cut as well either way round: the same messages
		expected.sort(null);
		found.sort(null);
		assertEquals(expected, found);
	}

	/**
	 * One message of an operation missing: the cut never names the operation over its group (alone,
	 * as a following operation holding the missing edge would make the messages those of the whole
	 * operation and a broken one).
	 */
	@ParameterizedTest
	@MethodSource("families")
	void anOperationOneMessageShortIsNotNamedAsIt(Algorithm algorithm, int ranks) {
		Step step = step(algorithm, 0, ranks, ranks / 2);
		Program program = new Program(ranks, List.of(), List.of(step), 1, false, true);
		List<List<TraceEvent>> traces = program.traces();
		withoutFirstMessageOf(traces, step.first() + 1);
		String named = algorithm.detectable() + " " + step.root() + " " + step.group();
		assertFalse(found(traces).contains(named), () -> named + " in " + found(traces));
	}

	/** A step over {@code size} ranks from {@code first}, rooted at {@code root} when the algorithm has one. */
	private static Step step(Algorithm algorithm, int first, int size, int root) {
		// recursive doubling as written for powers of two
		int members = algorithm == Algorithm.ALLGATHER_DOUBLING ? Integer.highestOneBit(size) : size;
		boolean rooted = switch (algorithm.kind()) {
		case "bcast", "scatter", "reduce", "gather" -> true;
		default -> false;
		};
		return new Step(algorithm, rooted ? Math.min(root, first + members - 1) : -1, first, members);
	}

	/** Removes the first message {@code rank} sends or receives, at both of its ends. */
	private static void withoutFirstMessageOf(List<List<TraceEvent>> traces, int rank) {
		TraceEvent event = traces.get(rank).get(0);
		int source = event.kind() == EventKind.SEND ? rank : event.rank();
		int destination = event.kind() == EventKind.SEND ? event.peer() : rank;
		traces.get(source).remove(TraceEvent.send(source, destination, event.tag()));
		traces.get(destination).remove(TraceEvent.recv(source, destination, event.tag()));
	}

	/** What the cut finds in the traces, as "kind root group" in order (root -1 when none). */
	private static List<String> found(List<List<TraceEvent>> traces) {
		List<Ev> events = new ArrayList<>();
		for (List<TraceEvent> trace : traces) {
			for (TraceEvent event : trace) {
				boolean send = event.kind() == EventKind.SEND;
				events.add(new Ev(send, event.owner(), send ? event.peer() : event.rank(), event.tag(), 1, "1", -1));
			}
		}
		List<String> found = new ArrayList<>();
		for (Split.Piece piece : Split.pieces(events, 1, false)) {
			found.add(piece.match().kind() + " " + piece.match().root().orElse(-1) + " " + piece.match().group());
		}
		return found;
	}
}
