// SPDX-License-Identifier: EPL-2.0
/**
 * Tests of the Spark module: models made by Spark jobs (in this process, and on a standalone cluster
 * of processes started by the tests) against the model of one machine, and bad input.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.spark;
