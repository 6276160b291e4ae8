// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes every output file of the commands: the content goes to a temporary file in the same folder,
 * which replaces the file only once it is whole. A command that fails half-way (a data trace cut
 * short, a bad record) leaves no file, and the user's previous file as it was.
 */
final class AtomicFile {

	/** What a command writes, streamed; the same content can go to standard output. */
	@FunctionalInterface
	interface Content {
		void writeTo(OutputStream out) throws IOException;
	}

	private AtomicFile() {
	}

	/** Writes {@code text} as UTF-8 to {@code file}, replacing it. */
	static void write(Path file, String text) throws IOException {
		write(file, text.getBytes(StandardCharsets.UTF_8));
	}

	/** Writes {@code bytes} to {@code file}, replacing it. */
	static void write(Path file, byte[] bytes) throws IOException {
		write(file, out -> out.write(bytes));
	}

	/**
	 * Writes what {@code content} streams to {@code file}, replacing it when {@code content} returns;
	 * when it throws, Ctrl-C was pressed, or the JVM is stopped meanwhile, the temporary file is
	 * deleted and {@code file} is left as it was. Missing folders of {@code file} are created.
	 */
	static void write(Path file, Content content) throws IOException {
		Path absolute = file.toAbsolutePath();
		Path temporary = Files.createTempFile(Files.createDirectories(absolute.getParent()), "." + absolute.getFileName(), ".tmp");
		PartialOutput.deletedAfter(temporary, () -> {
			try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temporary))) {
				content.writeTo(out);
			}
			CtrlC.PROGRESS.checkCancelled();
			try {
				return Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			} catch (AtomicMoveNotSupportedException e) {
				return Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
			}
		});
	}
}
