// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.IOException;
import java.util.Objects;

/** A trace or data file that does not follow its format; the message is the diagnostic's GNU-style text. */
public class TraceFormatException extends IOException {

	private static final long serialVersionUID = 1L;

	private final transient Diagnostic diagnostic;

	public TraceFormatException(Diagnostic diagnostic) {
		super(diagnostic.toString());
		this.diagnostic = Objects.requireNonNull(diagnostic);
	}

	public TraceFormatException(Diagnostic diagnostic, Throwable cause) {
		super(diagnostic.toString(), cause);
		this.diagnostic = Objects.requireNonNull(diagnostic);
	}

	/** Where the problem is and what was expected. */
	public Diagnostic diagnostic() {
		return diagnostic;
	}
}
