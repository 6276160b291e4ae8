// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

/**
 * The index of one loop, known by identity: loops are split, blocked and coalesced many times
 * during a merge, and their indices get their printed names (i0, i1, … by depth) only at the end.
 */
public final class LoopVariable {
}
