// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.internal;

import java.util.List;

import org.looptrace.scanner.Polynomial;
import org.looptrace.scanner.Scanner.Query;

/** What a code generator writes for a scan plan, statement by statement (see {@link ScanPlan#generate}). */
public interface ScannerSource {

	/** {@code for index = lower to upper}: a loop of the model kept as a loop. */
	void beginLoop(String index, Polynomial lower, Polynomial upper);

	/** One iteration of a loop over ranks, unrolled: {@code index} has {@code value} until {@link #end()}. */
	void beginIteration(String index, long value);

	/** Closes the last loop or iteration begun. */
	void end();

	/**
	 * Reads the record of an occurrence: at {@code start} (plus {@code events - 1} for a query of a
	 * loop's last record), nothing when {@code events} is 0; {@code indices} are the enclosing indices.
	 */
	void read(Query query, Polynomial start, Polynomial events, List<String> indices);
}
