// SPDX-License-Identifier: EPL-2.0
/**
 * Algorithms on models shared by the expansion of one rank's events (core) and the projections of
 * the scanners: which iterations of a loop over ranks hold a given rank's events, solved from the
 * owners' expressions.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.model.core.internal;
