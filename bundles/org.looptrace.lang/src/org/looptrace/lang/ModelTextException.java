// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang;

import java.util.List;

/**
 * Model text that does not parse or is not valid. The message lists every error, one a line, as
 * {@code file:line:column: error: message}; {@link #problems()} gives the same lines one by one.
 */
public class ModelTextException extends Exception {

	private static final long serialVersionUID = 1L;

	private final List<String> problems;

	public ModelTextException(List<String> problems) {
		super(String.join("\n", problems));
		this.problems = List.copyOf(problems);
	}

	/** Each error as {@code file:line:column: error: message}, in the order of the text. */
	public List<String> problems() {
		return problems;
	}
}
