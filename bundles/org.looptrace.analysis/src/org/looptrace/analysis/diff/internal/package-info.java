// SPDX-License-Identifier: EPL-2.0
/**
 * How two models are compared: keys of constructs at three levels of likeness (equal, same
 * structure, same kind) and what measures how much two constructs differ, the alignment of two
 * sequences of keys (Myers' shortest edit script, level by level in the gaps left by the level
 * before, then the alignment of least cost in the gaps left), and the walk that aligns two models
 * block by block, with the costs of pairs of constructs, and describes what differs.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.analysis.diff.internal;
