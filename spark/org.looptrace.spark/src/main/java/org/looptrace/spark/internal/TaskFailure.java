// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark.internal;

/**
 * Bad input met by a task, handed to the driver as its message: the driver says it to the user as
 * it would on one machine (file, line, what was expected; or the channel that does not balance).
 */
public final class TaskFailure extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final boolean inconsistent;

	public TaskFailure(String message, boolean inconsistent) {
		super(message);
		this.inconsistent = inconsistent;
	}

	/** Whether the traces contradict each other, rather than one being unreadable. */
	public boolean inconsistent() {
		return inconsistent;
	}
}
