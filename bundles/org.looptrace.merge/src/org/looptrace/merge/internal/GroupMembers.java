// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.concurrent.ConcurrentHashMap;

import org.looptrace.model.core.RankSet;

/**
 * The members of collectives' groups, sorted: a rank's neighbours in the chain of pseudo-channels of
 * a collective. One instance per merge, shared by its threads, so that a group is listed once
 * however many collectives over it the local models hold.
 */
public final class GroupMembers {

	private final Map<RankSet, int[]> members = new ConcurrentHashMap<>();

	/** The members of the group in rank order; not to be modified. */
	int[] of(RankSet group) {
		return members.computeIfAbsent(group, GroupMembers::sorted);
	}

	private static int[] sorted(RankSet group) {
		int[] sorted = new int[Math.toIntExact(group.size())];
		int i = 0;
		for (PrimitiveIterator.OfInt it = group.iterator(); it.hasNext();) {
			sorted[i++] = it.nextInt();
		}
		return sorted;
	}
}
