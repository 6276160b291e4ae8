// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.List;

/**
 * Writes every output folder of the commands, as {@link AtomicFile} writes their files: the content
 * goes to a temporary folder beside it, which takes its place only once whole. A command that fails
 * half-way (an archive with a damaged rank, a program that cannot be started, an interrupt) leaves
 * no folder, and the user's previous folder as it was: the next run is neither refused nor mixes
 * its files with those of an earlier one.
 */
final class AtomicFolder {

	private static final SecureRandom RANDOM = new SecureRandom();

	/** What a command writes into the (temporary) folder, and what it says of it. */
	@FunctionalInterface
	interface Content<T> {
		T writeInto(Path folder) throws Exception;
	}

	private AtomicFolder() {
	}

	/** As {@link #write}, for a {@code content} that returns the files it wrote: where they are once moved. */
	static List<Path> writeFiles(Path folder, Content<List<Path>> content) throws Exception {
		return write(folder, into -> content.writeInto(into).stream().map(file -> folder.resolve(into.relativize(file))).toList());
	}

	/**
	 * Writes what {@code content} puts into a new temporary folder beside {@code folder} (missing
	 * parents created), then moves it to {@code folder}, replacing the folder there only then. When
	 * {@code content} throws, Ctrl-C was pressed, or the JVM is stopped meanwhile, the temporary
	 * folder is deleted and {@code folder} is left as it was.
	 *
	 * @return what {@code content} returned
	 */
	static <T> T write(Path folder, Content<T> content) throws Exception {
		Path absolute = folder.toAbsolutePath().normalize();
		Path parent = Files.createDirectories(absolute.getParent());
		String name = "." + absolute.getFileName();
		Path temporary = fresh(parent, name + ".new.");
		return PartialOutput.deletedAfter(temporary, () -> {
			T result = content.writeInto(temporary);
			CtrlC.PROGRESS.checkCancelled();
			replace(temporary, absolute, parent, name);
			return result;
		});
	}

	/**
	 * Moves the complete {@code temporary} folder to {@code target}: a rename, atomic where the file
	 * system allows. An existing {@code target} is first renamed aside, then deleted once the new
	 * folder is in place; a failure before that puts it back.
	 */
	private static void replace(Path temporary, Path target, Path parent, String name) throws IOException {
		if (!Files.exists(target)) {
			move(temporary, target);
			return;
		}
		Path old = fresh(parent, name + ".old.");
		Files.delete(old); // its unique name only: the old folder is renamed to it
		move(target, old);
		try {
			move(temporary, target);
		} catch (IOException | RuntimeException e) {
			move(old, target);
			throw e;
		}
		PartialOutput.delete(old);
	}

	/**
	 * A new folder of a name no other has, in {@code parent}: made by hand rather than as a temporary
	 * directory, whose mode (owner only) the output folder would keep.
	 */
	private static Path fresh(Path parent, String prefix) throws IOException {
		while (true) {
			try {
				return Files.createDirectory(parent.resolve(prefix + Long.toUnsignedString(RANDOM.nextLong(), 36)));
			} catch (FileAlreadyExistsException e) {
				// taken: draw another name
			}
		}
	}

	private static void move(Path from, Path to) throws IOException {
		try {
			Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
		} catch (AtomicMoveNotSupportedException e) {
			Files.move(from, to);
		}
	}
}
