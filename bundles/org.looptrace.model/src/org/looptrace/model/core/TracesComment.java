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
 * {@code // traces: PATH}, PATH relative to the model file's folder (forward slashes). A model made
 * from an OTF2 archive with its regions as calls ({@code --calls}) counts them as events: its
 * positions are those of the archive read that way, and the line says so,
 * {@code // traces: PATH --calls} ({@code .} when the model is in the archive's folder), so that
 * whatever reads its data traces reads them that way. The language keeps comments, so the line
 * survives formatting and editing.
 */
public final class TracesComment {

	private static final String PREFIX = "// traces: ";
	/** After the path: the archive's regions are calls. */
	private static final String CALLS = " --calls";
	private static final Pattern LINE = Pattern.compile("\\A(?:[ \\t]*\\R)*[ \\t]*// traces: ([^\\r\\n]+?)(" + CALLS + ")?[ \\t]*(?:\\R|\\z)");

	private TracesComment() {
	}

	/**
	 * The comment line (with its line end) for a model file written to {@code modelFile} from the
	 * traces in {@code traceFolder}, read with the archive's regions as calls or not; empty when the
	 * model is written into that folder itself, without calls.
	 */
	public static String line(Path modelFile, Path traceFolder, boolean calls) {
		Path modelFolder = modelFile.toAbsolutePath().normalize().getParent();
		Path traces = traceFolder.toAbsolutePath().normalize();
		if (traces.equals(modelFolder)) {
			return calls ? PREFIX + "." + CALLS + "\n" : "";
		}
		String relative = modelFolder == null ? traces.toString() : modelFolder.relativize(traces).toString();
		return PREFIX + relative.replace('\\', '/') + (calls ? CALLS : "") + "\n";
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

	/** Whether the comment line says the model counts an archive's regions as calls ({@code --calls}). */
	public static boolean calls(CharSequence text) {
		Matcher matcher = LINE.matcher(text);
		return matcher.lookingAt() && matcher.group(2) != null;
	}
}
