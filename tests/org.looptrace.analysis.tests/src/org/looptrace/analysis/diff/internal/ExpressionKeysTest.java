// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.looptrace.model.Expr;
import org.looptrace.model.core.Exprs;

/** The key of an expression tells its xors apart, as its residues, and names indices by depth. */
class ExpressionKeysTest {

	/** {@code xor(index, mask*pow2(shiftIndex))} in the scope {@code outer, inner}. */
	private static Expr xor(String index, long mask, String shiftIndex, List<String> scope) {
		return Exprs.canonical(0, Map.of(), List.of(),
				List.of(Exprs.xor(1, Exprs.canonical(0, Map.of(index, 1L), scope), mask, Exprs.canonical(0, Map.of(shiftIndex, 1L), scope))),
				scope);
	}

	@Test
	void xorsOfAnotherMaskArgumentOrShiftHaveAnotherKey() {
		Map<String, Integer> depths = Map.of("s", 0, "r", 1);
		List<String> scope = List.of("s", "r");
		String butterfly = Keys.expr(xor("r", 1, "s", scope), depths);
		assertEquals("0+1*xor(0+1*#1,1*pow2(0+1*#0))", butterfly);
		assertNotEquals(butterfly, Keys.expr(xor("r", 3, "s", scope), depths));
		assertNotEquals(butterfly, Keys.expr(xor("s", 1, "r", scope), depths));
		assertNotEquals(Keys.expr(Exprs.canonical(0, Map.of("r", 1L), scope), depths), butterfly);
		// the same butterfly over indices of other names at the same depths
		assertEquals(butterfly, Keys.expr(xor("j", 1, "i", List.of("i", "j")), Map.of("i", 0, "j", 1)));
	}
}
