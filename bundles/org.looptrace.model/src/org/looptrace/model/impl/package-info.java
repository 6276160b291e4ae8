// SPDX-License-Identifier: EPL-2.0
/**
 * EMF's implementation classes of the metamodel (factory, package, one class per model class),
 * generated into {@code src-gen}; not API. Explicitly without a default nullness, like the
 * generated {@link org.looptrace.model} (see there why).
 */
@org.eclipse.jdt.annotation.NonNullByDefault({})
package org.looptrace.model.impl;
