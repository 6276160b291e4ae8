// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.merge.fold.internal.DepthExpr.Residue;
import org.looptrace.model.core.Exprs;

/**
 * k copies of a number unified by their values: a number over the new index j that copies were
 * cut from is found again (as a number with the same values), and whatever is found takes the
 * copies' values at every point, on random numbers with residues that walk around cycles.
 */
class ValueFitTest {

	/** depth 0: the new index j; depth 1: the copies' inner index, over 0..1 (BT's stage pairs). */
	private static final List<long @Nullable []> INNER = List.of(new long[] { 0, 1 });

	/**
	 * Copies j = 0..k−1 of the number, each written as a plain affine number of the inner index
	 * (on 0..1 every number is): the form folding finds when no copy wraps a residue.
	 */
	private static DepthExpr[] copies(DepthExpr number, int k) {
		DepthExpr[] copies = new DepthExpr[k];
		for (int j = 0; j < k; j++) {
			long first = number.evaluate(new long[] { j, 0 });
			long second = number.evaluate(new long[] { j, 1 });
			copies[j] = DepthExpr.of(new long[] { first, second - first }, List.of());
		}
		return copies;
	}

	private static void assertTakesTheCopiesValues(DepthExpr fitted, DepthExpr[] copies) {
		for (int j = 0; j < copies.length; j++) {
			for (long i = 0; i <= 1; i++) {
				assertEquals(copies[j].evaluate(new long[] { i }), fitted.evaluate(new long[] { j, i }),
						fitted + " at j = " + j + ", i = " + i + " against " + copies[j]);
			}
		}
	}

	private static Residue residue(long coefficient, long constant, long j, long i, long modulus) {
		return new Residue(coefficient, new long[] { constant, j, i }, modulus);
	}

	@Test
	void theRowsOfBtsGridAreOneNumberOverTheRow() {
		// Row r sends tag 3000+8*i+mod(r+2*i,4): rows 0 and 1 read 3000+r+10*i, row 2 3002+6*i.
		DepthExpr tag = DepthExpr.of(new long[] { 3000, 0, 8 }, List.of(residue(1, 0, 1, 2, 4)));
		DepthExpr[] rows = copies(tag, 4);
		assertEquals(DepthExpr.of(new long[] { 3000, 10 }, List.of()), rows[0]);
		assertEquals(DepthExpr.of(new long[] { 3002, 6 }, List.of()), rows[2]);
		DepthExpr fitted = ValueFit.fit(rows, 0, INNER, Set.of());
		assertNotNull(fitted);
		assertTakesTheCopiesValues(fitted, rows);
		// BT's cells: 5000+4*mod(3+r,4)+mod(3+r+2*i,4), two residues of the row
		DepthExpr cell = DepthExpr.of(new long[] { 5000 }, List.of(residue(4, 3, 1, 0, 4), residue(1, 3, 1, 2, 4)));
		DepthExpr[] cells = copies(cell, 4);
		DepthExpr fittedCell = ValueFit.fit(cells, 0, INNER, Set.of());
		assertNotNull(fittedCell);
		assertTakesTheCopiesValues(fittedCell, cells);
	}

	@Test
	void theSuccessorInRowMajorOrderIsAResidueOfTheProductOfTheModuli() {
		// BT's time loop, rows 0 to 2 of its 4 × 4 grid, column i: the rank mod(5+4*r+i,16), as the
		// rows' foldings wrote it (row 2 wraps at its last column).
		DepthExpr[] rows = { DepthExpr.of(new long[] { 5, 1 }, List.of()), DepthExpr.of(new long[] { 9, 1 }, List.of()),
				DepthExpr.of(new long[] { 9, -3 }, List.of(new Residue(4, new long[] { 1, 1 }, 4))) };
		List<long @Nullable []> columns = List.of(new long[] { 0, 3 });
		DepthExpr fitted = ValueFit.fit(rows, 0, columns, Set.of(4L));
		assertNotNull(fitted);
		for (int j = 0; j < rows.length; j++) {
			for (long i = 0; i <= 3; i++) {
				assertEquals(Math.floorMod(5 + 4 * j + i, 16), fitted.evaluate(new long[] { j, i }), fitted.toString());
			}
		}
	}

	/**
	 * A sweep along a column and one along a diagonal of a w × w grid of ranks (i0 the row, i1
	 * the column): the peer w*mod(1+i0,w)+i1, then w*mod(1+i0,w)+mod(i1-1,w), one number over the
	 * two, mod(i1-j,w), at every width: the plainest residues are tried first, so the many points
	 * of a wide grid spend the budget on them.
	 */
	@Test
	void aResidueThatStepsBackwardsOverTheCopiesIsFoundOnEveryWidth() {
		for (long w = 3; w <= 11; w++) {
			Residue row = new Residue(w, new long[] { 1, 1, 0 }, w);
			DepthExpr[] sweeps = { DepthExpr.of(new long[] { 0, 0, 1 }, List.of(row)),
					DepthExpr.of(new long[] { 0 }, List.of(row, new Residue(1, new long[] { w - 1, 0, 1 }, w))) };
			DepthExpr fitted = ValueFit.fit(sweeps, 2, List.of(new long[] { 0, w - 1 }, new long[] { 0, w - 1 }), Set.of(w));
			assertNotNull(fitted, w + " wide");
			for (long j = 0; j <= 1; j++) {
				for (long i0 = 0; i0 < w; i0++) {
					for (long i1 = 0; i1 < w; i1++) {
						assertEquals(w * Math.floorMod(1 + i0, w) + Math.floorMod(i1 - j, w), fitted.evaluate(new long[] { i0, i1, j }),
								fitted.toString());
					}
				}
			}
			String text = Exprs.toText(DepthExprConversion.toExpr(fitted, List.of("i0", "i1", "j")));
			assertTrue(text.contains("mod(i1-j," + w + ")"), w + " wide: " + text);
		}
	}

	@Test
	void numbersCutIntoCopiesAreFoundAgainAndWhatIsFoundIsExact() {
		Random random = new Random(41);
		int found = 0;
		int runs = 2_000;
		for (int run = 0; run < runs; run++) {
			int k = 3 + random.nextInt(4);
			long modulus = 2 + random.nextInt(4);
			List<Residue> residues = new ArrayList<>();
			for (int r = random.nextInt(3); r > 0; r--) {
				residues.add(residue(1 + random.nextInt(5) * (random.nextBoolean() ? 1 : -1), random.nextInt(8), 1,
						random.nextInt(4) - 1, modulus));
			}
			DepthExpr number = DepthExpr.of(new long[] { random.nextInt(2001) - 1000, random.nextInt(9) - 4, random.nextInt(9) - 4 },
					residues);
			DepthExpr[] copies = copies(number, k);
			DepthExpr fitted = ValueFit.fit(copies, 0, INNER, Set.of(modulus));
			if (fitted != null) {
				assertTakesTheCopiesValues(fitted, copies);
				found++;
			}
		}
		// The search is bounded (fresh residues step by one copy); most are found again.
		assertTrue(found >= runs * 9 / 10, found + " of " + runs + " found");
	}

	/**
	 * Sweep3D's tags over the directions d (the copies) and e of a sweep, at the octant loop's
	 * index i: a + b·e + c·(i − mod(m/2+i, m)), a step of 2·c at the octant loop's half, where a,
	 * b and c depend on d. The copies' residue is the same, its coefficient changes: the fit takes
	 * that residue at a second step (mod(m/2+m/2·d+i, m)) and the product of the directions
	 * (mod(d+e,2)). Sweep3D's own numbers first (3000 or 6000 sweeping east and south, 5000 or
	 * 6000 west and south, …), then random ones.
	 */
	@Test
	void aResidueWhoseCoefficientChangesFromCopyToCopyIsThatResidueAtTwoSteps() {
		List<long @Nullable []> directionAndOctants = List.of(new long[] { 0, 1 }, new long[] { 0, 7 });
		DepthExpr[] sweeps = { sweepTag(4500, 6000, 375, 8), sweepTag(5500, 2000, 125, 8) };
		DepthExpr fitted = ValueFit.fit(sweeps, 0, directionAndOctants, Set.of());
		assertNotNull(fitted);
		assertTakesTheSweepsValues(fitted, sweeps, 8);
		Random random = new Random(47);
		for (int run = 0; run < 200; run++) {
			long m = 2 * (2 + random.nextInt(3));
			DepthExpr[] copies = new DepthExpr[2];
			long b = random.nextInt(2001) - 1000;
			for (int d = 0; d < 2; d++) {
				copies[d] = sweepTag(random.nextInt(20_001), b + 2 * d * (random.nextInt(1001) - 500), 1 + random.nextInt(500) + d * 500, m);
			}
			fitted = ValueFit.fit(copies, 0, List.of(new long[] { 0, 1 }, new long[] { 0, m - 1 }), Set.of());
			assertNotNull(fitted, copies[0] + " and " + copies[1]);
			assertTakesTheSweepsValues(fitted, copies, m);
		}
	}

	/** a + b·e + c·i − c·mod(m/2+i, m) over e at depth 0 and i at depth 1. */
	private static DepthExpr sweepTag(long a, long b, long c, long m) {
		return DepthExpr.of(new long[] { a, b, c }, List.of(new Residue(-c, new long[] { m / 2, 0, 1 }, m)));
	}

	private static void assertTakesTheSweepsValues(DepthExpr fitted, DepthExpr[] copies, long m) {
		for (int d = 0; d < copies.length; d++) {
			for (long e = 0; e <= 1; e++) {
				for (long i = 0; i < m; i++) {
					assertEquals(copies[d].evaluate(new long[] { e, i }), fitted.evaluate(new long[] { d, e, i }),
							fitted + " at d = " + d + ", e = " + e + ", i = " + i + " against " + copies[d]);
				}
			}
		}
	}

	@Test
	void copiesThatNoNumberTakesAreRefusedNeverFittedWrongly() {
		Random random = new Random(43);
		int refused = 0;
		for (int run = 0; run < 500; run++) {
			DepthExpr[] copies = new DepthExpr[3 + random.nextInt(3)];
			for (int c = 0; c < copies.length; c++) {
				copies[c] = DepthExpr.of(new long[] { random.nextInt(100_000), random.nextInt(1000) }, List.of());
			}
			DepthExpr fitted = ValueFit.fit(copies, 0, INNER, Set.of(4L));
			if (fitted == null) {
				refused++;
			} else {
				assertTakesTheCopiesValues(fitted, copies);
			}
		}
		assertTrue(refused > 400, refused + " refused");
	}

	/** Copies j = 0..k−1 of a number over j (depth 0) and two indices. */
	private static DepthExpr[] copiesOverTwoIndices(DepthExpr number, int k) {
		DepthExpr[] copies = new DepthExpr[k];
		for (int j = 0; j < k; j++) {
			copies[j] = number.instantiate(0, j);
		}
		return copies;
	}

	private static List<long @Nullable []> box(long rows, long columns) {
		return List.of(new long[] { 0, rows - 1 }, new long[] { 0, columns - 1 });
	}

	/** The fitted number takes each copy's value at every point of the box, not only at those searched. */
	private static void assertTakesTheCopiesValuesOverTheBox(@Nullable DepthExpr fitted, DepthExpr[] copies, long rows, long columns) {
		assertNotNull(fitted, "copies " + List.of(copies) + " over " + rows + " × " + columns);
		for (int j = 0; j < copies.length; j++) {
			for (long i1 = 0; i1 < rows; i1++) {
				for (long i2 = 0; i2 < columns; i2++) {
					assertEquals(copies[j].evaluate(new long[] { i1, i2 }), fitted.evaluate(new long[] { j, i1, i2 }),
							fitted + " at j = " + j + ", i1 = " + i1 + ", i2 = " + i2 + " against " + copies[j]);
				}
			}
		}
	}

	/**
	 * Sweeps along the rows and the columns of a w × w grid of ranks and a rank's successor in
	 * row-major order, over boxes from 8 × 8 (within {@link ValueFit#MAX_POINTS}) to 64 × 64 (16,384
	 * points, searched on a part of them): the number of the grid's width does not depend on it.
	 */
	@Test
	void numbersOverBoxesOfAnySizeAreFound() {
		for (int k = 2; k <= 4; k++) {
			for (long w = 8; w <= 64; w *= 2) {
				// A sweep along the columns: mod(i1-j,w) rows away, its first copy written plain.
				DepthExpr column = DepthExpr.of(new long[] { 0, 0, 0, w }, List.of(residue(1, 0, -1, 1, w)));
				DepthExpr[] columns = copiesOverTwoIndices(column, k);
				columns[0] = DepthExpr.of(new long[] { 0, 1, w }, List.of());
				assertTakesTheCopiesValuesOverTheBox(ValueFit.fit(columns, 0, box(w, w), Set.of()), columns, w, w);
				// A sweep along the rows, w·i1 + mod(i2+j, w), its residue stepping with j.
				DepthExpr row = DepthExpr.of(new long[] { 0, 0, w }, List.of(new Residue(1, new long[] { 0, 1, 0, 1 }, w)));
				DepthExpr[] rows = copiesOverTwoIndices(row, k);
				assertTakesTheCopiesValuesOverTheBox(ValueFit.fit(rows, 0, box(w, w), Set.of()), rows, w, w);
				// w·j + i1, one block of w ranks per copy, k blocks per row of ranks i2.
				DepthExpr block = DepthExpr.of(new long[] { 0, w, 1, k * w }, List.of());
				DepthExpr[] blocks = copiesOverTwoIndices(block, k);
				assertTakesTheCopiesValuesOverTheBox(ValueFit.fit(blocks, 0, box(w, w), Set.of()), blocks, w, w);
				// The successor in row-major order on 4 × 4 grids, one grid per i2: a residue of 4·4.
				DepthExpr successor = DepthExpr.of(new long[] { 0, 0, 0, 16 }, List.of(residue(1, 5, 4, 1, 16)));
				DepthExpr[] successors = copiesOverTwoIndices(successor, k);
				assertTakesTheCopiesValuesOverTheBox(ValueFit.fit(successors, 0, box(w, w), Set.of(4L)), successors, w, w);
			}
		}
	}

	/**
	 * Random numbers c + a·j + b·i1 + b'·i2 + γ·mod(φ + δ·j + ε·i1 + ε'·i2, m) over boxes of up to
	 * 4 copies × 64 × 64, each found again and taking every value of the copies.
	 */
	@Test
	void randomNumbersOverLargeBoxesAreFoundExactly() {
		Random random = new Random(53);
		for (int run = 0; run < 200; run++) {
			int k = 2 + random.nextInt(3);
			long rows = 8 + random.nextInt(57);
			long columns = 8 + random.nextInt(57);
			long modulus = 2 + random.nextInt(15);
			Residue residue = new Residue(1 + random.nextInt(9) * (random.nextBoolean() ? 1 : -1),
					new long[] { random.nextInt((int) modulus), random.nextInt((int) modulus), 1 + random.nextInt((int) modulus - 1),
							random.nextInt((int) modulus) },
					modulus);
			DepthExpr number = DepthExpr.of(
					new long[] { random.nextInt(2001) - 1000, random.nextInt(201) - 100, random.nextInt(201) - 100, random.nextInt(201) - 100 },
					List.of(residue));
			DepthExpr[] copies = copiesOverTwoIndices(number, k);
			assertTakesTheCopiesValuesOverTheBox(ValueFit.fit(copies, 0, box(rows, columns), Set.of(modulus)), copies, rows, columns);
		}
	}

	/**
	 * Copies that are 0 and −4 but on a cross through the middle of the box: mod(i+10,32) −
	 * mod(i+12,32) is −2 but at i = 20 and 21, where only the second wraps, and the points searched
	 * on the 2 × 32 × 32 box hold neither (i = 0..3, 8, 16, 24, 28..31). There −4·j fits, which the
	 * whole box refuses; no number of at most two residues of its own takes the cross.
	 */
	@Test
	void aNumberThatFitsThePointsSearchedButNotTheBoxIsRefused() {
		DepthExpr cross = DepthExpr.of(new long[] { 0 }, List.of(new Residue(1, new long[] { 10, 1 }, 32),
				new Residue(-1, new long[] { 12, 1 }, 32), new Residue(1, new long[] { 10, 0, 1 }, 32), new Residue(-1, new long[] { 12, 0, 1 }, 32)));
		DepthExpr[] copies = { DepthExpr.ZERO, cross };
		assertEquals(-4, cross.evaluate(new long[] { 31, 0 }));
		assertEquals(28, cross.evaluate(new long[] { 20, 0 }));
		assertNull(ValueFit.fit(copies, 0, box(32, 32), Set.of()));
	}

	@Test
	void anIndexWithoutConstantBoundsIsNeverFittedByValues() {
		DepthExpr[] copies = { DepthExpr.of(new long[] { 0, 1 }, List.of()), DepthExpr.of(new long[] { 2, 1 }, List.of()),
				DepthExpr.of(new long[] { 4, 1 }, List.of()) };
		List<long @Nullable []> unbounded = new ArrayList<>();
		unbounded.add(null);
		assertNull(ValueFit.fit(copies, 0, unbounded, Set.of()));
		assertNotNull(ValueFit.fit(copies, 0, INNER, Set.of()));
	}
}
