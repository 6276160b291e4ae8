// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The CSV of a scan ({@link ScanRecord#CSV_HEADER}, then one row per record, the bytes of
 * {@link ScanRecord#toCsv()} and a line end), written from a {@link RecordSink}'s primitives
 * straight into a byte buffer: labels and index names encoded once per annotation, numbers as ASCII
 * digits by hand, no string per row. The header comes with the first row, or from {@link #finish()}
 * when there is none, so that a scan that fails on its first data trace writes nothing.
 */
public final class ScanCsv implements RecordSink, Flushable {

	private static final byte[] HEADER = (ScanRecord.CSV_HEADER + '\n').getBytes(StandardCharsets.UTF_8);
	/** The digits of 0 to 99, tens and ones, for two digits per division. */
	private static final byte[] TENS = new byte[100];
	private static final byte[] ONES = new byte[100];
	/** The longest number: 19 digits and a sign. */
	private static final int MAX_LONG = 20;
	private static final byte[] MIN_VALUE = Long.toString(Long.MIN_VALUE).getBytes(StandardCharsets.US_ASCII);
	/** 10^0 to 10^18. */
	private static final long[] POWERS_OF_TEN = new long[19];

	static {
		for (int i = 0; i < 100; i++) {
			TENS[i] = (byte) ('0' + i / 10);
			ONES[i] = (byte) ('0' + i % 10);
		}
		POWERS_OF_TEN[0] = 1;
		for (int i = 1; i < POWERS_OF_TEN.length; i++) {
			POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
		}
	}

	private final OutputStream out;
	/** Per annotation: its label as a CSV field and a comma. */
	private final byte[][] labels;
	/** Per annotation and enclosing loop: {@code i0=}, then {@code ;i1=}... */
	private final byte[][][] names;
	/** Per annotation: the longest row it can make. */
	private final int[] longest;
	private byte[] buffer;
	private int length;
	private boolean started;

	/** A CSV of the records of a scanner, written to {@code out} (which the caller closes). */
	public ScanCsv(Scanner scanner, OutputStream out) {
		this.out = out;
		int queries = scanner.queries().size();
		labels = new byte[queries][];
		names = new byte[queries][][];
		longest = new int[queries];
		int widest = HEADER.length;
		for (int query = 0; query < queries; query++) {
			labels[query] = (ScanRecord.csvField(scanner.label(query)) + ',').getBytes(StandardCharsets.UTF_8);
			List<String> indices = scanner.indexNames(query);
			names[query] = new byte[indices.size()][];
			int row = labels[query].length + 3 * (MAX_LONG + 1) + 1; // rank, position, value, commas, line end
			for (int i = 0; i < indices.size(); i++) {
				names[query][i] = ((i == 0 ? "" : ";") + indices.get(i) + '=').getBytes(StandardCharsets.UTF_8);
				row += names[query][i].length + MAX_LONG;
			}
			longest[query] = row;
			widest = Math.max(widest, row);
		}
		buffer = new byte[Math.max(1 << 16, 2 * widest)];
	}

	@Override
	public void record(int query, int rank, long position, long value, long[] indices, int depth) throws IOException {
		if (buffer.length - length < longest[query] + HEADER.length) {
			flushBuffer();
		}
		if (!started) {
			header();
		}
		byte[] bytes = buffer;
		int at = length;
		byte[] label = labels[query];
		System.arraycopy(label, 0, bytes, at, label.length);
		at += label.length;
		at = digits(bytes, at, rank);
		bytes[at++] = ',';
		at = digits(bytes, at, position);
		bytes[at++] = ',';
		at = digits(bytes, at, value);
		bytes[at++] = ',';
		byte[][] prefixes = names[query];
		for (int i = 0; i < depth; i++) {
			byte[] name = prefixes[i];
			System.arraycopy(name, 0, bytes, at, name.length);
			at = digits(bytes, at + name.length, indices[i]);
		}
		bytes[at++] = '\n';
		length = at;
	}

	/** Writes the header when no row did: call it once the scan succeeded. Then flushes. */
	public void finish() throws IOException {
		if (!started) {
			header();
		}
		flush();
	}

	private void header() {
		System.arraycopy(HEADER, 0, buffer, length, HEADER.length);
		length += HEADER.length;
		started = true;
	}

	private void flushBuffer() throws IOException {
		out.write(buffer, 0, length);
		length = 0;
	}

	/** Writes the rows buffered so far and flushes the stream. */
	@Override
	public void flush() throws IOException {
		flushBuffer();
		out.flush();
	}

	/**
	 * Writes {@code value} in decimal ASCII at {@code at}, as {@link Long#toString(long)} does.
	 *
	 * @return the offset after the last digit
	 */
	static int digits(byte[] bytes, int at, long value) {
		if (value == Long.MIN_VALUE) { // the one value whose magnitude is not a long
			System.arraycopy(MIN_VALUE, 0, bytes, at, MIN_VALUE.length);
			return at + MIN_VALUE.length;
		}
		int start = at;
		long rest = value;
		if (rest < 0) {
			bytes[start++] = '-';
			rest = -rest;
		}
		int end = start + length(rest);
		int i = end;
		// Four digits per division: the divisions depend on each other, so their number sets the time.
		while (rest > Integer.MAX_VALUE) { // long divisions only for the digits above an int's
			long quotient = rest / 10_000;
			i = four(bytes, i, (int) (rest - quotient * 10_000));
			rest = quotient;
		}
		int small = (int) rest;
		while (small >= 10_000) {
			int quotient = small / 10_000;
			i = four(bytes, i, small - quotient * 10_000);
			small = quotient;
		}
		if (small >= 100) {
			int quotient = small / 100;
			int pair = small - quotient * 100;
			bytes[--i] = ONES[pair];
			bytes[--i] = TENS[pair];
			small = quotient;
		}
		bytes[--i] = ONES[small];
		if (small >= 10) {
			bytes[--i] = TENS[small];
		}
		return end;
	}

	/** Writes 0000 to 9999, four digits, ending before {@code end}; returns where they start. */
	private static int four(byte[] bytes, int end, int value) {
		int high = value / 100;
		int low = value - high * 100;
		bytes[end - 1] = ONES[low];
		bytes[end - 2] = TENS[low];
		bytes[end - 3] = ONES[high];
		bytes[end - 4] = TENS[high];
		return end - 4;
	}

	/** The number of decimal digits of a value at least 0: from its bit length, then one comparison. */
	private static int length(long value) {
		int bits = 64 - Long.numberOfLeadingZeros(value);
		int guess = (bits * 1233) >>> 12; // floor(bits * log10(2)), at most 18
		return value < POWERS_OF_TEN[guess] ? Math.max(guess, 1) : guess + 1;
	}
}
