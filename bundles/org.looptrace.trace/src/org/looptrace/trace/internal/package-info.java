// SPDX-License-Identifier: EPL-2.0
/**
 * Implementation of trace reading and of the pattern generators, not API: the byte-level line
 * parser with its caches of lines and tokens, reading ahead on a thread of its own (gzip), and the
 * pattern classes behind {@link org.looptrace.trace.generate.Patterns}. Kept apart so that the
 * public packages stay small. Types are non-null unless marked {@code @Nullable}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.trace.internal;
