// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.crochemore.internal.Repetitions;

/** Crochemore's refinement finds exactly the PM-triples a brute force finds, level by level. */
class CrochemoreRepetitionsTest {

	/** The PM-triples of the string as "start:period*count", by period then start. */
	private static List<String> crochemore(int[] symbols) {
		List<String> triples = new ArrayList<>();
		Repetitions.find(symbols, symbols.length, symbols.length, (period, starts, counts, found) -> {
			for (int t = 0; t < found; t++) {
				triples.add(starts[t] + ":" + period + "*" + counts[t]);
			}
			return true;
		}, Progress.NONE);
		return triples;
	}

	/** By definition: a series of squares of a primitive root, not extendable on either side. */
	private static List<String> bruteForce(int[] symbols) {
		List<String> triples = new ArrayList<>();
		for (int period = 1; 2 * period <= symbols.length; period++) {
			for (int start = 0; start + 2 * period <= symbols.length; start++) {
				if (!square(symbols, start, period) || !primitive(symbols, start, period)
						|| start >= period && square(symbols, start - period, period)) {
					continue;
				}
				int count = 2;
				while (square(symbols, start + (count - 1) * period, period)) {
					count++;
				}
				triples.add(start + ":" + period + "*" + count);
			}
		}
		return triples;
	}

	private static boolean square(int[] symbols, int start, int period) {
		if (start + 2 * period > symbols.length) {
			return false;
		}
		for (int i = 0; i < period; i++) {
			if (symbols[start + i] != symbols[start + period + i]) {
				return false;
			}
		}
		return true;
	}

	private static boolean primitive(int[] symbols, int start, int period) {
		for (int root = 1; root < period; root++) {
			if (period % root == 0) {
				boolean power = true;
				for (int i = root; i < period && power; i++) {
					power = symbols[start + i] == symbols[start + i - root];
				}
				if (power) {
					return false;
				}
			}
		}
		return true;
	}

	private static int[] symbols(String text) {
		return text.chars().map(c -> c - 'a').toArray();
	}

	@Test
	void everyRotationOfARepeatedBodyIsATriple() {
		// section 3.3 of the paper lists (2, bcda, 4), but only three whole copies of bcda fit after a
		assertEquals(List.of("0:4*4", "1:4*3", "2:4*3", "3:4*3"), crochemore(symbols("abcdabcdabcdabcd")));
	}

	@Test
	void powersOfAPowerAreNotPrimitive() {
		assertEquals(List.of("0:1*8"), crochemore(symbols("aaaaaaaa")));
		assertEquals(List.of("0:2*4", "1:2*3"), crochemore(symbols("abababab")));
	}

	@Test
	void papersRefinementExample() {
		int[] text = symbols("abaababaabaab");
		assertEquals(bruteForce(text), crochemore(text));
	}

	@Test
	void randomStringsOverSmallAlphabets() {
		Random random = new Random(11);
		for (int round = 0; round < 3000; round++) {
			int alphabet = 1 + random.nextInt(4);
			int[] text = new int[random.nextInt(120)];
			for (int i = 0; i < text.length; i++) {
				text[i] = random.nextInt(alphabet);
			}
			assertEquals(bruteForce(text), crochemore(text), Arrays.toString(text));
		}
	}

	/** Fibonacci words hold the most repetitions for their length: the worst case of the refinement. */
	@Test
	void fibonacciWords() {
		String previous = "a";
		String word = "ab";
		while (word.length() < 1000) {
			String next = word + previous;
			previous = word;
			word = next;
		}
		int[] text = symbols(word);
		assertEquals(bruteForce(text), crochemore(text));
	}

	@Test
	void levelsStopWhenTheListenerSaysSo() {
		List<Integer> periods = new ArrayList<>();
		int[] text = symbols("aabcbcdefdef");
		Repetitions.find(text, text.length, text.length, (period, starts, counts, found) -> {
			periods.add(period);
			return period < 2;
		}, Progress.NONE);
		assertEquals(List.of(1, 2), periods);
	}
}
