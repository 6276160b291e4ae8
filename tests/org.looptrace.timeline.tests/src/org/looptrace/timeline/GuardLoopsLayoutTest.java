// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.testsupport.GuardModels;
import org.looptrace.timeline.render.SvgRenderer;

/**
 * Guard loops (loops that run at some iterations of an enclosing loop only) in the timeline: the
 * layouts of a guard model and of its plain twin keep every invariant (a guard is one box, its count
 * that of the iteration drawn).
 */
class GuardLoopsLayoutTest {

	@Test
	void guardModelsAndTheirTwinsKeepTheInvariants() throws Exception {
		Random random = new Random(11);
		for (int i = 0; i < 100; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			laidOut(ModelText.parse(pair.guarded(), "guarded.loops"), "guarded " + i + "\n" + pair);
			laidOut(ModelText.parse(pair.plain(), "plain.loops"), "plain " + i + "\n" + pair);
		}
	}

	@Test
	void aWarmUpIsOneBoxInsideTheStepLoop() throws Exception {
		Model model = ModelText.parse(GuardModels.warmUp(1000).guarded(), "warm-up.loops");
		Drawing drawing = laidOut(model, "warm-up");
		assertEquals(4, drawing.boxes().size());
		assertTrue(drawing.boxes().stream().anyMatch(box -> box.path().equals("1.1.1.2")), drawing.boxes()::toString);
	}

	private static Drawing laidOut(Model model, String what) throws Exception {
		Drawing drawing = TimelineLayout.layout(model, LayoutOptions.DEFAULTS);
		Invariants.check(model, drawing, what);
		Invariants.checkSvg(drawing, SvgRenderer.render(drawing), what);
		return drawing;
	}
}
