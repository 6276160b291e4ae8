// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.ConstructTimeText;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.TraceSource;

/**
 * The time of the loops of a model's run ({@link TimeProfile}, docs/TIME.md), for the timeline's
 * colours and its loop tooltips: each loop's total time summed over its ranks, and a tooltip's lines
 * on its time and the durations of its iterations. Computed without SWT, in the view's job.
 *
 * @param totals   the total time of each loop some rank runs, by path
 * @param tooltips the lines on the time of each loop, by path
 * @param problem  why there is no time although the folder holds data traces, or null
 */
record TimelineTimes(Map<String, Long> totals, Map<String, String> tooltips, @Nullable String problem) {

	/** No time: the run has no data traces. */
	static final TimelineTimes NONE = new TimelineTimes(Map.of(), Map.of(), null);

	TimelineTimes {
		totals = Map.copyOf(totals);
		tooltips = Map.copyOf(tooltips);
	}

	/**
	 * Reads the time of the loops of a model from the data traces of its traces (a trace folder, or the
	 * one an archive was converted into): {@link #NONE} when there are none, the problem when they do
	 * not fit the model, named in the archive for an archive.
	 *
	 * @throws java.util.concurrent.CancellationException when {@code progress} is cancelled
	 */
	static TimelineTimes read(Model model, TraceSource traces, Progress progress) {
		Path folder = traces.folder();
		if (!TimeProfile.hasDataTraces(folder)) {
			return NONE;
		}
		try {
			TimeProfile profile = traces.read(data -> TimeProfile.of(model, data, progress));
			Map<String, Long> totals = profile.loopTimes();
			Map<String, String> tooltips = new HashMap<>();
			for (ConstructTime construct : profile.constructs()) {
				if (totals.containsKey(construct.path()) && construct.iterations() != null) {
					tooltips.put(construct.path(), ConstructTimeText.of(profile, construct));
				}
			}
			return new TimelineTimes(totals, tooltips, null);
		} catch (TraceFormatException | IllegalArgumentException | UncheckedIOException | ArithmeticException e) {
			return new TimelineTimes(Map.of(), Map.of(), e.getMessage());
		} catch (IOException e) {
			return unreadable(folder, e);
		}
	}

	/** No time: the traces at {@code where} cannot be read (an archive that cannot be converted, say). */
	static TimelineTimes unreadable(Path where, IOException e) {
		return new TimelineTimes(Map.of(), Map.of(), NLS.bind(Messages.TimelineView_unreadableData, where, e.getMessage()));
	}
}
