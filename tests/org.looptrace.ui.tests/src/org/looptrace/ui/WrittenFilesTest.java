// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.Random;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.QualifiedName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.ui.testsupport.TestProjects;

/** What LoopTrace wrote, in a real workspace: an edit by the user is seen, and what is written goes beside it. */
class WrittenFilesTest {

	private final IProject project = TestProjects.project("written");

	@BeforeEach
	void createProject() throws CoreException {
		TestProjects.create(project);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		TestProjects.delete(project);
	}

	@Test
	void anEditedFileIsLeftAloneAndTheNextFreeNameTaken() throws CoreException {
		IFile wanted = project.getFile("scan.csv");
		assertFalse(WrittenFiles.isEdited(wanted), "a missing file");
		assertNull(WrittenFiles.markOf(wanted));
		assertEquals(at(wanted), WrittenFiles.target(at(wanted)));
		write(wanted, "a,b\n");
		assertFalse(WrittenFiles.isEdited(wanted), "as written");
		assertEquals(at(wanted), WrittenFiles.target(at(wanted)));

		wanted.setContents("a,b,c\n".getBytes(StandardCharsets.UTF_8), IResource.NONE, null);
		assertTrue(WrittenFiles.isEdited(wanted), "edited");
		IFile beside = project.getFile("scan-1.csv");
		assertEquals(at(beside), WrittenFiles.target(at(wanted)));
		write(beside, "a,b\n");
		assertEquals(at(beside), WrittenFiles.target(at(wanted)), "the file written beside is replaced the next time");
		beside.setContents("mine\n".getBytes(StandardCharsets.UTF_8), IResource.NONE, null);
		assertEquals(at(project.getFile("scan-2.csv")), WrittenFiles.target(at(wanted)));

		IFile unmarked = project.getFile("notes");
		unmarked.create("written by hand\n".getBytes(StandardCharsets.UTF_8), IResource.NONE, null);
		assertTrue(WrittenFiles.isEdited(unmarked), "a file LoopTrace never wrote");
		assertEquals(at(project.getFile("notes-1")), WrittenFiles.target(at(unmarked)));
	}

	@Test
	void aFolderWithOneEditedFileIsLeftAlone() throws CoreException {
		IFolder wanted = project.getFolder("scanner");
		wanted.create(true, true, null);
		List<String> names = List.of("scanner.c", "scanner.h");
		for (String name : names) {
			write(wanted.getFile(name), "// " + name + "\n");
		}
		assertEquals(at(wanted), WrittenFiles.target(at(wanted), names));
		wanted.getFile("scanner.h").setContents("// mine\n".getBytes(StandardCharsets.UTF_8), IResource.NONE, null);
		assertEquals(at(project.getFolder("scanner-1")), WrittenFiles.target(at(wanted), names));
		assertEquals(at(wanted), WrittenFiles.target(at(wanted), List.of("scanner.c")), "only the files to write count");
	}

	/**
	 * A scan's CSV and scanner marked under the scanners' former property are what LoopTrace wrote:
	 * the next scan replaces them rather than writing beside them, and the mark moves to the one name.
	 */
	@Test
	void aMarkUnderTheScannersFormerNameCounts() throws CoreException {
		QualifiedName former = new QualifiedName("org.looptrace.scanner.ui", "written");
		IFile csv = project.getFile("times.csv");
		byte[] bytes = "label,rank,value\nt,0,12\n".getBytes(StandardCharsets.UTF_8);
		csv.create(bytes, IResource.NONE, null);
		csv.setPersistentProperty(former, WrittenFiles.hash(bytes));
		assertFalse(WrittenFiles.isEdited(csv), "a CSV a scan wrote counts as edited");
		assertEquals(at(csv), WrittenFiles.target(at(csv)));
		assertEquals(WrittenFiles.hash(bytes), WrittenFiles.markOf(csv));
		assertNull(csv.getPersistentProperty(former), "the former mark is left");

		IFolder scanner = project.getFolder("scanner");
		scanner.create(true, true, null);
		IFile source = scanner.getFile("scanner.c");
		source.create(bytes, IResource.NONE, null);
		source.setPersistentProperty(former, WrittenFiles.hash(bytes));
		assertEquals(at(scanner), WrittenFiles.target(at(scanner), List.of("scanner.c")));
		source.setContents("// mine\n".getBytes(StandardCharsets.UTF_8), IResource.NONE, null);
		assertTrue(WrittenFiles.isEdited(source), "an edit after the move is still seen");
		assertEquals(at(project.getFolder("scanner-1")), WrittenFiles.target(at(scanner), List.of("scanner.c")));
	}

	/**
	 * Outside the workspace (beside a model opened with File &gt; Open File) as in it: a file LoopTrace
	 * wrote is replaced, one the user wrote or edited is left alone and the next free name taken.
	 */
	@Test
	void outsideTheWorkspaceAnEditedFileIsLeftAloneToo(@TempDir Path outside) throws Exception {
		Path wanted = outside.resolve("scan.csv");
		assertFalse(WrittenFiles.isEdited(wanted), "a missing file");
		assertNull(WrittenFiles.markOf(wanted));
		assertEquals(wanted, WrittenFiles.target(wanted));
		Files.writeString(wanted, "a,b\n");
		assertTrue(WrittenFiles.isEdited(wanted), "a file LoopTrace never wrote");
		assertEquals(outside.resolve("scan-1.csv"), WrittenFiles.target(wanted));
		WrittenFiles.mark(wanted, WrittenFiles.hash("a,b\n".getBytes(StandardCharsets.UTF_8)));
		assertFalse(WrittenFiles.isEdited(wanted), "as written");
		assertEquals(wanted, WrittenFiles.target(wanted));
		Files.writeString(wanted, "mine\n");
		assertTrue(WrittenFiles.isEdited(wanted), "edited");
		assertEquals(outside.resolve("scan-1.csv"), WrittenFiles.target(wanted));

		Path scanner = Files.createDirectories(outside.resolve("scanner"));
		byte[] source = "// scanner.c\n".getBytes(StandardCharsets.UTF_8);
		Files.write(scanner.resolve("scanner.c"), source);
		WrittenFiles.mark(scanner.resolve("scanner.c"), WrittenFiles.hash(source));
		assertEquals(scanner, WrittenFiles.target(scanner, List.of("scanner.c")));
		Files.writeString(scanner.resolve("scanner.c"), "// mine\n");
		assertEquals(outside.resolve("scanner-1"), WrittenFiles.target(scanner, List.of("scanner.c")));
	}

	/**
	 * The store of the marks outside the workspace keeps no line for a file since deleted: dropped when
	 * the store is read, and when it is written.
	 */
	@Test
	void theMarksOfFilesDeletedOutsideTheWorkspaceAreDropped(@TempDir Path outside) throws Exception {
		List<Path> files = List.of(outside.resolve("a.csv"), outside.resolve("b.csv"), outside.resolve("c.csv"));
		for (Path file : files) {
			Files.writeString(file, "a,b\n");
			WrittenFiles.mark(file, WrittenFiles.hash("a,b\n".getBytes(StandardCharsets.UTF_8)));
		}
		assertTrue(storedPaths().containsAll(files), storedPaths()::toString);

		Files.delete(files.get(0));
		assertFalse(WrittenFiles.isEdited(files.get(1)), "a mark lost");
		assertFalse(storedPaths().contains(files.get(0)), "a file deleted before a read");

		Files.delete(files.get(1));
		WrittenFiles.mark(files.get(2), WrittenFiles.hash("a,b\n".getBytes(StandardCharsets.UTF_8)));
		assertEquals(List.of(files.get(2)), storedPaths().stream().filter(path -> path.startsWith(outside)).toList());
	}

	/** The files the store outside the workspace has a mark of. */
	private static List<Path> storedPaths() throws IOException {
		Properties marks = new Properties();
		Path store = Platform.getStateLocation(Platform.getBundle(LoopTraceUi.BUNDLE_ID)).append("written-outside.properties").toPath();
		try (Reader in = Files.newBufferedReader(store, StandardCharsets.UTF_8)) {
			marks.load(in);
		}
		return marks.stringPropertyNames().stream().map(Path::of).toList();
	}

	/** Content hashed as it is streamed has the hash of the whole, on random contents. */
	@Test
	void aStreamedDigestHashesAsTheWholeContent() {
		Random random = new Random(5);
		for (int i = 0; i < 100; i++) {
			byte[] content = new byte[random.nextInt(10_000)];
			random.nextBytes(content);
			MessageDigest digest = WrittenFiles.digest();
			for (int from = 0; from < content.length;) {
				int length = Math.min(content.length - from, 1 + random.nextInt(1000));
				digest.update(content, from, length);
				from += length;
			}
			assertEquals(WrittenFiles.hash(content), WrittenFiles.hash(digest));
			assertEquals(64, WrittenFiles.hash(content).length());
		}
	}

	private static Path at(IResource resource) {
		return Objects.requireNonNull(resource.getLocation()).toPath();
	}

	private static void write(IFile file, String text) throws CoreException {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		if (file.exists()) {
			file.setContents(bytes, IResource.NONE, null);
		} else {
			file.create(bytes, IResource.NONE, null);
		}
		WrittenFiles.mark(file, WrittenFiles.hash(bytes));
	}
}
