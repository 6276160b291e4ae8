// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.eclipse.emf.ecore.EObject;
import org.looptrace.model.Annotation;
import org.looptrace.model.Block;
import org.looptrace.model.Direction;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Send;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;

/**
 * Bytes sent per channel within a construct, from the data traces (for {@code matrix --bytes}): the
 * {@code size} attribute of every send of every occurrence, read by position from
 * {@code data.<src>} through the same scanning code as the annotations, never from the event traces.
 */
public final class MessageBytes {

	private MessageBytes() {
	}

	/**
	 * The total {@code size} of the messages sent in every occurrence of a construct (the whole model
	 * when {@code construct} is the model), per channel (src, dst, tag), in channel order.
	 *
	 * @throws org.looptrace.trace.TraceFormatException naming the data file that is missing, has no
	 *                                                  {@code size} or is too short
	 */
	public static SortedMap<Channel, Long> of(Block model, EObject construct, Path folder, Progress progress) throws IOException {
		List<Send> all = new ArrayList<>();
		if (construct instanceof Send send) {
			all.add(send);
		}
		construct.eAllContents().forEachRemaining(object -> {
			if (object instanceof Send send) {
				all.add(send);
			}
		});
		SortedMap<Channel, Long> bytes = new TreeMap<>();
		scan(model, all, folder, (send, channel, size) -> bytes.merge(channel, size, Long::sum), progress);
		return bytes;
	}

	/**
	 * What one send construct sent on one channel: bytes in all, how many messages, and the least
	 * and the most bytes of one of them (they differ when the construct stands for messages of
	 * different operations).
	 */
	public record Sent(long bytes, long messages, long least, long most) {
	}

	/**
	 * The {@code size} of the messages of every send construct of a model, per send (by identity, in
	 * model order) and channel: for telling apart operations that send the same messages but not the
	 * same amounts (a scatter from a broadcast).
	 *
	 * @throws org.looptrace.trace.TraceFormatException as {@link #of}
	 */
	public static Map<Send, SortedMap<Channel, Sent>> perSend(Block model, Path folder, Progress progress) throws IOException {
		List<Send> all = new ArrayList<>();
		model.eAllContents().forEachRemaining(object -> {
			if (object instanceof Send send) {
				all.add(send);
			}
		});
		Map<Send, SortedMap<Channel, Sent>> sent = new IdentityHashMap<>();
		scan(model, all, folder, (send, channel, size) -> sent.computeIfAbsent(send, s -> new TreeMap<>()).merge(channel,
				new Sent(size, 1, size, size), (a, b) -> new Sent(a.bytes() + b.bytes(), a.messages() + b.messages(),
						Math.min(a.least(), b.least()), Math.max(a.most(), b.most()))), progress);
		return sent;
	}

	private interface SizeSink {
		void accept(Send send, Channel channel, long size);
	}

	/** Reads the {@code size} of every occurrence of the sends. */
	private static void scan(Block model, List<Send> all, Path folder, SizeSink sink, Progress progress) throws IOException {
		Map<String, Send> sends = new HashMap<>();
		List<Scanner.Query> queries = new ArrayList<>();
		Positions positions = Positions.of(model);
		for (Send send : all) {
			RankSet.Builder owners = new RankSet.Builder();
			for (int rank : positions.ranks(send)) {
				if (positions.events(rank) > 0) { // a rank of a loop that never runs has no data trace
					owners.add(rank);
				}
			}
			RankSet ranks = owners.build();
			if (ranks.isEmpty()) {
				continue;
			}
			Annotation annotation = LooptraceFactory.eINSTANCE.createAnnotation();
			annotation.setLabel(ConstructPath.of(send));
			annotation.setRanks(ranks);
			annotation.setAttribute("size");
			annotation.setDirection(Direction.NEXT);
			sends.put(annotation.getLabel(), send);
			queries.add(new Scanner.Query(annotation, send, false));
		}
		if (queries.isEmpty()) {
			return;
		}
		Scanner.of(positions, queries).run(folder, record -> {
			Send send = sends.get(record.label());
			Exprs.IndexEnvironment indices = index -> {
				Long value = record.indices().get(index);
				if (value == null) {
					throw new IllegalStateException("no value of " + index + " at " + record);
				}
				return value;
			};
			int dst = (int) Exprs.evaluate(send.getPeer(), indices);
			String tag = Exprs.tagText(send, indices);
			sink.accept(send, new Channel(record.rank(), dst, tag), record.value());
		}, progress);
	}

	/** The totals summed over tags: bytes per (src, dst), as channels whose tag is empty. */
	public static SortedMap<Channel, Long> perPair(SortedMap<Channel, Long> perChannel) {
		SortedMap<Channel, Long> pairs = new TreeMap<>();
		perChannel.forEach((channel, total) -> pairs.merge(new Channel(channel.src(), channel.dst(), ""), total, Long::sum));
		return pairs;
	}
}
