// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFormatException;

/**
 * Parses one event line held in a byte buffer, by hand and without building a String per line:
 * numbers are read from the bytes, tags, names and groups are interned by their bytes, and a whole
 * line already seen gives back the event it gave before (traces repeat a handful of distinct lines
 * millions of times, and events are immutable). Strings are built only for new tokens and for
 * diagnostics, so the steady state costs one hash and one comparison of the line's bytes.
 */
public final class LineParser {

	private static final String KINDS = "send, recv, sync or local";
	private static final String GROUP_SYNTAX = "a rank set such as 0-15 or 0,2,4-7";
	/** Lines longer than this are parsed every time: the cache stays small. */
	private static final int CACHED_LINE = 96;

	private final Path file;
	private final int expectedOwner;
	private final int ranks;

	/** Whole lines seen before and their events, direct-mapped by the hash of the line's bytes. */
	private final Interned<TraceEvent> lines = new Interned<>(1024, CACHED_LINE);
	/** Tags, collective names and local words. */
	private final Interned<String> words = new Interned<>(512, 64);
	/** Groups of collectives. */
	private final Interned<RankSet> groups = new Interned<>(64, CACHED_LINE);

	private byte[] b = new byte[0];
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
		int hash = Interned.hash(buffer, from, to);
		TraceEvent seen = lines.get(hash, buffer, from, to);
		if (seen != null) {
			return seen;
		}
		b = buffer;
		start = from;
		pos = from;
		end = to;
		line = lineNumber;
		TraceEvent event = parseLine();
		lines.put(hash, buffer, from, to, event);
		return event;
	}

	private TraceEvent parseLine() throws TraceFormatException {
		if (start == end) {
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
			String peerRole = kind == EventKind.SEND ? "the destination rank" : "the destination rank (the receiver)";
			separator(peerRole);
			int peerColumn = column();
			int peer = rank(peerRole);
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
			List<String> local = new ArrayList<>();
			while (pos < end) {
				separator("a word");
				local.add(word());
			}
			event = TraceEvent.local(rank, local);
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
		int length = to - from;
		// fast path: 1 to 9 digits without a leading zero always fit an int
		if (length >= 1 && length <= 9 && (b[from] != '0' || length == 1)) {
			int value = 0;
			int i = from;
			for (; i < to; i++) {
				int digit = b[i] - '0';
				if (digit < 0 || digit > 9) {
					break;
				}
				value = value * 10 + digit;
			}
			if (i == to) {
				return inRange(value, column);
			}
		}
		return badOrLongNumber(from, to, column, expected);
	}

	private int inRange(int rank, int column) throws TraceFormatException {
		if (ranks >= 0 && rank >= ranks) {
			throw error(column, "rank " + rank + " is out of range: the folder has " + ranks + " ranks (0-" + (ranks - 1) + ")");
		}
		return rank;
	}

	/** A number the fast path did not take: a diagnostic, or a rank of 10 digits. */
	private int badOrLongNumber(int from, int to, int column, String expected) throws TraceFormatException {
		if (from == to) {
			throw error(column, "expected " + expected + ", found " + (to < end ? "a space" : "the end of the line"));
		}
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
		return inRange(Integer.parseInt(found), column);
	}

	private EventKind kind() throws TraceFormatException {
		int to = tokenEnd();
		EventKind kind = switch (to - pos) {
		case 4 -> is("send", to) ? EventKind.SEND : is("recv", to) ? EventKind.RECV : is("sync", to) ? EventKind.SYNC : null;
		case 5 -> is("local", to) ? EventKind.LOCAL : null;
		default -> null;
		};
		if (kind == null) {
			throw error(column(), "unknown event kind '" + text(pos, to) + "': expected " + KINDS);
		}
		pos = to;
		return kind;
	}

	/** Whether the token {@code [pos, to)} is the ASCII keyword (of the same length). */
	private boolean is(String keyword, int to) {
		for (int i = pos; i < to; i++) {
			if (b[i] != keyword.charAt(i - pos)) {
				return false;
			}
		}
		return true;
	}

	/** A token as a string, shared with earlier equal tokens (tags and names repeat all along a trace). */
	private String word() {
		int to = tokenEnd();
		int hash = Interned.hash(b, pos, to);
		String word = words.get(hash, b, pos, to);
		if (word == null) {
			word = text(pos, to);
			words.put(hash, b, pos, to, word);
		}
		pos = to;
		return word;
	}

	private RankSet group() throws TraceFormatException {
		int to = tokenEnd();
		int hash = Interned.hash(b, pos, to);
		RankSet group = groups.get(hash, b, pos, to);
		if (group == null) {
			group = parseGroup(to);
			groups.put(hash, b, pos, to, group);
		}
		pos = to;
		return group;
	}

	private RankSet parseGroup(int to) throws TraceFormatException {
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
				return builder.build();
			}
			if (b[i] != ',') {
				throw error(i - start + 1, "bad group syntax: expected ',' or '-' or the end of the group, found '"
						+ (char) b[i] + "' in '" + text(from, to) + "' (" + GROUP_SYNTAX + ")");
			}
			i++;
		}
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

	/**
	 * A direct-mapped cache from byte strings to values: one slot per hash, the newest entry wins,
	 * so its memory is fixed. Keys longer than the bound are not kept.
	 */
	private static final class Interned<V> {
		private final byte[][] keys;
		private final Object[] values;
		private final int maxKey;

		Interned(int slots, int maxKey) {
			this.keys = new byte[slots][];
			this.values = new Object[slots];
			this.maxKey = maxKey;
		}

		static int hash(byte[] bytes, int from, int to) {
			int hash = to - from;
			for (int i = from; i < to; i++) {
				hash = 31 * hash + bytes[i];
			}
			return hash ^ hash >>> 16;
		}

		@SuppressWarnings("unchecked")
		@Nullable
		V get(int hash, byte[] bytes, int from, int to) {
			int slot = hash & keys.length - 1;
			byte[] key = keys[slot];
			if (key == null || key.length != to - from) {
				return null;
			}
			for (int i = 0; i < key.length; i++) {
				if (key[i] != bytes[from + i]) {
					return null;
				}
			}
			return (V) values[slot];
		}

		void put(int hash, byte[] bytes, int from, int to, V value) {
			if (to - from <= maxKey) {
				int slot = hash & keys.length - 1;
				keys[slot] = java.util.Arrays.copyOfRange(bytes, from, to);
				values[slot] = value;
			}
		}
	}
}
