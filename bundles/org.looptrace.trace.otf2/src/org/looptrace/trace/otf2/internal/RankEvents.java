// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFormatException;

/**
 * The events of one rank (its master location) pulled from the archive: each call of {@link #next()}
 * returns one event, reading the location's event file a batch at a time through a reader of its
 * own, so memory stays constant in the length of the location and ranks can be read on threads of
 * their own. The library calls back the methods below for each record; an MPI event waits in a
 * queue until the Leave of its MPI call gives its {@code end}.
 * <p>
 * Mapping (docs/FORMATS.md): MpiSend and MpiIsend are sends at issue, MpiRecv and MpiIrecv receives
 * at completion, MpiCollectiveEnd a collective over its communicator's group; peers are translated
 * from ranks in the communicator to world ranks. With {@code calls}, every Enter and Leave of a
 * region becomes {@code local call F} / {@code local return F}.
 */
public final class RankEvents implements AutoCloseable {

	private static final long BATCH = 4096;
	private static final MemoryLayout[] PREFIX = { JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS };

	/** An event, its data record and its position in the location, waiting for the end of its MPI call. */
	private static final class Pending {
		final TraceEvent event;
		final long time;
		long end;
		final long size;
		final long position;

		Pending(TraceEvent event, long time, long end, long size, long position) {
			this.event = event;
			this.time = time;
			this.end = end;
			this.size = size;
			this.position = position;
		}
	}

	private final Libotf2 lib;
	private final Mapping mapping;
	private final int rank;
	private final boolean calls;
	private final Path eventFile;
	private final Arena arena = Arena.ofConfined();
	private final MemorySegment reader;
	private final MemorySegment evtReader;
	private final MemorySegment callbacks;
	private final MemorySegment count;
	private final List<Pending> queue = new ArrayList<>();
	private final Map<Long, String> tags = new HashMap<>();
	/** Receive requests posted and not yet completed nor cancelled, by request ID (a writer may reuse IDs). */
	private final Set<Long> openRequests = new HashSet<>();
	/** Receive requests whose ID was posted again while they were open: never completed. */
	private long uncompleted;
	private int head;
	/** Events before this index of the queue have their end. */
	private int complete;
	private boolean ended;
	private long read;
	/** The depth of nested MPI regions entered and not left, and the start of the outermost. */
	private int mpiDepth;
	private long callStart;
	private @Nullable TraceFormatException failure;
	private @Nullable Pending current;

	/** Opens the events of {@code rank} of the archive {@code mapping} was resolved from. */
	public RankEvents(Mapping mapping, int rank, boolean calls) throws IOException {
		this.lib = Libotf2.get();
		this.mapping = mapping;
		this.rank = rank;
		this.calls = calls;
		Path anchor = mapping.anchor();
		this.eventFile = mapping.eventFile(rank);
		MemorySegment opened;
		try {
			opened = (MemorySegment) lib.readerOpen.invokeExact(Libotf2.cString(anchor.toString(), arena));
		} catch (Throwable e) {
			arena.close();
			throw new IOException(e);
		}
		if (opened.equals(MemorySegment.NULL)) {
			arena.close();
			throw error("the archive cannot be opened");
		}
		reader = opened;
		try {
			count = arena.allocate(JAVA_LONG);
			evtReader = open(mapping.location(rank));
			callbacks = (MemorySegment) lib.evtCallbacksNew.invokeExact();
			register();
			lib.check((int) lib.registerEvtCallbacks.invokeExact(reader, evtReader, callbacks, MemorySegment.NULL),
					"registering the event callbacks");
		} catch (Throwable e) {
			try {
				int closed = (int) lib.readerClose.invokeExact(reader);
			} catch (Throwable ignored) {
				// the reader is gone either way
			}
			arena.close();
			throw e instanceof Libotf2.Otf2Error ? error(e.getMessage()) : e instanceof IOException io ? io : new IOException(e);
		}
	}

	/** Selects the location, reads its local definitions (their mappings of local to global references) and opens its events. */
	private MemorySegment open(long location) throws Throwable {
		lib.check((int) lib.setSerialCollectiveCallbacks.invokeExact(reader), "setting the collective callbacks");
		lib.check((int) lib.selectLocation.invokeExact(reader, location), "selecting the location");
		boolean definitions = (int) lib.openDefFiles.invokeExact(reader) == Libotf2.SUCCESS;
		lib.check((int) lib.openEvtFiles.invokeExact(reader), "opening the event files");
		if (definitions) {
			MemorySegment defReader = (MemorySegment) lib.getDefReader.invokeExact(reader, location);
			if (!defReader.equals(MemorySegment.NULL)) {
				lib.check((int) lib.readAllLocalDefinitions.invokeExact(reader, defReader, count), "reading the local definitions");
				int closed = (int) lib.closeDefReader.invokeExact(reader, defReader);
			}
		}
		MemorySegment events = (MemorySegment) lib.getEvtReader.invokeExact(reader, location);
		if (definitions) {
			int closed = (int) lib.closeDefFiles.invokeExact(reader);
		}
		if (events.equals(MemorySegment.NULL)) {
			throw error(Files.exists(eventFile) ? "the event file cannot be opened"
					: "no such file: the archive's definitions name this location, whose events are expected in it");
		}
		return events;
	}

	private void register() throws Throwable {
		callback("Enter", "enter", null, JAVA_INT);
		callback("Leave", "leave", null, JAVA_INT);
		callback("MpiSend", "blocking", true, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG);
		callback("MpiIsend", "nonBlocking", true, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
		callback("MpiRecv", "blocking", false, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG);
		callback("MpiIrecv", "nonBlocking", false, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
		callback("MpiIrecvRequest", "receiveRequested", null, JAVA_LONG);
		callback("MpiRequestCancelled", "requestCancelled", null, JAVA_LONG);
		callback("MpiCollectiveEnd", "collective", null, JAVA_BYTE, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
	}

	/** Sets the callback of {@code event} to {@code method}, given {@code send} first when it is not null. */
	private void callback(String event, String method, @Nullable Boolean send, MemoryLayout... arguments) throws Throwable {
		MemoryLayout[] all = new MemoryLayout[PREFIX.length + arguments.length];
		System.arraycopy(PREFIX, 0, all, 0, PREFIX.length);
		System.arraycopy(arguments, 0, all, PREFIX.length, arguments.length);
		lib.setCallback("OTF2_EvtReaderCallbacks_Set" + event + "Callback", callbacks,
				lib.upcall(this, method, send, FunctionDescriptor.of(JAVA_INT, all), arena));
	}

	/** A diagnostic about this rank's events, naming the event file, the location and the rank. */
	private TraceFormatException error(String message) {
		return new TraceFormatException(Diagnostic.error(eventFile, mapping.describe(rank) + ": " + message));
	}

	/**
	 * The receive requests (MpiIrecvRequest) of the rank that no MpiIrecv completes and no
	 * MpiRequestCancelled cancels, once {@link #next()} returned null: receives whose source and tag
	 * the archive never records, so not events of the trace.
	 */
	public long uncompletedReceives() {
		return uncompleted + openRequests.size();
	}

	/** The event file of the rank's location. */
	public Path eventFile() {
		return eventFile;
	}

	/**
	 * The next event of the rank, or null after the last.
	 *
	 * @throws TraceFormatException for an event file that cannot be read (cut short, corrupt) or an
	 *                              event that cannot be mapped, naming the file, the location and the event
	 */
	public @Nullable TraceEvent next() throws IOException {
		while (head == complete) {
			if (ended) {
				if (head < queue.size()) {
					complete = queue.size(); // an MPI call never left (a trace cut short): its events end where they start
					queue.subList(head, queue.size()).forEach(p -> p.end = p.end < 0 ? p.time : p.end);
					continue;
				}
				current = null;
				return null;
			}
			readBatch();
		}
		Pending next = queue.get(head++);
		current = next;
		return next.event;
	}

	/**
	 * Reads the rest of the location without keeping its events; returns how many records it holds,
	 * all kinds counted (what otf2-print lists for it).
	 *
	 * @throws TraceFormatException as {@link #next()} does
	 */
	public long records() throws IOException {
		while (!ended) {
			head = queue.size();
			complete = head;
			readBatch();
		}
		return read;
	}

	private void readBatch() throws IOException {
		queue.subList(0, head).clear();
		complete -= head;
		head = 0;
		int code;
		try {
			code = (int) lib.readLocalEvents.invokeExact(reader, evtReader, BATCH, count);
		} catch (Throwable e) {
			throw new IOException(e);
		}
		TraceFormatException failed = failure;
		if (failed != null) {
			throw failed;
		}
		if (code != Libotf2.SUCCESS) {
			throw error("the events cannot be read past event " + read + ": " + lib.describe(code)
					+ "; expected a whole event file (is it cut short or corrupt?)");
		}
		long n = count.get(JAVA_LONG, 0);
		read += n;
		if (n < BATCH) {
			ended = true;
			long announced = mapping.events(rank);
			// a file cut between two records reads without error: the definitions say how many there were
			if (read < announced) {
				throw error("the event file ends after " + read + " events, the definitions announce " + announced
						+ ": expected the whole event file (is it cut short?)");
			}
		}
	}

	/** The start of the MPI call of the last event returned (ns), or the instant of a local event. */
	public long time() {
		return currentEvent().time;
	}

	/** The end of the MPI call of the last event returned (ns). */
	public long end() {
		return currentEvent().end;
	}

	/** The message length of the last event returned, or for a collective what this rank sent (bytes). */
	public long size() {
		return currentEvent().size;
	}

	/** The position of the last event returned among the records of its location (1-based, as OTF2 counts and otf2-print shows). */
	public long position() {
		return currentEvent().position;
	}

	private Pending currentEvent() {
		Pending event = current;
		if (event == null) {
			throw new IllegalStateException("no current event");
		}
		return event;
	}

	private void add(TraceEvent event, long ticks, long position, long size) {
		long now = mapping.nanoseconds(ticks);
		if (mpiDepth > 0 && event.kind() != org.looptrace.model.core.EventKind.LOCAL) {
			queue.add(new Pending(event, callStart, -1, size, position));
		} else {
			queue.add(new Pending(event, now, now, size, position));
			if (complete == queue.size() - 1) {
				complete++;
			}
		}
	}

	/** Ends the pending events of the MPI call left at {@code ticks}. */
	private void leaveCall(long ticks) {
		long now = mapping.nanoseconds(ticks);
		for (int i = complete; i < queue.size(); i++) {
			Pending pending = queue.get(i);
			if (pending.end < 0) {
				pending.end = now;
			}
		}
		complete = queue.size();
	}

	private String tag(Mapping.Communicator comm, int commRef, int tag) {
		if (comm.tagPrefix().isEmpty()) {
			return tags.computeIfAbsent(Integer.toUnsignedLong(tag), Long::toUnsignedString);
		}
		return tags.computeIfAbsent(((long) commRef << 32) | Integer.toUnsignedLong(tag),
				key -> comm.tagPrefix() + Integer.toUnsignedString(tag));
	}

	/** The world rank of the {@code peer}-th member of a communicator, checked. */
	private int worldRank(Mapping.Communicator comm, int commRef, int peer, String role, long position) throws TraceFormatException {
		int[] members = comm.members();
		if (members == null) {
			if (peer != 0) {
				throw eventError(position, role + " " + Integer.toUnsignedString(peer) + " on " + comm.name() + " (COMM_SELF): expected rank 0");
			}
			return rank;
		}
		if (peer < 0 || peer >= members.length) {
			throw eventError(position, role + " " + Integer.toUnsignedString(peer) + " is outside communicator "
					+ Integer.toUnsignedString(commRef) + " (" + comm.name() + ") of " + members.length + " ranks");
		}
		return members[peer];
	}

	private Mapping.Communicator communicator(int ref, long position) throws TraceFormatException {
		Mapping.Communicator comm = mapping.communicator(ref);
		if (comm == null) {
			throw eventError(position, "communicator " + Integer.toUnsignedString(ref) + " is not defined (or has no MPI group)");
		}
		return comm;
	}

	/** A diagnostic about the event at {@code position} of the location (1-based, as OTF2 counts and otf2-print shows). */
	private TraceFormatException eventError(long position, String message) {
		return error("event " + position + ": " + message);
	}

	// The callbacks: called by the library inside readBatch; they never throw (an exception would end the JVM).

	private int fail(TraceFormatException e) {
		failure = e;
		return Libotf2.CALLBACK_INTERRUPT;
	}

	@SuppressWarnings("unused")
	private int enter(long location, long time, long position, MemorySegment user, MemorySegment attributes, int region) {
		Definitions.Region entered = mapping.region(region);
		if (entered != null && mapping.isMpi(entered) && mpiDepth++ == 0) {
			callStart = mapping.nanoseconds(time);
		}
		if (calls) {
			add(TraceEvent.local(rank, List.of("call", word(entered, region))), time, position, 0);
		}
		return Libotf2.CALLBACK_SUCCESS;
	}

	@SuppressWarnings("unused")
	private int leave(long location, long time, long position, MemorySegment user, MemorySegment attributes, int region) {
		Definitions.Region left = mapping.region(region);
		if (calls) {
			add(TraceEvent.local(rank, List.of("return", word(left, region))), time, position, 0);
		}
		if (left != null && mapping.isMpi(left) && mpiDepth > 0 && --mpiDepth == 0) {
			leaveCall(time);
		}
		return Libotf2.CALLBACK_SUCCESS;
	}

	/** A region's name as one word of a local event. */
	private String word(Definitions.@Nullable Region region, int ref) {
		String name = region == null ? "region" + Integer.toUnsignedString(ref) : mapping.name(region);
		return name.isEmpty() ? "region" + Integer.toUnsignedString(ref) : name.replaceAll("\\s+", "_");
	}

	@SuppressWarnings("unused")
	private int blocking(boolean send, long location, long time, long position, MemorySegment user, MemorySegment attributes,
			int peer, int commRef, int tag, long length) {
		return message(send, time, position, peer, commRef, tag, length);
	}

	@SuppressWarnings("unused")
	private int nonBlocking(boolean send, long location, long time, long position, MemorySegment user, MemorySegment attributes,
			int peer, int commRef, int tag, long length, long request) {
		if (!send) {
			closeRequest(request);
		}
		return message(send, time, position, peer, commRef, tag, length);
	}

	@SuppressWarnings("unused")
	private int receiveRequested(long location, long time, long position, MemorySegment user, MemorySegment attributes, long request) {
		if (!openRequests.add(request)) {
			uncompleted++; // the ID posted again while open: the writer reuses IDs, the earlier request was never completed
		}
		return Libotf2.CALLBACK_SUCCESS;
	}

	@SuppressWarnings("unused")
	private int requestCancelled(long location, long time, long position, MemorySegment user, MemorySegment attributes, long request) {
		closeRequest(request);
		return Libotf2.CALLBACK_SUCCESS;
	}

	private void closeRequest(long request) {
		openRequests.remove(request);
	}

	/** A send to, or a receive from, the {@code peer}-th rank of a communicator. */
	private int message(boolean send, long time, long position, int peer, int commRef, int tag, long length) {
		try {
			Mapping.Communicator comm = communicator(commRef, position);
			if (peer < 0) {
				return Libotf2.CALLBACK_SUCCESS; // MPI_PROC_NULL as EZTrace records it (or OTF2_UNDEFINED_UINT32): no message
			}
			int other = worldRank(comm, commRef, peer, send ? "receiver" : "sender", position);
			String token = tag(comm, commRef, tag);
			add(send ? TraceEvent.send(rank, other, token) : TraceEvent.recv(other, rank, token), time, position, length);
			return Libotf2.CALLBACK_SUCCESS;
		} catch (TraceFormatException e) {
			return fail(e);
		}
	}

	@SuppressWarnings("unused")
	private int collective(long location, long time, long position, MemorySegment user, MemorySegment attributes, byte op, int commRef,
			int root, long sent, long received) {
		try {
			String name = Mapping.collective(op);
			if (name == null) {
				if (op >= 17 && op <= 22) {
					return Libotf2.CALLBACK_SUCCESS; // handles and windows created or freed: no collective of the tracer
				}
				throw eventError(position, "unknown collective operation " + Byte.toUnsignedInt(op) + ": expected 0 to 22 (OTF2_CollectiveOp)");
			}
			Mapping.Communicator comm = communicator(commRef, position);
			RankSet group = comm.group();
			add(TraceEvent.sync(rank, name, group != null ? group : RankSet.of(rank)), time, position, sent);
			return Libotf2.CALLBACK_SUCCESS;
		} catch (TraceFormatException e) {
			return fail(e);
		}
	}

	@Override
	public void close() {
		try {
			lib.evtCallbacksDelete.invokeExact(callbacks);
			int closed = (int) lib.closeEvtReader.invokeExact(reader, evtReader);
			closed = (int) lib.closeEvtFiles.invokeExact(reader);
			closed = (int) lib.readerClose.invokeExact(reader);
		} catch (Throwable e) {
			// closing frees the library's memory only; nothing to report
		} finally {
			arena.close();
		}
	}
}
