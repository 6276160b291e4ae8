// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;

/** A model that cannot be replayed, or data that do not fit it: the message says what was expected, the construct where. */
public final class ReplayException extends Exception {

	private static final long serialVersionUID = 1L;

	private final transient @Nullable Construct construct;

	/** A problem at a construct of the model, or of the model as a whole when it is null. */
	public ReplayException(@Nullable Construct construct, String message) {
		super(message);
		this.construct = construct;
	}

	/** The construct the problem is at, or null when it is the model's or the data's as a whole. */
	public @Nullable Construct construct() {
		return construct;
	}
}
