// SPDX-License-Identifier: EPL-2.0
/**
 * How a replay program is made: the walk of every occurrence of a model's events, the checks a
 * model must pass to be replayed (ranks, tags, groups, balanced channels and collectives), the
 * sizes and gaps read from data traces, and the C text of the loops and events.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.replay.internal;
