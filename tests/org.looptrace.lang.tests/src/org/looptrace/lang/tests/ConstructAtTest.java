// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.internal.ide.EditorServices;

/**
 * The construct at the caret (what the communication matrix view follows): the send the caret is
 * on, else the innermost loop around it, else nothing.
 */
class ConstructAtTest {

	@Test
	void sendsLoopsAndTheRest() {
		String text = """
				0 send 1 a
				0 recv 1 a
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    0 send 1+i1 b
				    1+i1 recv 0 b
				  done
				  0 sync MPI_Barrier 0-3
				done
				""";
		assertEquals(Optional.of("1"), at(text, "0 send 1 a", 2));
		assertEquals(Optional.empty(), at(text, "0 recv 1 a", 2));
		assertEquals(Optional.of("3"), at(text, "for i0", 0));
		assertEquals(Optional.of("3.1"), at(text, "for i1", 5));
		assertEquals(Optional.of("3.1.1"), at(text, "0 send 1+i1", 4));
		assertEquals(Optional.of("3.1"), at(text, "1+i1 recv", 0));
		assertEquals(Optional.of("3"), at(text, "0 sync", 3));
	}

	/**
	 * On every line of the example models, the path a walk over the lines finds (counting the
	 * constructs of each level) is the one of the parsed text, at every offset of the line's words.
	 */
	@Test
	void everyWordOfTheExampleModelsNamesTheConstructOfItsLine() throws Exception {
		for (Path example : Texts.examples()) {
			String text = Files.readString(example);
			List<Integer> counters = new ArrayList<>(List.of(0));
			int offset = 0;
			for (String line : text.split("\n", -1)) {
				String code = line.replaceFirst("//.*", "").strip();
				String[] words = code.split("\\s+");
				Optional<String> expected;
				if (code.isEmpty() || code.startsWith("get ")) {
					expected = enclosing(counters);
				} else if (code.equals("done")) {
					expected = enclosing(counters);
					counters.remove(counters.size() - 1);
				} else {
					counters.set(counters.size() - 1, counters.get(counters.size() - 1) + 1);
					if (words[0].equals("for")) {
						expected = Optional.of(path(counters));
						counters.add(0);
					} else {
						expected = words[1].equals("send") ? Optional.of(path(counters)) : enclosing(counters);
					}
				}
				if (!code.isEmpty()) {
					int start = offset + line.indexOf(code);
					for (int at = start; at < start + code.length(); at++) {
						assertEquals(expected, EditorServices.constructAt(text, at), example + ": " + line + " at " + (at - start));
					}
				}
				offset += line.length() + 1;
			}
		}
	}

	private static Optional<String> at(String text, String line, int column) {
		return EditorServices.constructAt(text, text.indexOf(line) + column);
	}

	private static Optional<String> enclosing(List<Integer> counters) {
		return counters.size() == 1 ? Optional.empty() : Optional.of(path(counters.subList(0, counters.size() - 1)));
	}

	private static String path(List<Integer> counters) {
		StringBuilder path = new StringBuilder();
		for (int counter : counters) {
			path.append(path.isEmpty() ? "" : ".").append(counter);
		}
		return path.toString();
	}
}
