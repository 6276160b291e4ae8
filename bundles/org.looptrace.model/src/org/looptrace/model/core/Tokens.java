// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;

/** The lexical classes shared by trace lines and model text. */
public final class Tokens {

	/** Words with a meaning in model text: a symbol spelled like one is printed quoted. */
	public static final Set<String> KEYWORDS = Set.of("for", "to", "done", "send", "recv", "sync", "local", "get", "mod", "xor",
			"pow2");

	private Tokens() {
	}

	/**
	 * Whether a trace token is a number: a canonical decimal integer that fits in a long ({@code 0},
	 * {@code 42}, {@code -7}; not {@code 007}, {@code +1} or {@code -0}). Other tokens are symbols,
	 * so a trace token always reads back as itself.
	 */
	public static boolean isNumber(String token) {
		return isNumber(token, 0);
	}

	/** Whether the token's characters from {@code from} on are a number (allocation-free). */
	public static boolean isNumber(String token, int from) {
		int length = token.length();
		int start = token.startsWith("-", from) ? from + 1 : from;
		if (length <= start || length - start > 19) {
			return false;
		}
		char lead = token.charAt(start);
		if (lead < '0' || lead > '9' || (lead == '0' && length > start + 1) || (lead == '0' && start > from)) {
			return false;
		}
		for (int i = start + 1; i < length; i++) {
			char c = token.charAt(i);
			if (c < '0' || c > '9') {
				return false;
			}
		}
		if (length - start == 19) {
			try {
				Long.parseLong(token, from, length, 10);
			} catch (NumberFormatException e) {
				return false;
			}
		}
		return true;
	}

	/** Whether a word can stand bare in model text as an identifier: {@code [A-Za-z_][A-Za-z0-9_]*}. */
	public static boolean isIdentifier(String word) {
		if (word.isEmpty() || !(Character.isLetter(word.charAt(0)) && word.charAt(0) < 128 || word.charAt(0) == '_')) {
			return false;
		}
		for (int i = 1; i < word.length(); i++) {
			char c = word.charAt(i);
			if (!(c < 128 && (Character.isLetterOrDigit(c) || c == '_'))) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Where the communicator of a tag token ends: the tracer writes a tag on a communicator other
	 * than MPI_COMM_WORLD as {@code c33.3014}, an identifier, a dot and the number of the tag. The
	 * index of the dot, or -1 when the token is not of that form (a number, or another symbol).
	 */
	public static int communicatorEnd(String token) {
		int dot = token.indexOf('.');
		if (dot < 0) {
			return -1;
		}
		return isCommunicator(token.substring(0, dot)) && isNumber(token, dot + 1) ? dot : -1;
	}

	/** Whether a name can stand before the dot of a tag: an identifier other than a keyword. */
	public static boolean isCommunicator(String name) {
		return isIdentifier(name) && !KEYWORDS.contains(name);
	}

	/** The tag token of a trace line: the tag alone on MPI_COMM_WORLD (null), else {@code c33.3014}. */
	public static String tag(@Nullable String communicator, String tag) {
		return communicator == null ? tag : communicator + "." + tag;
	}

	/** A string literal of model text: double quotes, with {@code \"} and {@code \\} escaped. */
	public static String quote(String word) {
		return '"' + word.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
	}
}
