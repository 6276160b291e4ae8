// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The hidden temporary file or folder an output is written to before it takes its place
 * ({@link AtomicFile}, {@link AtomicFolder}): deleted whatever ends the writing, a failure, a
 * cancellation, or the end of the JVM meanwhile (a second Ctrl-C, a kill), so none is left beside
 * the user's files.
 */
final class PartialOutput {

	/** Writes the temporary file or folder and moves it into place. */
	@FunctionalInterface
	interface Writing<T, E extends Exception> {
		T write() throws E;
	}

	private PartialOutput() {
	}

	/** Runs {@code writing}, then deletes {@code temporary} if it is still there, as the JVM's end does meanwhile. */
	static <T, E extends Exception> T deletedAfter(Path temporary, Writing<T, E> writing) throws E {
		Thread cleanup = new Thread(() -> delete(temporary), "looptrace: delete " + temporary);
		Runtime.getRuntime().addShutdownHook(cleanup);
		try {
			return writing.write();
		} finally {
			delete(temporary);
			try {
				Runtime.getRuntime().removeShutdownHook(cleanup);
			} catch (IllegalStateException e) {
				// the JVM is stopping: the hook runs, and finds nothing left to delete
			}
		}
	}

	/** Deletes a file, or a folder and all it holds, when it is there; what cannot be deleted stays. */
	static void delete(Path path) {
		if (!Files.exists(path)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(path)) {
			// deepest first: a folder is empty when its turn comes
			for (Path each : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(each);
			}
		} catch (IOException e) {
			// a temporary left behind is hidden and harmless: the command's own error matters more
		}
	}
}
