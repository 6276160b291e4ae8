// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Model;
import org.looptrace.model.core.EventIterator;
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
		if (threads < 1) {
			throw new IllegalArgumentException("threads must be at least 1, found " + threads);
		}
		progress.begin("Nested loop recognition of " + folder.ranks() + " ranks", -1);
		Progress shared = synchronizedProgress(progress);
		ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, folder.ranks()));
		try {
			List<Future<Model>> futures = new ArrayList<>();
			for (int rank = 0; rank < folder.ranks(); rank++) {
				int r = rank;
				futures.add(pool.submit(() -> cache == null ? modelRank(folder, r, options, shared)
						: cache.model(r, folder.traceFile(r), () -> modelRank(folder, r, options, shared))));
			}
			List<Model> models = new ArrayList<>();
			for (Future<Model> future : futures) {
				models.add(result(future));
			}
			return models;
		} finally {
			pool.shutdownNow();
		}
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

	private static Model result(Future<Model> future) throws IOException {
		try {
			return future.get();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new CancellationException("interrupted");
		} catch (ExecutionException e) {
			Throwable cause = e.getCause();
			if (cause instanceof IOException io) {
				throw io;
			} else if (cause instanceof RuntimeException runtime) {
				throw runtime;
			} else if (cause instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException(cause);
		}
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

	/** Progress is reported from every worker: serialize the calls; the task was begun once, for all ranks. */
	private static Progress synchronizedProgress(Progress progress) {
		return new Progress() {
			@Override
			public void begin(String task, long totalWork) {
				// one task for the whole folder, begun by modelFolder
			}

			@Override
			public synchronized void worked(long work) {
				progress.worked(work);
			}

			@Override
			public synchronized boolean isCancelled() {
				return progress.isCancelled();
			}
		};
	}
}
