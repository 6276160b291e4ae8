// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.looptrace.model.core.AtomicWrite;

/**
 * Writes every output file of the commands whole or not at all ({@link AtomicWrite}): a command that
 * fails half-way (a data trace cut short, a bad record), is cancelled (Ctrl-C, SIGTERM) or ended leaves no
 * file, and the user's previous file as it was.
 */
final class AtomicFile {

	private AtomicFile() {
	}

	/** Writes {@code text} as UTF-8 to {@code file}, replacing it. */
	static void write(Path file, String text) throws IOException {
		write(file, text.getBytes(StandardCharsets.UTF_8));
	}

	/** Writes {@code bytes} to {@code file}, replacing it. */
	static void write(Path file, byte[] bytes) throws IOException {
		AtomicWrite.file(file, bytes, Signals.PROGRESS);
	}

	/**
	 * Writes what {@code content} streams to {@code file}, replacing it when {@code content} returns
	 * unless a signal cancelled the command meanwhile. Missing folders of {@code file} are created.
	 */
	static void write(Path file, AtomicWrite.Content content) throws IOException {
		AtomicWrite.file(file, content, Signals.PROGRESS);
	}
}
