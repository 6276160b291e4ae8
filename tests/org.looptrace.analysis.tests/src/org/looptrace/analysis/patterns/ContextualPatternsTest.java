// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.looptrace.analysis.patterns.internal.MaximalRepeats;
import org.looptrace.analysis.patterns.internal.Sequences;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Model;
import org.looptrace.model.Send;
import org.looptrace.model.core.Exprs;

/**
 * Per-process patterns of Alawneh et al.'s contextual approach on models: maximal repeats (checked
 * against their definition on random sequences), cut by function contexts, loops read once and
 * counted by their iterations.
 */
class ContextualPatternsTest {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;

	/** Rank 0's events: a letter is a send to its number, {@code [F} calls F, {@code ]} returns. */
	private static List<Item> events(String text) {
		List<Item> items = new ArrayList<>();
		List<String> stack = new ArrayList<>();
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '[') {
				String function = String.valueOf(text.charAt(++i));
				stack.add(function);
				items.add(local("call", function));
			} else if (c == ']') {
				items.add(local("return", stack.remove(stack.size() - 1)));
			} else if (c != ' ') {
				Send send = FACTORY.createSend();
				send.setRank(Exprs.constant(0));
				send.setPeer(Exprs.constant(c - 'a' + 1));
				send.setTag(Exprs.constant(7));
				items.add(send);
			}
		}
		return items;
	}

	private static Local local(String verb, String function) {
		Local local = FACTORY.createLocal();
		local.setRank(Exprs.constant(0));
		local.getWords().add(Exprs.symbol(verb));
		local.getWords().add(Exprs.symbol(function));
		return local;
	}

	private static Loop loop(long count, List<Item> body) {
		Loop loop = FACTORY.createLoop();
		loop.setIndex("i");
		loop.setLower(Exprs.constant(0));
		loop.setUpper(Exprs.constant(count - 1));
		loop.getItems().addAll(body);
		return loop;
	}

	private static Model model(List<Item> items) {
		Model model = FACTORY.createModel();
		model.getItems().addAll(items);
		return model;
	}

	/** The patterns as "context:letters*places=occurrences". */
	private static List<String> patterns(Model model, boolean useContext) {
		List<String> found = new ArrayList<>();
		for (ProcessPattern pattern : ContextualPatterns.find(model, useContext)) {
			StringBuilder letters = new StringBuilder();
			for (String event : pattern.events()) {
				letters.append((char) ('a' + Integer.parseInt(event.split(" ")[2]) - 1));
			}
			found.add(pattern.context() + ":" + letters + "*" + pattern.places() + "=" + pattern.occurrences());
		}
		return found;
	}

	@Test
	void contextKeepsPatternsInsideTheirFunction() {
		// F and G both start with "ab"; the d after each call runs in the caller, alone
		Model model = model(events("[Fabc]d[Gabe]d[Fabc]d"));
		assertEquals(List.of("F:abc*2=2"), patterns(model, true));
		// without context, abcdabedabcd has patterns across the functions: ab, abcd, dab
		assertEquals(List.of(":ab*3=3", ":abcd*2=2", ":dab*2=2"), patterns(model, false));
	}

	@Test
	void loopsAreReadOnceAndCountedByTheirIterations() {
		List<Item> items = new ArrayList<>(events("x"));
		items.add(loop(10, events("[Fab]")));
		items.addAll(events("y"));
		items.add(loop(5, events("[Fabc]")));
		// F's pieces: "ab" (weight 10) and "abc" (weight 5): "ab" stands at 2 places, 15 times
		assertEquals(List.of("F:ab*2=15"), patterns(model(items), true));
	}

	@Test
	void aContiguousRepetitionAloneIsNoPattern() {
		assertEquals(List.of(), patterns(model(List.of(loop(100, events("abcd")))), true));
	}

	/** Maximal repeats by definition: two places or more, not extendable alike on either side. */
	private static Set<String> bruteForce(int[] symbols, int minLength) {
		Set<String> repeats = new TreeSet<>();
		for (int length = minLength; length <= symbols.length; length++) {
			for (int start = 0; start + length <= symbols.length; start++) {
				int[] word = Arrays.copyOfRange(symbols, start, start + length);
				if (Arrays.stream(word).anyMatch(s -> s == Sequences.SEPARATOR)) {
					continue;
				}
				List<Integer> places = new ArrayList<>();
				for (int p = 0; p + length <= symbols.length; p++) {
					if (Arrays.equals(word, Arrays.copyOfRange(symbols, p, p + length))) {
						places.add(p);
					}
				}
				Set<Integer> before = new TreeSet<>();
				Set<Integer> after = new TreeSet<>();
				boolean edgeBefore = false;
				boolean edgeAfter = false;
				for (int p : places) {
					int b = p == 0 ? Sequences.SEPARATOR : symbols[p - 1];
					int a = p + length == symbols.length ? Sequences.SEPARATOR : symbols[p + length];
					edgeBefore |= b == Sequences.SEPARATOR;
					edgeAfter |= a == Sequences.SEPARATOR;
					before.add(b);
					after.add(a);
				}
				if (places.size() >= 2 && (edgeBefore || before.size() > 1) && (edgeAfter || after.size() > 1)) {
					repeats.add(Arrays.toString(word) + "*" + places.size());
				}
			}
		}
		return repeats;
	}

	@Test
	void maximalRepeatsOfRandomSequences() {
		Random random = new Random(31);
		for (int round = 0; round < 2000; round++) {
			int[] symbols = new int[random.nextInt(40)];
			for (int i = 0; i < symbols.length; i++) {
				symbols[i] = random.nextInt(8) == 0 ? Sequences.SEPARATOR : random.nextInt(1 + random.nextInt(4));
			}
			long[] weights = new long[symbols.length];
			Arrays.fill(weights, 1);
			Set<String> found = new TreeSet<>();
			for (MaximalRepeats.Repeat repeat : MaximalRepeats.find(symbols, weights, 2)) {
				found.add(Arrays.toString(repeat.symbols()) + "*" + repeat.places());
			}
			assertEquals(bruteForce(symbols, 2), found, Arrays.toString(symbols));
		}
	}
}
