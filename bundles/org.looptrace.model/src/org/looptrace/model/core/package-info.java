// SPDX-License-Identifier: EPL-2.0
/**
 * The hand-written core every stage of the pipeline shares, beside the generated metamodel: rank
 * sets, affine expressions ({@link org.looptrace.model.core.Exprs}), the events a trace line or an
 * expansion yields ({@link org.looptrace.model.core.TraceEvent}), expansion of a model into those
 * events ({@link org.looptrace.model.core.ModelExpander}), canonical printing
 * ({@link org.looptrace.model.core.ModelPrinter}), construct paths, progress reporting, and the
 * whole-or-nothing write of every output file and folder ({@link org.looptrace.model.core.AtomicWrite}).
 * Behaviour lives here rather than in the generated classes, so the metamodel can be regenerated at
 * any time.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.model.core;
