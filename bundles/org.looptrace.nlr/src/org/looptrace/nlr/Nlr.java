// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Iterator;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
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
		return modelFolder(folder, options, threads, progress, null);
	}

	/**
	 * As {@link #modelFolder(TraceFolder, NlrOptions, int, Progress)}, taking the model of every rank
	 * whose trace did not change from {@code cache} (none when null) and storing the others there.
	 */
	public static List<Model> modelFolder(TraceFolder folder, NlrOptions options, int threads, Progress progress,
			@Nullable LocalModelCache cache) throws IOException {
		progress.begin("Nested loop recognition of " + folder.ranks() + " ranks", -1);
		Progress shared = Parallel.shared(progress);
		return Parallel.map(folder.ranks(), threads, rank -> modelRank(folder, rank, options, shared, cache));
	}

	/**
	 * The local model of one rank of a trace folder, taken from {@code cache} (none when null) when
	 * its trace did not change, else computed and stored there.
	 *
	 * @throws org.looptrace.trace.TraceFormatException on bad input, naming file, line and column
	 */
	public static Model modelRank(TraceFolder folder, int rank, NlrOptions options, Progress progress,
			@Nullable LocalModelCache cache) throws IOException {
		return cache == null ? modelRank(folder, rank, options, progress)
				: cache.model(rank, folder.traceFile(rank), () -> modelRank(folder, rank, options, progress));
	}

	private static Model modelRank(TraceFolder folder, int rank, NlrOptions options, Progress progress)
			throws IOException {
		try (EventReader reader = folder.openEvents(rank)) {
			return model(reader, options, progress);
		}
	}

	/**
	 * The configuration a {@link LocalModelCache} of NLR models is keyed by: every option that changes
	 * them, and the build of this bundle, so that a new version of the algorithm never reads models
	 * of an old one.
	 */
	public static String cacheConfiguration(NlrOptions options) {
		return "nlr k=" + options.maxBody() + " stack=" + options.stackLimit() + " affine=" + options.affine()
				+ " build=" + build();
	}

	/** Where this bundle's classes come from and when they were built. */
	private static String build() {
		CodeSource source = Nlr.class.getProtectionDomain().getCodeSource();
		URL location = source == null ? null : source.getLocation();
		if (location == null) {
			// unknown origin: a key no other run shares, so nothing cached is ever misread
			return "unknown-" + System.nanoTime();
		}
		try {
			Path code = Path.of(location.toURI());
			Path stamp = Files.isDirectory(code) ? code.resolve(Nlr.class.getName().replace('.', '/') + ".class") : code;
			return code + "@" + Files.getLastModifiedTime(stamp).toMillis();
		} catch (IOException | URISyntaxException | RuntimeException e) {
			// not a file (an OSGi bundle location): its name carries the build qualifier
			return location.toString();
		}
	}

	/** One pass over a reader; a bad line ends it with the reader's diagnostic. */
	private static Model model(EventReader reader, NlrOptions options, Progress progress) throws IOException {
		Iterator<TraceEvent> events = new EventIterator() {
			@Override
			protected @Nullable TraceEvent computeNext() {
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
