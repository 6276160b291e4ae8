// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import org.eclipse.jdt.annotation.Nullable;

/** The four kinds of trace events, named by the keyword of their trace line. */
public enum EventKind {
	SEND("send"), RECV("recv"), SYNC("sync"), LOCAL("local");

	private final String keyword;

	EventKind(String keyword) {
		this.keyword = keyword;
	}

	public String keyword() {
		return keyword;
	}

	/** The kind whose keyword this is, or null. */
	public static @Nullable EventKind ofKeyword(String keyword) {
		for (EventKind kind : values()) {
			if (kind.keyword.equals(keyword)) {
				return kind;
			}
		}
		return null;
	}
}
