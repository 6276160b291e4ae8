// SPDX-License-Identifier: EPL-2.0
/**
 * The benchmarks behind docs/PERFORMANCE.md, run as {@code looptrace bench nlr|merge}: NLR's events
 * per second and the merge's time and heap at growing numbers of ranks. They are a bundle of their
 * own so the CLI ships no measuring code; the CLI finds their command on its class path through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/org.looptrace.cli.Command}).
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.bench;
