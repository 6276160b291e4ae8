// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide.constructs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TracesComment;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.ConstructTimeText;
import org.looptrace.scanner.profile.ProfileKey;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.TraceSource;

/**
 * The time of a construct in a hover, from the data traces of the model's run ({@link TimeProfile},
 * docs/TIME.md): a trace folder, or an OTF2 archive once converted. A hover never converts an archive
 * (that is long work, for the views' jobs): until then it says so. The profile of the last text and
 * data traces asked for is kept: hovering over one construct after another reads the data traces once.
 */
final class HoverTimes {

	/** The hover lines of each construct some rank runs, by path; or why there are none. */
	private record Times(Map<String, String> lines, @Nullable String error) {
	}

	private static @Nullable ProfileKey lastKey;
	private static Times lastTimes = new Times(Map.of(), null);

	private HoverTimes() {
	}

	/** The hover's lines on the time of a construct, each ended by a newline; empty when the run has no data trace. */
	static String lines(Model model, String text, Construct construct, Path modelFile) {
		Optional<TraceSource> traces;
		try {
			traces = TraceSource.readyOfModel(modelFile, text, false);
		} catch (IOException e) {
			return "time: cannot read the traces of " + TracesComment.traceFolder(modelFile, text) + ": " + e.getMessage() + "\n";
		}
		if (traces.isEmpty()) {
			return "time: the OTF2 archive " + TracesComment.traceFolder(modelFile, text)
					+ " is not converted yet (the Timeline, Matrix and Profile views of the model convert it)\n";
		}
		ProfileKey key = ProfileKey.of(text, traces.get().folder());
		if (!key.hasDataTraces()) {
			return "";
		}
		Times times = times(model, key, traces.get());
		String error = times.error();
		if (error != null) {
			return "time: " + error + "\n";
		}
		return times.lines().getOrDefault(ConstructPath.of(construct), "time: no rank runs it\n");
	}

	private static synchronized Times times(Model model, ProfileKey key, TraceSource traces) {
		if (Objects.equals(key, lastKey)) {
			return lastTimes;
		}
		Map<String, String> lines = new HashMap<>();
		String error = null;
		try {
			TimeProfile profile = traces.read(folder -> TimeProfile.of(model, folder, Progress.NONE));
			for (ConstructTime construct : profile.constructs()) {
				lines.put(construct.path(), ConstructTimeText.of(profile, construct) + "\n");
			}
		} catch (TraceFormatException | IllegalArgumentException | UncheckedIOException e) {
			error = e.getMessage();
		} catch (IOException e) {
			error = "cannot read the data traces: " + e.getMessage();
		}
		lastKey = key;
		lastTimes = new Times(lines, error);
		return lastTimes;
	}
}
