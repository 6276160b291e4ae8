// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.LocatedModel;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;

/**
 * {@link ModelText#parseLocated}: the same model as {@link ModelText#parse}, and the line it gives a
 * construct is the line of the text where that construct is written, its last line the loop's
 * {@code done} or the event's own line: the example models, with comment lines and blank lines added
 * anywhere.
 */
class LocatedModelTest {

	@Test
	void everyConstructIsOnItsLine() throws Exception {
		Random random = new Random(34);
		List<Path> examples = Texts.examples();
		assertTrue(examples.size() >= 4, "examples/models holds the example models");
		for (int i = 0; i < 200; i++) {
			Path example = examples.get(i % examples.size());
			List<String> lines = new ArrayList<>();
			// the lines of constructs, in the order of the text: no comment line, end of a loop or annotation
			List<String> constructLines = new ArrayList<>();
			for (String line : Files.readAllLines(example)) {
				if (random.nextInt(4) == 0) {
					lines.add(random.nextBoolean() ? "" : "// a comment line");
				}
				lines.add(line);
				String trimmed = line.trim();
				if (!trimmed.isEmpty() && !trimmed.startsWith("//") && !trimmed.startsWith("done") && !trimmed.startsWith("get ")) {
					constructLines.add(line);
				}
			}
			String text = String.join("\n", lines) + "\n";
			LocatedModel located = ModelText.parseLocated(text, example.toString());
			Model model = located.model();
			assertTrue(EcoreUtil.equals(ModelText.parse(example), model), example.toString());
			int constructs = 0;
			for (var it = model.eAllContents(); it.hasNext();) {
				if (it.next() instanceof Construct construct) {
					assertEquals(constructLines.get(constructs), lines.get(located.line(construct) - 1), text);
					String last = lines.get(located.lastLine(construct) - 1);
					// a loop ends on its done, an event on its own line
					assertEquals(construct instanceof Loop ? "done" : constructLines.get(constructs), construct instanceof Loop ? last.trim() : last,
							text);
					constructs++;
				}
			}
			assertEquals(constructLines.size(), constructs, example.toString());
			assertEquals(constructs, located.lines().size());
			assertEquals(constructs, located.lastLines().size());
		}
	}
}
