// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import java.util.Map;

/**
 * One record a scan reads: the value of an annotation's attribute in the data trace of a rank, at
 * the position of one occurrence of the construct the annotation is attached to.
 *
 * @param label     the annotation's label
 * @param rank      the rank whose {@code data.<rank>} was read
 * @param position  the record number in {@code data.<rank>}
 * @param value     the attribute's value
 * @param indices   the values of the loops enclosing the construct at this occurrence, outermost first
 */
public record ScanRecord(String label, int rank, long position, long value, Map<String, Long> indices) {

	/** The CSV header of {@link #toCsv()}. */
	public static final String CSV_HEADER = "label,rank,position,value,indices";

	/** {@code label,rank,position,value,i0=3;i1=5}, the label quoted when it needs it. */
	public String toCsv() {
		StringBuilder line = new StringBuilder();
		line.append(csvField(label));
		line.append(',').append(rank).append(',').append(position).append(',').append(value).append(',');
		boolean first = true;
		for (Map.Entry<String, Long> index : indices.entrySet()) {
			if (!first) {
				line.append(';');
			}
			line.append(index.getKey()).append('=').append(index.getValue());
			first = false;
		}
		return line.toString();
	}

	/** A CSV field, quoted when it holds a comma, a quote or a line end. */
	public static String csvField(String text) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == ',' || c == '"' || c == '\n' || c == '\r') { // no regular expression: this runs once per record
				return '"' + text.replace("\"", "\"\"") + '"';
			}
		}
		return text;
	}
}
