// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.Send;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Projection;

/** Trace builders and the lossless check shared by the NLR tests. */
final class Traces {

	private Traces() {
	}

	static Model model(List<TraceEvent> trace, NlrOptions options) {
		NestedLoopRecognizer recognizer = new NestedLoopRecognizer(options);
		trace.forEach(recognizer::feed);
		return recognizer.finish();
	}

	/** Models the trace and asserts the expansion of the model is the trace, event for event. */
	static Model assertLossless(List<TraceEvent> trace, NlrOptions options, String what) {
		return assertExpandsTo(trace, model(trace, options), what + " " + options);
	}

	/** Asserts the expansion of the model is the trace, event for event. */
	static Model assertExpandsTo(List<TraceEvent> trace, Model model, String what) {
		Projection.assertExpandsTo(trace, model, what);
		return model;
	}

	static TraceEvent send(int dst, String tag) {
		return TraceEvent.send(0, dst, tag);
	}

	static TraceEvent recv(int src, String tag) {
		return TraceEvent.recv(src, 0, tag);
	}

	/** {@code copies} copies of {@code body}. */
	static List<TraceEvent> repeat(List<TraceEvent> body, int copies) {
		List<TraceEvent> trace = new ArrayList<>();
		for (int i = 0; i < copies; i++) {
			trace.addAll(body);
		}
		return trace;
	}

	static void assertModel(String expected, Model model) {
		assertEquals(expected, ModelPrinter.print(model));
	}

	/** A random event from a small alphabet, so that accidental repetitions are frequent. */
	static TraceEvent randomEvent(Random random, int alphabet) {
		int pick = random.nextInt(alphabet);
		String[] tags = { "2", "tag2", "3", "-1", "007", "t", "for", "c1.2", "c1.3", "h2.2", "c1.007", "for.2", "c1.-1" };
		return switch (random.nextInt(5)) {
		case 0, 1 -> TraceEvent.send(0, pick, tags[random.nextInt(tags.length)]);
		case 2 -> TraceEvent.recv(pick, 0, tags[random.nextInt(tags.length)]);
		case 3 -> TraceEvent.sync(0, random.nextBoolean() ? "MPI_Barrier" : "MPI_Allreduce",
				random.nextBoolean() ? RankSet.range(0, 3) : RankSet.of(0, 2, pick + 4));
		default -> TraceEvent.local(0, random.nextBoolean() ? List.of("call", Integer.toString(pick))
				: List.of(Integer.toString(pick - 2), "x" + random.nextInt(2), Long.toString(random.nextInt(3) - 1)));
		};
	}

	/** A random body repeated, then broken by one to three events changed or removed anywhere. */
	static List<TraceEvent> nearRepetition(Random random) {
		List<TraceEvent> body = new ArrayList<>();
		for (int i = 1 + random.nextInt(random.nextBoolean() ? 5 : 80); i > 0; i--) {
			body.add(randomEvent(random, 4));
		}
		List<TraceEvent> trace = repeat(body, 1 + random.nextInt(12));
		for (int i = random.nextInt(3); i >= 0 && !trace.isEmpty(); i--) {
			int where = random.nextInt(trace.size());
			if (random.nextBoolean()) {
				trace.set(where, randomEvent(random, 7));
			} else {
				trace.remove(where);
			}
		}
		return trace;
	}

	/**
	 * A random program of nested loops with affine fields and triangular bounds, expanded: events
	 * whose numbers are affine in the indices of the enclosing loops, loops whose counts may depend on
	 * the enclosing indices, random counts from 0 to 7.
	 */
	static List<TraceEvent> randomNest(Random random, int maxDepth, int maxEvents) {
		List<TraceEvent> trace = new ArrayList<>();
		Program program = Program.random(random, maxDepth, 0);
		program.run(new long[maxDepth + 1], 0, trace, maxEvents);
		return trace;
	}

	/** A generated loop nest: either an event template or a loop over a body (the other kind's parts empty). */
	private record Program(int kind, long constant, long[] coefficients, long count, long countStep, List<Program> body,
			String tag) {

		static Program random(Random random, int maxDepth, int depth) {
			List<Program> body = new ArrayList<>();
			for (int i = 1 + random.nextInt(4); i > 0; i--) {
				if (depth < maxDepth && random.nextInt(3) == 0) {
					long count = random.nextInt(8);
					long step = depth > 0 && random.nextInt(3) == 0 ? random.nextInt(3) - 1 : 0;
					body.add(loop(count, step, random(random, maxDepth, depth + 1).body));
				} else {
					long[] coefficients = new long[depth + 1];
					for (int d = 0; d < depth; d++) {
						coefficients[d] = random.nextInt(4) == 0 ? random.nextInt(5) - 2 : 0;
					}
					// a tag ending in a dot is a communicator's: its number is the template's value
					String tag = switch (random.nextInt(3)) {
					case 0 -> "t" + random.nextInt(2);
					case 1 -> Integer.toString(random.nextInt(3));
					default -> "c" + random.nextInt(2) + ".";
					};
					body.add(new Program(random.nextInt(2), 10 + random.nextInt(4), coefficients, 0, 0, List.of(), tag));
				}
			}
			return loop(1, 0, body);
		}

		static Program loop(long count, long countStep, List<Program> body) {
			return new Program(-1, 0, new long[0], count, countStep, body, "");
		}

		void run(long[] indices, int depth, List<TraceEvent> out, int maxEvents) {
			for (Program item : body) {
				if (out.size() >= maxEvents) {
					return;
				}
				if (item.kind < 0) {
					long count = item.count + (depth > 0 ? item.countStep * indices[depth - 1] : 0);
					for (long i = 0; i < count; i++) {
						indices[depth] = i;
						item.run(indices, depth + 1, out, maxEvents);
					}
				} else {
					long value = item.constant;
					for (int d = 0; d < depth; d++) {
						value += item.coefficients[d] * indices[d];
					}
					int peer = (int) Math.max(0, value);
					String tag = item.tag.endsWith(".") ? item.tag + (100 + value) : item.tag;
					out.add(item.kind == 0 ? TraceEvent.send(0, peer, tag) : TraceEvent.recv(peer, 0, tag));
				}
			}
		}
	}

	/** A trace of one event per letter: a send to the letter's number. */
	static List<TraceEvent> letters(String text) {
		List<TraceEvent> trace = new ArrayList<>();
		text.chars().forEach(c -> trace.add(send(c - 'a', "t")));
		return trace;
	}

	/** The model in the paper's notation: letters for events, (body)^count for loops. */
	static String notation(List<Item> items) {
		StringBuilder text = new StringBuilder();
		for (Item item : items) {
			if (item instanceof Loop loop) {
				text.append('(').append(notation(loop.getItems())).append(")^")
						.append(Exprs.evaluate(loop.getUpper(), index -> 0) + 1);
			} else {
				text.append((char) ('a' + Exprs.evaluate(((Send) item).getPeer(), index -> 0)));
			}
		}
		return text.toString();
	}

	/** The count of the longest top-level loop that holds a loop. */
	static long outerCount(Model model) {
		long outer = 0;
		for (Item item : model.getItems()) {
			if (item instanceof Loop loop && loop.getItems().stream().anyMatch(Loop.class::isInstance)) {
				outer = Math.max(outer, Exprs.evaluate(loop.getUpper(), index -> 0) + 1);
			}
		}
		return outer;
	}
}
