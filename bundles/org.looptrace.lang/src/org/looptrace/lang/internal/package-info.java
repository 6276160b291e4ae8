// SPDX-License-Identifier: EPL-2.0
/**
 * The Xtext language of model text: the grammar ({@code Loops.xtext}) and its workflow, the runtime
 * module and standalone setup, value conversion, syntax error messages, and the resource that
 * resolves a parsed text into the model it stands for ({@code ModelResolver}). Not API: other
 * bundles go through {@link org.looptrace.lang.ModelText}.
 * <p>
 * Xtext generates the abstract module and the generated setup into {@code src-gen} in this same
 * package, and they do not compile under a default nullness (they assign null to fields and narrow
 * inherited parameters). So the package carries none ({@code @NonNullByDefault({})}); the
 * hand-written classes are {@code @NonNullByDefault} themselves, except the three that override
 * Xtext's unannotated methods (the resource, the value converters, the syntax error messages),
 * whose parameters Xtext does not constrain.
 */
@org.eclipse.jdt.annotation.NonNullByDefault({})
package org.looptrace.lang.internal;
