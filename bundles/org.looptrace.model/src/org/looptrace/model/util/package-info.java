// SPDX-License-Identifier: EPL-2.0
/**
 * EMF's switch and adapter factory of the metamodel, generated into {@code src-gen}. Explicitly
 * without a default nullness, like the generated {@link org.looptrace.model} (see there why).
 */
@org.eclipse.jdt.annotation.NonNullByDefault({})
package org.looptrace.model.util;
