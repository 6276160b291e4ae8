// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;
import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.nodemodel.INode;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.Tokens;

/**
 * Values of the datatype rules of {@code Loops.xtext}: affine expressions (range checked), words
 * (identifier or string), strings with the two escapes of {@link Tokens#quote}, rank sets.
 */
public class LoopsValueConverters extends DefaultTerminalConverters {

	/** Checks the range and the moduli of an expression; its value is its constant, the summands are read later. */
	private static final IValueConverter<Long> AFFINE = new IValueConverter<>() {
		@Override
		public Long toValue(String string, INode node) {
			try {
				return AffineText.read(string).constant();
			} catch (ArithmeticException e) {
				throw new ValueConverterException(string.strip() + " is out of range: numbers and sums must lie between "
						+ Long.MIN_VALUE + " and " + Long.MAX_VALUE, node, null);
			} catch (AffineText.Malformed e) {
				return 0L; // a node cut short by a syntax error: the parser reports it, the resolver skips it
			} catch (IllegalArgumentException e) {
				throw new ValueConverterException(string.strip() + ": " + e.getMessage(), node, null);
			}
		}

		@Override
		public String toString(Long value) {
			return value.toString();
		}
	};

	private static final IValueConverter<String> STRING = new IValueConverter<>() {
		@Override
		public String toValue(String string, INode node) {
			return unquote(string, node);
		}

		@Override
		public String toString(String value) {
			return Tokens.quote(value);
		}
	};

	private static final IValueConverter<String> WORD = new IValueConverter<>() {
		@Override
		public String toValue(String string, INode node) {
			return string.startsWith("\"") ? unquote(string, node) : string;
		}

		@Override
		public String toString(String value) {
			return Tokens.isIdentifier(value) && !Tokens.KEYWORDS.contains(value) ? value : Tokens.quote(value);
		}
	};

	private static final IValueConverter<RankSet> RANKS = new IValueConverter<>() {
		@Override
		public RankSet toValue(String string, INode node) {
			try {
				return RankSet.valueOf(string);
			} catch (IllegalArgumentException e) {
				throw new ValueConverterException(e.getMessage(), node, null);
			}
		}

		@Override
		public String toString(RankSet value) {
			return value.toString();
		}
	};

	@ValueConverter(rule = "Affine")
	public IValueConverter<Long> affine() {
		return AFFINE;
	}

	@Override
	@ValueConverter(rule = "STRING")
	public IValueConverter<String> STRING() {
		return STRING;
	}

	@ValueConverter(rule = "Word")
	public IValueConverter<String> word() {
		return WORD;
	}

	@ValueConverter(rule = "RankSetText")
	public IValueConverter<RankSet> rankSet() {
		return RANKS;
	}

	/** The inverse of {@link Tokens#quote}: only {@code \"} and {@code \\} are escapes. */
	static String unquote(String string, INode node) {
		StringBuilder value = new StringBuilder(string.length());
		for (int i = 1; i < string.length() - 1; i++) {
			char c = string.charAt(i);
			if (c == '\\') {
				char escaped = string.charAt(++i);
				if (escaped != '\\' && escaped != '"') {
					throw new ValueConverterException("unknown escape \\" + escaped
							+ " in a string: only \\\" (a quote) and \\\\ (a backslash) are escapes", node, null);
				}
				value.append(escaped);
			} else {
				value.append(c);
			}
		}
		return value.toString();
	}
}
