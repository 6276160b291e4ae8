// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.AtomicWrite;
import org.looptrace.trace.BinaryFiles;

/**
 * The arguments of a command: options ({@code --name value}, {@code -k value}, flags) and
 * positional arguments. Commands declare which options take a value; anything undeclared is an error.
 */
public final class Arguments {

	private final String command;
	private final List<String> positional = new ArrayList<>();
	private final Map<String, String> values = new HashMap<>();
	private final Set<String> flags = new HashSet<>();

	private Arguments(String command) {
		this.command = command;
	}

	/**
	 * @param valued options that take a value, e.g. {@code "-o", "--threads"}
	 * @param flagged options without a value, e.g. {@code "--stats"}
	 */
	public static Arguments parse(String command, List<String> words, Set<String> valued, Set<String> flagged)
			throws UsageException {
		Arguments arguments = new Arguments(command);
		for (int i = 0; i < words.size(); i++) {
			String word = words.get(i);
			if (valued.contains(word)) {
				if (i + 1 == words.size()) {
					throw new UsageException(command + ": option " + word + " expects a value");
				}
				if (arguments.values.put(word, words.get(++i)) != null) {
					throw new UsageException(command + ": option " + word + " is given twice: give it once (see looptrace "
							+ command + " --help)");
				}
			} else if (flagged.contains(word)) {
				arguments.flags.add(word);
			} else if (word.startsWith("-") && word.length() > 1 && !isNumber(word)) {
				throw new UsageException(command + ": unknown option " + word + " (see looptrace " + command + " --help)");
			} else {
				arguments.positional.add(word);
			}
		}
		return arguments;
	}

	private static boolean isNumber(String word) {
		return word.matches("-[0-9]+");
	}

	public List<String> positional() {
		return positional;
	}

	/** The positional arguments, checking their number. */
	public List<String> positional(int min, int max, String what) throws UsageException {
		if (positional.size() < min || positional.size() > max) {
			throw new UsageException(command + ": expected " + what + " (see looptrace " + command + " --help)");
		}
		return positional;
	}

	public boolean flag(String name) {
		return flags.contains(name);
	}

	public String value(String name, String fallback) {
		return values.getOrDefault(name, fallback);
	}

	/** The value of an option, null when it is not given. */
	public @Nullable String value(String name) {
		return values.get(name);
	}

	/** An integer option within [min, max]. */
	public int intValue(String name, int fallback, int min, int max) throws UsageException {
		String text = values.get(name);
		if (text == null) {
			return fallback;
		}
		try {
			int value = Integer.parseInt(text);
			if (value < min || value > max) {
				throw new NumberFormatException();
			}
			return value;
		} catch (NumberFormatException e) {
			throw new UsageException(command + ": option " + name + " expects a whole number from " + min + " to "
					+ max + ", found '" + text + "'");
		}
	}

	/** A path that must exist. */
	public static Path existing(String command, String text) throws UsageException {
		Path path = Path.of(text);
		if (!Files.exists(path)) {
			throw new UsageException(command + ": " + text + ": no such file or folder");
		}
		return path;
	}

	/** A path that must be an existing regular file. */
	public static Path existingFile(String command, String text) throws UsageException {
		Path path = existing(command, text);
		if (!Files.isRegularFile(path)) {
			throw new UsageException(command + ": " + text + " is a folder, expected a file");
		}
		return path;
	}

	/**
	 * The text of a model file in UTF-8, or a message saying what the file is instead: a data trace,
	 * another binary file, text in another encoding. Never the file's bytes.
	 */
	public static String readText(String command, Path file) throws UsageException, IOException {
		byte[] bytes = Files.readAllBytes(file);
		String binary = BinaryFiles.binaryKind(bytes, bytes.length, false);
		if (binary != null) {
			throw new UsageException(command + ": " + file + " is " + binary + ", not text: expected a model (.loops)");
		}
		try {
			return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
		} catch (CharacterCodingException e) {
			throw new UsageException(command + ": " + file + " is not UTF-8 text: expected a model (.loops)");
		}
	}

	/**
	 * A file to write (with {@link AtomicFile}, which creates its missing folders): never a folder, nor
	 * under a file, and an existing file, which may be one the user edited, only with {@code --force}.
	 * What a killed run left beside it is cleared up first, as {@code err} is told.
	 */
	public static Path outputFile(String command, String text, boolean force, PrintStream err) throws UsageException, IOException {
		Path file = Path.of(text);
		recover(command, file, err);
		if (Files.isDirectory(file)) {
			throw new UsageException(command + ": " + text + " is a folder, expected a file");
		}
		if (Files.exists(file) && !force) {
			throw new UsageException(command + ": " + text + " exists; use --force to replace it");
		}
		return writable(command, text, file);
	}

	/**
	 * A folder to write (with {@link AtomicFolder}, which creates its missing parents): never a file,
	 * nor under a file, nor the working folder or one holding it, and an existing folder holding
	 * anything (which may be the user's) only with {@code --force}; an empty one is as good as none.
	 * What a killed run left beside it is cleared up first (a folder it was replacing put back), as
	 * {@code err} is told.
	 */
	public static Path outputFolder(String command, String text, boolean force, PrintStream err) throws UsageException, IOException {
		Path folder = Path.of(text);
		recover(command, folder, err);
		if (Files.exists(folder) && !Files.isDirectory(folder)) {
			throw new UsageException(command + ": " + text + " exists and is not a folder");
		}
		// the folder is replaced whole: the working folder would be left deleted under the shell
		if (Files.isDirectory(folder) && Path.of("").toRealPath().startsWith(folder.toRealPath())) {
			throw new UsageException(command + ": " + text + " is the working folder or holds it: give a folder of its own to write");
		}
		if (!force && Files.isDirectory(folder)) {
			try (Stream<Path> entries = Files.list(folder)) {
				if (entries.findAny().isPresent()) {
					throw new UsageException(command + ": " + text + " exists and is not empty; use --force to replace it");
				}
			}
		}
		return writable(command, text, folder);
	}

	/** Clears up the temporaries that runs no longer running left beside {@code output}. */
	private static void recover(String command, Path output, PrintStream err) throws IOException {
		Path folder = output.toAbsolutePath().getParent();
		if (folder != null && Files.isDirectory(folder)) {
			for (String note : AtomicWrite.recover(folder)) {
				err.println("looptrace " + command + ": " + note);
			}
		}
	}

	/** {@code path}, once its nearest existing ancestor is a folder its missing folders can be made in. */
	private static Path writable(String command, String text, Path path) throws UsageException {
		Path folder = path.toAbsolutePath().getParent();
		while (folder != null && !Files.exists(folder)) {
			folder = folder.getParent();
		}
		if (folder != null && !Files.isDirectory(folder)) {
			throw new UsageException(command + ": cannot write " + text + ": " + folder + " exists and is not a folder");
		}
		return path;
	}
}
