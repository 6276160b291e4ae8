// SPDX-License-Identifier: EPL-2.0
/**
 * What the Spark job is made of: the ranges of ranks its tasks merge (nodes of the merge tree), the
 * task itself, the failure a task hands back to the driver, and the listener that reports progress.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.spark.internal;
