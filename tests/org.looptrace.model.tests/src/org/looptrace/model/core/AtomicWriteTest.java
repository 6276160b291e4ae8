// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes on real files: a target is replaced whole or not at all, a failure or a cancellation
 * leaves the previous file as it was and no temporary beside it, and the next run clears up what a
 * killed one left, putting back a folder it was replacing, without touching anyone else's files.
 */
class AtomicWriteTest {

	private static final byte[] OLD = "the previous content, longer than the new one\n".getBytes(StandardCharsets.UTF_8);
	private static final byte[] NEW = "new\n".getBytes(StandardCharsets.UTF_8);

	@Test
	void theTargetIsReplacedWholeAndOnlyOnceWritten(@TempDir Path dir) throws IOException {
		Path target = Files.write(dir.resolve("out.csv"), OLD);
		AtomicBoolean oldMeanwhile = new AtomicBoolean();
		AtomicWrite.file(target, out -> {
			out.write(NEW, 0, 2);
			out.flush();
			oldMeanwhile.set(java.util.Arrays.equals(OLD, Files.readAllBytes(target)));
			out.write(NEW, 2, NEW.length - 2);
		}, Progress.NONE);
		assertTrue(oldMeanwhile.get(), "the target changed before the write ended");
		assertArrayEquals(NEW, Files.readAllBytes(target));
		assertEquals(List.of(target), list(dir));
	}

	@Test
	void missingFoldersOfTheTargetAreCreated(@TempDir Path dir) throws IOException {
		Path target = dir.resolve("a/b/out.csv");
		AtomicWrite.file(target, NEW, Progress.NONE);
		assertArrayEquals(NEW, Files.readAllBytes(target));
		assertEquals(List.of(target), list(target.getParent()));
	}

	@Test
	void aFailureMidWriteKeepsTheOldFileAndLeavesNoTemporary(@TempDir Path dir) throws IOException {
		Path target = Files.write(dir.resolve("out.csv"), OLD);
		IOException full = new IOException("disk full");
		assertSame(full, assertThrows(IOException.class, () -> AtomicWrite.file(target, out -> {
			out.write(NEW);
			out.flush();
			assertEquals(2, list(dir).size(), "the temporary is beside the target");
			throw full;
		}, Progress.NONE)));
		assertArrayEquals(OLD, Files.readAllBytes(target));
		assertEquals(List.of(target), list(dir));
	}

	@Test
	void aCancelLeavesNoTemporaryAndTheOldFile(@TempDir Path dir) throws IOException {
		Path target = Files.write(dir.resolve("out.csv"), OLD);
		AtomicBoolean cancelled = new AtomicBoolean();
		Progress progress = Progress.cancelledWhen(cancelled::get);
		// cancelled while the content is written: the content stops at its next check
		assertThrows(CancellationException.class, () -> AtomicWrite.file(target, out -> {
			out.write(NEW);
			cancelled.set(true);
			progress.checkCancelled();
		}, progress));
		assertArrayEquals(OLD, Files.readAllBytes(target));
		assertEquals(List.of(target), list(dir));
		// cancelled after the last byte: the target is not replaced all the same
		assertThrows(CancellationException.class, () -> AtomicWrite.file(target, NEW, progress));
		assertArrayEquals(OLD, Files.readAllBytes(target));
		assertEquals(List.of(target), list(dir));
	}

	@Test
	void aFolderIsReplacedWholeOrNotAtAll(@TempDir Path dir) throws Exception {
		Path folder = Files.createDirectory(dir.resolve("out"));
		Files.write(folder.resolve("trace.0"), OLD);
		IOException full = new IOException("disk full");
		assertSame(full, assertThrows(IOException.class, () -> AtomicWrite.folder(folder, into -> {
			Files.write(into.resolve("trace.1"), NEW);
			throw full;
		}, Progress.NONE)));
		assertEquals(List.of(folder.resolve("trace.0")), list(folder));
		assertEquals(List.of(folder), list(dir));

		assertEquals(1, AtomicWrite.folder(folder, into -> {
			Files.write(into.resolve("trace.1"), NEW);
			return 1;
		}, Progress.NONE));
		assertEquals(List.of(folder.resolve("trace.1")), list(folder));
		assertEquals(List.of(folder), list(dir));
	}

	@Test
	void recoveryDeletesTheTemporariesOfProcessesGoneAndNothingElse(@TempDir Path dir) throws Exception {
		long gone = finishedProcess();
		long live = ProcessHandle.current().pid();
		Path abandoned = Files.write(dir.resolve(".out.csv." + gone + "-k3x9.looptrace.part"), NEW);
		Path abandonedFolder = Files.createDirectory(dir.resolve(".traces." + gone + "-a1.looptrace.part"));
		Files.write(abandonedFolder.resolve("trace.0"), NEW);
		// the id of this process, written before it started: an earlier process that had the same id
		Path reused = Files.write(dir.resolve(".model.loops." + live + "-zz.looptrace.part"), NEW);
		Files.setLastModifiedTime(reused, FileTime.from(Instant.parse("2001-01-01T00:00:00Z")));
		Path beingWritten = Files.write(dir.resolve(".other.csv." + live + "-b2.looptrace.part"), NEW);
		List<Path> users = List.of(Files.write(dir.resolve(".out.csv.part"), OLD), Files.write(dir.resolve("out.csv." + gone + "-k3x9.looptrace.part"), OLD),
				Files.write(dir.resolve(".out.csv." + gone + "-k3x9.looptrace.part.bak"), OLD), Files.write(dir.resolve(".notes"), OLD),
				Files.write(dir.resolve(".out.csv.99999999999999999999-k3.looptrace.part"), OLD));
		assertEquals(List.of(), AtomicWrite.recover(dir));
		for (Path path : List.of(abandoned, abandonedFolder, reused)) {
			assertTrue(Files.notExists(path), path + " is left");
		}
		assertTrue(Files.exists(beingWritten), "the temporary of a live write is deleted");
		for (Path user : users) {
			assertArrayEquals(OLD, Files.readAllBytes(user), user + " was changed");
		}
	}

	@Test
	void aFolderSetAsideByAKilledRunIsPutBackOrItsReplacementFinished(@TempDir Path dir) throws Exception {
		long gone = finishedProcess();
		// killed between the two renames: the previous folder set aside, the new one complete beside it
		Path folder = dir.resolve("traces");
		Path old = Files.createDirectory(dir.resolve(".traces." + gone + "-q1.looptrace.old"));
		Files.write(old.resolve("trace.0"), OLD);
		Path part = Files.createDirectory(dir.resolve(".traces." + gone + "-q2.looptrace.part"));
		Files.write(part.resolve("trace.0"), NEW);
		List<String> notes = AtomicWrite.recover(dir);
		assertEquals(1, notes.size(), notes::toString);
		assertTrue(notes.get(0).startsWith("restored " + folder + " from " + old.getFileName()), notes.get(0));
		assertArrayEquals(OLD, Files.readAllBytes(folder.resolve("trace.0")));
		assertEquals(List.of(folder), list(dir));

		// killed after the second rename: the new folder in place, the previous one still aside
		Path older = Files.createDirectory(dir.resolve(".traces." + gone + "-q3.looptrace.old"));
		Files.write(older.resolve("trace.0"), NEW);
		notes = AtomicWrite.recover(dir);
		assertEquals(1, notes.size(), notes::toString);
		assertTrue(notes.get(0).startsWith("finished replacing " + folder), notes.get(0));
		assertArrayEquals(OLD, Files.readAllBytes(folder.resolve("trace.0")));
		assertEquals(List.of(folder), list(dir));
	}

	@Test
	void aFolderSetAsideByALiveWriteStays(@TempDir Path dir) throws Exception {
		Path old = Files.createDirectory(dir.resolve(".traces." + ProcessHandle.current().pid() + "-q1.looptrace.old"));
		assertEquals(List.of(), AtomicWrite.recover(dir));
		assertEquals(List.of(old), list(dir));
	}

	/** The id of a process that ran and ended. */
	private static long finishedProcess() throws Exception {
		Process process = new ProcessBuilder("true").start();
		process.waitFor();
		return process.pid();
	}

	private static List<Path> list(Path dir) throws IOException {
		try (Stream<Path> entries = Files.list(dir)) {
			return entries.sorted().toList();
		}
	}
}
