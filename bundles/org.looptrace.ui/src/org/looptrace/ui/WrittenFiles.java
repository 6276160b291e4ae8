// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.QualifiedName;
import org.eclipse.jdt.annotation.Nullable;

/**
 * What LoopTrace wrote into a workspace file, so that it never replaces what the user edited unasked:
 * the SHA-256 of the content it wrote, kept as a persistent property of the file. A file whose content
 * has another hash, or that has none, was edited by hand or written by something else.
 */
public final class WrittenFiles {

	private static final QualifiedName WRITTEN = new QualifiedName(LoopTraceUi.BUNDLE_ID, "written");

	private WrittenFiles() {
	}

	/** The SHA-256 of a content, in hexadecimal. */
	public static String hash(byte[] content) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException("every Java platform has SHA-256", e);
		}
	}

	/** Records that LoopTrace wrote the content of that hash into a file, which exists. */
	public static void mark(IFile file, String hash) throws CoreException {
		file.setPersistentProperty(WRITTEN, hash);
	}

	/** The hash of what LoopTrace last wrote into a file; null when it wrote nothing there or the file does not exist. */
	public static @Nullable String markOf(IFile file) throws CoreException {
		return file.exists() ? file.getPersistentProperty(WRITTEN) : null;
	}
}
