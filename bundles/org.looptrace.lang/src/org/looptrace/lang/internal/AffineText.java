// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The summands of the text of an affine expression, as the grammar's {@code Affine} rule accepts it
 * ({@code 1+i0}, {@code 2*i0-i1-3}, {@code -x}): numbers, {@code number*index} and indices joined by
 * signs, blanks allowed between tokens.
 *
 * @param constant the sum of the numbers
 * @param coefficients the summed coefficient of each index, in the order of first appearance
 * @param bareName the identifier when the text is a lone identifier (a symbol unless a loop binds it), else null
 */
@NonNullByDefault
record AffineText(long constant, Map<String, Long> coefficients, @Nullable String bareName) {

	/**
	 * Reads text the grammar accepted.
	 *
	 * @throws ArithmeticException when a number or a sum is out of the 64-bit range
	 */
	static AffineText read(String text) {
		String compact = text.replace(" ", "").replace("\t", "");
		long constant = 0;
		Map<String, Long> coefficients = new LinkedHashMap<>();
		int i = 0;
		while (i < compact.length()) {
			boolean negative = compact.charAt(i) == '-';
			if (negative || compact.charAt(i) == '+') {
				i++;
			}
			int start = i;
			while (i < compact.length() && isDigit(compact.charAt(i))) {
				i++;
			}
			// The sign belongs to the number so that -9223372036854775808 is in range.
			long number = start == i ? (negative ? -1 : 1) : parse((negative ? "-" : "") + compact.substring(start, i));
			if (start < i && (i == compact.length() || compact.charAt(i) != '*')) {
				constant = Math.addExact(constant, number);
				continue;
			}
			if (start < i) {
				i++; // '*'
			}
			int name = i;
			while (i < compact.length() && compact.charAt(i) != '+' && compact.charAt(i) != '-') {
				i++;
			}
			coefficients.merge(compact.substring(name, i), number, Math::addExact);
		}
		boolean bare = !compact.isEmpty() && !isDigit(compact.charAt(0)) && compact.charAt(0) != '-'
				&& compact.chars().noneMatch(c -> c == '+' || c == '-' || c == '*');
		return new AffineText(constant, coefficients, bare ? compact : null);
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

	private static long parse(String number) {
		try {
			return Long.parseLong(number);
		} catch (NumberFormatException e) {
			throw new ArithmeticException("the number " + number + " is out of range");
		}
	}
}
