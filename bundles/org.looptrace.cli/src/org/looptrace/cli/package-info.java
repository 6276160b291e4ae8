// SPDX-License-Identifier: EPL-2.0
/**
 * The {@code looptrace} command: {@link org.looptrace.cli.Main} dispatches to one
 * {@link org.looptrace.cli.Command} per sub-command, which parses its options with
 * {@link org.looptrace.cli.Arguments} and reports bad input as a {@link org.looptrace.cli.UsageException}
 * (one line, exit status 2). It runs the headless engine on a plain class path, without OSGi; other
 * bundles of the product (the benchmarks) add commands through {@link java.util.ServiceLoader}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.cli;
