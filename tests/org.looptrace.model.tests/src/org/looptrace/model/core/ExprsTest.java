// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.model.Expr;
import org.looptrace.model.Residue;
import org.looptrace.model.Term;
import org.looptrace.model.Xor;

/** Expressions modulo a period: value, canonical form, text and the indices they read. */
class ExprsTest {

	private static final List<String> SCOPE = List.of("i0", "i1", "i2");

	/** {@code coefficient * mod(constant + sum coefficients * indices, modulus)}, as written. */
	private static Residue residue(long coefficient, long constant, Map<String, Long> coefficients, long modulus) {
		return Exprs.residue(coefficient, Exprs.canonical(constant, coefficients, SCOPE), modulus);
	}

	private static String text(long constant, Map<String, Long> coefficients, Residue... residues) {
		return Exprs.toText(Exprs.canonical(constant, coefficients, List.of(residues), SCOPE));
	}

	@Test
	void modIsTheFloorRemainderAlsoOfNegativeArguments() {
		Expr expr = Exprs.canonical(0, Map.of(), List.of(residue(1, 0, Map.of("i0", 1L), 4)), SCOPE);
		long[] expected = { 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1 };
		for (int i = -5; i <= 5; i++) {
			long value = i;
			assertEquals(expected[i + 5], Exprs.evaluate(expr, index -> value), "mod(" + i + ",4)");
		}
		Expr negated = Exprs.canonical(10, Map.of(), List.of(residue(-2, 1, Map.of("i0", -3L), 7)), SCOPE);
		assertEquals(10 - 2 * Math.floorMod(1 + 15, 7), Exprs.evaluate(negated, index -> -5));
		assertEquals(10 - 2 * Math.floorMod(1 - 15, 7), Exprs.evaluate(negated, index -> 5));
	}

	@Test
	void canonicalFormOfResidues() {
		// the argument's constant into 0 .. m-1, its coefficients into (-m/2, m/2]
		assertEquals("mod(3+i0,4)", text(0, Map.of(), residue(1, 7, Map.of("i0", 5L), 4)));
		assertEquals("mod(3-i0,4)", text(0, Map.of(), residue(1, -1, Map.of("i0", 3L), 4)));
		assertEquals("mod(2*i0,4)", text(0, Map.of(), residue(1, 0, Map.of("i0", -2L), 4)));
		assertEquals("mod(i1,2)", text(0, Map.of(), residue(1, 0, Map.of("i1", -1L), 2)));
		// terms of the argument in the order of the scope
		assertEquals("mod(1+i0-i2,5)", text(0, Map.of(), residue(1, 1, Map.of("i2", -1L, "i0", 1L), 5)));
		// a residue of a constant argument is a constant, one of modulus 1 is 0
		assertEquals("7", text(1, Map.of(), residue(2, 7, Map.of(), 4)));
		assertEquals("-1", text(1, Map.of(), residue(-2, -3, Map.of("i0", 4L), 4)));
		assertEquals("i0", text(0, Map.of("i0", 1L), residue(5, 3, Map.of("i0", 1L), 1)));
		// equal residues are one, zero coefficients vanish
		assertEquals("3*mod(1+i0,4)", text(0, Map.of(), residue(1, 1, Map.of("i0", 1L), 4), residue(2, 5, Map.of("i0", -3L), 4)));
		assertEquals("0", text(0, Map.of(), residue(1, 0, Map.of("i0", 1L), 4), residue(-1, 4, Map.of("i0", 1L), 4)));
		// the same argument modulo another period is another residue; residues ordered by their text
		assertEquals("mod(i0,2)+mod(i0,4)+mod(i1,4)",
				text(0, Map.of(), residue(1, 0, Map.of("i1", 1L), 4), residue(1, 0, Map.of("i0", 1L), 4), residue(1, 0, Map.of("i0", 1L), 2)));
	}

	@Test
	void canonicalRejectsAModulusBelowOneAndAModInsideAMod() {
		assertThrows(IllegalArgumentException.class, () -> text(0, Map.of(), residue(1, 0, Map.of("i0", 1L), 0)));
		assertThrows(IllegalArgumentException.class, () -> text(0, Map.of(), residue(1, 0, Map.of("i0", 1L), -3)));
		Expr nested = Exprs.canonical(0, Map.of(), List.of(residue(1, 0, Map.of("i0", 1L), 4)), SCOPE);
		assertThrows(IllegalArgumentException.class,
				() -> Exprs.canonical(0, Map.of(), List.of(Exprs.residue(1, nested, 8)), SCOPE));
	}

	@Test
	void textOfExpressionsWithResidues() {
		assertEquals("4*i1+mod(3+i2,4)", text(0, Map.of("i1", 4L), residue(1, 3, Map.of("i2", 1L), 4)));
		assertEquals("2*mod(1+i0,4)", text(0, Map.of(), residue(2, 1, Map.of("i0", 1L), 4)));
		assertEquals("-mod(i1,4)", text(0, Map.of(), residue(-1, 0, Map.of("i1", 1L), 4)));
		assertEquals("5-i0-3*mod(i0,2)", text(5, Map.of("i0", -1L), residue(-3, 0, Map.of("i0", 1L), 2)));
	}

	@Test
	void indicesReadInTermsAndInResidues() {
		Expr expr = Exprs.canonical(1, Map.of("i1", 2L), List.of(residue(1, 0, Map.of("i2", 1L, "i1", 1L), 4)), SCOPE);
		assertEquals(List.of("i1", "i2"), List.copyOf(Exprs.indices(expr)));
		assertTrue(Exprs.reads(expr, "i1"));
		assertTrue(Exprs.reads(expr, "i2"));
		assertFalse(Exprs.reads(expr, "i0"));
		assertFalse(Exprs.isConstant(expr));
		assertFalse(Exprs.isAffine(expr));
		Expr onlyResidue = Exprs.canonical(0, Map.of(), List.of(residue(1, 1, Map.of("i0", 1L), 3)), SCOPE);
		assertEquals(Set.of("i0"), Exprs.indices(onlyResidue));
		assertFalse(Exprs.isConstant(onlyResidue));
		assertTrue(Exprs.isAffine(Exprs.canonical(1, Map.of("i0", 1L), SCOPE)));
	}

	/**
	 * On random sums of terms and residues (arguments with any constants and coefficients, moduli
	 * 1..9, repeated arguments): the canonical expression has the value of the sum as written at
	 * every point, is in canonical form, and is its own canonical form.
	 */
	@Test
	void canonicalKeepsTheValueOfRandomSums() {
		Random random = new Random(20261123);
		for (int n = 0; n < 3000; n++) {
			long constant = random.nextInt(41) - 20;
			Map<String, Long> coefficients = randomCoefficients(random, 4);
			List<Residue> residues = new ArrayList<>();
			for (int r = random.nextInt(4); r > 0; r--) {
				residues.add(residue(random.nextInt(7) - 3, random.nextInt(41) - 20, randomCoefficients(random, 9), 1 + random.nextInt(9)));
			}
			if (!residues.isEmpty() && random.nextBoolean()) {
				// the same argument shifted by a multiple of the modulus
				Residue first = residues.get(0);
				Expr shifted = EcoreUtil.copy(first.getArgument());
				shifted.setConstant(shifted.getConstant() + first.getModulus() * (random.nextInt(5) - 2));
				residues.add(Exprs.residue(random.nextInt(7) - 3, shifted, first.getModulus()));
			}
			Expr expr = Exprs.canonical(constant, coefficients, residues, SCOPE);
			String where = "sample " + n + ": " + Exprs.toText(expr);
			for (int point = 0; point < 20; point++) {
				Map<String, Long> values = Map.of("i0", (long) random.nextInt(61) - 30, "i1", (long) random.nextInt(61) - 30, "i2",
						(long) random.nextInt(61) - 30);
				assertEquals(asWritten(constant, coefficients, residues, values), Exprs.evaluate(expr, values::get), where + " at " + values);
			}
			assertCanonical(expr, where);
			Map<String, Long> terms = new HashMap<>();
			expr.getTerms().forEach(term -> terms.put(term.getIndex(), term.getCoefficient()));
			Expr again = Exprs.canonical(expr.getConstant(), terms, List.copyOf(EcoreUtil.copyAll(expr.getResidues())), SCOPE);
			assertTrue(EcoreUtil.equals(expr, again), where + " is not its own canonical form: " + Exprs.toText(again));
		}
	}

	/**
	 * On random sums of terms, residues and xors (arguments of any sign, masks 1..12, shifts constant
	 * or affine, equal xors written twice, constant ones): the canonical expression has the value of
	 * the sum as written at every point where the shifts are in range, is its own canonical form, and
	 * its xors are canonical.
	 */
	@Test
	void canonicalKeepsTheValueOfRandomSumsWithXors() {
		Random random = new Random(20261128);
		for (int n = 0; n < 3000; n++) {
			long constant = random.nextInt(41) - 20;
			Map<String, Long> coefficients = randomCoefficients(random, 4);
			List<Residue> residues = new ArrayList<>();
			if (random.nextInt(3) == 0) {
				residues.add(residue(random.nextInt(7) - 3, random.nextInt(41) - 20, randomCoefficients(random, 9), 1 + random.nextInt(9)));
			}
			List<Xor> xors = new ArrayList<>();
			for (int x = 1 + random.nextInt(3); x > 0; x--) {
				Expr argument = Exprs.canonical(random.nextInt(41) - 10, randomCoefficients(random, 3), SCOPE);
				// shifts stay in 0..8 on the points below (indices in 0..4)
				Map<String, Long> shiftTerms = random.nextBoolean() ? Map.of() : Map.of(SCOPE.get(random.nextInt(3)), random.nextBoolean() ? 1L : -1L);
				long shiftConstant = shiftTerms.containsValue(-1L) ? 4 + random.nextInt(3) : random.nextInt(4);
				xors.add(Exprs.xor(random.nextInt(7) - 3, argument, 1 + random.nextInt(12), Exprs.canonical(shiftConstant, shiftTerms, SCOPE)));
			}
			if (random.nextBoolean()) {
				xors.add(EcoreUtil.copy(xors.get(0))); // the same xor twice: one, coefficients summed
			}
			Expr expr = Exprs.canonical(constant, coefficients, residues, xors, SCOPE);
			String where = "sample " + n + ": " + Exprs.toText(expr);
			for (int point = 0; point < 20; point++) {
				Map<String, Long> values = Map.of("i0", (long) random.nextInt(5), "i1", (long) random.nextInt(5), "i2", (long) random.nextInt(5));
				long expected = asWritten(constant, coefficients, residues, values);
				for (Xor xor : xors) {
					long argument = asWritten(xor.getArgument().getConstant(), coefficients(xor.getArgument()), List.of(), values);
					long shift = asWritten(xor.getShift().getConstant(), coefficients(xor.getShift()), List.of(), values);
					expected += xor.getCoefficient() * (argument ^ xor.getMask() << shift);
				}
				assertEquals(expected, Exprs.evaluate(expr, values::get), where + " at " + values);
			}
			assertCanonicalXors(expr, where);
			Expr again = Exprs.canonical(expr.getConstant(), coefficients(expr), List.copyOf(EcoreUtil.copyAll(expr.getResidues())),
					List.copyOf(EcoreUtil.copyAll(expr.getXors())), SCOPE);
			assertTrue(EcoreUtil.equals(expr, again), where + " is not its own canonical form: " + Exprs.toText(again));
		}
	}

	@Test
	void xorsAreNeitherAffineNorConstantAndReadTheirArgumentAndShift() {
		Expr expr = Exprs.canonical(0, Map.of(), List.of(),
				List.of(Exprs.xor(1, Exprs.canonical(0, Map.of("i1", 1L), SCOPE), 1, Exprs.canonical(0, Map.of("i0", 1L), SCOPE))), SCOPE);
		assertEquals("xor(i1,pow2(i0))", Exprs.toText(expr));
		assertFalse(Exprs.isAffine(expr));
		assertFalse(Exprs.isConstant(expr));
		assertEquals(Set.of("i0", "i1"), Exprs.indices(expr));
		assertTrue(Exprs.reads(expr, "i0"));
		assertFalse(Exprs.reads(expr, "i2"));
	}

	/** A xor of the argument 0 is a power of two: printed pow2(s) or m*pow2(s) when its coefficient is 1 or -1. */
	@Test
	void xorsOfZeroPrintAsPowersOfTwo() {
		Expr i0 = Exprs.canonical(0, Map.of("i0", 1L), SCOPE);
		assertEquals("pow2(i0)", text(1, 1, i0));
		assertEquals("-3*pow2(i0)", text(-1, 3, i0));
		assertEquals("2*xor(0,pow2(i0))", text(2, 1, i0));
		assertEquals("-5*xor(0,3*pow2(i0))", text(-5, 3, i0));
		Expr sum = Exprs.canonical(4, Map.of("i1", 1L), List.of(), List.of(Exprs.xor(1, Exprs.constant(0), 5, EcoreUtil.copy(i0)),
				Exprs.xor(-1, Exprs.constant(0), 1, EcoreUtil.copy(i0)), Exprs.xor(1, Exprs.constant(1), 1, EcoreUtil.copy(i0))), SCOPE);
		assertEquals("4+i1+5*pow2(i0)-pow2(i0)+xor(1,pow2(i0))", Exprs.toText(sum));
		assertTrue(Exprs.isPower(sum.getXors().get(1)));
		assertFalse(Exprs.isPower(sum.getXors().get(2)));
	}

	private static String text(long coefficient, long mask, Expr shift) {
		return Exprs.toText(Exprs.canonical(0, Map.of(), List.of(), List.of(Exprs.xor(coefficient, Exprs.constant(0), mask, EcoreUtil.copy(shift))), SCOPE));
	}

	private static Map<String, Long> coefficients(Expr affine) {
		Map<String, Long> coefficients = new HashMap<>();
		affine.getTerms().forEach(term -> coefficients.merge(term.getIndex(), term.getCoefficient(), Long::sum));
		return coefficients;
	}

	private static void assertCanonicalXors(Expr expr, String where) {
		Set<String> seen = new HashSet<>();
		@Nullable String previous = null;
		for (Xor xor : expr.getXors()) {
			String text = Exprs.toText(Exprs.canonical(0, Map.of(), List.of(), List.of(EcoreUtil.copy(xor)), SCOPE));
			assertTrue(xor.getCoefficient() != 0, where + ": zero coefficient");
			assertTrue(xor.getMask() >= 1, where + ": mask " + xor.getMask());
			assertTrue(Exprs.isAffine(xor.getArgument()) && Exprs.isAffine(xor.getShift()), where + ": " + text);
			assertFalse(Exprs.isConstant(xor.getArgument()) && Exprs.isConstant(xor.getShift()), where + ": constant " + text);
			if (Exprs.isConstant(xor.getShift())) {
				assertEquals(0, xor.getShift().getConstant(), where + ": a constant shift not in the mask: " + text);
			} else {
				assertEquals(1, xor.getMask() & 1, where + ": an even mask beside a shift: " + text);
			}
			// printed with the coefficient 2, a xor of 0 keeps its xor form, by which xors are ordered
			Xor twice = EcoreUtil.copy(xor);
			twice.setCoefficient(2);
			String xorText = Exprs.toText(Exprs.canonical(0, Map.of(), List.of(), List.of(twice), SCOPE));
			String key = xorText.substring(xorText.indexOf("xor("));
			assertTrue(seen.add(key), where + ": two xors " + key);
			assertTrue(previous == null || previous.compareTo(key) <= 0, where + ": xors out of order");
			previous = key;
		}
	}

	private static Map<String, Long> randomCoefficients(Random random, int bound) {
		Map<String, Long> coefficients = new HashMap<>();
		for (String index : SCOPE) {
			if (random.nextInt(3) == 0) {
				coefficients.put(index, (long) random.nextInt(2 * bound + 1) - bound);
			}
		}
		return coefficients;
	}

	private static long asWritten(long constant, Map<String, Long> coefficients, List<Residue> residues, Map<String, Long> values) {
		long value = constant;
		for (Map.Entry<String, Long> term : coefficients.entrySet()) {
			value += term.getValue() * values.get(term.getKey());
		}
		for (Residue residue : residues) {
			long argument = residue.getArgument().getConstant();
			for (Term term : residue.getArgument().getTerms()) {
				argument += term.getCoefficient() * values.get(term.getIndex());
			}
			value += residue.getCoefficient() * Math.floorMod(argument, residue.getModulus());
		}
		return value;
	}

	private static void assertCanonical(Expr expr, String where) {
		Set<String> seen = new HashSet<>();
		@Nullable String previous = null;
		for (Residue residue : expr.getResidues()) {
			long modulus = residue.getModulus();
			Expr argument = residue.getArgument();
			assertTrue(modulus >= 2, where + ": modulus " + modulus);
			assertTrue(residue.getCoefficient() != 0, where + ": zero coefficient");
			assertTrue(Exprs.isAffine(argument) && !Exprs.isConstant(argument), where + ": argument " + Exprs.toText(argument));
			assertTrue(argument.getConstant() >= 0 && argument.getConstant() < modulus, where + ": argument constant");
			for (Term term : argument.getTerms()) {
				long coefficient = term.getCoefficient();
				assertTrue(coefficient != 0 && -modulus < 2 * coefficient && 2 * coefficient <= modulus, where + ": argument coefficient");
			}
			String key = Exprs.toText(argument) + "," + modulus;
			assertTrue(seen.add(key), where + ": two residues of " + key);
			assertTrue(previous == null || previous.compareTo(Exprs.toText(argument)) <= 0, where + ": residues out of order");
			previous = Exprs.toText(argument);
		}
	}
}
