// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;

/** Writes a data trace {@code data.<rank>} (binary format of docs/FORMATS.md), one record per call of {@link #write}. */
public final class DataTraceWriter implements AutoCloseable {

	private final OutputStream out;
	private final int attributes;
	private final ByteBuffer record;

	private DataTraceWriter(OutputStream out, int attributes) {
		this.out = out;
		this.attributes = attributes;
		this.record = ByteBuffer.allocate(8 * attributes).order(ByteOrder.LITTLE_ENDIAN);
	}

	/**
	 * Creates (or replaces) the file and writes its header.
	 *
	 * @param attributes 1 to 64 distinct names of 1 to 16 ASCII characters, e.g. {@code time, end, size}
	 */
	public static DataTraceWriter create(Path file, List<String> attributes) throws IOException {
		if (attributes.isEmpty() || attributes.size() > DataTrace.MAX_ATTRIBUTES || new HashSet<>(attributes).size() != attributes.size()) {
			throw new IllegalArgumentException("expected 1 to 64 distinct attributes, found " + attributes);
		}
		ByteBuffer header = ByteBuffer.allocate(DataTrace.NAME_BYTES * (1 + attributes.size())).order(ByteOrder.LITTLE_ENDIAN);
		header.put(DataTrace.MAGIC).putInt(attributes.size()).putInt(0);
		for (String name : attributes) {
			byte[] bytes = name.getBytes(StandardCharsets.US_ASCII);
			if (bytes.length == 0 || bytes.length > DataTrace.NAME_BYTES || !StandardCharsets.US_ASCII.newEncoder().canEncode(name)
					|| name.indexOf('\0') >= 0) {
				throw new IllegalArgumentException("expected an attribute name of 1 to 16 ASCII characters, found '" + name + "'");
			}
			header.put(bytes).position(header.position() + DataTrace.NAME_BYTES - bytes.length);
		}
		OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
		out.write(header.array());
		return new DataTraceWriter(out, attributes.size());
	}

	/** Appends one record: one value per attribute, in header order. */
	public void write(long... values) throws IOException {
		if (values.length != attributes) {
			throw new IllegalArgumentException("expected " + attributes + " values per record, found " + values.length);
		}
		record.clear();
		for (long value : values) {
			record.putLong(value);
		}
		out.write(record.array());
	}

	@Override
	public void close() throws IOException {
		out.close();
	}
}
