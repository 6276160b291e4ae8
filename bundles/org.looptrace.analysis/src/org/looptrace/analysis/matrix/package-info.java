// SPDX-License-Identifier: EPL-2.0
/**
 * Communication matrices computed from a model (the paper's figure 6): how many messages every
 * rank sends to every other, for the whole run or one construct, by a post-order traversal that
 * multiplies a loop body's matrix by its iteration count and never expands the events. The CLI's
 * {@code matrix} command and the IDE's matrix view are thin layers over it.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.matrix;
