// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TracesComment;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/**
 * The traces of a run as a user names them, made into the trace folder the engine reads: a trace
 * folder is itself; an OTF2 archive (its anchor {@code *.otf2} or the folder holding it) is written
 * once as a trace folder beside its anchor ({@link Otf2Archive#traceFolder}) and reused while it does
 * not change. The command line and the IDE both open their inputs here, a model's traces too
 * ({@link #ofModel}: the views of a model read its data traces from an archive as from a folder), and
 * put the diagnostics of the trace folder back where the user can find them: {@link #located}.
 */
public final class TraceSource {

	private final Path folder;
	private final @Nullable Path anchor;
	private final boolean calls;
	/** The archive, read when needed: a converted archive is read again only to locate a diagnostic. */
	private @Nullable Otf2Archive archive;

	private TraceSource(Path folder, @Nullable Path anchor, @Nullable Otf2Archive archive, boolean calls) {
		this.folder = folder;
		this.anchor = anchor;
		this.archive = archive;
		this.calls = calls;
	}

	/** Whether {@code path} names an OTF2 archive rather than a trace folder (or any other file). */
	public static boolean isArchive(Path path) {
		return Otf2Archive.anchorOf(path).isPresent();
	}

	/**
	 * The traces {@code path} names: a trace folder as it is (not opened, so the caller chooses how), or
	 * an archive converted into its trace folder unless that is up to date.
	 *
	 * @param calls    for an archive, whether Enter and Leave of regions become {@code local call F} /
	 *                 {@code local return F} events (written into a folder of their own); nothing for a
	 *                 trace folder, whose events are what its files hold
	 * @param threads  ranks of an archive read at the same time
	 * @param progress reports the conversion of an archive, one unit per rank
	 * @throws Otf2UnavailableException when {@code path} is an archive to convert and libotf2 cannot be loaded
	 * @throws org.looptrace.trace.TraceFormatException when the archive cannot be read, naming the file
	 *                 and, for an event, the location, rank and event
	 * @throws java.util.concurrent.CancellationException when {@code progress} is cancelled
	 */
	public static TraceSource open(Path path, boolean calls, int threads, Progress progress) throws IOException {
		Optional<TraceSource> ready = ready(path, calls);
		if (ready.isPresent()) {
			return ready.get();
		}
		Otf2Archive opened = Otf2Archive.open(path);
		return new TraceSource(opened.traceFolder(calls, threads, progress).folder(), opened.anchor(), opened, calls);
	}

	/**
	 * The traces {@code path} names when they can be read right away, without converting anything: a
	 * trace folder, or an archive converted and unchanged since; empty for an archive still to be
	 * converted ({@link #open} does). For what must not wait on a conversion, such as a hover.
	 */
	public static Optional<TraceSource> ready(Path path, boolean calls) throws IOException {
		Optional<Path> anchor = Otf2Archive.anchorOf(path);
		if (anchor.isEmpty()) {
			return Optional.of(new TraceSource(path, null, null, false));
		}
		return Otf2Archive.isConverted(anchor.get(), calls)
				? Optional.of(new TraceSource(Otf2Archive.convertedFolder(anchor.get(), calls), anchor.get(), null, calls))
				: Optional.empty();
	}

	/**
	 * The traces of the model text in {@code modelFile}, those its {@code // traces:} line names or its
	 * own folder ({@link TracesComment}), opened as {@link #forModel} opens them: the data traces of a
	 * model made from an archive are those of the archive.
	 */
	public static TraceSource ofModel(Path modelFile, CharSequence text, boolean calls, int threads, Progress progress)
			throws IOException {
		return forModel(TracesComment.traceFolder(modelFile, text), text, calls, threads, progress);
	}

	/**
	 * The traces {@code path} names, opened for the model text {@code text} as {@link #open} opens them,
	 * an archive's regions read as calls when asked or when the model counts them (its
	 * {@code // traces:} line says {@code --calls}): its positions are those of the archive read so.
	 */
	public static TraceSource forModel(Path path, CharSequence text, boolean calls, int threads, Progress progress)
			throws IOException {
		return open(path, calls || TracesComment.calls(text), threads, progress);
	}

	/** As {@link #ofModel}, when the model's traces can be read without converting an archive ({@link #ready}). */
	public static Optional<TraceSource> readyOfModel(Path modelFile, CharSequence text, boolean calls) throws IOException {
		return ready(TracesComment.traceFolder(modelFile, text), calls || TracesComment.calls(text));
	}

	/** The trace folder: the one given, or the one an archive was written into. */
	public Path folder() {
		return folder;
	}

	/** The anchor of the archive the traces were written from, or null for a trace folder given as such. */
	public @Nullable Path anchor() {
		return anchor;
	}

	/**
	 * What the archive's definitions warn about (threads left out, a missing clock, ...); none for a
	 * trace folder.
	 *
	 * @throws IOException when the archive, converted before, cannot be read now
	 */
	public List<Diagnostic> warnings() throws IOException {
		Otf2Archive from = archive();
		return from == null ? List.of() : from.warnings();
	}

	/**
	 * Why ranks receive fewer messages than are sent to them, when an archive says so: those of
	 * {@code ranks} that request receives it never completes, with the remedy
	 * ({@link Otf2Archive#missingReceives}); empty for a trace folder and otherwise.
	 *
	 * @throws IOException when the archive, converted before, cannot be read now
	 */
	public Optional<String> missingReceives(RankSet ranks) throws IOException {
		Otf2Archive from = archive();
		return from == null ? Optional.empty() : from.missingReceives(ranks);
	}

	/**
	 * The inconsistency {@code e} as the command line and the IDE report it: when its channel's
	 * receiver gets fewer messages than are sent to it and is a rank of an archive that requests
	 * receives it never completes, with that cause and the remedy ({@link #missingReceives}) appended
	 * and its {@linkplain InconsistentTraceException#imbalance() imbalance} kept; {@code e} itself otherwise.
	 *
	 * @throws IOException when the archive, converted before, cannot be read now
	 */
	public InconsistentTraceException explained(InconsistentTraceException e) throws IOException {
		InconsistentTraceException.Imbalance imbalance = e.imbalance();
		if (imbalance == null || imbalance.sent() <= imbalance.received()) {
			return e;
		}
		return missingReceives(RankSet.of(imbalance.dst())).map(e::explainedBy).orElse(e);
	}

	/**
	 * Reads something from the trace folder ({@code reader}, say a time profile or the bytes of
	 * messages), a problem of one of its files thrown again as {@link #located} puts it: at the archive's
	 * location and event rather than at the {@code data.<p>} it was written into.
	 */
	public <T> T read(FolderReader<T> reader) throws IOException {
		try {
			return reader.read(folder);
		} catch (TraceFormatException e) {
			throw new TraceFormatException(located(List.of(e.diagnostic())).get(0), e);
		}
	}

	/** What {@link #read} reads from a trace folder. */
	@FunctionalInterface
	public interface FolderReader<T> {
		/** Reads from {@code folder}, a problem of one of its files as a {@link TraceFormatException}. */
		T read(Path folder) throws IOException;
	}

	private synchronized @Nullable Otf2Archive archive() throws IOException {
		Path from = anchor;
		if (archive == null && from != null) {
			Otf2Archive opened = Otf2Archive.open(from);
			// a conversion found ready: what it saved besides the folder, for the warnings and
			// missingReceives; converted again when that is missing or damaged
			if (!opened.readConversion(calls)) {
				opened.traceFolder(calls, 1, Progress.NONE);
			}
			archive = opened;
		}
		return archive;
	}

	/**
	 * The diagnostics of the trace folder, those about a file an archive was written into pointing at
	 * the archive instead: {@code trace.<p>} or {@code data.<p>} become the event file of rank p's
	 * location, and line n of {@code trace.<p>} the position of the record event n was read from,
	 * named in the message ({@code location L (rank P, NAME), event E: ...}), since the converted files
	 * are the engine's and the archive is what the user has. Each rank concerned is read once more.
	 * Diagnostics of a trace folder given as such are returned as they are.
	 */
	public List<Diagnostic> located(List<Diagnostic> diagnostics) throws IOException {
		if (anchor == null || diagnostics.stream().allMatch(diagnostic -> rankOf(diagnostic, Integer.MAX_VALUE) < 0)) {
			return diagnostics;
		}
		Otf2Archive from = Objects.requireNonNull(archive());
		Map<Integer, TreeSet<Long>> wanted = new TreeMap<>();
		for (Diagnostic diagnostic : diagnostics) {
			int rank = rankOf(diagnostic, from.ranks());
			if (rank >= 0 && diagnostic.line() > 0 && diagnostic.file().getFileName().toString().startsWith("trace.")) {
				wanted.computeIfAbsent(rank, r -> new TreeSet<>()).add(diagnostic.line());
			}
		}
		Map<Integer, Map<Long, Long>> positions = new TreeMap<>();
		for (Map.Entry<Integer, TreeSet<Long>> rank : wanted.entrySet()) {
			positions.put(rank.getKey(), from.positions(rank.getKey(), calls, rank.getValue()));
		}
		List<Diagnostic> located = new ArrayList<>(diagnostics.size());
		for (Diagnostic diagnostic : diagnostics) {
			int rank = rankOf(diagnostic, from.ranks());
			if (rank < 0) {
				located.add(diagnostic);
				continue;
			}
			Long position = positions.getOrDefault(rank, Map.of()).get(diagnostic.line());
			String where = from.describe(rank) + (position != null ? ", event " + position : "");
			located.add(new Diagnostic(diagnostic.severity(), from.eventFile(rank), 0, 0, where + ": " + diagnostic.message()));
		}
		return located;
	}

	/** The rank whose run file of the converted folder a diagnostic is about, or -1. */
	private int rankOf(Diagnostic diagnostic, int ranks) {
		Path file = diagnostic.file().toAbsolutePath().normalize();
		if (!folder.toAbsolutePath().normalize().equals(file.getParent()) || !TraceFolder.isRunFile(file)) {
			return -1;
		}
		int rank = TraceFolder.rankOfRunFile(file);
		return rank >= 0 && rank < ranks ? rank : -1;
	}
}
