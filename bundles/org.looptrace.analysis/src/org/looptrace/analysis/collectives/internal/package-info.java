// SPDX-License-Identifier: EPL-2.0
/**
 * How {@link org.looptrace.analysis.collectives.CollectivePatterns} works: the walk of the global
 * model that gathers messages into candidate groups (by frame of repeating loops, call context and
 * tag), and the shapes a group is compared with (the messages each hand-rolled algorithm sends).
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.collectives.internal;
