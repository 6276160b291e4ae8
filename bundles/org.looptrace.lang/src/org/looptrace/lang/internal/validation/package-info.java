// SPDX-License-Identifier: EPL-2.0
/**
 * The rules of model text beyond its syntax ({@code @Check} methods), with one issue code per rule
 * in {@link org.looptrace.lang.internal.validation.LoopsIssueCodes} for quick fixes to refer to,
 * and the interval arithmetic on loop indices some rules need.
 * <p>
 * The abstract validator Xtext generates into {@code src-gen} in this package does not compile
 * under a default nullness (it narrows an inherited return type), so the package carries none
 * ({@code @NonNullByDefault({})}) and every hand-written class here is {@code @NonNullByDefault}
 * itself.
 */
@org.eclipse.jdt.annotation.NonNullByDefault({})
package org.looptrace.lang.internal.validation;
