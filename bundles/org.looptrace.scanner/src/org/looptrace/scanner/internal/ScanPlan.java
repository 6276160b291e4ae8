// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.Polynomial;
import org.looptrace.scanner.RecordSink;
import org.looptrace.scanner.Scanner.Query;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFormatException;

/**
 * What a scan does on one rank: the projection of the model onto the rank cut down to the loops
 * that enclose an annotated construct, positions compiled to 64-bit evaluation. Running it walks
 * those loops (never the events between the records read) and reads one record per occurrence.
 */
public final class ScanPlan {

	private static final int RECORDS_BETWEEN_CHECKS = 1 << 16;

	/**
	 * A record read at a construct, inside the loops named {@code indices}, outermost first;
	 * {@code id} is the query's index in the scanner's queries, {@code local} in this plan's.
	 */
	private record Read(Query query, int id, int local, boolean last, Polynomial start, Polynomial events, LongPolynomial position,
			LongPolynomial count, String[] indices) {
	}

	/** A step of the plan: reads at this construct, then the loops inside it, if any. */
	private static final class Step {
		final List<Read> reads = new ArrayList<>();
		/** For a loop: its slot and index; for a kept loop its bounds and the steps of its body. */
		int slot = -1;
		String index = "";
		LongPolynomial lower;
		LongPolynomial upper;
		Polynomial lowerBound = Polynomial.ZERO;
		Polynomial upperBound = Polynomial.ZERO;
		final List<Step> body = new ArrayList<>();
		/** For an unrolled loop: its slot, and per iteration its value and steps. */
		final List<Long> values = new ArrayList<>();
		final List<List<Step>> iterations = new ArrayList<>();

		/** The same as arrays, split by where the reads are, for the walk (a scan runs it per record). */
		Read[] atStart = new Read[0];
		Read[] atEnd = new Read[0];
		Step[] bodySteps = new Step[0];
		long[] iterationValues = new long[0];
		Step[][] iterationSteps = new Step[0][];
		/**
		 * For a kept loop whose body holds no loop to walk: the reads of one iteration in trace order,
		 * which its walk runs in one loop (the innermost loop is where a scan spends its time); else null.
		 */
		Read @Nullable [] leafReads;

		Step(LongPolynomial zero) {
			lower = zero;
			upper = zero;
		}

		/** Fills the arrays once the lists are complete. */
		void freeze() {
			atStart = reads.stream().filter(read -> !read.last()).toArray(Read[]::new);
			atEnd = reads.stream().filter(read -> read.last()).toArray(Read[]::new);
			bodySteps = body.toArray(new Step[0]);
			iterationValues = values.stream().mapToLong(Long::longValue).toArray();
			iterationSteps = iterations.stream().map(steps -> steps.toArray(new Step[0])).toArray(Step[][]::new);
			if (slot >= 0 && iterations.isEmpty() && body.stream().allMatch(step -> step.slot < 0)) {
				leafReads = body.stream().flatMap(step -> Stream.concat(Stream.of(step.atStart), Stream.of(step.atEnd))).toArray(Read[]::new);
			}
		}
	}

	private final int rank;
	private final List<Query> queries;
	private final List<Step> top;
	private final Step[] topSteps;
	private final List<String> slotNames;
	private long[] values;
	private long emitted;

	private ScanPlan(int rank, List<Query> queries, List<Step> top, List<String> slotNames) {
		this.rank = rank;
		this.queries = queries;
		this.top = top;
		this.topSteps = top.toArray(new Step[0]);
		this.slotNames = slotNames;
		this.values = new long[slotNames.size()];
	}

	/** The plan of the queries that read the rank of a projection. */
	public static ScanPlan of(Projection projection, List<Query> allQueries) {
		List<Query> queries = allQueries.stream().filter(query -> query.annotation().getRanks().contains(projection.rank())).toList();
		Map<Construct, List<Query>> byConstruct = new IdentityHashMap<>();
		Set<Construct> enclosing = Collections.newSetFromMap(new IdentityHashMap<>());
		for (Query query : queries) {
			byConstruct.computeIfAbsent(query.construct(), c -> new ArrayList<>()).add(query);
			for (EObject container = query.construct().eContainer(); container instanceof Loop loop; container = container.eContainer()) {
				enclosing.add(loop);
			}
		}
		Builder builder = new Builder(byConstruct, enclosing, allQueries, queries);
		List<Step> top = builder.steps(projection.top(), new ArrayList<>());
		return new ScanPlan(projection.rank(), queries, top, builder.slotNames);
	}

	private static final class Builder {
		final Map<Construct, List<Query>> byConstruct;
		final Set<Construct> enclosing;
		final List<Query> all;
		final List<Query> local;
		/** The deepest list of slots seen, to size the values array. */
		List<String> slotNames = List.of();
		final LongPolynomial zero = LongPolynomial.of(Polynomial.ZERO, List.of());

		Builder(Map<Construct, List<Query>> byConstruct, Set<Construct> enclosing, List<Query> all, List<Query> local) {
			this.byConstruct = byConstruct;
			this.enclosing = enclosing;
			this.all = all;
			this.local = local;
		}

		Read read(Query query, Projection.Node node, List<String> slots) {
			String[] indices = slots.toArray(new String[0]);
			// The names a RecordSink's values go by (Scanner.indexNames): the loops of the projection are those of the model.
			if (!Arrays.equals(indices, enclosingIndices(query.construct()))) {
				throw new IllegalStateException("the plan of " + query + " is inside the loops " + slots + ", the model's are "
						+ Arrays.toString(enclosingIndices(query.construct())));
			}
			return new Read(query, indexOf(all, query), indexOf(local, query), query.last(), node.start, node.count,
					LongPolynomial.of(node.start, slots), LongPolynomial.of(node.count, slots), indices);
		}

		private static int indexOf(List<Query> queries, Query query) {
			for (int i = 0; i < queries.size(); i++) {
				if (queries.get(i) == query) {
					return i;
				}
			}
			throw new IllegalStateException(query + " is not among the queries");
		}

		List<Step> steps(List<Projection.Node> nodes, List<String> slots) {
			List<Step> steps = new ArrayList<>();
			for (Projection.Node node : nodes) {
				List<Query> reads = byConstruct.getOrDefault(node.construct, List.of());
				boolean inside = enclosing.contains(node.construct);
				if (reads.isEmpty() && !inside) {
					continue;
				}
				Step step = new Step(zero);
				for (Query query : reads) {
					step.reads.add(read(query, node, slots));
				}
				if (inside && node instanceof Projection.LoopNode loop) {
					// a step per piece of the range: the reads at the start in the first, those at the end in the last
					List<Read> atEnd = step.reads.stream().filter(Read::last).toList();
					step.reads.removeAll(atEnd);
					for (int k = 0; k < loop.pieces.size(); k++) {
						Step piece = k == 0 ? step : new Step(zero);
						Projection.Piece range = loop.pieces.get(k);
						if (k == loop.pieces.size() - 1) {
							piece.reads.addAll(atEnd);
						}
						piece.slot = slots.size();
						piece.index = loop.index;
						piece.lower = LongPolynomial.of(range.lower, slots);
						piece.upper = LongPolynomial.of(range.upper, slots);
						piece.lowerBound = range.lower;
						piece.upperBound = range.upper;
						slots.add(loop.index);
						widen(slots);
						piece.body.addAll(steps(range.body, slots));
						slots.remove(slots.size() - 1);
						if (k < loop.pieces.size() - 1) {
							piece.freeze();
							steps.add(piece);
						} else {
							step = piece;
						}
					}
				} else if (inside && node instanceof Projection.UnrolledNode unrolled) {
					step.slot = slots.size();
					step.index = unrolled.index;
					slots.add(unrolled.index);
					widen(slots);
					for (Projection.Iteration iteration : unrolled.iterations) {
						step.values.add(iteration.value);
						step.iterations.add(steps(iteration.body, slots));
					}
					slots.remove(slots.size() - 1);
				}
				step.freeze();
				steps.add(step);
			}
			return steps;
		}

		private void widen(List<String> slots) {
			if (slots.size() > slotNames.size()) {
				slotNames = List.copyOf(slots);
			}
		}
	}

	/** The indices of the loops enclosing a construct in the model, outermost first. */
	public static String[] enclosingIndices(Construct construct) {
		List<String> names = new ArrayList<>();
		for (EObject container = construct.eContainer(); container instanceof Loop loop; container = container.eContainer()) {
			names.add(0, loop.getIndex());
		}
		return names.toArray(new String[0]);
	}

	/** The labels of the plan's annotations, for messages. */
	public String labels() {
		StringJoiner labels = new StringJoiner(", ");
		queries.forEach(query -> labels.add('"' + query.annotation().getLabel() + '"'));
		return labels.toString();
	}

	/** Reads every record of the plan from the rank's data trace, in trace order. */
	public void run(DataTrace data, RecordSink sink, Progress progress) throws IOException {
		int[] attributes = new int[queries.size()];
		for (int i = 0; i < attributes.length; i++) {
			Query query = queries.get(i);
			String attribute = query.annotation().getAttribute();
			if (!data.attributes().contains(attribute)) {
				throw new TraceFormatException(Diagnostic.error(data.file(), "no attribute '" + attribute + "' (annotation " + query
						+ "): the data trace has " + String.join(", ", data.attributes())));
			}
			attributes[i] = data.attributeIndex(attribute);
		}
		values = new long[slotNames.size()];
		emitted = 0;
		run(topSteps, data, attributes, sink, progress);
	}

	private void run(Step[] steps, DataTrace data, int[] attributes, RecordSink sink, Progress progress) throws IOException {
		for (Step step : steps) {
			reads(step.atStart, data, attributes, sink, progress);
			if (step.slot >= 0) {
				iterate(step, data, attributes, sink, progress);
			}
			reads(step.atEnd, data, attributes, sink, progress);
		}
	}

	/** Runs the body of a loop step for each value of its index. */
	private void iterate(Step step, DataTrace data, int[] attributes, RecordSink sink, Progress progress) throws IOException {
		Read[] leaf = step.leafReads;
		if (leaf != null) {
			long upper = step.upper.evaluate(values);
			for (long value = step.lower.evaluate(values); value <= upper; value++) {
				values[step.slot] = value;
				for (Read read : leaf) {
					read(read, data, attributes, sink, progress);
				}
			}
		} else if (step.iterationSteps.length == 0) {
			long upper = step.upper.evaluate(values);
			for (long value = step.lower.evaluate(values); value <= upper; value++) {
				values[step.slot] = value;
				run(step.bodySteps, data, attributes, sink, progress);
			}
		} else {
			for (int i = 0; i < step.iterationSteps.length; i++) {
				values[step.slot] = step.iterationValues[i];
				run(step.iterationSteps[i], data, attributes, sink, progress);
			}
		}
	}

	/** The reads at the start of a construct or at its last record, in trace order. */
	private void reads(Read[] reads, DataTrace data, int[] attributes, RecordSink sink, Progress progress) throws IOException {
		for (Read read : reads) {
			read(read, data, attributes, sink, progress);
		}
	}

	/** One read at the current loop indices: the first record of the occurrence, or its last one. */
	private void read(Read read, DataTrace data, int[] attributes, RecordSink sink, Progress progress) throws IOException {
		long count = read.count().evaluate(values);
		if (count <= 0) {
			return; // no event of the rank in this occurrence
		}
		long position = read.position().evaluate(values) + (read.last() ? count - 1 : 0);
		emit(read, position, data, attributes[read.local()], sink, progress);
	}

	private void emit(Read read, long position, DataTrace data, int attribute, RecordSink sink, Progress progress) throws IOException {
		if (position < 0 || position >= data.records()) {
			Map<String, Long> indices = LoopIndices.of(read.indices(), values, read.indices().length);
			throw new TraceFormatException(Diagnostic.error(data.file(), "too short: " + data.records() + " records, but annotation "
					+ read.query() + " reads record " + position + " of rank " + rank + (indices.isEmpty() ? "" : " at " + indices)
					+ "; expected one record per event of trace." + rank));
		}
		sink.record(read.id(), rank, position, data.value(position, attribute), values, read.indices().length);
		if ((++emitted & (RECORDS_BETWEEN_CHECKS - 1)) == 0) {
			progress.checkCancelled();
		}
	}

	/** The rank this plan reads. */
	public int rank() {
		return rank;
	}

	/** The queries this plan reads, in model order. */
	public List<Query> queries() {
		return queries;
	}

	/** Writes the plan as source code: its loops as loops, its positions as the polynomials. */
	public void generate(ScannerSource source) {
		generate(top, new ArrayList<>(), source);
	}

	private static void generate(List<Step> steps, List<String> indices, ScannerSource source) {
		for (Step step : steps) {
			generateReads(step, false, indices, source);
			if (step.slot >= 0) {
				indices.add(step.index);
				if (step.iterations.isEmpty()) {
					source.beginLoop(step.index, step.lowerBound, step.upperBound);
					generate(step.body, indices, source);
					source.end();
				} else {
					for (int i = 0; i < step.iterations.size(); i++) {
						source.beginIteration(step.index, step.values.get(i));
						generate(step.iterations.get(i), indices, source);
						source.end();
					}
				}
				indices.remove(indices.size() - 1);
			}
			generateReads(step, true, indices, source);
		}
	}

	private static void generateReads(Step step, boolean last, List<String> indices, ScannerSource source) {
		for (Read read : step.reads) {
			if (read.query().last() == last) {
				source.read(read.query(), read.start(), read.events(), List.copyOf(indices));
			}
		}
	}
}
