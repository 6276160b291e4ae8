// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.lang.internal.ide.constructs.ModelOutline;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.RankTime;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.trace.otf2.TraceSource;
import org.looptrace.ui.ModelViews;

/**
 * What the Profile view shows: the constructs of a model text as its Outline numbers and names them,
 * each with its time from the data traces of the model's run ({@link TimeProfile}), those of an
 * archive too ({@link ModelViews#traces}). Computed without SWT, in the view's job.
 *
 * @param text    the model text
 * @param folder  where the model's data traces are, as the user knows it: its trace folder (its
 *                {@code // traces: PATH} line, else the model's folder), or the anchor of the archive there
 * @param profile the time of the constructs, or null when the folder holds no data trace
 * @param rows    the top-level constructs, each with its body
 */
record ProfileData(String text, Path folder, @Nullable TimeProfile profile, List<ProfileData.Row> rows) {

	/**
	 * A construct of the model.
	 *
	 * @param parent   the loop around it, or null at the top level
	 * @param path     its path, as the Outline numbers it
	 * @param label    a loop's header or an event's text, as the Outline shows it
	 * @param offset   where its text starts
	 * @param length   the length of its text
	 * @param time     its time, or null when no rank runs it (or there are no data traces)
	 * @param children the constructs of a loop's body
	 */
	record Row(@Nullable Row parent, String path, String label, int offset, int length, @Nullable ConstructTime time, List<Row> children) {

		@Override
		public boolean equals(@Nullable Object other) {
			return this == other; // rows are the viewer's elements: identity, not the (recursive) contents
		}

		@Override
		public int hashCode() {
			return System.identityHashCode(this);
		}

		@Override
		public String toString() {
			return path + " " + label;
		}
	}

	/**
	 * Parses model text and reads the time of its constructs from the data traces of its run.
	 *
	 * @param modelFile where the model is, for its traces (a trace folder, or an archive converted first)
	 * @throws ModelTextException                          when the text is not a valid model
	 * @throws org.looptrace.trace.TraceFormatException     naming the data trace that does not fit the model
	 * @throws IllegalArgumentException                    when the model is too irregular to project
	 * @throws java.util.concurrent.CancellationException when {@code progress} is cancelled
	 */
	static ProfileData compute(String text, Path modelFile, Progress progress) throws ModelTextException, IOException {
		String fileName = String.valueOf(modelFile.getFileName());
		Model model = ModelText.parse(text, fileName);
		TraceSource traces = ModelViews.traces(modelFile, text, progress);
		TimeProfile profile = TimeProfile.hasDataTraces(traces.folder()) ? traces.read(folder -> TimeProfile.of(model, folder, progress))
				: null;
		Map<String, ConstructTime> times = new HashMap<>();
		if (profile != null) {
			profile.constructs().forEach(construct -> times.put(construct.path(), construct));
		}
		List<Row> rows = new ArrayList<>();
		for (ModelOutline.Node node : ModelOutline.of(text, () -> progress.isCancelled())) {
			rows.add(row(null, node, times));
		}
		progress.checkCancelled();
		Path anchor = traces.anchor();
		return new ProfileData(text, anchor != null ? anchor : traces.folder(), profile, List.copyOf(rows));
	}

	private static Row row(@Nullable Row parent, ModelOutline.Node node, Map<String, ConstructTime> times) {
		List<Row> children = new ArrayList<>();
		Row row = new Row(parent, node.path(), node.label(), node.offset(), node.length(), times.get(node.path()), children);
		for (ModelOutline.Node child : node.children()) {
			children.add(row(row, child, times));
		}
		return row;
	}

	/** The innermost construct whose text holds an offset, or null outside every construct. */
	@Nullable
	Row rowAt(int offset) {
		Row inner = null;
		List<Row> level = rows;
		boolean deeper = true;
		while (deeper) {
			deeper = false;
			for (Row row : level) {
				if (row.offset() <= offset && offset <= row.offset() + row.length()) {
					inner = row;
					level = row.children();
					deeper = true;
					break;
				}
			}
		}
		return inner;
	}

	/** The share of the run a construct takes ({@link TimeProfile#share}), 0 without a time. */
	double share(Row row) {
		TimeProfile times = profile;
		ConstructTime time = row.time();
		return times == null || time == null ? 0 : times.share(time);
	}

	/** The ranks of the run: those with data, by increasing rank. */
	List<Integer> ranks() {
		TimeProfile times = profile;
		return times == null ? List.of() : List.copyOf(times.runTimes().keySet());
	}

	/** The total time of a construct on each rank of the run (0 where it does not run), in the order of {@link #ranks()}. */
	long[] rankTimes(Row row) {
		List<Integer> ranks = ranks();
		long[] times = new long[ranks.size()];
		ConstructTime time = row.time();
		if (time != null) {
			for (RankTime rank : time.ranks()) {
				int index = Collections.binarySearch(ranks, rank.rank());
				if (index >= 0) {
					times[index] = rank.totalTime();
				}
			}
		}
		return times;
	}
}
