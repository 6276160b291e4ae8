// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;

import org.looptrace.model.Model;
import org.looptrace.model.core.EventIterator;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.EventReader;
import org.looptrace.trace.TraceFolder;

/** Local models of trace files and folders: one NLR pass per rank, ranks in parallel. */
public final class Nlr {

	private Nlr() {
	}

	/**
	 * The local model of one trace file, streamed.
	 *
	 * @throws org.looptrace.trace.TraceFormatException on bad input, naming file, line and column
	 */
	public static Model modelFile(Path file, NlrOptions options, Progress progress) throws IOException {
		try (EventReader reader = EventReader.open(file)) {
			return model(reader, options, progress);
		}
	}

	/**
	 * The local models of every rank of a trace folder, in rank order, computed on a fixed pool of
	 * {@code threads} threads, one pass per rank. The result does not depend on the number of threads.
	 * Progress counts events over all ranks.
	 *
	 * @throws org.looptrace.trace.TraceFormatException on bad input (the first bad rank in rank order)
	 */
	public static List<Model> modelFolder(TraceFolder folder, NlrOptions options, int threads, Progress progress)
			throws IOException {
		progress.begin("Nested loop recognition of " + folder.ranks() + " ranks", -1);
		Progress shared = Parallel.shared(progress);
		return Parallel.map(folder.ranks(), threads, rank -> {
			try (EventReader reader = folder.openEvents(rank)) {
				return model(reader, options, shared);
			}
		});
	}

	/** One pass over a reader; a bad line ends it with the reader's diagnostic. */
	private static Model model(EventReader reader, NlrOptions options, Progress progress) throws IOException {
		Iterator<TraceEvent> events = new EventIterator() {
			@Override
			protected TraceEvent computeNext() {
				try {
					return reader.next();
				} catch (IOException e) {
					throw new UncheckedIOException(e);
				}
			}
		};
		try {
			return NestedLoopRecognizer.model(events, options, progress);
		} catch (UncheckedIOException e) {
			throw e.getCause();
		}
	}
}
