// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.otf2.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;

import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.Otf2UnavailableException;

/** Opens an archive's anchor and reads its global definitions into a {@link Mapping}. */
public final class ArchiveReader {

	private ArchiveReader() {
	}

	/** Loads libotf2, or says which package to install. */
	public static void library() throws Otf2UnavailableException {
		Libotf2.get();
	}

	/**
	 * Reads and resolves the global definitions of the archive {@code anchor}.
	 *
	 * @throws TraceFormatException naming the anchor or the definitions file and what the library said
	 */
	public static Mapping definitions(Path anchor) throws IOException {
		Libotf2 lib = Libotf2.get();
		String name = anchor.getFileName().toString().replaceFirst("\\.otf2$", "");
		Path def = anchor.resolveSibling(name + ".def");
		if (!Files.isRegularFile(def)) {
			throw new TraceFormatException(Diagnostic.error(def, "missing: an archive's global definitions are in " + def.getFileName()
					+ " beside its anchor " + anchor.getFileName()));
		}
		try (Arena arena = Arena.ofConfined()) {
			MemorySegment reader = (MemorySegment) lib.readerOpen.invokeExact(Libotf2.cString(anchor.toString(), arena));
			if (reader.equals(MemorySegment.NULL)) {
				throw new TraceFormatException(Diagnostic.error(anchor,
						"libotf2 cannot open this anchor file: it is not the anchor of an OTF2 archive, or one written by an OTF2 newer"
								+ " than the installed libotf2 (3.0)"));
			}
			try {
				lib.check((int) lib.setSerialCollectiveCallbacks.invokeExact(reader), "setting the collective callbacks");
				MemorySegment version = arena.allocate(3);
				lib.check((int) lib.getVersion.invokeExact(reader, version, version.asSlice(1), version.asSlice(2)), "reading the version");
				int major = version.get(JAVA_BYTE, 0);
				if (major > 3) {
					throw new TraceFormatException(Diagnostic.error(anchor, "written by OTF2 " + major + "." + version.get(JAVA_BYTE, 1)
							+ ": expected an archive of OTF2 3.0 or older, the version of the installed libotf2"));
				}
				MemorySegment creator = arena.allocate(ADDRESS);
				// an anchor without a creator (EZTrace writes none) reads as an empty one
				String writtenBy = (int) lib.getCreator.invokeExact(reader, creator) == Libotf2.SUCCESS
						? lib.taken(creator.get(ADDRESS, 0))
						: "";
				Definitions definitions;
				try {
					definitions = Definitions.read(lib, reader);
				} catch (Libotf2.Otf2Error e) {
					throw new TraceFormatException(Diagnostic.error(def, e.getMessage() + "; expected the archive's global definitions"));
				}
				return Mapping.resolve(anchor, definitions, writtenBy);
			} finally {
				int closed = (int) lib.readerClose.invokeExact(reader);
			}
		} catch (IOException e) {
			throw e;
		} catch (Libotf2.Otf2Error e) {
			throw new TraceFormatException(Diagnostic.error(anchor, e.getMessage()));
		} catch (Throwable e) {
			throw new IOException("libotf2 failed on " + anchor + ": " + e, e);
		}
	}
}
