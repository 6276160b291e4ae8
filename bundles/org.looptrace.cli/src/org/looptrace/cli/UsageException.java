// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

/** Bad arguments or bad input: the message is all the user sees, then the command exits with 2. */
public class UsageException extends Exception {

	private static final long serialVersionUID = 1L;

	public UsageException(String message) {
		super(message);
	}

	public UsageException(String message, Throwable cause) {
		super(message, cause);
	}
}
