// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The summands of the text of an expression, as the grammar's {@code Affine} rule accepts it
 * ({@code 1+i0}, {@code 2*i0-i1-3}, {@code -x}, {@code 4*i1+mod(i2+3,4)}, {@code xor(i2,pow2(1-i3))},
 * {@code 3*pow2(i1)}): numbers, {@code number*index}, indices, {@code [number*]mod(affine,number)},
 * {@code [number*]xor(affine,number)} or {@code [number*]xor(affine,[number*]pow2(affine))} and
 * {@code [mask*]pow2(affine)} (read as {@code xor(0,[mask*]pow2(affine))}) joined by signs, blanks
 * allowed between tokens.
 *
 * @param constant the sum of the numbers
 * @param coefficients the summed coefficient of each index, in the order of first appearance
 * @param residues the {@code mod} summands, in the order of appearance
 * @param xors the {@code xor} summands, in the order of appearance
 * @param bareName the identifier when the text is a lone identifier (a symbol unless a loop binds it), else null
 */
@NonNullByDefault
record AffineText(long constant, Map<String, Long> coefficients, List<Residue> residues, List<Xor> xors, @Nullable String bareName) {

	/** The calls a summand may be. */
	private static final Set<String> CALLS = Set.of("mod", "xor", "pow2");

	/** The constant 0: the shift of a plain mask, the argument of a power of two. */
	private static final AffineText ZERO = new AffineText(0, Map.of(), List.of(), List.of(), null);

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

	/** {@code coefficient * xor(argument, mask * 2^shift)}; the argument and the shift are affine. */
	record Xor(long coefficient, AffineText argument, long mask, AffineText shift) {
	}

	/**
	 * Reads text the grammar accepted.
	 *
	 * @throws ArithmeticException when a number or a sum is out of the 64-bit range
	 * @throws IllegalArgumentException when a modulus or a mask is below 1
	 * @throws Malformed when the text is not one the grammar accepts (the text of a node after a
	 *         syntax error, which the parser reports)
	 */
	static AffineText read(String text) {
		Reader reader = new Reader(text.replace(" ", "").replace("\t", "").replace("\r", "").replace("\n", ""));
		AffineText result = reader.affine(null);
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

		/** @param inside the call whose argument is read ({@code mod} or {@code xor}), null at the top */
		AffineText affine(@Nullable String inside) {
			int start = at;
			long constant = 0;
			Map<String, Long> coefficients = new LinkedHashMap<>();
			List<Residue> residues = new ArrayList<>();
			List<Xor> xors = new ArrayList<>();
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
				String magnitude = text.substring(digits, at);
				// The sign belongs to the number so that -9223372036854775808 is in range.
				long number = magnitude.isEmpty() ? (negative ? -1 : 1) : parse((negative ? "-" : "") + magnitude);
				if (!magnitude.isEmpty() && !next('*')) {
					constant = Math.addExact(constant, number);
					continue;
				}
				int name = at;
				while (at < text.length() && isNameChar(text.charAt(at))) {
					at++;
				}
				String index = text.substring(name, at);
				boolean call = CALLS.contains(index) && next('(');
				if (call && inside != null) {
					throw new Malformed("a " + index + "(...) inside a " + inside + "(...) is not supported");
				}
				if (call && index.equals("mod")) {
					residues.add(residue(number));
				} else if (call && index.equals("xor")) {
					xors.add(xor(number));
				} else if (call) {
					// m*pow2(s) is xor(0, m*pow2(s)): the number is the mask, the sign the coefficient;
					// 0*pow2(s) is 0, as 0*i is
					long mask = magnitude.isEmpty() ? 1 : parse(magnitude);
					long sign = mask == 0 ? 0 : negative ? -1 : 1;
					xors.add(power(sign, ZERO, Math.max(mask, 1), "pow2", "pow2(shift) or mask*pow2(shift)"));
				} else {
					coefficients.merge(index, number, Math::addExact);
				}
				if (at == summand) {
					// a token no summand starts with, in the text of a node after a syntax error
					throw new Malformed("unexpected '" + text.substring(at) + "'");
				}
			}
			String whole = text.substring(start, at);
			boolean bare = !whole.isEmpty() && residues.isEmpty() && xors.isEmpty() && !isDigit(whole.charAt(0))
					&& whole.charAt(0) != '-' && whole.chars().noneMatch(c -> c == '+' || c == '-' || c == '*');
			return new AffineText(constant, coefficients, residues, xors, bare ? whole : null);
		}

		private Residue residue(long coefficient) {
			AffineText argument = affine("mod");
			expect(',', "mod(argument, modulus)");
			long modulus = number("the modulus of mod(argument, modulus), a number");
			if (modulus < 1) {
				throw new IllegalArgumentException("the modulus of mod(...) is " + modulus + ": it must be a number of at least 1");
			}
			expect(')', "mod(argument, modulus)");
			return new Residue(coefficient, argument, modulus);
		}

		private Xor xor(long coefficient) {
			String form = "xor(argument, mask) or xor(argument, pow2(shift))";
			AffineText argument = affine("xor");
			expect(',', form);
			long mask = 1;
			if (at < text.length() && isDigit(text.charAt(at))) {
				mask = mask(number("the mask of " + form), "xor");
				if (!next('*')) {
					expect(')', form);
					return new Xor(coefficient, argument, mask, ZERO);
				}
			}
			if (!text.startsWith("pow2(", at)) {
				throw new Malformed("expected pow2(shift) in " + form);
			}
			at += "pow2(".length();
			Xor xor = power(coefficient, argument, mask, "xor", form);
			expect(')', form);
			return xor;
		}

		/**
		 * {@code coefficient * xor(argument, mask * 2^shift)}, read from the shift on past the closing
		 * parenthesis of {@code pow2}.
		 *
		 * @param call the call written, {@code xor} or {@code pow2}
		 */
		private Xor power(long coefficient, AffineText argument, long mask, String call, String form) {
			AffineText shift = affine("pow2");
			expect(')', form);
			if (shift.coefficients().values().stream().allMatch(c -> c == 0)
					&& (shift.constant() < 0 || shift.constant() > Long.numberOfLeadingZeros(mask) - 1)) {
				throw new IllegalArgumentException(call + "(...) shifts its mask " + mask + " by " + shift.constant()
						+ ": the shift must keep it between 1 and 2^62");
			}
			return new Xor(coefficient, argument, mask, shift);
		}

		private static long mask(long mask, String call) {
			if (mask < 1) {
				throw new IllegalArgumentException("the mask of " + call + "(...) is " + mask + ": it must be a number of at least 1");
			}
			return mask;
		}

		private long number(String expected) {
			int digits = at;
			while (at < text.length() && isDigit(text.charAt(at))) {
				at++;
			}
			if (digits == at) {
				throw new Malformed("expected " + expected);
			}
			return parse(text.substring(digits, at));
		}

		private boolean next(char c) {
			if (at < text.length() && text.charAt(at) == c) {
				at++;
				return true;
			}
			return false;
		}

		private void expect(char c, String form) {
			if (!next(c)) {
				throw new Malformed("expected '" + c + "' in " + form);
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
