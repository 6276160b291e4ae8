// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.ConstructTimeText;
import org.looptrace.scanner.profile.Durations;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.scanner.profile.TimeText;

/** The lines on a construct's time that the hover and the Timeline's tooltips show: a small run to the character, random runs by figure. */
class ConstructTimeTextTest {

	@Test
	void theLinesOfASmallRun(@TempDir Path folder) throws Exception {
		// iterations of 60, 100 and 200 ns; each event lasts 10 ns
		TimeProfile profile = TimeProfileTest.smallRun(folder);
		assertEquals("""
				time: 360ns summed over 1 rank (100.0% of their run), MPI 60ns, imbalance 1.00 (busiest rank 0)
				iteration times: 3 over 1 rank, min 60ns, mean 120ns, max 200ns, 32ns..256ns \u2588\u2588\u2588""", ConstructTimeText.of(profile, profile.constructs().get(0)));
		assertEquals("time: 30ns summed over 1 rank (8.3% of their run), MPI 30ns, imbalance 1.00 (busiest rank 0)",
				ConstructTimeText.of(profile, profile.constructs().get(1)));
	}

	@Test
	void everyConstructOfRandomRunsHasItsFigures(@TempDir Path folder) throws Exception {
		RandomModels random = new RandomModels(23, 4);
		int loops = 0;
		for (int i = 0; i < 100; i++) {
			Model model = random.next();
			ScannerTest.writeData(model, 4, folder, i);
			TimeProfile profile = TimeProfile.of(model, folder, Progress.NONE);
			for (ConstructTime construct : profile.constructs()) {
				String text = ConstructTimeText.of(profile, construct);
				String[] lines = text.split("\n", -1);
				String what = ModelPrinter.print(model) + construct.path() + ": " + text;
				int ranks = construct.ranks().size();
				assertTrue(lines[0].startsWith("time: " + TimeText.of(construct.totalTime()) + " summed over " + ranks + (ranks == 1 ? " rank (" : " ranks (")),
						what);
				assertTrue(lines[0].contains(", MPI " + TimeText.of(construct.mpiTime()) + ", "), what);
				assertTrue(lines[0].endsWith("(busiest rank " + construct.busiest().rank() + ")"), what);
				Durations iterations = construct.iterations();
				assertEquals(iterations == null ? 1 : 2, lines.length, what);
				if (iterations != null) {
					loops++;
					assertEquals("iteration times: " + iterations.count() + " over " + ranks + (ranks == 1 ? " rank" : " ranks") + ", min " + TimeText.of(iterations.min()) + ", mean "
							+ TimeText.of(Math.round(iterations.mean())) + ", max " + TimeText.of(iterations.max()) + ", " + iterations.histogram(), lines[1],
							what);
				}
			}
		}
		assertTrue(loops > 50, "the random runs had " + loops + " loops");
	}
}
