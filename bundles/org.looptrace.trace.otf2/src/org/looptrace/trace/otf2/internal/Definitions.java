// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The global definitions of an archive that the mapping needs, as the library's callbacks deliver
 * them: strings, locations, location groups, groups, communicators, regions and the clock. They
 * are kept as read, in any order (a communicator may name a group defined after it); a reference
 * defined twice keeps its first definition and, when the two differ, is reported by
 * {@link #duplicates()}. {@link Mapping} resolves them.
 */
final class Definitions {

	/** OTF2_PARADIGM_MPI. */
	static final byte PARADIGM_MPI = 4;
	static final byte GROUP_COMM_LOCATIONS = 4;
	static final byte GROUP_COMM_GROUP = 5;
	static final byte GROUP_COMM_SELF = 6;

	record Location(long ref, int name, byte type, long events, int group) {
	}

	record Group(int ref, int name, byte type, byte paradigm, long[] members) {
		boolean sameAs(Group other) {
			return type == other.type && paradigm == other.paradigm && name == other.name && java.util.Arrays.equals(members, other.members);
		}
	}

	record Comm(int ref, int name, int group, int parent) {
	}

	record Region(int ref, int name, byte role, byte paradigm) {
	}

	final Map<Integer, String> strings = new HashMap<>();
	final Map<Long, Location> locations = new TreeMap<>();
	/** The groups of each reference, one per group type (a writer may reuse a reference across types). */
	final Map<Integer, List<Group>> groups = new TreeMap<>();
	final Map<Integer, Comm> comms = new TreeMap<>();
	final Map<Integer, Region> regions = new HashMap<>();
	long timerResolution;
	long globalOffset;
	private final List<String> duplicates = new ArrayList<>();

	/** Reads the global definitions of an opened reader. */
	static Definitions read(Libotf2 lib, MemorySegment reader) throws Throwable {
		Definitions definitions = new Definitions();
		MemorySegment defReader = (MemorySegment) lib.getGlobalDefReader.invokeExact(reader);
		if (defReader.equals(MemorySegment.NULL)) {
			throw new Libotf2.Otf2Error(-1, "the global definitions cannot be opened");
		}
		MemorySegment callbacks = (MemorySegment) lib.globalDefCallbacksNew.invokeExact();
		try (Arena arena = Arena.ofConfined()) {
			definitions.register(lib, callbacks, arena);
			lib.check((int) lib.registerGlobalDefCallbacks.invokeExact(reader, defReader, callbacks, MemorySegment.NULL),
					"registering the definition callbacks");
			MemorySegment count = arena.allocate(JAVA_LONG);
			lib.check((int) lib.readAllGlobalDefinitions.invokeExact(reader, defReader, count), "reading the global definitions");
		} finally {
			lib.globalDefCallbacksDelete.invokeExact(callbacks);
			int ignored = (int) lib.closeGlobalDefReader.invokeExact(reader, defReader);
		}
		return definitions;
	}

	private void register(Libotf2 lib, MemorySegment callbacks, Arena arena) throws Throwable {
		String set = "OTF2_GlobalDefReaderCallbacks_Set";
		lib.setCallback(set + "StringCallback", callbacks,
				lib.upcall(this, "string", null, FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS), arena));
		lib.setCallback(set + "ClockPropertiesCallback", callbacks, lib.upcall(this, "clock", null,
				FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG), arena));
		lib.setCallback(set + "LocationCallback", callbacks, lib.upcall(this, "location", null,
				FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_BYTE, JAVA_LONG, JAVA_INT), arena));
		lib.setCallback(set + "RegionCallback", callbacks, lib.upcall(this, "region", null, FunctionDescriptor.of(JAVA_INT, ADDRESS,
				JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_BYTE, JAVA_BYTE, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT), arena));
		lib.setCallback(set + "GroupCallback", callbacks, lib.upcall(this, "group", null, FunctionDescriptor.of(JAVA_INT, ADDRESS,
				JAVA_INT, JAVA_INT, JAVA_BYTE, JAVA_BYTE, JAVA_INT, JAVA_INT, ADDRESS), arena));
		lib.setCallback(set + "CommCallback", callbacks, lib.upcall(this, "comm", null,
				FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT), arena));
	}

	// The callbacks below run inside the library: they never throw (an exception would end the JVM).

	@SuppressWarnings("unused")
	private int string(MemorySegment user, int self, MemorySegment text) {
		keepFirst(strings, self, Libotf2.string(text), "string");
		return Libotf2.CALLBACK_SUCCESS;
	}

	@SuppressWarnings("unused")
	private int clock(MemorySegment user, long resolution, long offset, long length, long realtime) {
		timerResolution = resolution;
		globalOffset = offset;
		return Libotf2.CALLBACK_SUCCESS;
	}

	@SuppressWarnings("unused")
	private int location(MemorySegment user, long self, int name, byte type, long events, int group) {
		keepFirst(locations, self, new Location(self, name, type, events, group), "location");
		return Libotf2.CALLBACK_SUCCESS;
	}

	@SuppressWarnings("unused")
	private int region(MemorySegment user, int self, int name, int canonical, int description, byte role, byte paradigm,
			int flags, int file, int begin, int end) {
		keepFirst(regions, self, new Region(self, name, role, paradigm), "region");
		return Libotf2.CALLBACK_SUCCESS;
	}

	@SuppressWarnings("unused")
	private int group(MemorySegment user, int self, int name, byte type, byte paradigm, int flags, int count, MemorySegment members) {
		long[] refs = count == 0 ? new long[0] : members.reinterpret(8L * Integer.toUnsignedLong(count)).toArray(JAVA_LONG);
		// EZTrace defines its COMM_LOCATIONS group and the world's COMM_GROUP under one reference: both are kept
		Group group = new Group(self, name, type, paradigm, refs);
		List<Group> defined = groups.computeIfAbsent(self, ref -> new ArrayList<>(1));
		Optional<Group> first = defined.stream().filter(other -> other.type() == type).findFirst();
		if (first.isEmpty()) {
			defined.add(group);
		} else if (!first.get().sameAs(group)) {
			duplicates.add("group " + Integer.toUnsignedString(self));
		}
		return Libotf2.CALLBACK_SUCCESS;
	}

	@SuppressWarnings("unused")
	private int comm(MemorySegment user, int self, int name, int group, int parent, int flags) {
		keepFirst(comms, self, new Comm(self, name, group, parent), "communicator");
		return Libotf2.CALLBACK_SUCCESS;
	}

	private <K, V> void keepFirst(Map<K, V> map, K key, V value, String kind) {
		V first = map.putIfAbsent(key, value);
		if (first != null && !Objects.equals(first, value)) {
			duplicates.add(kind + " " + key);
		}
	}

	/** The references defined twice with different contents (the first definition is kept). */
	List<String> duplicates() {
		return duplicates;
	}

	String string(int ref) {
		String text = strings.get(ref);
		return text != null ? text : "#" + Integer.toUnsignedString(ref);
	}

	/** The group {@code ref} of one of {@code types}, or null. */
	@Nullable Group group(int ref, byte... types) {
		for (Group group : groups.getOrDefault(ref, List.of())) {
			for (byte type : types) {
				if (group.type() == type) {
					return group;
				}
			}
		}
		return null;
	}

	@Nullable Region region(int ref) {
		return regions.get(ref);
	}
}
