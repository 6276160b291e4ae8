// SPDX-License-Identifier: EPL-2.0
/**
 * The wizards of the LoopTrace IDE: a project holding the shipped example runs, ready to be
 * modelled, and the import of a trace folder from the file system. Their work lies in small
 * operations the UI tests run without dialogs.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.ui.internal.wizards;
