// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.List;
import java.util.Objects;

/**
 * One event line of a trace, in the form every stage exchanges: what the reader yields, what the
 * expansion of a model yields, what the writer prints. Lines are compared through this record.
 *
 * @param kind   the event's kind
 * @param rank   the first number of the line: src for send and recv, the process for sync and local
 * @param peer   dst for send and recv, -1 otherwise
 * @param tag    the tag for send and recv (a number or a symbol), the collective's name for sync,
 *               empty for local
 * @param group  the group of a sync, empty otherwise
 * @param words  the words of a local event, empty otherwise
 */
public record TraceEvent(EventKind kind, int rank, int peer, String tag, RankSet group, List<String> words) {

	public TraceEvent {
		Objects.requireNonNull(kind);
		words = List.copyOf(words);
	}

	public static TraceEvent send(int src, int dst, String tag) {
		return new TraceEvent(EventKind.SEND, src, dst, tag, RankSet.EMPTY, List.of());
	}

	public static TraceEvent recv(int src, int dst, String tag) {
		return new TraceEvent(EventKind.RECV, src, dst, tag, RankSet.EMPTY, List.of());
	}

	public static TraceEvent sync(int proc, String name, RankSet group) {
		return new TraceEvent(EventKind.SYNC, proc, -1, name, group, List.of());
	}

	public static TraceEvent local(int proc, List<String> words) {
		return new TraceEvent(EventKind.LOCAL, proc, -1, "", RankSet.EMPTY, words);
	}

	/** The rank in whose trace this event stands: src for send, dst for recv, proc otherwise. */
	public int owner() {
		return kind == EventKind.RECV ? peer : rank;
	}

	/** The channel of a send or recv. */
	public Channel channel() {
		if (kind != EventKind.SEND && kind != EventKind.RECV) {
			throw new IllegalStateException(kind.keyword() + " has no channel");
		}
		return new Channel(rank, peer, tag);
	}

	/** The canonical trace line, without the line terminator. */
	public String toLine() {
		StringBuilder line = new StringBuilder(32);
		line.append(rank).append(' ').append(kind.keyword());
		switch (kind) {
		case SEND, RECV -> line.append(' ').append(peer).append(' ').append(tag);
		case SYNC -> line.append(' ').append(tag).append(' ').append(group);
		case LOCAL -> words.forEach(word -> line.append(' ').append(word));
		}
		return line.toString();
	}

	@Override
	public String toString() {
		return toLine();
	}
}
