// SPDX-License-Identifier: EPL-2.0
/**
 * Trace folders ({@link org.looptrace.trace.TraceFolder}), streaming event traces
 * ({@link org.looptrace.trace.EventReader}, {@link org.looptrace.trace.EventWriter}), data traces with
 * random access ({@link org.looptrace.trace.DataTrace}), diagnostics naming file, line and column, and
 * the consistency check of a whole folder ({@link org.looptrace.trace.ConsistencyCheck}).
 */
package org.looptrace.trace;
