// SPDX-License-Identifier: EPL-2.0
/**
 * The replay generator in the IDE: the command "Generate Replay Program" on a model (Project
 * Explorer and editor), the dialog asking where to write the program, which data traces to take
 * sizes and gaps from and what computation to replay, and the job that generates it into the
 * workspace, asking before it replaces files already there; the LoopTrace Replay launch
 * configuration type (delegate, Main tab, Run As shortcut) that generates the program if needed,
 * builds it with make and runs it with mpirun, their output in consoles.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.replay.ui.internal;
