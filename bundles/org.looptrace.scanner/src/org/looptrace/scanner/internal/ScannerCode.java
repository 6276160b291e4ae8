// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.internal;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.looptrace.scanner.Polynomial;
import org.looptrace.scanner.ScanRecord;
import org.looptrace.scanner.Scanner.Query;

/**
 * The body of a generated scanner for one rank, in C or Java (the statements are the same in both:
 * 64-bit integer loops, positions as the polynomials, one output row per record read).
 */
public final class ScannerCode implements ScannerSource {

	private final boolean java;
	private final int rank;
	private final StringBuilder code = new StringBuilder();
	private int depth;

	/** The code of one rank's function body, in Java or else C. */
	public ScannerCode(boolean java, int rank) {
		this.java = java;
		this.rank = rank;
		this.depth = java ? 2 : 1;
	}

	private String type() {
		return java ? "long" : "long long";
	}

	private void line(String text) {
		code.append("\t".repeat(depth)).append(text).append('\n');
	}

	@Override
	public void beginLoop(String index, Polynomial lower, Polynomial upper) {
		line("for (" + type() + " " + index + " = " + expression(lower) + "; " + index + " <= " + expression(upper) + "; " + index
				+ "++) {");
		depth++;
	}

	@Override
	public void beginIteration(String index, long value) {
		line("{");
		depth++;
		line((java ? "final long " : "const long long ") + index + " = " + value + (java ? "L" : "LL") + ";");
		if (!java) {
			line("(void) " + index + "; /* the positions below may not need it */");
		}
	}

	@Override
	public void end() {
		depth--;
		line("}");
	}

	@Override
	public void read(Query query, Polynomial start, Polynomial events, List<String> indices) {
		String label = literal(ScanRecord.csvField(query.annotation().getLabel()));
		String description = literal(query.toString());
		String attribute = literal(query.annotation().getAttribute());
		String position = query.last() ? "(" + expression(start) + ") + (" + expression(events) + ") - 1" : expression(start);
		line("if ((" + expression(events) + ") > 0) {");
		depth++;
		line(type() + " lt_position = " + position + ";");
		StringBuilder indexText = new StringBuilder();
		if (java) {
			for (String index : indices) {
				indexText.append(indexText.isEmpty() ? "\"" : " + \";").append(index).append("=\" + ").append(index);
			}
			String where = indexText.isEmpty() ? "\"\"" : indexText.toString();
			line("String lt_where = " + where + ";");
			line("long lt_value = lt_data.value(lt_position, lt_data.attribute(" + attribute + ", " + description + "), " + description
					+ ", lt_where);");
			line("lt_out.append(" + label + ").append(\"," + rank
					+ ",\").append(lt_position).append(',').append(lt_value).append(',').append(lt_where).append('\\n');");
			line("if (lt_out.length() > 65536) {");
			line("\tflush(lt_out);");
			line("}");
		} else {
			StringBuilder format = new StringBuilder();
			StringBuilder arguments = new StringBuilder();
			for (String index : indices) {
				format.append(format.isEmpty() ? "" : ";").append(index).append("=%lld");
				arguments.append(", ").append(index);
			}
			line("char lt_where[512];");
			line(format.isEmpty() ? "lt_where[0] = 0;" : "snprintf(lt_where, sizeof lt_where, \"" + format + "\"" + arguments + ");");
			line("long long lt_value = data_value(lt_data, lt_position, data_attribute(lt_data, " + attribute + ", " + description
					+ "), " + description + ", lt_where);");
			line("printf(\"%s," + rank + ",%lld,%lld,%s\\n\", " + label + ", lt_position, lt_value, lt_where);");
		}
		depth--;
		line("}");
	}

	public String code() {
		return code.toString();
	}

	/** A polynomial as a 64-bit integer expression: {@code (12+3*i0*i0)/2}. */
	String expression(Polynomial polynomial) {
		String suffix = java ? "L" : "LL";
		List<Polynomial.Term> terms = polynomial.terms();
		if (terms.isEmpty()) {
			return "0" + suffix;
		}
		StringBuilder text = new StringBuilder();
		for (Polynomial.Term term : terms) {
			BigInteger coefficient = term.coefficient();
			text.append(coefficient.signum() < 0 ? "-" : text.isEmpty() ? "" : "+").append(coefficient.abs()).append(suffix);
			for (Map.Entry<String, Integer> power : term.powers().entrySet()) {
				for (int i = 0; i < power.getValue(); i++) {
					text.append('*').append(power.getKey());
				}
			}
		}
		BigInteger denominator = polynomial.denominator();
		return denominator.equals(BigInteger.ONE) ? text.toString() : "(" + text + ")/" + denominator + suffix;
	}

	/** A string literal of C and Java: ASCII, escapes for quotes, backslashes and others. */
	String literal(String text) {
		if (!java) {
			return cLiteral(text);
		}
		StringBuilder literal = new StringBuilder("\"");
		for (char c : text.toCharArray()) {
			if (c == '"' || c == '\\') {
				literal.append('\\').append(c);
			} else if (c >= 32 && c < 127) {
				literal.append(c);
			} else {
				literal.append(String.format("\\u%04x", (int) c));
			}
		}
		return literal.append('"').toString();
	}

	/** A string literal of C: the UTF-8 bytes, printable ASCII as is, quotes and backslashes escaped, others in octal. */
	public static String cLiteral(String text) {
		StringBuilder literal = new StringBuilder("\"");
		for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
			int c = b & 0xff;
			if (c == '"' || c == '\\') {
				literal.append('\\').append((char) c);
			} else if (c >= 32 && c < 127) {
				literal.append((char) c);
			} else {
				literal.append(String.format("\\%03o", c));
			}
		}
		return literal.append('"').toString();
	}
}
