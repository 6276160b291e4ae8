// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * A near-square 2-D process grid, row-major, non-periodic: {@code columns >= rows}, rows the largest
 * divisor of the number of ranks not above its square root. Tags name the direction a message
 * travels, as in NPB LU (figure 3 of the paper): tag1 west, tag2 east, tag3 north, tag4 south.
 */
public record Grid(int rows, int columns) {

	public static final String WEST = "tag1";
	public static final String EAST = "tag2";
	public static final String NORTH = "tag3";
	public static final String SOUTH = "tag4";

	public static Grid of(int ranks) {
		int rows = (int) Math.sqrt(ranks);
		while (ranks % rows != 0) {
			rows--;
		}
		return new Grid(rows, ranks / rows);
	}

	/** The neighbour to the west, or -1 on the western edge. */
	public int west(int rank) {
		return rank % columns == 0 ? -1 : rank - 1;
	}

	public int east(int rank) {
		return rank % columns == columns - 1 ? -1 : rank + 1;
	}

	public int north(int rank) {
		return rank < columns ? -1 : rank - columns;
	}

	public int south(int rank) {
		return rank + columns >= rows * columns ? -1 : rank + columns;
	}

	/** Appends a send to {@code peer} when it exists. */
	public static void send(int rank, int peer, String tag, List<TraceEvent> out) {
		if (peer >= 0) {
			out.add(TraceEvent.send(rank, peer, tag));
		}
	}

	/** Appends the receive of a message from {@code peer} when it exists. */
	public static void recv(int peer, int rank, String tag, List<TraceEvent> out) {
		if (peer >= 0) {
			out.add(TraceEvent.recv(peer, rank, tag));
		}
	}

	/**
	 * Exchanges with each neighbour in turn, east, west, south, north, sending then receiving:
	 * the receives wait only on ranks further east (or, on the vertical axis, further south), so
	 * the exchange cannot deadlock.
	 */
	public void pairwiseExchange(int rank, List<TraceEvent> out) {
		send(rank, east(rank), EAST, out);
		recv(east(rank), rank, WEST, out);
		send(rank, west(rank), WEST, out);
		recv(west(rank), rank, EAST, out);
		send(rank, south(rank), SOUTH, out);
		recv(south(rank), rank, NORTH, out);
		send(rank, north(rank), NORTH, out);
		recv(north(rank), rank, SOUTH, out);
	}

	/** Posts the sends to all neighbours, then receives from all of them (a halo exchange). */
	public void haloExchange(int rank, List<TraceEvent> out) {
		send(rank, north(rank), NORTH, out);
		send(rank, south(rank), SOUTH, out);
		send(rank, west(rank), WEST, out);
		send(rank, east(rank), EAST, out);
		recv(north(rank), rank, SOUTH, out);
		recv(south(rank), rank, NORTH, out);
		recv(west(rank), rank, EAST, out);
		recv(east(rank), rank, WEST, out);
	}
}
