// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFormatException;

/**
 * The global definitions of an archive resolved into what LoopTrace's events need (docs/FORMATS.md):
 * world ranks are the positions in the MPI group of type COMM_LOCATIONS (member {@code i} is the
 * location of rank {@code i}); a communicator's group of type COMM_GROUP lists indices into that
 * group, so its members' world ranks; COMM_SELF stands for the rank of the event's location. The
 * world is the communicator without parent whose group is every rank in order (the one named
 * {@code MPI_COMM_WORLD} when there are several): its tags are plain numbers, those of any other
 * communicator are {@code c<ref>.<tag>}, as the tracer qualifies them.
 */
public final class Mapping {

	/** The region EZTrace 2.0 defines in every archive it writes. */
	static final String EZTRACE_REGION = "EZTrace finalize";
	/** The names of OTF2_CollectiveOp 0 to 16, as the tracer names the collectives. */
	private static final String[] COLLECTIVES = { "MPI_Barrier", "MPI_Bcast", "MPI_Gather", "MPI_Gatherv", "MPI_Scatter",
			"MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv", "MPI_Alltoallw", "MPI_Allreduce",
			"MPI_Reduce", "MPI_Reduce_scatter", "MPI_Scan", "MPI_Exscan", "MPI_Reduce_scatter_block" };

	/**
	 * A communicator: the world ranks of its members in its own rank order (null for COMM_SELF), the
	 * prefix of its tags ("" on the world) and its group as a rank set (null for COMM_SELF).
	 */
	record Communicator(String name, int @Nullable [] members, String tagPrefix, @Nullable RankSet group) {
	}

	private final Path anchor;
	private final long[] locationOfRank;
	private final Map<Integer, Communicator> communicators;
	private final Definitions definitions;
	private final List<Diagnostic> warnings;
	private final String creator;

	private Mapping(Path anchor, long[] locationOfRank, Map<Integer, Communicator> communicators, Definitions definitions,
			List<Diagnostic> warnings, String creator) {
		this.anchor = anchor;
		this.creator = creator;
		this.locationOfRank = locationOfRank;
		this.communicators = communicators;
		this.definitions = definitions;
		this.warnings = warnings;
	}

	/**
	 * Resolves the definitions of the archive {@code anchor}, whose anchor names {@code creator} (or
	 * nothing: ""); an error names what the archive lacks.
	 */
	static Mapping resolve(Path anchor, Definitions definitions, String creator) throws TraceFormatException {
		List<Diagnostic> warnings = new ArrayList<>();
		Definitions.Group world = null;
		for (Definitions.Group group : definitions.groups.values().stream().flatMap(List::stream).toList()) {
			if (group.type() == Definitions.GROUP_COMM_LOCATIONS && group.paradigm() == Definitions.PARADIGM_MPI) {
				if (world != null) {
					throw new TraceFormatException(Diagnostic.error(anchor, "two MPI groups of type COMM_LOCATIONS (groups "
							+ Integer.toUnsignedString(world.ref()) + " and " + Integer.toUnsignedString(group.ref())
							+ "): expected one, listing the location of every rank"));
				}
				world = group;
			}
		}
		if (world == null || world.members().length == 0) {
			throw new TraceFormatException(Diagnostic.error(anchor,
					"no MPI ranks: expected an MPI group of type COMM_LOCATIONS listing the location of every rank (is this the trace of an MPI program?)"));
		}
		long[] locations = world.members();
		for (int rank = 0; rank < locations.length; rank++) {
			if (!definitions.locations.containsKey(locations[rank])) {
				throw new TraceFormatException(Diagnostic.error(anchor, "rank " + rank + " is location " + Long.toUnsignedString(locations[rank])
						+ ", which is not defined: expected a location definition for every member of the MPI COMM_LOCATIONS group"));
			}
		}
		Map<Integer, Communicator> communicators = new HashMap<>();
		int worldComm = worldCommunicator(definitions, locations.length);
		for (Definitions.Comm comm : definitions.comms.values()) {
			Definitions.Group group = definitions.group(comm.group(), Definitions.GROUP_COMM_GROUP, Definitions.GROUP_COMM_SELF);
			String name = definitions.string(comm.name());
			if (group == null) {
				warnings.add(Diagnostic.warning(anchor, "communicator " + Integer.toUnsignedString(comm.ref()) + " (" + name
						+ ") has no group of type COMM_GROUP or COMM_SELF: events on it cannot be read"));
				continue;
			}
			String prefix = comm.ref() == worldComm ? "" : "c" + Integer.toUnsignedString(comm.ref()) + ".";
			if (group.type() == Definitions.GROUP_COMM_SELF) {
				communicators.put(comm.ref(), new Communicator(name, null, prefix, null));
			} else {
				int[] members = new int[group.members().length];
				RankSet.Builder set = new RankSet.Builder();
				for (int i = 0; i < members.length; i++) {
					long member = group.members()[i];
					if (member < 0 || member >= locations.length) {
						throw new TraceFormatException(Diagnostic.error(anchor, "communicator " + Integer.toUnsignedString(comm.ref()) + " (" + name
								+ "): member " + i + " is rank " + Long.toUnsignedString(member) + ", expected a rank below " + locations.length));
					}
					members[i] = (int) member;
					set.add((int) member);
				}
				communicators.put(comm.ref(), new Communicator(name, members, prefix, set.build()));
			}
		}
		if (!definitions.duplicates().isEmpty()) {
			warnings.add(Diagnostic.warning(anchor, "defined twice with different contents, the first definition kept: "
					+ String.join(", ", definitions.duplicates().subList(0, Math.min(10, definitions.duplicates().size())))
					+ (definitions.duplicates().size() > 10 ? ", ... (" + definitions.duplicates().size() + ")" : "")));
		}
		List<String> leftOut = new ArrayList<>();
		Set<Long> ranked = Arrays.stream(locations).boxed().collect(Collectors.toSet());
		for (Definitions.Location location : definitions.locations.values()) {
			if (!ranked.contains(location.ref()) && location.events() > 0) {
				leftOut.add("location " + Long.toUnsignedString(location.ref()) + " (" + definitions.string(location.name()) + ", "
						+ location.events() + " events)");
			}
		}
		if (!leftOut.isEmpty()) {
			// LoopTrace models one stream of events per rank: another thread's MPI calls have no place in it
			warnings.add(Diagnostic.warning(anchor, "events of locations that are not the master thread of an MPI rank left out: "
					+ String.join(", ", leftOut.subList(0, Math.min(10, leftOut.size())))
					+ (leftOut.size() > 10 ? ", ... (" + leftOut.size() + " locations)" : "")));
		}
		if (definitions.timerResolution <= 0) {
			warnings.add(Diagnostic.warning(anchor, "no timer resolution in the clock properties: timestamps taken as nanoseconds"));
		}
		return new Mapping(anchor, locations, communicators, definitions, warnings, creator.strip());
	}

	/** The reference of the world communicator, or -1 when no communicator spans every rank in order. */
	private static int worldCommunicator(Definitions definitions, int ranks) {
		int found = -1;
		for (Definitions.Comm comm : definitions.comms.values()) {
			Definitions.Group group = definitions.group(comm.group(), Definitions.GROUP_COMM_GROUP);
			if (comm.parent() != Libotf2.UNDEFINED_32 || group == null || !isIdentity(group.members(), ranks)) {
				continue;
			}
			if (found == -1 || "MPI_COMM_WORLD".equals(definitions.string(comm.name()))) {
				found = comm.ref();
			}
		}
		return found;
	}

	private static boolean isIdentity(long[] members, int ranks) {
		if (members.length != ranks) {
			return false;
		}
		for (int i = 0; i < ranks; i++) {
			if (members[i] != i) {
				return false;
			}
		}
		return true;
	}

	public Path anchor() {
		return anchor;
	}

	public int ranks() {
		return locationOfRank.length;
	}

	/** The location of the master thread of a rank. */
	long location(int rank) {
		return locationOfRank[rank];
	}

	/** The event file of the location of a rank: {@code <archive>/<location>.evt} beside the anchor. */
	public Path eventFile(int rank) {
		String archive = anchor.getFileName().toString().replaceFirst("\\.otf2$", "");
		return anchor.resolveSibling(archive).resolve(Long.toUnsignedString(location(rank)) + ".evt");
	}

	/** The location of a rank as diagnostics name it: {@code location L (rank P, NAME)}. */
	public String describe(int rank) {
		return "location " + Long.toUnsignedString(location(rank)) + " (rank " + rank + ", " + locationName(rank) + ")";
	}

	/** The number of events the definitions announce for the location of a rank (0 when unknown). */
	public long events(int rank) {
		Definitions.Location location = definitions.locations.get(locationOfRank[rank]);
		return location == null ? 0 : location.events();
	}

	private String locationName(int rank) {
		Definitions.Location location = definitions.locations.get(locationOfRank[rank]);
		return location == null ? "" : definitions.string(location.name());
	}

	/**
	 * The program that wrote the archive, as far as the archive says: the creator its anchor names or,
	 * when it names none, "EZTrace 2.0" for an archive defining the region {@value #EZTRACE_REGION}
	 * (EZTrace 2.0 names no creator and defines that region in every archive); "" when unknown.
	 */
	public String writer() {
		if (!creator.isEmpty()) {
			return creator;
		}
		return definitions.regions.values().stream().anyMatch(region -> EZTRACE_REGION.equals(name(region))) ? "EZTrace 2.0" : "";
	}

	/** Warnings about the definitions (duplicates, a missing clock, communicators without group). */
	public List<Diagnostic> warnings() {
		return warnings;
	}

	@Nullable Communicator communicator(int ref) {
		return communicators.get(ref);
	}

	/** The name of a collective operation, or null for one the tracer does not record as a collective. */
	static @Nullable String collective(byte op) {
		return op >= 0 && op < COLLECTIVES.length ? COLLECTIVES[op] : null;
	}

	/** A region's name and whether it is an MPI function (paradigm MPI, or an {@code MPI_} name). */
	Definitions.@Nullable Region region(int ref) {
		return definitions.region(ref);
	}

	String name(Definitions.Region region) {
		return definitions.string(region.name());
	}

	boolean isMpi(Definitions.Region region) {
		return region.paradigm() == Definitions.PARADIGM_MPI || name(region).startsWith("MPI_");
	}

	/** Timestamps to nanoseconds from the start of the run, with the archive's clock properties. */
	long nanoseconds(long ticks) {
		long since = ticks - definitions.globalOffset;
		long resolution = definitions.timerResolution;
		if (resolution <= 0 || resolution == 1_000_000_000L) {
			return since;
		}
		return Math.round(since * (1e9 / resolution));
	}
}
