// SPDX-License-Identifier: EPL-2.0
/**
 * Trace folders ({@link org.looptrace.trace.TraceFolder}), streaming event traces
 * ({@link org.looptrace.trace.EventReader}, {@link org.looptrace.trace.EventWriter}), data traces with
 * random access ({@link org.looptrace.trace.DataTrace}), diagnostics naming file, line and column, and
 * the consistency check of a whole folder ({@link org.looptrace.trace.ConsistencyCheck}), and the
 * table that gives a replay's traces the model's tags back ({@link org.looptrace.trace.ReplayTags}). Reading is
 * strict by default and lenient on request (malformed lines skipped and collected in
 * {@link org.looptrace.trace.SkippedLines}), so that the command line and the IDE recover from bad
 * input the same way. Types are non-null unless marked {@code @Nullable} (the end of a stream).
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.trace;
