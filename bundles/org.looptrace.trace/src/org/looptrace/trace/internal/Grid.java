// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * A near-square 2-D process grid, row-major: {@code columns >= rows}, rows the largest divisor of
 * the number of ranks not above its square root. Non-periodic (edges have fewer neighbours), or
 * periodic (a torus: the west neighbour of the first column is the last column, as in NPB SP and
 * BT). Tags name the direction a message travels, as in NPB LU (figure 3 of the paper): tag1 west,
 * tag2 east, tag3 north, tag4 south.
 */
public record Grid(int rows, int columns, boolean periodic) {

	public static final String WEST = "tag1";
	public static final String EAST = "tag2";
	public static final String NORTH = "tag3";
	public static final String SOUTH = "tag4";

	/** The non-periodic grid of the ranks. */
	public static Grid of(int ranks) {
		return of(ranks, false);
	}

	/** The periodic grid of the ranks. */
	public static Grid torus(int ranks) {
		return of(ranks, true);
	}

	private static Grid of(int ranks, boolean periodic) {
		int rows = (int) Math.sqrt(ranks);
		while (ranks % rows != 0) {
			rows--;
		}
		return new Grid(rows, ranks / rows, periodic);
	}

	/** The neighbour to the west, or -1 on the western edge (and where it would be the rank itself). */
	public int west(int rank) {
		return neighbour(rank, 0, -1);
	}

	public int east(int rank) {
		return neighbour(rank, 0, 1);
	}

	public int north(int rank) {
		return neighbour(rank, -1, 0);
	}

	public int south(int rank) {
		return neighbour(rank, 1, 0);
	}

	/** One row down and one column left: the next rank of a z sweep on a multipartition. */
	public int southWest(int rank) {
		return neighbour(rank, 1, -1);
	}

	/** One row up and one column right: the previous rank of a z sweep. */
	public int northEast(int rank) {
		return neighbour(rank, -1, 1);
	}

	private int neighbour(int rank, int down, int right) {
		int row = rank / columns + down;
		int column = rank % columns + right;
		if (periodic) {
			row = Math.floorMod(row, rows);
			column = Math.floorMod(column, columns);
		} else if (row < 0 || row >= rows || column < 0 || column >= columns) {
			return -1;
		}
		int neighbour = row * columns + column;
		return neighbour == rank ? -1 : neighbour;
	}

	/**
	 * A sweep pipelined over k-planes, travelling in two directions (tags {@link #EAST},
	 * {@link #WEST}, {@link #SOUTH}, {@link #NORTH}): per plane the receives of what comes from
	 * behind in each direction, then the sends ahead, with the directions as tags.
	 */
	public void sweep(int rank, int planes, String first, String second, List<TraceEvent> out) {
		for (int k = 0; k < planes; k++) {
			recv(towards(rank, opposite(first)), rank, first, out);
			recv(towards(rank, opposite(second)), rank, second, out);
			send(rank, towards(rank, first), first, out);
			send(rank, towards(rank, second), second, out);
		}
	}

	private int towards(int rank, String direction) {
		return switch (direction) {
		case WEST -> west(rank);
		case EAST -> east(rank);
		case NORTH -> north(rank);
		case SOUTH -> south(rank);
		default -> throw new IllegalArgumentException("not a direction: " + direction);
		};
	}

	private static String opposite(String direction) {
		return switch (direction) {
		case WEST -> EAST;
		case EAST -> WEST;
		case NORTH -> SOUTH;
		case SOUTH -> NORTH;
		default -> throw new IllegalArgumentException("not a direction: " + direction);
		};
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
