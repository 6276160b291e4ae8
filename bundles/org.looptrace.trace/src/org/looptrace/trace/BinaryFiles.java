// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Files given where text is expected (an event trace, a model): what they are when binary, so that
 * a message can say so instead of printing their bytes.
 */
public final class BinaryFiles {

	private BinaryFiles() {
	}

	/**
	 * What a file is when binary rather than text, from its first {@code length} bytes: a data trace,
	 * or another binary file (a NUL byte, looked for up to the first newline when {@code firstLineOnly});
	 * null for text.
	 */
	public static @Nullable String binaryKind(byte[] bytes, int length, boolean firstLineOnly) {
		if (DataTrace.hasMagic(bytes, length)) {
			return "a binary data trace (data.<rank>: a record of numbers per event)";
		}
		for (int i = 0; i < length && !(firstLineOnly && bytes[i] == '\n'); i++) {
			if (bytes[i] == 0) {
				return "a binary file (a NUL byte at byte " + i + ")";
			}
		}
		return null;
	}
}
