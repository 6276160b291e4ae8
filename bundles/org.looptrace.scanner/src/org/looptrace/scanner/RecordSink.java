// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import java.io.IOException;

/**
 * Where a scan puts its records, as primitives: one call per record and nothing allocated for it,
 * so that a scan of 10^8 records is bounded by reading the data traces, not by building objects.
 * {@link ScanCsv} writes CSV rows from these calls; {@link Scanner#recordsTo} builds a
 * {@link ScanRecord} per call for code that wants objects.
 */
@FunctionalInterface
public interface RecordSink {

	/**
	 * One record.
	 *
	 * @param query    the annotation read, by its index in {@link Scanner#queries()} (its label:
	 *                 {@link Scanner#label(int)})
	 * @param rank     the rank whose {@code data.<rank>} was read
	 * @param position the record number in {@code data.<rank>}
	 * @param value    the attribute's value
	 * @param indices  the values of the loops enclosing the construct at this occurrence, outermost
	 *                 first, in {@code indices[0]} to {@code indices[depth - 1]} (named by
	 *                 {@link Scanner#indexNames(int)}): the scanner's own array, to read during the
	 *                 call, never to keep or change
	 * @param depth    how many loops enclose the construct
	 * @throws IOException when writing the record fails; it ends the scan
	 */
	void record(int query, int rank, long position, long value, long[] indices, int depth) throws IOException;
}
