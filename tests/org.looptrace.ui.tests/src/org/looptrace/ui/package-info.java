// SPDX-License-Identifier: EPL-2.0
/**
 * Tests of the LoopTrace IDE in a real workbench (under Xvfb in the build): the LoopTrace bundles
 * start and the product is contributed; "Model traces" writes the global model of a folder, keeps
 * a replaced model in the local history, and turns a malformed trace line into a marker at its line.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.ui;
