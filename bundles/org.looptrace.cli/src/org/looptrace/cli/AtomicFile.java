// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file at once: the text goes to a temporary file in the same folder, which then replaces
 * the file. A failure never leaves half a model, and the user's text is never half overwritten.
 */
final class AtomicFile {

	private AtomicFile() {
	}

	/** Writes {@code text} as UTF-8 to {@code file}, replacing it; its folder must exist. */
	static void write(Path file, String text) throws IOException {
		write(file, text.getBytes(StandardCharsets.UTF_8));
	}

	/** Writes {@code bytes} to {@code file}, replacing it; its folder must exist. */
	static void write(Path file, byte[] bytes) throws IOException {
		Path absolute = file.toAbsolutePath();
		Path temporary = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
		try {
			Files.write(temporary, bytes);
			try {
				Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			} catch (AtomicMoveNotSupportedException e) {
				Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
			}
		} finally {
			Files.deleteIfExists(temporary);
		}
	}
}
