// SPDX-License-Identifier: EPL-2.0
/**
 * What an editor shows about the constructs of model text, computed without a workbench: the
 * outline tree (loops and events numbered by {@code ConstructPath}, with iteration and event
 * counts), the hover text and the inline positions of a construct (section V-B, figure 8 of the
 * paper, from the scanner's {@code Positions}). Each call parses the text it is given, so it is safe
 * from any thread; the editor calls it off the UI thread, the tests and the command line directly.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.lang.internal.ide.constructs;
