// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.internal;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;

import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.Tokens;
import org.looptrace.model.core.TraceEvent;

/**
 * What an event is apart from its numbers: kind, symbols (a symbolic tag or the communicator of a
 * numeric one, the name and group of a sync, the symbolic words of a local) and where its numbers
 * stand. Events unify only when their shapes are equal; their numbers, in the order rank, peer,
 * numeric tag, numeric words, are what may become affine. Symbols unify only when equal:
 * {@code tag2} and {@code 2} are different shapes.
 */
final class Shape {

	final EventKind kind;
	/** The tag of a send or recv when it is a symbol; null when it is a number or there is none. */
	final @Nullable String tagSymbol;
	/** The communicator of a numeric tag written {@code c33.3014}; null on MPI_COMM_WORLD. */
	final @Nullable String communicator;
	/** The name of a sync, null otherwise. */
	final @Nullable String syncName;
	final RankSet group;
	/** The words of a local: a symbol, or null where the word is a number. */
	final @Nullable String[] words;
	/** How many numbers an event of this shape carries. */
	final int numbers;
	private final int hash;

	private Shape(EventKind kind, @Nullable String tagSymbol, @Nullable String communicator, @Nullable String syncName,
			RankSet group, @Nullable String[] words) {
		this.kind = kind;
		this.tagSymbol = tagSymbol;
		this.communicator = communicator;
		this.syncName = syncName;
		this.group = group;
		this.words = words;
		int count = 1;
		if (kind == EventKind.SEND || kind == EventKind.RECV) {
			count += tagSymbol == null ? 2 : 1;
		}
		for (String word : words) {
			count += word == null ? 1 : 0;
		}
		this.numbers = count;
		this.hash = Objects.hash(kind, tagSymbol, communicator, syncName, group, Arrays.hashCode(words));
	}

	/** The shape of an event (not interned). */
	static Shape of(TraceEvent event) {
		@Nullable String tag = event.kind() == EventKind.SEND || event.kind() == EventKind.RECV ? event.tag() : null;
		int dot = tag != null ? Tokens.communicatorEnd(tag) : -1;
		@Nullable String communicator = tag != null && dot >= 0 ? tag.substring(0, dot) : null;
		@Nullable String tagSymbol = tag != null && dot < 0 && !Tokens.isNumber(tag) ? tag : null;
		@Nullable String syncName = event.kind() == EventKind.SYNC ? event.tag() : null;
		List<String> list = event.words();
		@Nullable String[] words = new String[list.size()];
		for (int i = 0; i < words.length; i++) {
			String word = list.get(i);
			words[i] = Tokens.isNumber(word) ? null : word;
		}
		return new Shape(event.kind(), tagSymbol, communicator, syncName, event.group(), words);
	}

	/**
	 * Whether the event has this shape; if so its numbers are written to {@code out} (at least
	 * {@link #numbers} long). Allocation-free: it is the comparison of the steady state.
	 */
	boolean extract(TraceEvent event, long[] out) {
		if (event.kind() != kind) {
			return false;
		}
		out[0] = event.rank();
		switch (kind) {
		case SEND, RECV -> {
			out[1] = event.peer();
			String tag = event.tag();
			String symbol = tagSymbol;
			if (symbol != null) {
				return symbol.equals(tag);
			}
			String prefix = communicator;
			int from = prefix == null ? 0 : prefix.length() + 1;
			if (prefix != null && !(tag.startsWith(prefix) && tag.startsWith(".", prefix.length()))
					|| !Tokens.isNumber(tag, from)) {
				return false;
			}
			out[2] = Long.parseLong(tag, from, tag.length(), 10);
			return true;
		}
		case SYNC -> {
			return Objects.equals(syncName, event.tag()) && group.equals(event.group());
		}
		case LOCAL -> {
			List<String> list = event.words();
			if (list.size() != words.length) {
				return false;
			}
			int next = 1;
			for (int i = 0; i < words.length; i++) {
				String word = list.get(i);
				String symbol = words[i];
				if (symbol != null) {
					if (!symbol.equals(word)) {
						return false;
					}
				} else if (Tokens.isNumber(word)) {
					out[next++] = Long.parseLong(word);
				} else {
					return false;
				}
			}
			return true;
		}
		}
		return false;
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return this == obj || obj instanceof Shape other && hash == other.hash && kind == other.kind
				&& Objects.equals(tagSymbol, other.tagSymbol) && Objects.equals(communicator, other.communicator)
				&& Objects.equals(syncName, other.syncName)
				&& Objects.equals(group, other.group) && Arrays.equals(words, other.words);
	}

	@Override
	public int hashCode() {
		return hash;
	}
}
