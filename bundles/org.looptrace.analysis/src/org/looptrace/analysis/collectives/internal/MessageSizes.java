// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.SortedMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Send;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.MessageBytes;

/**
 * The size of the messages of each send construct on each of its channels, read from the data
 * traces ({@code size} of {@code data.<rank>}) through the scanner.
 */
public final class MessageSizes {

	/** No sizes: without data traces. */
	public static final MessageSizes NONE = new MessageSizes(new IdentityHashMap<>(), false);

	private final Map<Send, SortedMap<Channel, MessageBytes.Sent>> sent;
	private final boolean known;

	private MessageSizes(Map<Send, SortedMap<Channel, MessageBytes.Sent>> sent, boolean known) {
		this.sent = sent;
		this.known = known;
	}

	/**
	 * The sizes of a model's messages read from a trace folder's data traces.
	 *
	 * @throws IOException naming a data file that is missing, has no {@code size} or is too short
	 */
	public static MessageSizes read(Block model, Path folder, Progress progress) throws IOException {
		return new MessageSizes(MessageBytes.perSend(model, folder, progress), true);
	}

	/** Whether sizes were read. */
	public boolean known() {
		return known;
	}

	/**
	 * The size of the messages a send construct sent on a channel, -1 when unknown or when they
	 * differ: a construct that the model folded over messages of different operations (a step's
	 * last send and the next step's first, to the same peer on the same tag) says nothing of the
	 * size of either.
	 */
	public double size(Send send, int source, int destination, String tag) {
		@Nullable SortedMap<Channel, MessageBytes.Sent> channels = sent.get(send);
		MessageBytes.@Nullable Sent total = channels == null ? null : channels.get(new Channel(source, destination, tag));
		return total == null || total.messages() == 0 || total.least() != total.most() ? -1 : total.least();
	}
}
