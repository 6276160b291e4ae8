// SPDX-License-Identifier: EPL-2.0
/**
 * Positions of a model's constructs in the traces of each rank, as exact polynomials in the loop
 * indices ({@link org.looptrace.scanner.Positions}, {@link org.looptrace.scanner.Placement},
 * {@link org.looptrace.scanner.Polynomial}), and the scanners built on them (section V-B of the
 * paper): annotations select records of the data traces by position, read in process or by a
 * generated standalone program, without reading the event traces. One implementation serves the
 * scanners, the editor's hovers and the timeline's tooltips.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.scanner;
