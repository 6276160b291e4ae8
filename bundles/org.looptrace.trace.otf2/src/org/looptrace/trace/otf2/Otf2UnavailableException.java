// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import java.io.IOException;

/** libotf2 cannot be loaded; the message says in one line what to install. */
public final class Otf2UnavailableException extends IOException {
	private static final long serialVersionUID = 1L;

	public Otf2UnavailableException(String message) {
		super(message);
	}
}
