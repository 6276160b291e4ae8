// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFormatException;

/**
 * Parses one event line held in a byte buffer, by hand: no regular expression and no split, so
 * that reading costs little more than the allocation of the event. Repeated tags, names and
 * groups are shared through small caches, which also keeps the garbage low.
 */
public final class LineParser {

	private static final String KINDS = "send, recv, sync or local";
	private static final String GROUP_SYNTAX = "a rank set such as 0-15 or 0,2,4-7";

	private final Path file;
	private final int expectedOwner;
	private final int ranks;

	private final String[] wordCache = new String[512];
	private final byte[][] wordBytes = new byte[512][];
	private byte[] lastGroupBytes = new byte[0];
	private RankSet lastGroup;

	private byte[] b;
	private int start;
	private int pos;
	private int end;
	private long line;

	/**
	 * @param expectedOwner the rank every event must belong to, or -1 for no check
	 * @param ranks         every rank must be below this, or -1 for no check
	 */
	public LineParser(Path file, int expectedOwner, int ranks) {
		this.file = file;
		this.expectedOwner = expectedOwner;
		this.ranks = ranks;
	}

	/** Parses the bytes {@code [from, to)} of {@code buffer}, line {@code lineNumber} of the file. */
	public TraceEvent parse(byte[] buffer, int from, int to, long lineNumber) throws TraceFormatException {
		b = buffer;
		start = from;
		pos = from;
		end = to;
		line = lineNumber;
		if (from == to) {
			throw error(1, "empty line: expected an event such as '0 send 1 7' (empty lines are not allowed; comments start with '#')");
		}
		int rankColumn = column();
		int rank = rank("a rank (the first field of every event)");
		separator("an event kind (" + KINDS + ")");
		EventKind kind = kind();
		TraceEvent event;
		int ownerColumn = rankColumn;
		switch (kind) {
		case SEND, RECV -> {
			separator(kind == EventKind.SEND ? "the destination rank" : "the destination rank (the receiver)");
			int peerColumn = column();
			int peer = rank(kind == EventKind.SEND ? "the destination rank" : "the destination rank (the receiver)");
			separator("a tag (a number or a symbol)");
			String tag = word();
			endOfLine("the tag");
			event = kind == EventKind.SEND ? TraceEvent.send(rank, peer, tag) : TraceEvent.recv(rank, peer, tag);
			if (kind == EventKind.RECV) {
				ownerColumn = peerColumn;
			}
		}
		case SYNC -> {
			separator("the name of the collective");
			String name = word();
			separator("the group (" + GROUP_SYNTAX + ")");
			RankSet group = group();
			endOfLine("the group");
			event = TraceEvent.sync(rank, name, group);
		}
		default -> {
			List<String> words = new ArrayList<>();
			while (pos < end) {
				separator("a word");
				words.add(word());
			}
			event = TraceEvent.local(rank, words);
		}
		}
		if (expectedOwner >= 0 && event.owner() != expectedOwner) {
			String role = switch (kind) {
			case SEND -> "the sender";
			case RECV -> "the receiver";
			default -> "its process";
			};
			throw error(ownerColumn, "event not owned by this file's rank: '" + event.toLine() + "' stands in the trace of rank "
					+ event.owner() + " (" + role + "), this is the trace of rank " + expectedOwner);
		}
		return event;
	}

	private int column() {
		return pos - start + 1;
	}

	private TraceFormatException error(int column, String message) {
		return new TraceFormatException(Diagnostic.error(file, line, column, message));
	}

	private int tokenEnd() {
		int i = pos;
		while (i < end && b[i] != ' ') {
			i++;
		}
		return i;
	}

	private String text(int from, int to) {
		return new String(b, from, to - from, StandardCharsets.UTF_8);
	}

	/** Steps over the single space before a field. */
	private void separator(String expected) throws TraceFormatException {
		if (pos == end) {
			throw error(column(), "missing field: expected " + expected + " after column " + (column() - 1) + ", found the end of the line");
		}
		pos++; // b[pos] is a space: tokens end at a space or at the end of the line
		if (pos == end) {
			throw error(column(), "missing field: expected " + expected + ", found the end of the line after a space");
		}
		if (b[pos] == ' ') {
			throw error(column(), "expected " + expected + ", found a second space (fields are separated by single spaces)");
		}
	}

	private void endOfLine(String after) throws TraceFormatException {
		if (pos < end) {
			int from = pos + 1;
			throw error(column(), "trailing garbage after " + after + ": expected the end of the line, found '"
					+ text(Math.min(from, end), end) + "'");
		}
	}

	private int rank(String expected) throws TraceFormatException {
		int column = column();
		int to = tokenEnd();
		int rank = number(pos, to, column, expected);
		pos = to;
		return rank;
	}

	/** A rank written in decimal without sign or leading zeros, checked against the folder's ranks. */
	private int number(int from, int to, int column, String expected) throws TraceFormatException {
		String found = text(from, to);
		boolean negative = b[from] == '-' && to - from > 1;
		for (int i = negative ? from + 1 : from; i < to; i++) {
			if (b[i] < '0' || b[i] > '9') {
				throw error(column, "expected " + expected + ", a whole number from 0, found '" + found + "'");
			}
		}
		if (negative) {
			throw error(column, "expected " + expected + ", a whole number from 0, found the negative number '" + found + "'");
		}
		if (b[from] == '0' && to - from > 1) {
			throw error(column, "expected " + expected + " written without leading zeros, found '" + found + "'");
		}
		if (to - from > 10 || Long.parseLong(found) > Integer.MAX_VALUE) {
			throw error(column, "rank " + found + " is too big: expected " + expected + " below 2147483648");
		}
		int rank = Integer.parseInt(found);
		if (ranks >= 0 && rank >= ranks) {
			throw error(column, "rank " + rank + " is out of range: the folder has " + ranks + " ranks (0-" + (ranks - 1) + ")");
		}
		return rank;
	}

	private EventKind kind() throws TraceFormatException {
		int to = tokenEnd();
		EventKind kind = null;
		if (to - pos == 4 || to - pos == 5) {
			for (EventKind candidate : EventKind.values()) {
				if (equals(candidate.keyword(), pos, to)) {
					kind = candidate;
				}
			}
		}
		if (kind == null) {
			throw error(column(), "unknown event kind '" + text(pos, to) + "': expected " + KINDS);
		}
		pos = to;
		return kind;
	}

	private boolean equals(String keyword, int from, int to) {
		if (keyword.length() != to - from) {
			return false;
		}
		for (int i = from; i < to; i++) {
			if (b[i] != keyword.charAt(i - from)) {
				return false;
			}
		}
		return true;
	}

	/** A token as a string, shared with earlier equal tokens (tags and names repeat all along a trace). */
	private String word() {
		int to = tokenEnd();
		int hash = 1;
		for (int i = pos; i < to; i++) {
			hash = 31 * hash + b[i];
		}
		int slot = (hash ^ (hash >>> 9)) & (wordCache.length - 1);
		byte[] cached = wordBytes[slot];
		String word;
		if (cached != null && Arrays.equals(cached, 0, cached.length, b, pos, to)) {
			word = wordCache[slot];
		} else {
			word = text(pos, to);
			if (to - pos <= 64) {
				wordBytes[slot] = Arrays.copyOfRange(b, pos, to);
				wordCache[slot] = word;
			}
		}
		pos = to;
		return word;
	}

	private RankSet group() throws TraceFormatException {
		int to = tokenEnd();
		if (lastGroup != null && Arrays.equals(lastGroupBytes, 0, lastGroupBytes.length, b, pos, to)) {
			pos = to;
			return lastGroup;
		}
		RankSet.Builder builder = new RankSet.Builder();
		int from = pos;
		int i = pos;
		while (true) {
			int itemColumn = i - start + 1;
			int first = groupRank(i, to);
			int last = first;
			i = rankEnd(i, to);
			if (i < to && b[i] == '-') {
				int second = rankEnd(i + 1, to);
				last = groupRank(i + 1, to);
				if (last < first) {
					throw error(itemColumn, "bad group syntax: the range " + first + "-" + last + " ends below its start");
				}
				i = second;
			}
			builder.addRange(first, last);
			if (i == to) {
				break;
			}
			if (b[i] != ',') {
				throw error(i - start + 1, "bad group syntax: expected ',' or '-' or the end of the group, found '"
						+ (char) b[i] + "' in '" + text(from, to) + "' (" + GROUP_SYNTAX + ")");
			}
			i++;
		}
		lastGroupBytes = Arrays.copyOfRange(b, from, to);
		lastGroup = builder.build();
		pos = to;
		return lastGroup;
	}

	private int rankEnd(int i, int to) {
		int j = i;
		while (j < to && b[j] >= '0' && b[j] <= '9') {
			j++;
		}
		return j;
	}

	/** The rank starting at {@code i} inside a group, which must start with a digit. */
	private int groupRank(int i, int to) throws TraceFormatException {
		int digitsEnd = rankEnd(i, to);
		if (digitsEnd == i) {
			String found = i == to ? "the end of the group" : "'" + (char) b[i] + "'";
			throw error(i - start + 1, "bad group syntax: expected a rank, found " + found + " (" + GROUP_SYNTAX + ")");
		}
		return number(i, digitsEnd, i - start + 1, "a rank of the group");
	}
}
