// SPDX-License-Identifier: EPL-2.0
/**
 * The thin IDE side of the engine: the "Model traces" command and the job that runs the headless
 * pipeline with an Eclipse progress monitor, turns its diagnostics into problem markers and writes
 * the model into the workspace; and the bundle's user-visible strings ({@code Messages}). Not API.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.ui.internal;
