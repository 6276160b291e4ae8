// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.matrix.CommunicationMatrix;
import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TracesComment;
import org.looptrace.scanner.MessageBytes;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.TraceSource;
import org.looptrace.ui.ModelViews;

/**
 * What the matrix view shows: the messages (and bytes, when the run has data traces) between every
 * pair of ranks of a model or of one of its constructs, with the ranks that take part. Computed
 * without SWT, in the view's job.
 *
 * @param construct the {@link ConstructPath} of the construct, or null for the whole model
 * @param messages  messages per pair that talks, by source then destination
 * @param bytes     bytes per pair, or null when the run has no data traces or they could not be read
 * @param bytesProblem why the bytes are missing although the run has data traces, or null
 * @param ranks     the rows and columns: the ranks from 0 to the highest that sends or receives in the
 *                  whole model
 * @param messagesTotal the messages of every pair
 * @param bytesTotal    the bytes of every pair, 0 when unknown
 */
record MatrixData(@Nullable String construct, SortedMap<Channel, Long> messages, @Nullable SortedMap<Channel, Long> bytes,
		@Nullable String bytesProblem, List<Long> ranks, long messagesTotal, long bytesTotal) {

	/**
	 * A matrix with its totals, summed here once rather than by each look at them (the view's layout
	 * measures the total's label): a matrix may have millions of pairs.
	 *
	 * @throws ArithmeticException when a total overflows
	 */
	static MatrixData of(@Nullable String construct, SortedMap<Channel, Long> messages, @Nullable SortedMap<Channel, Long> bytes,
			@Nullable String bytesProblem, List<Long> ranks) {
		return new MatrixData(construct, messages, bytes, bytesProblem, ranks, sum(messages), bytes == null ? 0 : sum(bytes));
	}

	private static long sum(SortedMap<Channel, Long> cells) {
		long total = 0;
		for (long value : cells.values()) {
			total = Math.addExact(total, value);
		}
		return total;
	}

	/**
	 * Parses model text and computes the matrix of one of its constructs (or of all of it), with the
	 * bytes from the data traces of its traces when there are any: a trace folder, or an archive
	 * converted first ({@link ModelViews#traces}), whose problems name the archive's location and rank.
	 *
	 * @param file      the model file (its folder and traces comment locate the data traces)
	 * @param construct a construct path, or null for the whole model
	 * @throws ModelTextException       when the text is not a valid model
	 * @throws IllegalArgumentException when the path names no construct of the model, or counts overflow
	 */
	static MatrixData compute(String text, Path file, @Nullable String construct, Progress progress) throws ModelTextException {
		Model model = ModelText.parse(text, file.getFileName() == null ? file.toString() : file.getFileName().toString());
		CommunicationMatrix matrix;
		EObject target = model;
		try {
			if (construct == null) {
				matrix = CommunicationMatrix.of(model, progress);
			} else {
				target = ConstructPath.find(model, construct);
				matrix = CommunicationMatrix.of(model, construct, progress);
			}
		} catch (IllegalStateException | ArithmeticException e) {
			throw new IllegalArgumentException(e.getMessage(), e);
		}
		SortedMap<Channel, Long> bytes = null;
		String problem = null;
		Path folder = TracesComment.traceFolder(file, text);
		try {
			TraceSource traces = ModelViews.traces(file, text, progress);
			folder = traces.folder();
			if (TimeProfile.hasDataTraces(folder)) {
				EObject of = target;
				bytes = new TreeMap<>();
				for (Map.Entry<org.looptrace.model.core.Channel, Long> channel : traces
						.read(data -> MessageBytes.of(model, of, data, progress)).entrySet()) {
					bytes.merge(new Channel(channel.getKey().src(), channel.getKey().dst()), channel.getValue(), Math::addExact);
				}
			}
		} catch (TraceFormatException e) {
			bytes = null;
			problem = e.getMessage();
		} catch (CancellationException e) {
			throw e;
		} catch (IOException | RuntimeException e) {
			bytes = null;
			problem = folder + ": " + e.getMessage();
		}
		// the axes of the whole model, so that they stay put while the caret moves between constructs
		CommunicationMatrix whole = construct == null ? matrix : CommunicationMatrix.of(model, progress);
		long highest = -1;
		for (Channel channel : whole.channels().keySet()) {
			highest = Math.max(highest, Math.max(channel.source(), channel.destination()));
		}
		List<Long> ranks = new ArrayList<>();
		for (long rank = 0; rank <= highest; rank++) {
			ranks.add(rank);
		}
		try {
			return of(construct, matrix.channels(), bytes, problem, ranks);
		} catch (ArithmeticException e) {
			throw new IllegalArgumentException(e.getMessage(), e);
		}
	}

	/** How many ranks send or receive a message of the matrix. */
	int talkingRanks() {
		Set<Long> talking = new HashSet<>();
		messages.keySet().forEach(channel -> {
			talking.add(channel.source());
			talking.add(channel.destination());
		});
		return talking.size();
	}

	/** Messages from source to destination (0 when they do not talk). */
	long messages(long source, long destination) {
		return messages.getOrDefault(new Channel(source, destination), 0L);
	}

	/** Bytes from source to destination, or -1 when the bytes are unknown. */
	long bytes(long source, long destination) {
		SortedMap<Channel, Long> known = bytes;
		return known == null ? -1 : known.getOrDefault(new Channel(source, destination), 0L);
	}

	/** The total of messages or bytes. */
	long total(boolean ofBytes) {
		return ofBytes ? bytesTotal : messagesTotal;
	}

	/** The cells of messages, or of bytes (none when unknown). */
	SortedMap<Channel, Long> cells(boolean ofBytes) {
		SortedMap<Channel, Long> known = bytes;
		return !ofBytes ? messages : known == null ? new TreeMap<>() : known;
	}

	/**
	 * The lines of the CSV export, header first: {@code source,destination,messages[,bytes]} for
	 * each pair that talks, the format of {@code looptrace matrix --csv [--bytes]}.
	 */
	List<String> csv() {
		SortedMap<Channel, Long> known = bytes;
		List<String> lines = new ArrayList<>();
		lines.add("source,destination,messages" + (known == null ? "" : ",bytes"));
		messages.forEach((channel, count) -> lines.add(channel.source() + "," + channel.destination() + "," + count
				+ (known == null ? "" : "," + known.getOrDefault(channel, 0L))));
		return lines;
	}
}
