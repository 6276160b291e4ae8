// SPDX-License-Identifier: EPL-2.0
/**
 * The detection behind {@code org.looptrace.analysis.patterns}: the per-rank, per-context sequences
 * read off a model, and their maximal repeats. Not API.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.patterns.internal;
