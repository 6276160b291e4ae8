// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.analysis.collectives.CollectivePatterns;
import org.looptrace.analysis.collectives.GroupPattern;
import org.looptrace.analysis.collectives.Occurrence;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.lang.internal.ide.EditorServices.TextRange;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/**
 * What the Patterns view shows: the patterns of a model text or of a trace folder (modelled first,
 * as {@code looptrace patterns} does), with each pattern's occurrences; the text of the model and
 * where its constructs are. Computed without SWT, in the view's job.
 *
 * @param useContext whether messages were grouped by call context
 * @param found      what {@link CollectivePatterns} found
 * @param text       the model text the patterns were found in (for a trace folder, the model
 *                   "Model traces" wrote into it), or null
 * @param ranges     the text of every construct of {@code text} by construct path
 */
record PatternsData(boolean useContext, CollectivePatterns found, @Nullable String text, Map<String, TextRange> ranges) {

	/** The MPI collectives a kind can name, the others being shapes. */
	/** How many rows of the CSV export are written between two looks at Cancel. */
	private static final int ROWS_PER_CHECK = 4096;
	private static final Set<String> COLLECTIVES = Set.of("bcast", "reduce", "scatter", "gather", "allgather", "alltoall",
			"allreduce", "barrier");

	PatternsData {
		ranges = Map.copyOf(ranges);
	}

	/**
	 * The patterns of model text.
	 *
	 * @throws ModelTextException when the text is not a valid model
	 * @throws IllegalStateException when the model cannot be walked (an index no loop binds)
	 */
	static PatternsData ofModel(String text, String fileName, boolean useContext, Progress progress) throws ModelTextException {
		CollectivePatterns found = find(ModelText.parse(text, fileName), useContext, progress);
		return new PatternsData(useContext, found, text, EditorServices.constructRanges(text));
	}

	/**
	 * The patterns of a trace folder's global model, modelled with the options of {@code looptrace
	 * model}.
	 *
	 * @param modelText the text of the folder's model ({@code model.loops}), where the sends are shown, or null
	 * @throws TraceFormatException       when a trace file is malformed
	 * @throws InconsistentTraceException when the ranks' traces do not fit together
	 * @throws IOException                when a trace file cannot be read
	 */
	static PatternsData ofFolder(Path folder, @Nullable String modelText, boolean useContext, Progress progress)
			throws TraceFormatException, InconsistentTraceException, IOException {
		var model = Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, MergeOptions.defaults(), progress);
		return new PatternsData(useContext, find(model, useContext, folder, progress), modelText,
				modelText == null ? Map.of() : EditorServices.constructRanges(modelText));
	}

	private static CollectivePatterns find(org.looptrace.model.Model model, boolean useContext, Progress progress) {
		try {
			return CollectivePatterns.find(model, useContext, progress);
		} catch (ArithmeticException e) {
			throw new IllegalStateException(e.getMessage(), e);
		}
	}

	/** The patterns of a folder's model, with the sizes of its data traces as the command line reads them. */
	private static CollectivePatterns find(org.looptrace.model.Model model, boolean useContext, Path folder,
			Progress progress) throws IOException {
		try {
			return CollectivePatterns.find(model, useContext, folder, progress);
		} catch (ArithmeticException e) {
			throw new IllegalStateException(e.getMessage(), e);
		}
	}

	/** The patterns, in the order of {@code looptrace patterns}. */
	List<GroupPattern> patterns() {
		return found.patterns();
	}

	/** Whether two patterns are the same group (as {@link CollectivePatterns#patterns()} adds them up), whatever their counts. */
	static boolean samePattern(GroupPattern a, GroupPattern b) {
		return a.kind().equals(b.kind()) && a.rootText().equals(b.rootText()) && a.group().toString().equals(b.group().toString())
				&& a.context().equals(b.context());
	}

	/**
	 * Writes the patterns as {@code looptrace patterns --csv} prints them, byte for byte, looking at
	 * Cancel every {@value #ROWS_PER_CHECK} rows.
	 */
	void writeCsv(OutputStream out, Progress progress) throws IOException {
		List<GroupPattern> rows = patterns();
		progress.begin(Messages.PatternsView_exportTitle, rows.size());
		Writer csv = new OutputStreamWriter(out, StandardCharsets.UTF_8);
		csv.write(CollectivePatterns.CSV_COLUMNS + System.lineSeparator());
		for (int row = 0; row < rows.size(); row++) {
			csv.write(found.csvRow(rows.get(row)) + System.lineSeparator());
			if (row % ROWS_PER_CHECK == ROWS_PER_CHECK - 1) {
				progress.worked(ROWS_PER_CHECK);
				progress.checkCancelled();
			}
		}
		csv.flush();
	}

	/** The first line of a construct's text, or null without model text or construct. */
	@Nullable
	String firstLine(String path) {
		String model = text;
		TextRange range = ranges.get(path);
		if (model == null || range == null) {
			return null;
		}
		return model.substring(range.offset(), range.offset() + range.length()).lines().findFirst().orElse("").strip();
	}

	/** What a pattern resembles, in words: {@code MPI_Bcast}, {@code a ring pattern}. */
	static String resembles(GroupPattern pattern) {
		String kind = pattern.kind();
		if (COLLECTIVES.contains(kind)) {
			return "MPI_" + Character.toUpperCase(kind.charAt(0)) + kind.substring(1);
		}
		return NLS.bind(Messages.Pattern_shape, kind);
	}

	/**
	 * The marker message of an occurrence: "these 14 sends resemble MPI_Bcast from rank 3 over ranks
	 * 0-11 (7 times in the run)", with the occurrences of its pattern in the whole run (NLR may have
	 * split them over several places, a loop and an iteration peeled off it).
	 */
	String markerMessage(Occurrence occurrence) {
		GroupPattern pattern = patterns().stream().filter(p -> samePattern(p, occurrence.pattern())).findFirst()
				.orElse(occurrence.pattern());
		String root = pattern.root().isPresent() ? NLS.bind(Messages.Pattern_root, pattern.rootText()) : "";
		String function = pattern.context().isEmpty() ? "" : NLS.bind(Messages.Pattern_function, pattern.context());
		String times = pattern.occurrences() == 1 ? Messages.Pattern_once
				: NLS.bind(Messages.Pattern_times, Long.toString(pattern.occurrences()));
		int sends = occurrence.constructs().size();
		if (sends == 1) {
			return NLS.bind(Messages.PatternMarker_one, new Object[] { resembles(pattern), root, pattern.group(), function, times });
		}
		return NLS.bind(Messages.PatternMarker_many,
				new Object[] { Integer.toString(sends), resembles(pattern), root, pattern.group(), function, times });
	}
}
