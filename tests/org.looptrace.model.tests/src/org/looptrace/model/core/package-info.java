// SPDX-License-Identifier: EPL-2.0
/**
 * Tests of the model core: rank sets (also on random sets), expansion, printing, construct paths and
 * the traces comment line; {@code ModelBuilder} writes models tersely. A fragment of
 * {@code org.looptrace.model} in the same package, so the tests reach package-private members.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.model.core;
