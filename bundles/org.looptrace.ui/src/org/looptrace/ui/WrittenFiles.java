// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.QualifiedName;
import org.eclipse.jdt.annotation.Nullable;

/**
 * What LoopTrace wrote into a workspace file, so that it never replaces what the user edited unasked:
 * the SHA-256 of the content it wrote, kept as a persistent property of the file. A file whose content
 * has another hash, or that has none, was edited by hand or written by something else.
 */
public final class WrittenFiles {

	private static final QualifiedName WRITTEN = new QualifiedName(LoopTraceUi.BUNDLE_ID, "written");
	/**
	 * Where the scanners' bundle kept the mark of the CSVs and scanners it wrote, before one mark
	 * served every writer: workspaces still hold it, and without it those files would count as edited.
	 */
	private static final QualifiedName SCANNER_WRITTEN = new QualifiedName("org.looptrace.scanner.ui", "written");

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
		if (written == null) {
			return true;
		}
		MessageDigest digest = digest();
		// streamed: a scan's CSV can be larger than memory
		try (InputStream in = new DigestInputStream(file.getContents(true), digest)) {
			in.transferTo(OutputStream.nullOutputStream());
		} catch (IOException e) {
			return true;
		}
		return !written.equals(hash(digest));
	}

	/** {@code wanted}, or if the user edited it, the first of {@code NAME-1.EXT}, {@code NAME-2.EXT}... that they did not. */
	public static IFile target(IFile wanted) throws CoreException {
		IPath path = wanted.getFullPath();
		String base = path.removeFileExtension().lastSegment();
		String extension = path.getFileExtension() == null ? "" : "." + path.getFileExtension();
		IContainer parent = wanted.getParent();
		IFile candidate = wanted;
		for (int n = 1; isEdited(candidate); n++) {
			candidate = parent.getFile(IPath.fromOSString(base + "-" + n + extension));
		}
		return candidate;
	}

	/** {@code wanted}, or if the user edited one of {@code names} in it, the first of {@code NAME-1}, {@code NAME-2}... where they did not. */
	public static IFolder target(IFolder wanted, Collection<String> names) throws CoreException {
		IFolder candidate = wanted;
		for (int n = 1; anyEdited(candidate, names); n++) {
			candidate = wanted.getParent().getFolder(IPath.fromOSString(wanted.getName() + "-" + n));
		}
		return candidate;
	}

	private static boolean anyEdited(IFolder folder, Collection<String> names) throws CoreException {
		for (String name : names) {
			if (isEdited(folder.getFile(name))) {
				return true;
			}
		}
		return false;
	}
}
