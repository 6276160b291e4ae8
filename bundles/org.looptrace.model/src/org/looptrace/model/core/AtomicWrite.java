// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes a file or a folder whole or not at all: the content goes to a temporary beside the target
 * (in its folder, so on its file system), which takes the target's place only once complete, by an
 * atomic rename where the file system allows one and a plain replace elsewhere. A failure, a
 * cancellation or the end of the JVM meanwhile deletes the temporary and leaves the target as it was.
 * <p>
 * A temporary is named {@code .<target>.<pid>-<random>.looptrace.part}, and the previous content of
 * a folder being replaced is set aside as {@code .<target>.<pid>-<random>.looptrace.old}: the
 * process writing each is known, so {@link #recover} clears up what a process that was killed left
 * behind, and touches neither a user's file nor one a live process still writes.
 */
public final class AtomicWrite {

	/** What is written into a file, streamed. */
	@FunctionalInterface
	public interface Content {
		void writeTo(OutputStream out) throws IOException;
	}

	/** What is written into a (temporary) folder, and what it says of it. */
	@FunctionalInterface
	public interface FolderContent<T> {
		T writeInto(Path folder) throws Exception;
	}

	private static final String PART = "part";
	private static final String OLD = "old";
	/** The name of a temporary: the target's name, the writer's process id, a random word, the kind. */
	private static final Pattern TEMPORARY = Pattern.compile("\\.(.+)\\.(\\d{1,18})-[0-9a-z]+\\.looptrace\\.(" + PART + "|" + OLD + ")");
	/** How far apart a process's recorded start and a file's time may be and still be the same moment. */
	private static final Duration CLOCK_SLACK = Duration.ofSeconds(1);
	private static final SecureRandom RANDOM = new SecureRandom();

	private AtomicWrite() {
	}

	/** Writes {@code bytes} into {@code target}, replacing it whole. */
	public static void file(Path target, byte[] bytes, Progress progress) throws IOException {
		file(target, out -> out.write(bytes), progress);
	}

	/**
	 * Writes what {@code content} streams into {@code target} (missing folders created), replacing it
	 * once {@code content} returns. When {@code content} throws, {@code progress} is cancelled before the
	 * move, or the JVM ends meanwhile, the temporary is deleted and {@code target} is left as it was.
	 *
	 * @throws java.util.concurrent.CancellationException when {@code progress} was cancelled
	 */
	public static void file(Path target, Content content, Progress progress) throws IOException {
		Path absolute = target.toAbsolutePath().normalize();
		Path temporary = create(Files.createDirectories(absolute.getParent()), absolute.getFileName().toString(), PART, false);
		deletedAfter(temporary, () -> {
			try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temporary))) {
				content.writeTo(out);
			}
			progress.checkCancelled(); // cancelled while the last bytes were written: the target stays as it was
			move(temporary, absolute);
			return null;
		});
	}

	/**
	 * Writes what {@code content} puts into a new temporary folder beside {@code target} (missing
	 * parents created), then moves it to {@code target}: an existing {@code target} is set aside
	 * first, and deleted once the new folder is in place (put back if the move fails). When
	 * {@code content} throws, {@code progress} is cancelled before the move, or the JVM ends
	 * meanwhile, the temporary folder is deleted and {@code target} is left as it was; a JVM killed
	 * between the two renames leaves the set-aside folder for {@link #recover} to put back.
	 *
	 * @return what {@code content} returned
	 */
	public static <T> T folder(Path target, FolderContent<T> content, Progress progress) throws Exception {
		Path absolute = target.toAbsolutePath().normalize();
		Path parent = Files.createDirectories(absolute.getParent());
		String name = absolute.getFileName().toString();
		Path temporary = create(parent, name, PART, true);
		return deletedAfter(temporary, () -> {
			T result = content.writeInto(temporary);
			progress.checkCancelled();
			if (!Files.exists(absolute)) {
				move(temporary, absolute);
				return result;
			}
			Path old = create(parent, name, OLD, true);
			Files.delete(old); // its unique name only: the previous folder is renamed to it
			move(absolute, old);
			try {
				move(temporary, absolute);
			} catch (IOException | RuntimeException e) {
				move(old, absolute);
				throw e;
			}
			delete(old);
			return result;
		});
	}

	/**
	 * Clears up what writes of processes no longer running left in {@code folder}: deletes their
	 * temporaries, and for a folder set aside while being replaced, puts it back when the new one
	 * never took its place, or deletes it when the new one did. Files of other names, and temporaries
	 * of processes still running, stay.
	 *
	 * @return a sentence for each folder put back or finished replacing, naming it
	 */
	public static List<String> recover(Path folder) throws IOException {
		List<Path> parts = new ArrayList<>();
		List<SetAside> olds = new ArrayList<>();
		try (Stream<Path> entries = Files.list(folder)) {
			for (Path entry : (Iterable<Path>) entries::iterator) {
				Matcher name = TEMPORARY.matcher(entry.getFileName().toString());
				if (!name.matches() || !abandoned(entry, Long.parseLong(name.group(2)))) {
					continue;
				}
				if (name.group(3).equals(OLD)) {
					olds.add(new SetAside(entry, entry.resolveSibling(name.group(1))));
				} else {
					parts.add(entry);
				}
			}
		} catch (NoSuchFileException e) {
			return List.of();
		}
		parts.forEach(AtomicWrite::delete);
		// the newest set aside first: it is the one put back should several be left
		olds.sort(Comparator.comparing((SetAside old) -> modified(old.path())).reversed());
		List<String> notes = new ArrayList<>();
		for (SetAside old : olds) {
			Path name = old.path().getFileName();
			if (Files.exists(old.target())) {
				delete(old.path());
				notes.add("finished replacing " + old.target() + ": deleted its previous content, left in " + name
						+ " by a run that ended after writing it");
			} else {
				move(old.path(), old.target());
				notes.add("restored " + old.target() + " from " + name + ", where a run that ended while replacing it had set it aside");
			}
		}
		return notes;
	}

	/** The previous content of {@code target}, set aside at {@code path} while the target was replaced. */
	private record SetAside(Path path, Path target) {
	}

	/** Deletes a file, or a folder and all it holds, when it is there; what cannot be deleted stays. */
	private static void delete(Path path) {
		if (!Files.exists(path)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(path)) {
			// deepest first: a folder is empty when its turn comes
			for (Path each : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(each);
			}
		} catch (IOException e) {
			// a temporary left behind is hidden, and the next recovery deletes it: the write's own error matters more
		}
	}

	/**
	 * Whether the process that wrote {@code temporary} is gone: no process has its id, or the one
	 * that has it started after the temporary was last written (the id was given again).
	 */
	private static boolean abandoned(Path temporary, long pid) {
		Optional<ProcessHandle> writer = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
		if (writer.isEmpty()) {
			return true;
		}
		Optional<Instant> started = writer.get().info().startInstant();
		return started.isPresent() && started.get().minus(CLOCK_SLACK).isAfter(modified(temporary));
	}

	private static Instant modified(Path path) {
		try {
			return Files.getLastModifiedTime(path).toInstant();
		} catch (IOException e) {
			return Instant.MAX; // gone meanwhile: nothing to do with it
		}
	}

	/** Writes a temporary, then deletes it if it is still there, as the JVM's end does meanwhile. */
	private static <T, E extends Exception> T deletedAfter(Path temporary, Writing<T, E> writing) throws E {
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

	@FunctionalInterface
	private interface Writing<T, E extends Exception> {
		T write() throws E;
	}

	/**
	 * A new file or folder of a name no other has, in {@code parent}: made by hand rather than as a
	 * temporary file, whose mode (owner only) the output would keep.
	 */
	private static Path create(Path parent, String name, String kind, boolean folder) throws IOException {
		String prefix = "." + name + "." + ProcessHandle.current().pid() + "-";
		while (true) {
			Path path = parent.resolve(prefix + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".looptrace." + kind);
			try {
				return folder ? Files.createDirectory(path) : Files.createFile(path);
			} catch (FileAlreadyExistsException e) {
				// taken: draw another name
			}
		}
	}

	/**
	 * Renames {@code from} to {@code to}, replacing a file there: atomically where the file system
	 * allows it. A folder is only ever moved where nothing is.
	 */
	private static void move(Path from, Path to) throws IOException {
		try {
			Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
		} catch (AtomicMoveNotSupportedException e) {
			Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
		}
	}
}
