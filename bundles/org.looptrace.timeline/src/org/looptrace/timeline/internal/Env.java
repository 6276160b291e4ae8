// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.internal;

import org.eclipse.jdt.annotation.Nullable;

/** Values of the loop indices around a construct, innermost first; inner loops shadow outer ones. */
record Env(String index, long value, @Nullable Env outer) {

	static final Env EMPTY = new Env("", 0, null);

	Env with(String name, long newValue) {
		return new Env(name, newValue, this);
	}

	long valueOf(String name) {
		for (Env env = this; env != null && env != EMPTY; env = env.outer) {
			if (env.index.equals(name)) {
				return env.value;
			}
		}
		throw new IllegalStateException("loop index '" + name + "' is not bound by an enclosing loop");
	}
}
