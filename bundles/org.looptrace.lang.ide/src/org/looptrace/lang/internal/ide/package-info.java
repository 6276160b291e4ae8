// SPDX-License-Identifier: EPL-2.0
/**
 * IDE services of model text that need no workbench (Xtext's generic IDE layer): completion of
 * keywords, loop indices in scope and data attributes, and the module and setup that bind them, for
 * the editor and for language servers.
 * <p>
 * The abstract module Xtext generates into {@code src-gen} in this package does not compile under a
 * default nullness (it narrows inherited parameters), so the package carries none
 * ({@code @NonNullByDefault({})}); the module and the setup are {@code @NonNullByDefault}
 * themselves, the proposal provider is not: it overrides Xtext's unannotated methods, whose
 * parameters Xtext does not constrain.
 */
@org.eclipse.jdt.annotation.NonNullByDefault({})
package org.looptrace.lang.internal.ide;
