// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.looptrace.lang.ModelText;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * A family of generated runs (one pattern at several rank counts and two problem sizes) modelled
 * as {@code looptrace model} does it: written as a trace folder, read back rank by rank into
 * local models merged as they come, then folded. Each run is checked for exact projection onto
 * every rank (of the model and of its text read again), each rank count for determinism (the
 * same bytes on 2 threads twice and on 1 thread); the family keeps the constructs of each run for
 * the size checks.
 */
final class FamilyRuns {

	/** Constructs of the folded model by rank count, at the smaller and the larger problem size. */
	final Map<Integer, long[]> constructs = new LinkedHashMap<>();
	private final String name;

	/** Writes, models and checks every run, each in a folder of a temporary directory deleted at the end. */
	FamilyRuns(String name, int[] ranks, SizedPattern pattern) throws Exception {
		this.name = name;
		Path dir = Files.createTempDirectory("family-" + name);
		try {
			for (int count : ranks) {
				long[] bySize = new long[2];
				for (int size = 0; size < 2; size++) {
					Pattern run = pattern.of(count, size);
					Path folder = dir.resolve(count + "-" + size);
					Patterns.write(run, folder, Progress.NONE);
					bySize[size] = checked(folder, run.toString() + ", size " + size, size == 0);
				}
				constructs.put(count, bySize);
			}
		} finally {
			try (Stream<Path> files = Files.walk(dir)) {
				for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
					Files.delete(file);
				}
			}
		}
	}

	/** The pattern of a family at a rank count and a problem size (0 the smaller, 1 the larger). */
	@FunctionalInterface
	interface SizedPattern {
		Pattern of(int ranks, int size);
	}

	/**
	 * Models the folder, checks projection and, when asked (once per rank count, at the smaller size,
	 * to keep the family's time down), determinism; returns the folded model's constructs.
	 */
	private static long checked(Path folder, String what, boolean determinism) throws Exception {
		TraceFolder traces = TraceFolder.open(folder);
		Model model = model(traces, 2);
		String text = ModelPrinter.print(model);
		List<List<TraceEvent>> events = new ArrayList<>();
		for (int rank = 0; rank < traces.ranks(); rank++) {
			events.add(Projection.events(traces, rank));
		}
		Projection.assertProjection(events, model, what);
		Projection.assertProjection(events, ModelText.parse(text, "family.loops"), what + ", printed and read again");
		if (determinism) {
			assertEquals(text, ModelPrinter.print(model(traces, 2)), what + ": modelled twice");
			assertEquals(text, ModelPrinter.print(model(traces, 1)), what + ": on 1 thread");
		}
		return Folding.constructs(model);
	}

	/** The folded global model of a trace folder, local models made by NLR as the merge asks for them. */
	private static Model model(TraceFolder traces, int threads) throws IOException, InconsistentTraceException {
		return Merger.merge(traces.ranks(), rank -> Nlr.modelRank(traces, rank, NlrOptions.DEFAULTS, Progress.NONE, null),
				new MergeOptions(threads), Progress.NONE);
	}

	/** Constructs at {@code to} ranks over those at {@code from}, at the smaller problem size. */
	double growth(int from, int to) {
		return (double) constructs.get(to)[0] / constructs.get(from)[0];
	}

	/** The figures of merit: constructs per rank count and size, growth from 4 to 16 and to 64 ranks. */
	String figures() {
		StringBuilder text = new StringBuilder(name + " constructs (ranks: smaller size / larger size):");
		constructs.forEach((ranks, bySize) -> text.append(' ').append(ranks).append(": ").append(bySize[0]).append(" / ").append(bySize[1]));
		return text.append(String.format("; growth 4 → 16 ranks %.3f×, 4 → 64 ranks %.3f×", growth(4, 16), growth(4, 64))).toString();
	}
}
