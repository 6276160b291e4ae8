// SPDX-License-Identifier: EPL-2.0
/**
 * The formatter of model text (Xtext's formatter2 API): every line gets the canonical spelling and
 * indentation of {@link org.looptrace.model.core.ModelPrinter}, while comments stay where they are.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.lang.internal.formatting2;
