// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Properties;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.QualifiedName;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.AtomicWrite;
import org.looptrace.model.core.Progress;

/**
 * What LoopTrace wrote into a workspace file, so that it never replaces what the user edited unasked:
 * the SHA-256 of the content it wrote, kept as a persistent property of the file. A file whose content
 * has another hash, or that has none, was edited by hand or written by something else. A file outside
 * the workspace (beside a model opened with File &gt; Open File) has its hash kept by its path in this
 * bundle's state location instead.
 */
public final class WrittenFiles {

	private static final QualifiedName WRITTEN = new QualifiedName(LoopTraceUi.BUNDLE_ID, "written");
	/**
	 * Where the scanners' bundle kept the mark of the CSVs and scanners it wrote, before one mark
	 * served every writer: workspaces still hold it, and without it those files would count as edited.
	 */
	private static final QualifiedName SCANNER_WRITTEN = new QualifiedName("org.looptrace.scanner.ui", "written");

	/** The marks of the files outside the workspace, by absolute path, in this bundle's state location. */
	private static final String OUTSIDE_MARKS = "written-outside.properties";

	private WrittenFiles() {
	}

	/** A new SHA-256 digest, for content hashed as it is written ({@link #hash(MessageDigest)}). */
	public static MessageDigest digest() {
		try {
			return MessageDigest.getInstance("SHA-256");
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException("every Java platform has SHA-256", e);
		}
	}

	/** The SHA-256 of a content, in hexadecimal. */
	public static String hash(byte[] content) {
		return HexFormat.of().formatHex(digest().digest(content));
	}

	/** The hash, as {@link #hash(byte[])} gives it, of what went through a {@link #digest()}, which it completes. */
	public static String hash(MessageDigest digest) {
		return HexFormat.of().formatHex(digest.digest());
	}

	/** Records that LoopTrace wrote the content of that hash into a file, which exists. */
	public static void mark(IFile file, String hash) throws CoreException {
		file.setPersistentProperty(WRITTEN, hash);
	}

	/**
	 * The hash of what LoopTrace last wrote into a file; null when it wrote nothing there or the file
	 * does not exist. A mark found under the scanners' former name is moved to the one name.
	 */
	public static @Nullable String markOf(IFile file) throws CoreException {
		if (!file.exists()) {
			return null;
		}
		String written = file.getPersistentProperty(WRITTEN);
		if (written == null) {
			written = file.getPersistentProperty(SCANNER_WRITTEN);
			if (written != null) {
				file.setPersistentProperty(WRITTEN, written);
				file.setPersistentProperty(SCANNER_WRITTEN, null);
			}
		}
		return written;
	}

	/** Whether the file exists and is not what LoopTrace last wrote into it; an unreadable file counts as edited. */
	public static boolean isEdited(IFile file) throws CoreException {
		if (!file.exists()) {
			return false;
		}
		String written = markOf(file);
		return written == null || differs(written, file.getContents(true));
	}

	/** Whether a content has another hash than {@code written}; an unreadable one does. Streamed: a scan's CSV can be larger than memory. */
	private static boolean differs(String written, InputStream content) {
		MessageDigest digest = digest();
		try (InputStream in = new DigestInputStream(content, digest)) {
			in.transferTo(OutputStream.nullOutputStream());
		} catch (IOException e) {
			return true;
		}
		return !written.equals(hash(digest));
	}

	/** Records that LoopTrace wrote the content of that hash into a file of the file system, which exists. */
	public static void mark(Path file, String hash) throws CoreException, IOException {
		IFile workspaceFile = workspaceFile(file);
		if (workspaceFile != null) {
			mark(workspaceFile, hash);
			return;
		}
		synchronized (WrittenFiles.class) {
			Properties marks = outsideMarks();
			marks.setProperty(key(file), hash);
			storeOutsideMarks(marks);
		}
	}

	/**
	 * Writes what LoopTrace generated into a file of the file system, in the workspace or not. A
	 * workspace file it replaces is replaced through the workspace, which keeps the former content in
	 * the local history; any other file is written whole or not at all. The caller chose the file with
	 * {@link #target}, so that it replaces no edit of the user's, and marks it once the workspace sees it.
	 */
	public static void write(Path file, byte[] content, IProgressMonitor monitor) throws CoreException, IOException {
		IFile workspaceFile = workspaceFile(file);
		if (workspaceFile != null) {
			workspaceFile.refreshLocal(IResource.DEPTH_ZERO, monitor);
		}
		if (workspaceFile != null && workspaceFile.exists()) {
			workspaceFile.setContents(content, IResource.KEEP_HISTORY, monitor);
		} else {
			AtomicWrite.file(file, content, Progress.cancelledWhen(monitor::isCanceled));
		}
	}

	/**
	 * The hash of what LoopTrace last wrote into a file of the file system, in the workspace or not; null
	 * when it wrote nothing there or the file does not exist.
	 */
	public static @Nullable String markOf(Path file) throws CoreException, IOException {
		IFile workspaceFile = workspaceFile(file);
		if (workspaceFile != null) {
			return markOf(workspaceFile);
		}
		if (!Files.exists(file)) {
			return null;
		}
		synchronized (WrittenFiles.class) {
			return outsideMarks().getProperty(key(file));
		}
	}

	/** Whether a file of the file system exists and is not what LoopTrace last wrote into it; an unreadable file counts as edited. */
	public static boolean isEdited(Path file) throws CoreException {
		IFile workspaceFile = workspaceFile(file);
		if (workspaceFile != null) {
			return isEdited(workspaceFile);
		}
		if (!Files.exists(file)) {
			return false;
		}
		try {
			String written = markOf(file);
			return written == null || differs(written, Files.newInputStream(file));
		} catch (IOException e) {
			return true;
		}
	}

	/**
	 * {@code wanted}, a file of the file system in the workspace or not, or if the user edited it, the
	 * first of {@code NAME-1.EXT}, {@code NAME-2.EXT}... that they did not.
	 */
	public static Path target(Path wanted) throws CoreException {
		String name = wanted.getFileName().toString();
		int dot = name.lastIndexOf('.');
		String base = dot > 0 ? name.substring(0, dot) : name;
		String extension = dot > 0 ? name.substring(dot) : "";
		Path candidate = wanted;
		for (int n = 1; isEdited(candidate); n++) {
			candidate = wanted.resolveSibling(base + "-" + n + extension);
		}
		return candidate;
	}

	/**
	 * {@code wanted}, a folder of the file system in the workspace or not, or if the user edited one of
	 * {@code names} in it, the first of {@code NAME-1}, {@code NAME-2}... where they did not.
	 */
	public static Path target(Path wanted, Collection<String> names) throws CoreException {
		Path candidate = wanted;
		for (int n = 1; anyEdited(candidate, names); n++) {
			candidate = wanted.resolveSibling(wanted.getFileName() + "-" + n);
		}
		return candidate;
	}

	private static boolean anyEdited(Path folder, Collection<String> names) throws CoreException {
		for (String name : names) {
			if (isEdited(folder.resolve(name))) {
				return true;
			}
		}
		return false;
	}

	/** The workspace file at a location, when the workspace has one there. */
	private static @Nullable IFile workspaceFile(Path location) {
		for (IFile file : ResourcesPlugin.getWorkspace().getRoot().findFilesForLocationURI(location.toUri())) {
			if (file.getProject().isOpen()) {
				return file;
			}
		}
		return null;
	}

	private static String key(Path file) {
		return file.toAbsolutePath().normalize().toString();
	}

	private static Path outsideMarksFile() {
		return Platform.getStateLocation(Platform.getBundle(LoopTraceUi.BUNDLE_ID)).append(OUTSIDE_MARKS).toPath();
	}

	/**
	 * The marks of the files outside the workspace that still exist; none before the first. The marks
	 * of files since deleted are dropped from the store, which would otherwise keep a line for every
	 * file ever written.
	 */
	private static Properties outsideMarks() throws IOException {
		Properties marks = new Properties();
		Path store = outsideMarksFile();
		if (Files.exists(store)) {
			try (Reader in = Files.newBufferedReader(store, StandardCharsets.UTF_8)) {
				marks.load(in);
			}
		}
		if (marks.keySet().removeIf(path -> !exists(String.valueOf(path)))) {
			storeOutsideMarks(marks);
		}
		return marks;
	}

	/** Whether a path of the store names a file; a line no path can be read from names none. */
	private static boolean exists(String path) {
		try {
			return Files.exists(Path.of(path));
		} catch (InvalidPathException e) {
			return false;
		}
	}

	private static void storeOutsideMarks(Properties marks) throws IOException {
		Path store = outsideMarksFile();
		Files.createDirectories(store.getParent());
		// written whole or not at all: a store cut short would make every mark in it forgotten
		StringWriter text = new StringWriter();
		marks.store(text, null);
		AtomicWrite.file(store, text.toString().getBytes(StandardCharsets.UTF_8), Progress.NONE);
	}
}
