// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The summands of the text of an expression, as the grammar's {@code Affine} rule accepts it
 * ({@code 1+i0}, {@code 2*i0-i1-3}, {@code -x}, {@code 4*i1+mod(i2+3,4)}): numbers,
 * {@code number*index}, indices and {@code [number*]mod(affine,number)} joined by signs, blanks
 * allowed between tokens.
 *
 * @param constant the sum of the numbers
 * @param coefficients the summed coefficient of each index, in the order of first appearance
 * @param residues the {@code mod} summands, in the order of appearance
 * @param bareName the identifier when the text is a lone identifier (a symbol unless a loop binds it), else null
 */
@NonNullByDefault
record AffineText(long constant, Map<String, Long> coefficients, List<Residue> residues, @Nullable String bareName) {

	/** Text the grammar does not accept: only read after a syntax error, which the parser reports. */
	static final class Malformed extends IllegalArgumentException {
		private static final long serialVersionUID = 1L;

		Malformed(String message) {
			super(message);
		}
	}

	/** {@code coefficient * mod(argument, modulus)}; the argument has no residue. */
	record Residue(long coefficient, AffineText argument, long modulus) {
	}

	/**
	 * Reads text the grammar accepted.
	 *
	 * @throws ArithmeticException when a number or a sum is out of the 64-bit range
	 * @throws IllegalArgumentException when a modulus is below 1
	 * @throws Malformed when the text is not one the grammar accepts (the text of a node after a
	 *         syntax error, which the parser reports)
	 */
	static AffineText read(String text) {
		Reader reader = new Reader(text.replace(" ", "").replace("\t", "").replace("\r", "").replace("\n", ""));
		AffineText result = reader.affine(false);
		if (reader.at < reader.text.length()) {
			throw new Malformed("unexpected '" + reader.text.substring(reader.at) + "'");
		}
		return result;
	}

	/** Recursive descent over the compact text. */
	private static final class Reader {
		final String text;
		int at;

		Reader(String text) {
			this.text = text;
		}

		AffineText affine(boolean inResidue) {
			int start = at;
			long constant = 0;
			Map<String, Long> coefficients = new LinkedHashMap<>();
			List<Residue> residues = new ArrayList<>();
			while (at < text.length() && text.charAt(at) != ',' && text.charAt(at) != ')') {
				int summand = at;
				boolean negative = text.charAt(at) == '-';
				if (negative || text.charAt(at) == '+') {
					at++;
				}
				int digits = at;
				while (at < text.length() && isDigit(text.charAt(at))) {
					at++;
				}
				// The sign belongs to the number so that -9223372036854775808 is in range.
				long number = digits == at ? (negative ? -1 : 1) : parse((negative ? "-" : "") + text.substring(digits, at));
				if (digits < at && !next('*')) {
					constant = Math.addExact(constant, number);
					continue;
				}
				int name = at;
				while (at < text.length() && isNameChar(text.charAt(at))) {
					at++;
				}
				String index = text.substring(name, at);
				if (index.equals("mod") && next('(')) {
					if (inResidue) {
						throw new Malformed("a mod(...) inside a mod(...) is not supported");
					}
					residues.add(residue(number));
				} else {
					coefficients.merge(index, number, Math::addExact);
				}
				if (at == summand) {
					// a token no summand starts with, in the text of a node after a syntax error
					throw new Malformed("unexpected '" + text.substring(at) + "'");
				}
			}
			String whole = text.substring(start, at);
			boolean bare = !whole.isEmpty() && residues.isEmpty() && !isDigit(whole.charAt(0)) && whole.charAt(0) != '-'
					&& whole.chars().noneMatch(c -> c == '+' || c == '-' || c == '*');
			return new AffineText(constant, coefficients, residues, bare ? whole : null);
		}

		private Residue residue(long coefficient) {
			AffineText argument = affine(true);
			expect(',');
			int digits = at;
			while (at < text.length() && isDigit(text.charAt(at))) {
				at++;
			}
			if (digits == at) {
				throw new Malformed("expected the modulus of mod(argument, modulus), a number");
			}
			long modulus = parse(text.substring(digits, at));
			if (modulus < 1) {
				throw new IllegalArgumentException("the modulus of mod(...) is " + modulus + ": it must be a number of at least 1");
			}
			expect(')');
			return new Residue(coefficient, argument, modulus);
		}

		private boolean next(char c) {
			if (at < text.length() && text.charAt(at) == c) {
				at++;
				return true;
			}
			return false;
		}

		private void expect(char c) {
			if (!next(c)) {
				throw new Malformed("expected '" + c + "' in mod(argument, modulus)");
			}
		}
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

	private static boolean isNameChar(char c) {
		return isDigit(c) || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
	}

	private static long parse(String number) {
		try {
			return Long.parseLong(number);
		} catch (NumberFormatException e) {
			throw new ArithmeticException("the number " + number + " is out of range");
		}
	}
}
