// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.looptrace.trace.ReplayTags;

/**
 * A generated replay program: {@code replay.c}, its {@code Makefile}, the tag table when the model
 * has tags MPI cannot carry as they are, and the tables of sizes and gaps when the data asks for them.
 *
 * @param files the files by name, in the order they are written
 * @param ranks the number of ranks it runs on ({@code mpirun -np ranks})
 * @param tags  the tags sent as other numbers
 */
public record ReplayProgram(Map<String, String> files, int ranks, ReplayTags tags) {

	/** The program's source file. */
	public static final String SOURCE = "replay.c";

	public ReplayProgram {
		files = Map.copyOf(files);
	}

	/**
	 * Writes the files into a folder, created when missing; files it holds already are replaced
	 * only with {@code force}, and tables of an earlier program that this one does not have are removed.
	 *
	 * @return the files written
	 */
	public List<Path> write(Path folder, boolean force) throws IOException {
		for (String name : files.keySet()) {
			if (!force && Files.exists(folder.resolve(name))) {
				throw new FileAlreadyExistsException(folder.resolve(name).toString());
			}
		}
		Files.createDirectories(folder);
		try (var old = Files.list(folder)) {
			for (Path file : old.filter(file -> file.getFileName().toString().matches("replay\\.(sizes|gaps)\\.\\d+|replay\\.tags"))
					.filter(file -> !files.containsKey(file.getFileName().toString())).toList()) {
				Files.delete(file);
			}
		}
		List<String> names = files.keySet().stream().sorted((a, b) -> order(a) != order(b) ? order(a) - order(b) : a.compareTo(b)).toList();
		for (String name : names) {
			Files.writeString(folder.resolve(name), files.get(name), StandardCharsets.UTF_8);
		}
		return names.stream().map(folder::resolve).toList();
	}

	/** The source first, then the Makefile, then the tables. */
	private static int order(String name) {
		return name.equals(SOURCE) ? 0 : name.equals("Makefile") ? 1 : 2;
	}
}
