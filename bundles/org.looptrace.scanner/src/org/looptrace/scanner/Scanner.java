// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.emf.common.util.EList;
import org.looptrace.model.Annotation;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Direction;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.internal.LoopIndices;
import org.looptrace.scanner.internal.ScanPlan;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFormatException;

/**
 * The annotations of a model compiled into a scanner (section V-B of the paper): for every
 * {@code get "LABEL" {RANKS}.ATTRIBUTE} and every rank of RANKS, one record per occurrence of the
 * construct the annotation is attached to, read from {@code data.<rank>} by position, without the
 * event traces. On an event, the record of that event; on a loop, {@code ->} (written before it)
 * reads the rank's first record in the loop and {@code <-} (written after it) its last one.
 *
 * <pre>
 * Scanner scanner = Scanner.of(model);
 * ScanCsv csv = new ScanCsv(scanner, out); // records as primitives, CSV rows without objects
 * scanner.run(folder, csv, progress);
 * csv.finish();
 * scanner.run(folder, record -&gt; use(record), progress); // or a ScanRecord per record
 * </pre>
 */
public final class Scanner {

	/** An annotation and the construct it reads. */
	public record Query(Annotation annotation, Construct construct, boolean last) {
		/** {@code "before" {0,1,5}.time -> 4.2}. */
		@Override
		public String toString() {
			return '"' + annotation.getLabel() + "\" {" + annotation.getRanks() + "}." + annotation.getAttribute()
					+ (last ? " <- " : " -> ") + ConstructPath.of(construct);
		}
	}

	private final Positions positions;
	private final List<Query> queries;
	/** Per query, the indices of the loops enclosing its construct, outermost first. */
	private final String[][] indexNames;

	private Scanner(Positions positions, List<Query> queries) {
		this.positions = positions;
		this.queries = queries;
		this.indexNames = new String[queries.size()][];
		for (int i = 0; i < indexNames.length; i++) {
			indexNames[i] = ScanPlan.enclosingIndices(queries.get(i).construct());
		}
	}

	/**
	 * Compiles the annotations of a model (validated by the language: every annotation has a
	 * construct to attach to).
	 *
	 * @throws IllegalArgumentException naming the annotation when it has nothing to attach to
	 */
	public static Scanner of(Block model) {
		List<Query> queries = new ArrayList<>();
		collect(model, queries);
		return new Scanner(Positions.of(model), List.copyOf(queries));
	}

	private static void collect(Block block, List<Query> queries) {
		EList<Item> items = block.getItems();
		for (int i = 0; i < items.size(); i++) {
			Item item = items.get(i);
			if (item instanceof Annotation annotation) {
				boolean previous = annotation.getDirection() == Direction.PREVIOUS;
				Construct construct = attached(items, i, previous ? -1 : 1);
				if (construct == null) {
					throw new IllegalArgumentException("the annotation \"" + annotation.getLabel() + "\" has no construct to attach to");
				}
				queries.add(new Query(annotation, construct, previous && construct instanceof Loop));
			} else if (item instanceof Loop loop) {
				collect(loop, queries);
			}
		}
	}

	private static @org.eclipse.jdt.annotation.Nullable Construct attached(EList<Item> items, int from, int step) {
		for (int i = from + step; i >= 0 && i < items.size(); i += step) {
			if (items.get(i) instanceof Construct construct) {
				return construct;
			}
		}
		return null;
	}

	/** A scanner of given queries (not annotations of the model: e.g. the sends of {@link MessageBytes}). */
	static Scanner of(Positions positions, List<Query> queries) {
		return new Scanner(positions, List.copyOf(queries));
	}

	/** The annotations in model order, with the constructs they read. */
	public List<Query> queries() {
		return queries;
	}

	/** The label of a query, by its index in {@link #queries()}. */
	public String label(int query) {
		return queries.get(query).annotation().getLabel();
	}

	/**
	 * The indices of the loops enclosing the construct of a query (by its index in
	 * {@link #queries()}), outermost first: the names of a {@link RecordSink}'s {@code indices}.
	 */
	public List<String> indexNames(int query) {
		return List.of(indexNames[query]);
	}

	/** The positions of the model the scanner reads by. */
	public Positions positions() {
		return positions;
	}

	/** The ranks the annotations read, in increasing order. */
	public List<Integer> ranks() {
		java.util.TreeSet<Integer> ranks = new java.util.TreeSet<>();
		for (Query query : queries) {
			query.annotation().getRanks().forEach(ranks::add);
		}
		return List.copyOf(ranks);
	}

	/**
	 * Reads the records of every annotation from the data traces {@code data.<rank>} of a folder,
	 * rank by rank, each rank in trace order, and hands them to {@code sink} as they are read, as
	 * primitives (nothing is allocated per record).
	 *
	 * @throws TraceFormatException naming the file when a data trace is missing, is not one, lacks an
	 *                              attribute or is shorter than a position read (naming the
	 *                              annotation and the loop indices)
	 * @throws IOException          when reading fails or the sink fails
	 */
	public void run(Path folder, RecordSink sink, Progress progress) throws IOException {
		List<Integer> ranks = ranks();
		for (int rank : ranks) { // before reading anything
			Path file = folder.resolve("data." + rank);
			if (!Files.isRegularFile(file)) {
				throw new TraceFormatException(Diagnostic.error(file, "missing: the annotations read rank " + rank + " ("
						+ ScanPlan.of(positions.projection(rank), queries).labels() + "), expected the data trace of rank " + rank
						+ " (docs/FORMATS.md)"));
			}
		}
		progress.begin("Scanning " + folder, ranks.size());
		for (int rank : ranks) {
			progress.checkCancelled();
			ScanPlan plan = ScanPlan.of(positions.projection(rank), queries);
			try (DataTrace data = DataTrace.open(folder.resolve("data." + rank))) {
				plan.run(data, sink, progress);
			}
			progress.worked(1);
		}
	}

	/**
	 * The same scan as {@link #run(Path, RecordSink, Progress)}, one {@link ScanRecord} per record:
	 * for code that keeps or looks records up (a view, a test), not for 10^8 records.
	 */
	public void run(Path folder, Consumer<ScanRecord> sink, Progress progress) throws IOException {
		run(folder, recordsTo(sink), progress);
	}

	/** A sink that hands each record to {@code consumer} as a {@link ScanRecord}, its indices owned by the record. */
	public RecordSink recordsTo(Consumer<ScanRecord> consumer) {
		String[] labels = queries.stream().map(query -> query.annotation().getLabel()).toArray(String[]::new);
		return (query, rank, position, value, indices, depth) -> consumer
				.accept(new ScanRecord(labels[query], rank, position, value, LoopIndices.of(indexNames[query], indices, depth)));
	}
}
