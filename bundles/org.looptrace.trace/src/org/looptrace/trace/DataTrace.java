// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A data trace {@code data.<rank>} (binary format of docs/FORMATS.md): one fixed-size record of
 * 64-bit attributes per event of the event trace. Records are read by position through memory
 * mappings of the file, never by reading from the start. A trailing partial record (a rank killed
 * while writing) is not counted.
 */
public final class DataTrace implements AutoCloseable {

	/** The magic number that starts every data trace. */
	static final byte[] MAGIC = "LTDATA1\0".getBytes(StandardCharsets.US_ASCII);
	static final int NAME_BYTES = 16;
	static final int MAX_ATTRIBUTES = 64;
	/** Records per mapping: keeps each mapping below 2 GB and every record inside one mapping. */
	private static final long RECORDS_PER_CHUNK = (1L << 30) / (8 * MAX_ATTRIBUTES);

	private final Path file;
	private final FileChannel channel;
	private final List<String> attributes;
	private final long headerSize;
	private final int recordSize;
	private final long records;
	private final MappedByteBuffer[] chunks;

	private DataTrace(Path file, FileChannel channel, List<String> attributes, long records) {
		this.file = file;
		this.channel = channel;
		this.attributes = attributes;
		this.headerSize = NAME_BYTES + (long) NAME_BYTES * attributes.size();
		this.recordSize = 8 * attributes.size();
		this.records = records;
		this.chunks = new MappedByteBuffer[(int) ((records + RECORDS_PER_CHUNK - 1) / RECORDS_PER_CHUNK)];
	}

	/**
	 * Whether the first {@code length} bytes of {@code bytes} start as a data trace does, with its magic
	 * number: what tells a data trace given where a text is expected.
	 */
	public static boolean hasMagic(byte[] bytes, int length) {
		return length >= MAGIC.length && Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
	}

	/**
	 * Opens a data trace and reads its header.
	 *
	 * @throws TraceFormatException when the file is not a data trace (bad magic, short or bad header)
	 */
	public static DataTrace open(Path file) throws IOException {
		FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
		try {
			long size = channel.size();
			ByteBuffer head = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
			readFully(channel, head, 0);
			int known = Math.min(8, head.position());
			if (!java.util.Arrays.equals(head.array(), 0, known, MAGIC, 0, known)) {
				throw new TraceFormatException(Diagnostic.error(file,
						"not a data trace: expected the magic number \"LTDATA1\\0\" in the first 8 bytes"));
			}
			if (head.position() < 16) {
				throw new TraceFormatException(Diagnostic.error(file, "short header: expected 16 bytes, the file has " + size));
			}
			long count = Integer.toUnsignedLong(head.getInt(8));
			if (count < 1 || count > MAX_ATTRIBUTES) {
				throw new TraceFormatException(Diagnostic.error(file,
						"bad header: expected 1 to " + MAX_ATTRIBUTES + " attributes at byte 8, found " + count));
			}
			if (head.getInt(12) != 0) {
				throw new TraceFormatException(Diagnostic.error(file, "bad header: expected 0 in the reserved field at byte 12"));
			}
			long headerSize = NAME_BYTES + NAME_BYTES * count;
			if (size < headerSize) {
				throw new TraceFormatException(Diagnostic.error(file, "short header: expected " + headerSize
						+ " bytes for the names of " + count + " attributes, the file has " + size));
			}
			ByteBuffer names = ByteBuffer.allocate((int) (NAME_BYTES * count));
			readFully(channel, names, NAME_BYTES);
			List<String> attributes = new ArrayList<>();
			for (int i = 0; i < count; i++) {
				String name = name(names.array(), i * NAME_BYTES);
				if (name.isEmpty() || attributes.contains(name)) {
					throw new TraceFormatException(Diagnostic.error(file, "bad header: attribute " + (i + 1) + " at byte "
							+ (NAME_BYTES + i * NAME_BYTES) + (name.isEmpty() ? " has no name" : " repeats the name '" + name + "'")));
				}
				attributes.add(name);
			}
			return new DataTrace(file, channel, Collections.unmodifiableList(attributes), (size - headerSize) / (8 * count));
		} catch (IOException | RuntimeException e) {
			channel.close();
			throw e;
		}
	}

	private static void readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
		while (buffer.hasRemaining()) {
			if (channel.read(buffer, position + buffer.position()) < 0) {
				return;
			}
		}
	}

	private static String name(byte[] bytes, int offset) {
		int length = 0;
		while (length < NAME_BYTES && bytes[offset + length] != 0) {
			length++;
		}
		return new String(bytes, offset, length, StandardCharsets.US_ASCII);
	}

	public Path file() {
		return file;
	}

	/** The attribute names, in record order. */
	public List<String> attributes() {
		return attributes;
	}

	/** The number of whole records. */
	public long records() {
		return records;
	}

	/** The index of an attribute in a record. */
	public int attributeIndex(String attribute) {
		int index = attributes.indexOf(attribute);
		if (index < 0) {
			throw new IllegalArgumentException(file + " has no attribute '" + attribute + "': it has " + String.join(", ", attributes));
		}
		return index;
	}

	/**
	 * One attribute of the record at {@code position} (the 0-based position of its event).
	 *
	 * @throws IllegalArgumentException  for an unknown attribute
	 * @throws IndexOutOfBoundsException for a position outside {@code [0, records())}
	 */
	public long value(long position, String attribute) {
		return value(position, attributeIndex(attribute));
	}

	/**
	 * One attribute of the record at {@code position}, by its index in {@link #attributes()}: for
	 * readers of many records, which look the attribute up once ({@link #attributeIndex}).
	 *
	 * @throws IndexOutOfBoundsException for a position outside {@code [0, records())}
	 */
	public long value(long position, int attribute) {
		return chunk(position).getLong(offset(position) + 8 * attribute);
	}

	/** All the attributes of the record at {@code position}, in the order of {@link #attributes()}. */
	public long[] record(long position) {
		MappedByteBuffer chunk = chunk(position);
		int offset = offset(position);
		long[] values = new long[attributes.size()];
		for (int i = 0; i < values.length; i++) {
			values[i] = chunk.getLong(offset + 8 * i);
		}
		return values;
	}

	private int offset(long position) {
		return (int) (position % RECORDS_PER_CHUNK) * recordSize;
	}

	private MappedByteBuffer chunk(long position) {
		if (position < 0 || position >= records) {
			throw new IndexOutOfBoundsException("record " + position + " of " + file + ": it has " + records + " records");
		}
		int index = (int) (position / RECORDS_PER_CHUNK);
		MappedByteBuffer chunk = chunks[index];
		if (chunk == null) {
			long first = index * RECORDS_PER_CHUNK;
			long count = Math.min(RECORDS_PER_CHUNK, records - first);
			try {
				chunk = channel.map(FileChannel.MapMode.READ_ONLY, headerSize + first * recordSize, count * recordSize);
			} catch (IOException e) {
				throw new java.io.UncheckedIOException("cannot map " + file + ": " + e.getMessage(), e);
			}
			chunk.order(ByteOrder.LITTLE_ENDIAN);
			chunks[index] = chunk;
		}
		return chunk;
	}

	@Override
	public void close() throws IOException {
		channel.close();
	}
}
