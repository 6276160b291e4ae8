// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.trace.otf2.Otf2UnavailableException;

/**
 * The functions of libotf2 that LoopTrace calls, bound once through the Foreign Function and Memory
 * API, and the helpers that cross the boundary (C strings, upcall stubs). The library is looked up
 * under its Debian name and under the name a build from source installs; when neither loads,
 * {@link #get()} says which package to install.
 */
public final class Libotf2 {

	/** The Debian package that holds the library. */
	public static final String PACKAGE = "libopen-trace-format2-10";
	/** OTF2_SUCCESS. */
	static final int SUCCESS = 0;
	/** OTF2_CALLBACK_SUCCESS and OTF2_CALLBACK_INTERRUPT. */
	static final int CALLBACK_SUCCESS = 0;
	static final int CALLBACK_INTERRUPT = 1;
	/** OTF2_UNDEFINED_UINT32 (and so of every 32-bit reference). */
	static final int UNDEFINED_32 = -1;

	private static final String[] NAMES = { "libopen-trace-format2.so.10", "libotf2.so.10", "libotf2.so" };
	private static final Object LOCK = new Object();
	private static @Nullable Libotf2 instance;
	private static @Nullable String unavailable;

	private final Linker linker = Linker.nativeLinker();
	private final SymbolLookup lookup = load();
	private final Map<String, MethodHandle> setters = new ConcurrentHashMap<>();

	final MethodHandle readerOpen = function("OTF2_Reader_Open", ADDRESS, ADDRESS);
	final MethodHandle readerClose = function("OTF2_Reader_Close", JAVA_INT, ADDRESS);
	final MethodHandle setSerialCollectiveCallbacks = function("OTF2_Reader_SetSerialCollectiveCallbacks", JAVA_INT, ADDRESS);
	final MethodHandle getVersion = function("OTF2_Reader_GetVersion", JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS);
	final MethodHandle getCreator = function("OTF2_Reader_GetCreator", JAVA_INT, ADDRESS, ADDRESS);
	final MethodHandle getGlobalDefReader = function("OTF2_Reader_GetGlobalDefReader", ADDRESS, ADDRESS);
	final MethodHandle closeGlobalDefReader = function("OTF2_Reader_CloseGlobalDefReader", JAVA_INT, ADDRESS, ADDRESS);
	final MethodHandle globalDefCallbacksNew = function("OTF2_GlobalDefReaderCallbacks_New", ADDRESS);
	final MethodHandle globalDefCallbacksDelete = function("OTF2_GlobalDefReaderCallbacks_Delete", null, ADDRESS);
	final MethodHandle registerGlobalDefCallbacks = function("OTF2_Reader_RegisterGlobalDefCallbacks", JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS);
	final MethodHandle readAllGlobalDefinitions = function("OTF2_Reader_ReadAllGlobalDefinitions", JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
	final MethodHandle selectLocation = function("OTF2_Reader_SelectLocation", JAVA_INT, ADDRESS, JAVA_LONG);
	final MethodHandle openDefFiles = function("OTF2_Reader_OpenDefFiles", JAVA_INT, ADDRESS);
	final MethodHandle closeDefFiles = function("OTF2_Reader_CloseDefFiles", JAVA_INT, ADDRESS);
	final MethodHandle getDefReader = function("OTF2_Reader_GetDefReader", ADDRESS, ADDRESS, JAVA_LONG);
	final MethodHandle readAllLocalDefinitions = function("OTF2_Reader_ReadAllLocalDefinitions", JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
	final MethodHandle closeDefReader = function("OTF2_Reader_CloseDefReader", JAVA_INT, ADDRESS, ADDRESS);
	final MethodHandle openEvtFiles = function("OTF2_Reader_OpenEvtFiles", JAVA_INT, ADDRESS);
	final MethodHandle closeEvtFiles = function("OTF2_Reader_CloseEvtFiles", JAVA_INT, ADDRESS);
	final MethodHandle getEvtReader = function("OTF2_Reader_GetEvtReader", ADDRESS, ADDRESS, JAVA_LONG);
	final MethodHandle closeEvtReader = function("OTF2_Reader_CloseEvtReader", JAVA_INT, ADDRESS, ADDRESS);
	final MethodHandle evtCallbacksNew = function("OTF2_EvtReaderCallbacks_New", ADDRESS);
	final MethodHandle evtCallbacksDelete = function("OTF2_EvtReaderCallbacks_Delete", null, ADDRESS);
	final MethodHandle registerEvtCallbacks = function("OTF2_Reader_RegisterEvtCallbacks", JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS);
	final MethodHandle readLocalEvents = function("OTF2_Reader_ReadLocalEvents", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);
	/** The C library's free, for the strings libotf2 allocates for its caller. */
	private final MethodHandle free = linker.downcallHandle(
			linker.defaultLookup().find("free").orElseThrow(() -> new IllegalStateException("the C library has no free")),
			FunctionDescriptor.ofVoid(ADDRESS));
	private final MethodHandle errorName = function("OTF2_Error_GetName", ADDRESS, JAVA_INT);
	private final MethodHandle errorDescription = function("OTF2_Error_GetDescription", ADDRESS, JAVA_INT);

	private Libotf2() throws Throwable {
		// the library prints every error to stderr unless a callback takes them: we report them ourselves
		MethodHandle quiet = MethodHandles.lookup().findStatic(Libotf2.class, "quietError",
				MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class, long.class, MemorySegment.class,
						int.class, MemorySegment.class, MemorySegment.class));
		MemorySegment stub = linker.upcallStub(quiet,
				FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_INT, ADDRESS, ADDRESS), Arena.global());
		MethodHandle register = function("OTF2_Error_RegisterCallback", ADDRESS, ADDRESS, ADDRESS);
		MemorySegment previous = (MemorySegment) register.invokeExact(stub, MemorySegment.NULL);
	}

	@SuppressWarnings("unused") // called by libotf2 through the upcall stub
	private static int quietError(MemorySegment userData, MemorySegment file, long line, MemorySegment function, int code,
			MemorySegment format, MemorySegment arguments) {
		return code;
	}

	/**
	 * The library, loaded on first use.
	 *
	 * @throws Otf2UnavailableException when it cannot be loaded (not installed, or a Java without the
	 *                                  Foreign Function and Memory API), saying what to install
	 */
	public static Libotf2 get() throws Otf2UnavailableException {
		synchronized (LOCK) {
			Libotf2 loaded = instance;
			if (loaded != null) {
				return loaded;
			}
			if (unavailable == null) {
				try {
					instance = loaded = new Libotf2();
					return loaded;
				} catch (Otf2UnavailableException e) {
					unavailable = e.getMessage();
				} catch (Throwable e) {
					unavailable = "libotf2 cannot be called from this Java (" + e + "): OTF2 archives need Java 22 or newer, run with --enable-native-access=ALL-UNNAMED";
				}
			}
			throw new Otf2UnavailableException(String.valueOf(unavailable));
		}
	}

	private static SymbolLookup load() throws Otf2UnavailableException {
		List<String> failures = new ArrayList<>();
		for (String name : NAMES) {
			try {
				return SymbolLookup.libraryLookup(name, Arena.global());
			} catch (IllegalArgumentException e) {
				failures.add(name);
			}
		}
		throw new Otf2UnavailableException("libotf2 is not installed (none of " + String.join(", ", failures)
				+ " loads): install the Debian package " + PACKAGE + " to read OTF2 archives");
	}

	private MethodHandle function(String name, @Nullable MemoryLayout result, MemoryLayout... arguments) {
		MemorySegment address = lookup.find(name).orElseThrow(() -> new IllegalStateException("libotf2 has no " + name));
		FunctionDescriptor descriptor = result == null ? FunctionDescriptor.ofVoid(arguments) : FunctionDescriptor.of(result, arguments);
		return linker.downcallHandle(address, descriptor);
	}

	/** Sets one callback of a callbacks structure through its setter, e.g. {@code OTF2_EvtReaderCallbacks_SetMpiSendCallback}. */
	void setCallback(String setter, MemorySegment callbacks, MemorySegment stub) throws Throwable {
		MethodHandle handle = setters.computeIfAbsent(setter, name -> function(name, JAVA_INT, ADDRESS, ADDRESS));
		check((int) handle.invokeExact(callbacks, stub), setter);
	}

	/**
	 * An upcall stub calling {@code method} of {@code target}, of the C type {@code descriptor}, alive as
	 * long as {@code arena}; a {@code flag} that is not null is passed to the method before the C arguments.
	 */
	MemorySegment upcall(Object target, String method, @Nullable Boolean flag, FunctionDescriptor descriptor, Arena arena) {
		try {
			MethodType type = descriptor.toMethodType();
			MethodHandles.Lookup access = MethodHandles.privateLookupIn(target.getClass(), MethodHandles.lookup());
			MethodHandle handle = flag == null ? access.findVirtual(target.getClass(), method, type).bindTo(target)
					: MethodHandles.insertArguments(access.findVirtual(target.getClass(), method, type.insertParameterTypes(0, boolean.class)),
							0, target, flag);
			return linker.upcallStub(handle, descriptor, arena);
		} catch (ReflectiveOperationException e) {
			throw new IllegalStateException("no callback " + method + descriptor.toMethodType() + " in " + target.getClass(), e);
		}
	}

	/** Throws when {@code code} is not OTF2_SUCCESS, naming what was called and the library's words for the error. */
	void check(int code, String what) throws Otf2Error {
		if (code != SUCCESS) {
			throw new Otf2Error(code, what + " failed: " + describe(code));
		}
	}

	/** The library's name and description of an error code. */
	String describe(int code) {
		try {
			return string((MemorySegment) errorName.invokeExact(code)) + " (" + string((MemorySegment) errorDescription.invokeExact(code)) + ")";
		} catch (Throwable e) {
			return "error " + code;
		}
	}

	/** A NUL-terminated C string as UTF-8 (written without the API's string helpers, whose names changed in Java 22). */
	static String string(MemorySegment pointer) {
		if (pointer.equals(MemorySegment.NULL)) {
			return "";
		}
		MemorySegment bytes = pointer.reinterpret(Long.MAX_VALUE);
		int length = 0;
		while (bytes.get(JAVA_BYTE, length) != 0) {
			length++;
		}
		byte[] text = new byte[length];
		MemorySegment.copy(bytes, JAVA_BYTE, 0, text, 0, length);
		return new String(text, StandardCharsets.UTF_8);
	}

	/** A NUL-terminated C string the library allocated for us, as UTF-8; the C string is freed. */
	String taken(MemorySegment pointer) throws Throwable {
		try {
			return string(pointer);
		} finally {
			if (!pointer.equals(MemorySegment.NULL)) {
				free.invokeExact(pointer);
			}
		}
	}

	/** A NUL-terminated copy of {@code text} in {@code arena}. */
	static MemorySegment cString(String text, Arena arena) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		MemorySegment segment = arena.allocate(bytes.length + 1L);
		MemorySegment.copy(bytes, 0, segment, JAVA_BYTE, 0, bytes.length);
		segment.set(JAVA_BYTE, bytes.length, (byte) 0);
		return segment;
	}

	/** A failed call into libotf2, with its error code. */
	static final class Otf2Error extends Exception {
		private static final long serialVersionUID = 1L;
		final int code;

		Otf2Error(int code, String message) {
			super(message);
			this.code = code;
		}
	}
}
