// SPDX-License-Identifier: EPL-2.0
/**
 * What the analyses of this bundle share when they walk a model: whether an expression reads a
 * loop index, and products of iteration counts that saturate instead of wrapping.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.internal;
