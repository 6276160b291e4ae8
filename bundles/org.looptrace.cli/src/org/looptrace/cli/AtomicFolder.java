// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.nio.file.Path;
import java.util.List;

import org.looptrace.model.core.AtomicWrite;

/**
 * Writes every output folder of the commands whole or not at all ({@link AtomicWrite}): a command
 * that fails half-way (an archive with a damaged rank, a program that cannot be started, an
 * interrupt) leaves no folder, and the user's previous folder as it was: the next run is neither
 * refused nor mixes its files with those of an earlier one.
 */
final class AtomicFolder {

	private AtomicFolder() {
	}

	/** As {@link #write}, for a {@code content} that returns the files it wrote: where they are once moved. */
	static List<Path> writeFiles(Path folder, AtomicWrite.FolderContent<List<Path>> content) throws Exception {
		return write(folder, into -> content.writeInto(into).stream().map(file -> folder.resolve(into.relativize(file))).toList());
	}

	/**
	 * Writes what {@code content} puts into a temporary folder beside {@code folder} (missing parents
	 * created), which replaces {@code folder} only once {@code content} returns, unless a signal
	 * cancelled the command meanwhile.
	 *
	 * @return what {@code content} returned
	 */
	static <T> T write(Path folder, AtomicWrite.FolderContent<T> content) throws Exception {
		return AtomicWrite.folder(folder, content, Signals.PROGRESS);
	}
}
