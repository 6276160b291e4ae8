// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.looptrace.model.core.ModelBuilder.loop;
import static org.looptrace.model.core.ModelBuilder.model;
import static org.looptrace.model.core.ModelBuilder.send;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;
import org.junit.jupiter.api.Test;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;

/** Paths name every construct of a model, and name it alone. */
class ConstructPathTest {

	private static Model sample() {
		return model(send(Exprs.constant(0), Exprs.constant(1), Exprs.symbol("t")),
				loop("i0", 0, 9, send(Exprs.constant(0), Exprs.constant(1), Exprs.symbol("a")),
						loop("i1", 0, 3, send(Exprs.constant(1), Exprs.constant(2), Exprs.symbol("b")))),
				send(Exprs.constant(2), Exprs.constant(3), Exprs.symbol("c")));
	}

	@Test
	void pathsCountConstructsFromOneOutermostFirst() {
		Model model = sample();
		Loop outer = (Loop) model.getItems().get(1);
		assertEquals("1", ConstructPath.of((Construct) model.getItems().get(0)));
		assertEquals("2", ConstructPath.of(outer));
		assertEquals("2.2.1", ConstructPath.of((Construct) ((Loop) outer.getItems().get(1)).getItems().get(0)));
		assertEquals("3", ConstructPath.of((Construct) model.getItems().get(2)));
	}

	@Test
	void everyConstructIsFoundByItsPath() {
		Model model = sample();
		List<Construct> all = new ArrayList<>();
		for (TreeIterator<EObject> it = model.eAllContents(); it.hasNext();) {
			if (it.next() instanceof Construct construct) {
				all.add(construct);
			}
		}
		assertEquals(6, all.size());
		for (Construct construct : all) {
			assertSame(construct, ConstructPath.find(model, ConstructPath.of(construct)));
		}
	}

	@Test
	void badPathsSayWhatDoesNotFit() {
		Model model = sample();
		assertEquals("no construct 2.3: loop 2 holds 2 constructs directly in its body (2.1 to 2.2)",
				assertThrows(IllegalArgumentException.class, () -> ConstructPath.find(model, "2.3")).getMessage());
		assertEquals("construct 1 is an event, it has no construct 1.1",
				assertThrows(IllegalArgumentException.class, () -> ConstructPath.find(model, "1.1")).getMessage());
		assertThrows(IllegalArgumentException.class, () -> ConstructPath.find(model, "0"));
		assertThrows(IllegalArgumentException.class, () -> ConstructPath.find(model, "2."));
		assertEquals("no construct 4: the model holds 3 constructs at its top level (1 to 3)",
				assertThrows(IllegalArgumentException.class, () -> ConstructPath.find(model, "4")).getMessage());
	}
}
