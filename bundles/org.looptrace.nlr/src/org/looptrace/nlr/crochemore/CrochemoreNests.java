// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.crochemore;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.looptrace.model.Model;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.crochemore.internal.Alphabet;
import org.looptrace.nlr.crochemore.internal.IntArray;
import org.looptrace.nlr.crochemore.internal.LoopNests;
import org.looptrace.nlr.crochemore.internal.Nest;
import org.looptrace.nlr.crochemore.internal.NestModel;
import org.looptrace.trace.EventReader;
import org.looptrace.trace.TraceFolder;

/**
 * Local models by the loop nests of Xu and Subhlok: the trace becomes a string of symbols (equal
 * events, equal symbols), Crochemore's algorithm finds its primitive and maximal tandem
 * repetitions, and a {@link Construction} chooses the loops among them. Loops repeat identical
 * bodies: unlike NLR, no field becomes affine in a loop index. The model is lossless:
 * {@code ModelExpander.expand(model)} yields exactly the events of the trace.
 * <p>
 * Not streaming: the trace is held as one int per event, and finding its repetitions takes about
 * 60 bytes per event in all.
 */
public final class CrochemoreNests {

	/** How loops are chosen among the repetitions (sections 3 and 4 of the paper). */
	public enum Construction {
		/**
		 * Reduce the repetitions of the shortest body first, each loop to a new symbol, and start
		 * again on the shorter string: fast; an outer loop may lose up to two iterations.
		 */
		GREEDY,
		/**
		 * All repetitions of the whole trace first, then the loops of the longest bodies, their
		 * bodies nested the same way: the paper's optimal nest; finds a long outer loop that
		 * greedy or NLR would cut.
		 */
		OPTIMAL
	}

	private CrochemoreNests() {
	}

	/** The local model of a trace, reporting progress and checking cancellation. */
	public static Model model(Iterable<TraceEvent> trace, Construction construction, Progress progress) {
		Alphabet alphabet = new Alphabet();
		IntArray symbols = new IntArray();
		for (TraceEvent event : trace) {
			symbols.add(alphabet.symbol(event));
		}
		return model(symbols, alphabet, construction, progress);
	}

	/**
	 * The local model of one trace file.
	 *
	 * @throws org.looptrace.trace.TraceFormatException on bad input, naming file, line and column
	 */
	public static Model modelFile(Path file, Construction construction, Progress progress) throws IOException {
		try (EventReader reader = EventReader.open(file)) {
			return model(reader, construction, progress);
		}
	}

	/**
	 * The local models of every rank of a trace folder, in rank order, on a fixed pool of
	 * {@code threads} threads. The result does not depend on the number of threads.
	 *
	 * @throws org.looptrace.trace.TraceFormatException on bad input (the first bad rank in rank order)
	 */
	public static List<Model> modelFolder(TraceFolder folder, Construction construction, int threads, Progress progress)
			throws IOException {
		progress.begin("Loop discovery (Crochemore, " + construction.name().toLowerCase() + ") of " + folder.ranks()
				+ " ranks", folder.ranks());
		Progress shared = Parallel.shared(progress);
		return Parallel.map(folder.ranks(), threads, rank -> {
			Model model = modelRank(folder, rank, construction, shared);
			shared.worked(1);
			return model;
		});
	}

	/**
	 * The local model of one rank of a trace folder.
	 *
	 * @throws org.looptrace.trace.TraceFormatException on bad input, naming file, line and column
	 */
	public static Model modelRank(TraceFolder folder, int rank, Construction construction, Progress progress)
			throws IOException {
		try (EventReader reader = folder.openEvents(rank)) {
			return model(reader, construction, progress);
		}
	}

	private static Model model(EventReader reader, Construction construction, Progress progress) throws IOException {
		Alphabet alphabet = new Alphabet();
		IntArray symbols = new IntArray();
		for (TraceEvent event = reader.next(); event != null; event = reader.next()) {
			symbols.add(alphabet.symbol(event));
		}
		return model(symbols, alphabet, construction, progress);
	}

	private static Model model(IntArray symbols, Alphabet alphabet, Construction construction, Progress progress) {
		List<Nest> nest = switch (construction) {
		case GREEDY -> LoopNests.greedy(symbols.array(), symbols.size(), alphabet.size(), progress);
		case OPTIMAL -> LoopNests.optimal(symbols.array(), symbols.size(), progress);
		};
		return NestModel.build(nest, alphabet);
	}
}
