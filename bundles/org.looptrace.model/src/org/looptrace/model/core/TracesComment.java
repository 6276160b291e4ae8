// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the traces of a model are: the editor reads the attribute names of their data files, the
 * scanners their records. A model written into its own trace folder (the IDE's {@code model.loops})
 * needs nothing more; a model written elsewhere starts with the comment line
 * {@code // traces: PATH}, PATH relative to the model file's folder (forward slashes). The language
 * keeps comments, so the line survives formatting and editing.
 */
public final class TracesComment {

	private static final String PREFIX = "// traces: ";
	private static final Pattern LINE = Pattern.compile("\\A(?:[ \\t]*\\R)*[ \\t]*// traces: ([^\\r\\n]+?)[ \\t]*(?:\\R|\\z)");

	private TracesComment() {
	}

	/**
	 * The comment line (with its line end) for a model file written to {@code modelFile} from the
	 * traces in {@code traceFolder}; empty when the model is written into that folder itself.
	 */
	public static String line(Path modelFile, Path traceFolder) {
		Path modelFolder = modelFile.toAbsolutePath().normalize().getParent();
		Path traces = traceFolder.toAbsolutePath().normalize();
		if (traces.equals(modelFolder)) {
			return "";
		}
		String relative = modelFolder == null ? traces.toString() : modelFolder.relativize(traces).toString();
		return PREFIX + relative.replace('\\', '/') + "\n";
	}

	/**
	 * The trace folder of the model text in {@code modelFile}: the folder the comment line names
	 * (which need not exist), else the model file's own folder.
	 */
	public static Path traceFolder(Path modelFile, CharSequence text) {
		Path modelFolder = modelFile.toAbsolutePath().normalize().getParent();
		Optional<String> named = named(text);
		if (named.isEmpty()) {
			return modelFolder;
		}
		return modelFolder == null ? Path.of(named.get()) : modelFolder.resolve(named.get()).normalize();
	}

	/** The path the comment line names, if the text starts with one (blank lines allowed before it). */
	public static Optional<String> named(CharSequence text) {
		Matcher matcher = LINE.matcher(text);
		return matcher.lookingAt() ? Optional.of(matcher.group(1)) : Optional.empty();
	}
}
