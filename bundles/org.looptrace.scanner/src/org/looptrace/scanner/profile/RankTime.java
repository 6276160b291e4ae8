// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.profile;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The time of one construct on one rank, in nanoseconds, summed over its occurrences that hold
 * events of the rank.
 *
 * @param rank        the rank
 * @param occurrences the occurrences of the construct with at least one event of the rank
 * @param mpiTime     the sum of {@code end - time} of the rank's events in them
 * @param totalTime   the sum over the occurrences of the {@code end} of the occurrence's last event
 *                    minus the {@code time} of its first one (for an event, its {@code end - time})
 * @param iterations  for a loop, the durations of its iterations with events of the rank (the
 *                    {@code time} of the next such iteration's first event minus this one's; the
 *                    last iteration of an occurrence ends at the {@code end} of its last event);
 *                    null for an event
 */
public record RankTime(int rank, long occurrences, long mpiTime, long totalTime, @Nullable Durations iterations) {
}
