// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import org.looptrace.model.core.Channel;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;

/**
 * An event, with constant rank, peer and tag (what decides its channel) and local words that may
 * be affine in loop indices. A collective takes part in pseudo-channels that chain the members of
 * its group in rank order: the k-th occurrence on a member then matches the k-th on its neighbours,
 * hence on every member, and the FIFO machinery of messages serves collectives unchanged.
 */
public final class GlobalEvent extends GlobalConstruct {

	/** Tags of pseudo-channels start with this: real tags never hold a space. */
	public static final String COLLECTIVE = "sync ";

	/** The members of each group, sorted: the neighbours of a rank in its chain. */
	private static final Map<RankSet, int[]> MEMBERS = new ConcurrentHashMap<>();

	public final EventKind kind;
	public final int rank;
	public final int peer;
	/** Tag of a message, name of a collective, null for a local event. */
	public final String tag;
	public final RankSet group;
	/** Words of a local event: a String (symbol or number text) or an {@link AffineExpression}. */
	public final List<Object> words;

	private GlobalEvent(EventKind kind, int rank, int peer, String tag, RankSet group, List<Object> words, boolean affine) {
		super(RankSet.of(kind == EventKind.RECV ? peer : rank), potential(kind, rank, peer, tag, group), affine);
		this.kind = kind;
		this.rank = rank;
		this.peer = peer;
		this.tag = tag;
		this.group = group;
		this.words = List.copyOf(words);
	}

	public static GlobalEvent message(EventKind kind, int src, int dst, String tag) {
		return new GlobalEvent(kind, src, dst, tag, null, List.of(), false);
	}

	public static GlobalEvent sync(int rank, String name, RankSet group) {
		return new GlobalEvent(EventKind.SYNC, rank, -1, name, group, List.of(), false);
	}

	public static GlobalEvent local(int rank, List<Object> words) {
		boolean affine = words.stream().anyMatch(word -> word instanceof AffineExpression a && !a.isConstant());
		return new GlobalEvent(EventKind.LOCAL, rank, -1, null, null, words, affine);
	}

	public int owner() {
		return kind == EventKind.RECV ? peer : rank;
	}

	@Override
	GlobalConstruct substitute(Map<LoopVariable, AffineExpression> substitution) {
		if (!affine) {
			return this;
		}
		List<Object> replaced = new ArrayList<>(words.size());
		for (Object word : words) {
			replaced.add(word instanceof AffineExpression a ? a.substitute(substitution) : word);
		}
		return local(rank, replaced);
	}

	private static SortedMap<Channel, Long> potential(EventKind kind, int rank, int peer, String tag, RankSet group) {
		SortedMap<Channel, Long> flow = new TreeMap<>();
		if ((kind == EventKind.SEND || kind == EventKind.RECV) && rank != peer) {
			flow.put(new Channel(rank, peer, tag), 1L);
		} else if (kind == EventKind.SYNC) {
			if (MEMBERS.size() > 4096) {
				MEMBERS.clear(); // a cache, bounded: long-lived processes see many groups
			}
			// LocalModels rejects a collective whose group does not contain its rank.
			int[] members = MEMBERS.computeIfAbsent(group, GlobalEvent::members);
			int at = Arrays.binarySearch(members, rank);
			String pseudo = COLLECTIVE + tag + " " + group;
			if (at > 0) {
				flow.put(new Channel(members[at - 1], rank, pseudo), 1L);
			}
			if (at < members.length - 1) {
				flow.put(new Channel(rank, members[at + 1], pseudo), 1L);
			}
		}
		return flow;
	}

	private static int[] members(RankSet set) {
		int[] members = new int[Math.toIntExact(set.size())];
		int i = 0;
		for (java.util.PrimitiveIterator.OfInt it = set.iterator(); it.hasNext();) {
			members[i++] = it.nextInt();
		}
		return members;
	}
}
