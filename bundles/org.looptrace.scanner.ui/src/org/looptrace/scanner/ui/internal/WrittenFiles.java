// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;
import java.io.InputStream;
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
import org.looptrace.scanner.ui.ScannerUi;

/**
 * What the launches wrote, so that they never overwrite what the user edited: each file written
 * carries the SHA-256 of its content as a persistent property. A file without it, or whose content
 * differs, is the user's; the launch then writes beside it, to the first free numbered name.
 */
final class WrittenFiles {

	private static final QualifiedName WRITTEN = new QualifiedName(ScannerUi.BUNDLE_ID, "written");

	private WrittenFiles() {
	}

	/** A new SHA-256 digest. */
	static MessageDigest digest() {
		try {
			return MessageDigest.getInstance("SHA-256");
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException("every Java platform has SHA-256", e);
		}
	}

	/** Records that a launch wrote {@code file} with the content of {@code digest}. */
	static void mark(IFile file, MessageDigest digest) throws CoreException {
		file.setPersistentProperty(WRITTEN, HexFormat.of().formatHex(digest.digest()));
	}

	/** Whether the file exists and is not what a launch last wrote into it. */
	static boolean isEdited(IFile file) throws CoreException {
		if (!file.exists()) {
			return false;
		}
		String written = file.getPersistentProperty(WRITTEN);
		if (written == null) {
			return true;
		}
		MessageDigest digest = digest();
		try (InputStream in = new DigestInputStream(file.getContents(true), digest)) {
			in.transferTo(java.io.OutputStream.nullOutputStream());
		} catch (IOException e) {
			return true;
		}
		return !written.equals(HexFormat.of().formatHex(digest.digest()));
	}

	/** {@code wanted}, or if the user edited it, the first of {@code NAME-1.EXT}, {@code NAME-2.EXT}... that they did not. */
	static IFile target(IFile wanted) throws CoreException {
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
	static IFolder target(IFolder wanted, Collection<String> names) throws CoreException {
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
